// The join's memory (see join.hpp): what one piece needs at most, the
// narrowest chunk that fits a budget (count --memory), and the buffers each
// worker keeps from piece to piece.
#include <algorithm>
#include <cstdint>

#include "queens/join.hpp"

namespace nursery::queens {

namespace join_detail {

PieceBuffers& piece_buffers() {
  thread_local PieceBuffers buffers;
  return buffers;
}

}  // namespace join_detail

double join_piece_bytes(int n, int width) {
  // Top halves of the whole board, counted for n = 4..17; beyond, a little
  // more than the growth of the last steps (x2.3 from 16 to 17, x8.1 from
  // 15 to 16): x2.4 to an odd n, x9 to the next even n, an upper estimate.
  static constexpr double kTops[] = {6,    12,    36,     76,     344,     732,      3916,
                                     8492, 52856, 117694, 835056, 1897702, 15324708, 35312064};
  double tops = 0;
  if (n < 4) {
    tops = 1;
  } else if (n <= 17) {
    tops = kTops[n - 4];
  } else {
    tops = kTops[17 - 4];
    for (int m = 18; m <= n; ++m) tops *= m % 2 == 0 ? 9.0 : 2.4;
  }
  // A pattern's share is uneven: the fullest patterns hold about four
  // times the mean; a piece holds its top halves and its partner's, 8
  // bytes each, as many again for sorting, and (odd n) the filtered copies.
  const double keys = 2.0 * 4.0 * tops / static_cast<double>(std::uint64_t{1} << (2 * width));
  // Even n up to 18: the quarter tables (join_quarters.cpp), one set for
  // every worker, counted with each piece (an upper estimate).
  const double quarters =
      join_detail::quarter_tables_fit(n, width) ? join_detail::quarter_table_bytes(n) : 0;
  return keys * 24.0 + quarters + (1 << 20);
}

int join_width_for(int n, double bytes) {
  for (int width = 0; width <= join_max_width(n); ++width)
    if (join_piece_bytes(n, width) <= bytes) return width;
  return -1;
}

}  // namespace nursery::queens
