// The tables of last_rows.hpp, built once.
#include "queens/last_rows.hpp"

#include <algorithm>
#include <array>

namespace nursery::queens {

namespace {

void add(Ways& ways, int p) {
  if (p < 64)
    ways.low |= std::uint64_t{1} << p;
  else
    ways.high |= std::uint64_t{1} << (p - 64);
}

LastFive build() {
  LastFive t{};
  std::array<int, 5> order = {0, 1, 2, 3, 4};
  int p = 0;
  do {
    for (int j = 0; j < 5; ++j) t.column[p][j] = static_cast<std::uint8_t>(order[j]);
    ++p;
  } while (std::next_permutation(order.begin(), order.end()));
  for (int j = 0; j < 5; ++j)
    for (unsigned a = 0; a < 32; ++a)
      for (p = 0; p < LastFive::kWays; ++p)
        if ((a >> t.column[p][j] & 1u) != 0) add(t.by_row[j][a], p);
  for (int index = 0; index < LastFive::kGapPatterns; ++index) {
    int at[5] = {0};
    for (int i = 0, rest = index; i < 4; ++i, rest /= 5) at[i + 1] = at[i] + rest % 5 + 1;
    for (p = 0; p < LastFive::kWays; ++p) {
      bool apart = true;
      for (int j = 0; j < 5 && apart; ++j)
        for (int k = 0; k < j && apart; ++k) {
          const int distance = at[t.column[p][j]] - at[t.column[p][k]];
          apart = distance != j - k && distance != k - j;
        }
      if (apart) add(t.by_gaps[index], p);
    }
  }
  return t;
}

}  // namespace

const LastFive& LastFive::table() {
  static const LastFive t = build();
  return t;
}

}  // namespace nursery::queens
