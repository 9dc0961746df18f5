// The last six rows of an N-queens board counted by one lookup, without
// branching (canonical.cpp's bitboard counter closes every board with it).
//
// With six rows left, six columns are free. The six queens are one of the
// 720 ways to give each row one of those columns; a way is a completion
// when every row may still use its column (the queens above attack the
// rest along diagonals) and no two of the six attack each other, which
// depends only on the gaps between the free columns (a gap of 6 or more
// never matters: the rows are at most 5 apart). So each way is a bit of a
// 720-bit mask, and the completions are
//   popcount(left[g0..g3] & right[g1..g4] & by_row[0][a0] & ... & by_row[5][a5]),
// where a_j is row j's usable squares among the six free columns, six bits
// gathered from its row mask (one pext), and left and right hold the ways
// whose queens on free columns 0..4 (1..5) do not attack each other.
#pragma once

#include <bit>
#include <cstdint>
#if defined(__BMI2__) || defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#endif

namespace nursery::queens {

// A set of the 720 ways (bit p: the p-th permutation, in lexicographic order).
struct alignas(32) Ways {  // 96 bytes: the 512-bit loads below are unaligned
  static constexpr int kWords = 12;
  std::uint64_t word[kWords];
};

struct LastSix {
  static constexpr int kRows = 6;
  static constexpr int kWays = 720;
  static constexpr int kGaps = 6 * 6 * 6 * 6;  // four gaps, each 1..5 or 6 and more
  Ways left[kGaps];                            // free columns 0..4 apart, by gaps 0..3
  Ways right[2 * kGaps];   // free columns 1..5 apart and 0, 5, by gaps 1..4 (and gap 0 == 1)
  Ways by_row[kRows][64];  // ways that put row j's queen on a square of a_j
  std::uint8_t column[kWays][kRows];  // way p puts row j's queen on free column column[p][j]
  static const LastSix& table();
};

// The six free columns of a board with six rows left.
struct FreeColumns {
  std::uint32_t mask;
  unsigned left, right;  // indices of LastSix::left, right
  int at[6];             // the free columns, left to right
  explicit FreeColumns(std::uint32_t free) : mask(free) {
    int c[6];
    for (int i = 0; i < 6; ++i) {
      c[i] = std::countr_zero(free);
      free &= free - 1;
    }
    unsigned g[5];
    for (int i = 0; i < 5; ++i) {
      const int gap = c[i + 1] - c[i];
      g[i] = static_cast<unsigned>((gap < 6 ? gap : 6) - 1);
    }
    left = g[0] + 6 * (g[1] + 6 * (g[2] + 6 * g[3]));
    right = g[1] + 6 * (g[2] + 6 * (g[3] + 6 * g[4])) + (g[0] == 0 ? LastSix::kGaps : 0);
    for (int i = 0; i < 6; ++i) at[i] = c[i];
  }
  // A row's usable squares among the free columns, as six bits.
  std::uint32_t gather(std::uint32_t row) const {
#if defined(__BMI2__)
    return _pext_u32(row, mask);
#else
    std::uint32_t bits = 0;
    for (int i = 0; i < 6; ++i) bits |= (row >> at[i] & 1u) << i;
    return bits;
#endif
  }
};

// Completions of the six rows whose usable squares among the free columns
// are a[0..5].
inline unsigned completions(const LastSix& t, const FreeColumns& free, const std::uint32_t* a) {
  const Ways& l = t.left[free.left];
  const Ways& r = t.right[free.right];
#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
  // Words 0..7 in one 512-bit register, 8..11 in a 256-bit one.
  __m512i low = _mm512_and_si512(_mm512_loadu_si512(l.word), _mm512_loadu_si512(r.word));
  __m256i high = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.word + 8)),
                                  _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r.word + 8)));
  for (int j = 0; j < LastSix::kRows; ++j) {
    const std::uint64_t* row = t.by_row[j][a[j]].word;
    low = _mm512_and_si512(low, _mm512_loadu_si512(row));
    high = _mm256_and_si256(high, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + 8)));
  }
  // Each word's count (at most 64) narrowed to a byte, the bytes summed.
  const __m128i bytes = _mm_add_epi8(_mm512_maskz_cvtepi64_epi8(0xff, _mm512_popcnt_epi64(low)),
                                     _mm256_maskz_cvtepi64_epi8(0x0f, _mm256_popcnt_epi64(high)));
  return static_cast<unsigned>(_mm_cvtsi128_si32(_mm_sad_epu8(bytes, _mm_setzero_si128())));
#else
  unsigned sum = 0;
  for (int w = 0; w < Ways::kWords; ++w) {
    std::uint64_t bits = l.word[w] & r.word[w];
    for (int j = 0; j < LastSix::kRows; ++j) bits &= t.by_row[j][a[j]].word[w];
    sum += static_cast<unsigned>(std::popcount(bits));
  }
  return sum;
#endif
}

// The completions themselves (each bit p a board: row j's queen on free
// column column[p][j]), for the few windows whose boards are looked at one
// by one.
inline Ways completion_ways(const LastSix& t, const FreeColumns& free, const std::uint32_t* a) {
  Ways ways;
  for (int w = 0; w < Ways::kWords; ++w) {
    ways.word[w] = t.left[free.left].word[w] & t.right[free.right].word[w];
    for (int j = 0; j < LastSix::kRows; ++j) ways.word[w] &= t.by_row[j][a[j]].word[w];
  }
  return ways;
}

}  // namespace nursery::queens
