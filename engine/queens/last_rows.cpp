// The tables of last_rows.hpp, built once (a few milliseconds).
#include "queens/last_rows.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>

namespace nursery::queens {

namespace {

void add(Ways& ways, int p) {
  ways.word[p / 64] |= std::uint64_t{1} << (p % 64);
}

void remove(Ways& ways, const Ways& other) {
  for (int w = 0; w < Ways::kWords; ++w) ways.word[w] &= ~other.word[w];
}

Ways all_ways() {
  Ways ways{};
  for (int p = 0; p < LastSix::kWays; ++p) add(ways, p);
  return ways;
}

std::unique_ptr<LastSix> build() {
  auto t = std::make_unique<LastSix>();
  constexpr int kRows = LastSix::kRows;
  std::array<int, kRows> order = {0, 1, 2, 3, 4, 5};
  int row_of[LastSix::kWays][kRows];
  int p = 0;
  do {
    for (int j = 0; j < kRows; ++j) {
      t->column[p][j] = static_cast<std::uint8_t>(order[j]);
      row_of[p][order[j]] = j;
    }
    ++p;
  } while (std::next_permutation(order.begin(), order.end()));
  for (int j = 0; j < kRows; ++j)
    for (unsigned a = 0; a < 64; ++a) {
      t->by_row[j][a] = Ways{};
      for (p = 0; p < LastSix::kWays; ++p)
        if ((a >> t->column[p][j] & 1u) != 0) add(t->by_row[j][a], p);
    }
  // attack[i][k][delta]: the ways whose queens on free columns i < k stand
  // delta rows apart (they attack each other when the columns are delta apart).
  static Ways attack[kRows][kRows][kRows];
  for (int i = 0; i < kRows; ++i)
    for (int k = i + 1; k < kRows; ++k)
      for (p = 0; p < LastSix::kWays; ++p)
        add(attack[i][k][std::abs(row_of[p][i] - row_of[p][k])], p);
  // Positions of the free columns from four gaps (index digits 0..5: gaps 1..6).
  auto positions = [](int index, int* at) {
    at[0] = 0;
    for (int i = 0; i < 4; ++i, index /= 6) at[i + 1] = at[i] + index % 6 + 1;
  };
  auto apart = [&](const int* at, int from, int to, Ways& ways) {
    for (int i = from; i <= to; ++i)
      for (int k = i + 1; k <= to; ++k)
        if (at[k - from] - at[i - from] < kRows)
          remove(ways, attack[i][k][at[k - from] - at[i - from]]);
  };
  const Ways every = all_ways();
  for (int index = 0; index < LastSix::kGaps; ++index) {
    int at[5];
    positions(index, at);
    t->left[index] = every;
    apart(at, 0, 4, t->left[index]);
    for (int first = 0; first < 2; ++first) {
      Ways& ways = t->right[index + first * LastSix::kGaps];
      ways = every;
      apart(at, 1, 5, ways);
      // Columns 0 and 5 are 5 apart when every gap is 1 (`first`: gap 0 is).
      if (first == 1 && at[4] == 4) remove(ways, attack[0][5][5]);
    }
  }
  return t;
}

}  // namespace

const LastSix& LastSix::table() {
  static const std::unique_ptr<LastSix> t = build();
  return *t;
}

}  // namespace nursery::queens
