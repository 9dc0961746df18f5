// The join's memory (see join.hpp): what one piece needs at most and the
// narrowest chunk that fits a budget (count --memory).
#include <algorithm>
#include <cstdint>

#include "queens/join.hpp"

namespace nursery::queens {

namespace {

// Top halves of the whole board, counted for n = 4..17; beyond, a little
// more than the growth of the last steps (x2.3 from 16 to 17, x8.1 from
// 15 to 16): x2.4 to an odd n, x9 to the next even n, an upper estimate.
double top_halves(int n) {
  static constexpr double kTops[] = {6,    12,    36,     76,     344,     732,      3916,
                                     8492, 52856, 117694, 835056, 1897702, 15324708, 35312064};
  if (n < 4) return 1;
  if (n <= 17) return kTops[n - 4];
  double tops = kTops[17 - 4];
  for (int m = 18; m <= n; ++m) tops *= m % 2 == 0 ? 9.0 : 2.4;
  return tops;
}

}  // namespace

namespace join_detail {

double join_piece_keys(int n, int width) {
  return 2.0 * top_halves(n) / static_cast<double>(std::uint64_t{1} << (2 * width));
}

// A round's lists (both sides) hold about `piece_keys` on average (the L2
// cache, JoinTuning): N = 18 in chunks of width 4 (--memory), 1.1e6 keys a
// piece, takes 2 more columns a side (16 rounds, at 1 MiB).
int quarter_extra(int n, int width, double piece_keys) {
  // Odd n: no rounds (the middle row may hold a column beside the chunk).
  if (n % 2 != 0 || !quarter_tables_fit(n, width)) return 0;
  double keys = join_piece_keys(n, width);
  int extra = 0;
  while (keys > piece_keys && quarter_tables_fit(n, width + extra + 1)) {
    ++extra;
    keys /= 4;
  }
  return extra;
}

}  // namespace join_detail

double join_piece_bytes(int n, int width, bool quarter_tables) {
  // A pattern's share is uneven: the fullest patterns hold about four
  // times the mean; a piece holds its top halves and its partner's, 8
  // bytes each, as many again for sorting, and (odd n) the filtered copies.
  double keys = 2.0 * 4.0 * top_halves(n) / static_cast<double>(std::uint64_t{1} << (2 * width));
  // Where the halves come from quarter tables (join_quarters.cpp; the
  // count's tuning builds them and `quarter_tables` allows them): even n,
  // a round of a piece (join.cpp) holds a share of its keys (the largest
  // of 4^e rounds, measured at N = 18: a 3.7th at e = 1, a 9th at e = 2, a
  // 16th at e = 3; 2.5^e below that), and the tables, one set for every
  // worker, are counted with each piece (an upper estimate).
  double quarters = 0;
  const JoinTuning& tuning = join_tuning();
  if (quarter_tables && join_detail::quarter_tables_wanted(n, tuning) &&
      join_detail::quarter_tables_fit(n, width)) {
    for (int e = join_detail::quarter_extra(n, width, tuning.piece_keys()); e > 0; --e) keys /= 2.5;
    quarters = join_detail::quarter_table_bytes(n, join_detail::quarter_tables_mirrored(n));
  }
  return keys * 24.0 + quarters + (1 << 20);
}

int join_width_for(int n, double bytes, bool quarter_tables) {
  for (int width = 0; width <= join_max_width(n); ++width)
    if (join_piece_bytes(n, width, quarter_tables) <= bytes) return width;
  return -1;
}

}  // namespace nursery::queens
