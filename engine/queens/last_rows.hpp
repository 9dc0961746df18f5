// The last six rows of an N-queens board counted by one lookup, without
// branching (canonical.cpp's bitboard counter closes every board with it).
//
// With six rows left, six columns are free. The six queens are one of the
// 720 ways to give each row one of those columns; a way is a completion
// when every row may still use its column (the queens above attack the
// rest along diagonals) and no two of the six attack each other, which
// depends only on where the free columns lie relative to each other (two
// of them 6 or more apart never attack: the rows are at most 5 apart). So
// each way is a bit of a 720-bit mask, and the completions are
//   popcount(near[0][w0] & near[1][w1] & tail[g2, g3, g4]
//            & by_row[0][a0] & ... & by_row[5][a5]),
// where a_j is row j's usable squares among the six free columns, six bits
// gathered from its row mask (one pext); w_i is which of the 5 columns to
// the right of free column i are free (the ways where its queen attacks
// none of them: near[i][w_i]), and tail covers free columns 2..5 by the
// gaps between them. The tables take 68 KB (the L2 cache holds them easily).
#pragma once

#include <bit>
#include <cstdint>
#include <initializer_list>
#if defined(__x86_64__)
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
  // near[i][w]: the ways whose queen on free column i attacks none of the
  // free columns to its right that lie within 5 columns of it (bit d-1 of
  // w: the column d to the right of free column i is free).
  Ways near[2][32];
  // tail[g2 + 6 g3 + 36 g4]: the ways whose queens on free columns 2..5 do
  // not attack each other, by the gaps between them (digit g: a gap of g+1,
  // 5: 6 or more).
  Ways tail[216];
  Ways by_row[kRows][64];  // ways that put row j's queen on a square of a_j
  std::uint8_t column[kWays][kRows];  // way p puts row j's queen on free column column[p][j]
  static const LastSix& table();
};

}  // namespace nursery::queens

// The lookups: kernels, compiled for the level of the file that includes
// this header (isa.hpp; canonical.cpp), before that file opens its own
// region.
#include "queens/isa_begin.hpp"

namespace nursery::queens::NURSERY_ISA_NS {

// The six free columns of a board with six rows left.
struct FreeColumns {
  std::uint32_t mask;
  unsigned near[2], tail;  // indices of LastSix::near, tail
  int at[6];             // the free columns, left to right
  explicit FreeColumns(std::uint32_t free) : mask(free) {
    int c[6];
    for (int i = 0; i < 6; ++i) {
      c[i] = std::countr_zero(free);
      free &= free - 1;
    }
    for (int i = 0; i < 2; ++i) near[i] = mask >> (c[i] + 1) & 31u;
    tail = 0;
    for (int i = 4; i >= 2; --i) {
      const int gap = c[i + 1] - c[i];
      tail = tail * 6 + static_cast<unsigned>((gap < 6 ? gap : 6) - 1);
    }
    for (int i = 0; i < 6; ++i) at[i] = c[i];
  }
  // A row's usable squares among the free columns, as six bits.
  std::uint32_t gather(std::uint32_t row) const {
#if NURSERY_ISA_BMI2
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
#if NURSERY_ISA_AVX512
  // Words 0..7 in one 512-bit register, 8..11 in a 256-bit one.
  auto high_of = [](const Ways& ways) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ways.word + 8));
  };
  __m512i low = _mm512_loadu_si512(t.near[0][free.near[0]].word);
  __m256i high = high_of(t.near[0][free.near[0]]);
  for (const Ways* ways : {&t.near[1][free.near[1]], &t.tail[free.tail]}) {
    low = _mm512_and_si512(low, _mm512_loadu_si512(ways->word));
    high = _mm256_and_si256(high, high_of(*ways));
  }
  for (int j = 0; j < LastSix::kRows; ++j) {
    const Ways& row = t.by_row[j][a[j]];
    low = _mm512_and_si512(low, _mm512_loadu_si512(row.word));
    high = _mm256_and_si256(high, high_of(row));
  }
  // Each word's count (at most 64) narrowed to a byte, the bytes summed.
  const __m128i bytes = _mm_add_epi8(_mm512_maskz_cvtepi64_epi8(0xff, _mm512_popcnt_epi64(low)),
                                     _mm256_maskz_cvtepi64_epi8(0x0f, _mm256_popcnt_epi64(high)));
  return static_cast<unsigned>(_mm_cvtsi128_si32(_mm_sad_epu8(bytes, _mm_setzero_si128())));
#else
  // Most windows are empty: the popcounts (a library call without POPCNT)
  // only for those that are not.
  std::uint64_t bits[Ways::kWords], any = 0;
  for (int w = 0; w < Ways::kWords; ++w) {
    bits[w] = t.near[0][free.near[0]].word[w] & t.near[1][free.near[1]].word[w] &
              t.tail[free.tail].word[w];
    for (int j = 0; j < LastSix::kRows; ++j) bits[w] &= t.by_row[j][a[j]].word[w];
    any |= bits[w];
  }
  if (any == 0) return 0;
  unsigned sum = 0;
  for (const std::uint64_t word : bits) sum += static_cast<unsigned>(std::popcount(word));
  return sum;
#endif
}

// The completions themselves (each bit p a board: row j's queen on free
// column column[p][j]), for the few windows whose boards are looked at one
// by one.
inline Ways completion_ways(const LastSix& t, const FreeColumns& free, const std::uint32_t* a) {
  Ways ways;
  for (int w = 0; w < Ways::kWords; ++w) {
    ways.word[w] = ~std::uint64_t{0};
    ways.word[w] &= t.near[0][free.near[0]].word[w] & t.near[1][free.near[1]].word[w] &
                    t.tail[free.tail].word[w];
    for (int j = 0; j < LastSix::kRows; ++j) ways.word[w] &= t.by_row[j][a[j]].word[w];
  }
  return ways;
}

}  // namespace nursery::queens::NURSERY_ISA_NS

#include "queens/isa_end.hpp"
