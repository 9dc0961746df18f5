// The join's key layout (join_layout.hpp): built once per piece and per
// work estimate, the same code at every instruction-set level.
#include "queens/join_layout.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace nursery::queens::join_detail {

Layout layout_for(int n, int width) {
  Layout layout;
  layout.n = n;
  layout.rows = top_rows(n);
  layout.full = full_mask(n);
  layout.chunk = chunk_columns(n, width);
  layout.inner = layout.full & ~layout.chunk;
  layout.bytes = (n + 7) / 8;
  int bit = 63;
  for (int c = 0; c < n; ++c)
    if (layout.inner >> c & 1u) {
      layout.column_bit[c] = std::uint64_t{1} << bit--;
      layout.column_key_mask |= layout.column_bit[c];
    }
  // Cut positions 1..n-1, nearest the center first: their rays are the
  // densest on both sides, so they split the trie best.
  std::vector<int> positions;
  for (int p = 1; p < n; ++p) positions.push_back(p);
  std::stable_sort(positions.begin(), positions.end(),
                   [n](int x, int y) { return std::abs(2 * x - n) < std::abs(2 * y - n); });
  // Even n: bits 0 and 1 hold a kHigh half's class (the tag, kClassWeights)
  // where the key leaves them free; where not (N >= 22 in its narrowest
  // chunks), every piece of the count weighs by the long diagonals alone.
  const bool tags = n % 2 == 0 && std::popcount(layout.inner) + 2 * (n - 1) <= 62;
  const bool middle_pair = middle_pair_fits(n, width);
  const int lowest = tags ? 2 : middle_pair ? kMiddlePairBits : 0;
  layout.tag_mask = tags ? 3 : 0;
  layout.middle_mask = middle_pair ? (std::uint64_t{1} << kMiddlePairBits) - 1 : 0;
  for (int p : positions) {
    if (bit - 1 < lowest) throw std::logic_error("join: key wider than 64 bits");
    layout.a_bit[p] = std::uint64_t{1} << bit--;
    layout.b_bit[p] = std::uint64_t{1} << bit--;
    layout.slot_a |= layout.a_bit[p];
    layout.slot_b |= layout.b_bit[p];
  }
  for (int byte = 0; byte < 4; ++byte)
    for (int value = 0; value < 256; ++value)
      for (int i = 0; i < 8; ++i) {
        if (!(value >> i & 1)) continue;
        const int c = 8 * byte + i;
        layout.inner_key[byte][value] |= layout.column_bit[c];
        layout.a_key[byte][value] |= layout.a_bit[c];
        layout.b_key[byte][value] |= layout.b_bit[c];
      }
  return layout;
}

bool middle_pair_fits(int n, int width) {
  // The inner columns, two bits a cut position, and the distance below them.
  return n % 2 == 1 && n >= 3 && width >= 0 && 2 * width < n &&
         n - 2 * width + 2 * (n - 1) + kMiddlePairBits <= 64;
}

KeyMirror key_mirror(const Layout& layout) {
  KeyMirror from{};
  auto index = [](std::uint64_t bit) { return static_cast<std::uint8_t>(std::countr_zero(bit)); };
  const int n = layout.n;
  for (int c = 0; c < n; ++c)
    if (layout.column_bit[c] != 0)
      from[index(layout.column_bit[c])] = index(layout.column_bit[n - 1 - c]);
  for (int p = 1; p < n; ++p) {  // (a diagonal without a bit in the key has nothing to map)
    if (layout.a_bit[p] != 0) from[index(layout.a_bit[p])] = index(layout.b_bit[n - p]);
    if (layout.b_bit[p] != 0) from[index(layout.b_bit[p])] = index(layout.a_bit[n - p]);
  }
  return from;
}

QueenKeys queen_keys(const Layout& layout) {
  QueenKeys keys{};
  const bool even = layout.n % 2 == 0;
  for (int r = 0; r < layout.rows; ++r)
    for (int c = 0; c < layout.n; ++c) {
      const int reach = layout.rows - r;
      const int right = c + reach, left = c - reach + (even ? 1 : 0);
      const std::uint32_t column = 1u << c;
      const std::uint32_t a_ray = right < layout.n ? 1u << right : 0;
      const std::uint32_t b_ray = left >= 1 ? 1u << left : 0;
      keys[r][c] = layout.key(column & layout.inner, a_ray, b_ray);
      if (c == layout.rows && layout.middle_mask != 0)  // the middle column (odd n)
        keys[r][c] |= static_cast<std::uint64_t>(r + 1);
    }
  return keys;
}

}  // namespace nursery::queens::join_detail
