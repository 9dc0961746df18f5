// The join's key layout (see join.cpp): which bit of a half's 64-bit key
// holds which inner column and which ray crossing the cut, and each
// queen's bits (join_layout.cpp, built once per piece, not a kernel). The
// row-by-row listing of halves (join_rows.cpp, a kernel) reads it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "queens/join.hpp"

namespace nursery::queens::join_detail {

// Key bits: inner columns first, then for each cut position (center
// first) the pair (A, B). Positions 0 and n.. never take part in a conflict.
struct Layout {
  int n = 0;
  int rows = 0;  // a
  std::uint32_t full = 0;
  std::uint32_t chunk = 0;  // columns the pattern fixes
  std::uint32_t inner = 0;  // the other columns
  std::uint64_t column_key_mask = 0;
  std::uint64_t slot_a = 0, slot_b = 0;  // ray bits of family A and B
  std::uint64_t tag_mask = 0;            // even n: bits 0-1, a kHigh half's class
  // Odd n where the key has room (middle_pair_fits()): bits 0-3, the row
  // of the half's queen in the middle column plus 1 (0: none), so that the
  // middle pair weighs the boards (join.cpp).
  std::uint64_t middle_mask = 0;
  std::array<std::uint64_t, 32> column_bit{}, a_bit{}, b_bit{};
  std::array<std::array<std::uint64_t, 256>, 4> inner_key{}, a_key{}, b_key{};
  int bytes = 4;  // bytes of a column mask that hold columns

  std::uint64_t key(std::uint32_t columns, std::uint32_t a_rays, std::uint32_t b_rays) const {
    std::uint64_t k = 0;
    for (int byte = 0; byte < bytes; ++byte) {
      k |= inner_key[byte][(columns >> (8 * byte)) & 0xff];
      k |= a_key[byte][(a_rays >> (8 * byte)) & 0xff];
      k |= b_key[byte][(b_rays >> (8 * byte)) & 0xff];
    }
    return k;
  }
  std::uint64_t turned(std::uint64_t k) const {
    return (k & (column_key_mask | tag_mask | middle_mask)) | ((k & slot_a) >> 1) |
           ((k & slot_b) << 1);
  }
  // The key bits of a half that attacks the middle square (a, m): a queen
  // in column m or a ray crossing row a at m.
  std::uint64_t attacks_middle(int m) const { return column_bit[m] | a_bit[m] | b_bit[m]; }
};

Layout layout_for(int n, int width);
// Even n: where each key bit of a half mirrored left to right comes from
// (a queen at column c <-> n-1-c; its down-right ray at p = c + reach <->
// the down-left one at n-p, which the even offset makes (n-1-c) - reach +
// 1).
KeyMirror key_mirror(const Layout& layout);
// Each queen's key bits, [row][column]: its column, its down-right ray
// crossing the cut at c + (a - r) and its down-left ray at c - (a - r)
// (one further right for even n, whose turned half starts a row lower);
// positions 1..n-1 only; and (Layout::middle_mask) a queen of the middle
// column its row plus 1. A half's key is the OR of its
// queens' keys.
QueenKeys queen_keys(const Layout& layout);

namespace NURSERY_ISA_NS {  // (join_rows.cpp: a kernel)
// The keys of every top half whose columns among the chunk's are `pattern`
// (and, when `middle` >= 0, that leave the middle square (a, middle) alone)
// into `out` as `tiers` sorts them (TopHalves, join_rows.cpp), listed row
// by row; the nodes it visited added to `nodes`. False when stopped.
bool list_rows(const Layout& layout, std::uint32_t pattern, int middle, StopPoller& poller,
               std::array<std::vector<std::uint64_t>*, kLists> out, const Tiers& tiers,
               std::uint64_t& nodes);
}  // namespace NURSERY_ISA_NS

}  // namespace nursery::queens::join_detail
