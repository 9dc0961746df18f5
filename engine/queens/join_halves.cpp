// A piece's halves built from the quarter tables (join_quarters.cpp, see
// join.hpp): the pairs of a left and a right placement that fit, by their
// groups. A kernel, compiled once per instruction-set level (isa.hpp).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "queens/isa_begin.hpp"
#include "queens/join.hpp"

namespace nursery::queens::join_detail::NURSERY_ISA_NS {

namespace {

// The pairs of the left placements lk[x0, x1) and the right ones rk[y0,
// y1) that fit, their keys ORed (less the diagonal bits, plus `tag`) into
// `out` (null: only counted); the count.
std::size_t pair_up(const std::uint64_t* lk, std::uint32_t x0, std::uint32_t x1,
                    const std::uint64_t* rk, std::uint32_t y0, std::uint32_t y1,
                    std::uint64_t diagonals, std::uint64_t tag, std::uint64_t* out) {
  if (x0 == x1 || y0 == y1) return 0;
  std::size_t count = 0;
#if NURSERY_ISA_AVX512
  // 8 right placements at a time, the last ones masked (most groups are
  // shorter than 8 in wide chunks): their diagonal bits tested, the keys
  // that fit compressed into the list (8 slots of slack behind it).
  // (kv | r) & ~dv: ternary logic 0x0e (A = dv, B = kv, C = r).
  const __m512i dv = _mm512_set1_epi64(static_cast<long long>(diagonals));
  for (std::uint32_t i = x0; i < x1; ++i) {
    const std::uint64_t k = lk[i];
    const __m512i lv = _mm512_set1_epi64(static_cast<long long>(k & diagonals));
    const __m512i kv = _mm512_set1_epi64(static_cast<long long>((k & ~diagonals) | tag));
    for (std::uint32_t j = y0; j < y1; j += 8) {
      const __mmask8 live =
          y1 - j >= 8 ? __mmask8{0xff} : static_cast<__mmask8>((1u << (y1 - j)) - 1);
      const __m512i r = _mm512_maskz_loadu_epi64(live, rk + j);
      const __mmask8 fit = _mm512_mask_testn_epi64_mask(live, lv, r);
      if (out != nullptr)
        _mm512_storeu_si512(
            static_cast<void*>(out + count),
            _mm512_maskz_compress_epi64(fit, _mm512_ternarylogic_epi64(dv, kv, r, 0x0e)));
      count += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(fit)));
    }
  }
#else
  for (std::uint32_t i = x0; i < x1; ++i) {
    const std::uint64_t d = lk[i] & diagonals;
    if (out == nullptr) {
      std::size_t c = 0;
      for (std::uint32_t j = y0; j < y1; ++j) c += (d & rk[j]) == 0;
      count += c;
      continue;
    }
    const std::uint64_t k = (lk[i] & ~diagonals) | tag;
    for (std::uint32_t j = y0; j < y1; ++j) {
      out[count] = (k | rk[j]) & ~diagonals;
      count += (d & rk[j]) == 0;
    }
  }
#endif
  return count;
}

#if NURSERY_ISA_AVX512
// keys[i] mirrored into out[i]: one bit gather (vpshufbitqmb) a key, the
// 64 sources in one vector.
void mirror_keys(const std::uint64_t* keys, std::size_t n, const KeyMirror& from,
                 std::uint64_t* out) {
  const __m512i sources = _mm512_loadu_si512(static_cast<const void*>(from.data()));
  for (std::size_t i = 0; i < n; ++i)
    out[i] =
        _mm512_bitshuffle_epi64_mask(_mm512_set1_epi64(static_cast<long long>(keys[i])), sources);
}
#else  // (the tables are not mirrored: kMirrorsKeys)
void mirror_keys(const std::uint64_t*, std::size_t, const KeyMirror&, std::uint64_t*) {}
#endif

// Each group of left rows R: the list its halves go to and their tag
// (TopHalves::run(): the outer rows' sides are R's first rows), or -1.
std::vector<std::pair<int, std::uint64_t>> row_lists(int a, const Tiers& tiers) {
  std::vector<std::pair<int, std::uint64_t>> where(std::size_t{1} << a, {kEqual, 0});
  if (tiers.width == 0) return where;
  for (std::uint32_t rows = 0; rows < (1u << a); ++rows) {
    const int rank = side_rank(rows & ((1u << tiers.width) - 1), tiers.width);
    if (rank < tiers.low) {
      where[rows].first = -1;
      continue;
    }
    where[rows].first = rank == tiers.low ? kEqual : kHigh;
    where[rows].second = rank == tiers.low || rank < tiers.high ? 0 : rank == tiers.high ? 1 : 2;
  }
  return where;
}

// Odd n: the end of a left group keys[begin, end) (ordered by the middle
// column's field) before its first key whose field reaches `below`
// (counted without a branch: the groups are short, and a binary search's
// mispredictions cost more). With no field, `end`.
std::uint32_t below_end(const std::uint64_t* keys, std::uint32_t begin, std::uint32_t end,
                        std::uint64_t field, std::uint64_t below) {
  if (field == 0) return end;
  std::uint32_t kept = 0;
  for (std::uint32_t i = begin; i < end; ++i)
    kept += static_cast<std::uint32_t>((keys[i] & field) < below);
  return begin + kept;
}

// The left groups of a piece's chunk: from the left table, or (even n)
// its mirror, the right groups of the reversed chunk, mirrored into this
// worker's buffer (both passes of list_halves() read them): their keys and
// group starts, the chunk's first group and the keys' offset (`base`).
struct LeftGroups {
  const std::uint64_t* keys;
  const std::uint32_t* start;
  std::uint32_t group, base;
};
LeftGroups left_groups(const QuarterTables& tables, std::uint32_t left_chunk,
                       std::vector<std::uint64_t>& buffer) {
  const int a = tables.n / 2, w = tables.width;
  if (!tables.mirrored)
    return {tables.left.keys.data(), tables.left.start.data(), left_chunk << (a + 1), 0};
  std::uint32_t reversed = 0;
  for (int i = 0; i < w; ++i)
    if (left_chunk >> i & 1u) reversed |= 1u << (w - 1 - i);
  const std::uint32_t* start = tables.right.start.data();
  const std::uint32_t group = reversed << (a + 1), base = start[group];
  const std::uint32_t end = start[(reversed + 1) << (a + 1)];
  resize_exactly(buffer, end - base);
  mirror_keys(tables.right.keys.data() + base, end - base, tables.mirror, buffer.data());
  return {buffer.data(), start, group, base};
}

}  // namespace

std::uint64_t list_halves(const QuarterTables& tables, std::uint32_t pattern, const Tiers& tiers,
                          std::array<std::vector<std::uint64_t>*, kLists> out,
                          std::vector<std::uint64_t>& buffer, std::uint64_t middle_below) {
  const int n = tables.n, a = n / 2, w = tables.width;
  const std::uint32_t all_rows = (1u << a) - 1, chunk_mask = (1u << w) - 1;
  const std::uint32_t left_chunk = pattern & chunk_mask;
  const std::uint32_t right_chunk = (pattern >> (n - w)) & chunk_mask;
  const std::vector<std::pair<int, std::uint64_t>> where = row_lists(a, tiers);
  const LeftGroups left = left_groups(tables, left_chunk, buffer);
  const std::uint64_t* left_keys = left.keys;
  const std::uint32_t* left_start = left.start;
  const std::uint32_t left_group = left.group, left_base = left.base;
  const std::uint64_t field = tables.middle_mask;
  auto end_of = [&](std::uint32_t group) {
    return below_end(left_keys, left_start[group] - left_base, left_start[group + 1] - left_base,
                     field, middle_below);
  };
  auto lists = [&](std::uint32_t rows, int diagonals) {
    return tiers.by_diagonals ? kEqual + diagonals : where[rows].first;
  };
  auto each = [&](auto&& action) {
    for (std::uint32_t rows = 0; rows <= all_rows; ++rows) {
      if (where[rows].first < 0) continue;
      const std::uint32_t x = left_group | (rows << 1);
      const std::uint32_t y = (right_chunk << (a + 1)) | ((all_rows ^ rows) << 1);
      if (field != 0) {  // odd n: each left group's prefix, with both right groups
        if (tables.right.start[y] == tables.right.start[y + 2]) continue;
        for (std::uint32_t dl = 0; dl < 2; ++dl)
          action(kEqual, left_start[x + dl] - left_base, end_of(x + dl), y, y + 2, 0);
        continue;
      }
      if (!tiers.by_diagonals) {  // both groups of each side at once
        action(where[rows].first, left_start[x] - left_base, left_start[x + 2] - left_base, y,
               y + 2, where[rows].second);
        continue;
      }
      for (std::uint32_t dl = 0; dl < 2; ++dl)
        for (std::uint32_t dr = 0; dr < 2; ++dr)
          action(lists(rows, static_cast<int>(dl + dr)), left_start[x + dl] - left_base,
                 left_start[x + dl + 1] - left_base, y + dr, y + dr + 1, where[rows].second);
    }
  };
  // Counted first, so that each list is grown to exactly its size.
  std::array<std::size_t, kLists> sizes{};
  each([&](int list, std::uint32_t x, std::uint32_t x_end, std::uint32_t y, std::uint32_t y_end,
           std::uint64_t) {
    sizes[list] += pair_up(left_keys, x, x_end, tables.right.keys.data(), tables.right.start[y],
                           tables.right.start[y_end], tables.diagonals, 0, nullptr);
  });
  std::array<std::size_t, kLists> at{};
  std::uint64_t total = 0;
  // Odd n: the lists are one vector (out[i] the same), and only kEqual fills.
  auto distinct = [&](int i) {
    return std::find(out.begin(), out.begin() + i, out[i]) == out.begin() + i;
  };
  for (int i = 0; i < kLists; ++i) {
    if (distinct(i)) resize_exactly(*out[i], sizes[i] + kWriteSlack);
    total += sizes[i];
  }
  each([&](int list, std::uint32_t x, std::uint32_t x_end, std::uint32_t y, std::uint32_t y_end,
           std::uint64_t tag) {
    at[list] +=
        pair_up(left_keys, x, x_end, tables.right.keys.data(), tables.right.start[y],
                tables.right.start[y_end], tables.diagonals, tag, out[list]->data() + at[list]);
  });
  for (int i = 0; i < kLists; ++i)
    if (distinct(i)) out[i]->resize(sizes[i]);
  return total;
}

}  // namespace nursery::queens::join_detail::NURSERY_ISA_NS

#include "queens/isa_end.hpp"
