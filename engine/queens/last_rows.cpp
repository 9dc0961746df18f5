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
  for (int i = 0; i < 2; ++i)
    for (unsigned w = 0; w < 32; ++w) {
      Ways& ways = t->near[i][w];
      ways = all_ways();
      // The k-th free column to the right of i within reach is i + k.
      int k = 0;
      for (int distance = 1; distance <= 5; ++distance)
        if ((w >> (distance - 1) & 1u) != 0 && i + ++k < kRows)
          remove(ways, attack[i][i + k][distance]);
    }
  for (int index = 0; index < 216; ++index) {
    int at[4] = {0};
    for (int i = 0, rest = index; i < 3; ++i, rest /= 6) at[i + 1] = at[i] + rest % 6 + 1;
    Ways& ways = t->tail[index];
    ways = all_ways();
    for (int i = 0; i < 4; ++i)
      for (int k = i + 1; k < 4; ++k)
        if (at[k] - at[i] < kRows) remove(ways, attack[2 + i][2 + k][at[k] - at[i]]);
  }
  return t;
}

}  // namespace

const LastSix& LastSix::table() {
  static const std::unique_ptr<LastSix> t = build();
  return *t;
}

}  // namespace nursery::queens
