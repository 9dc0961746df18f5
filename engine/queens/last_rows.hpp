// The last five rows of an N-queens board counted by one lookup, without
// branching (canonical.cpp's bitboard counter closes every board with it).
//
// With five rows left, five columns are free. The five queens are one of
// the 120 ways to give each row one of those columns; a way is a completion
// when every row may still use its column (the queens above attack the
// rest along diagonals) and no two of the five attack each other, which
// depends only on the gaps between the free columns (a gap of 5 or more
// never matters: the rows are at most 4 apart). So each way is a bit of a
// 128-bit mask, and the completions are
//   popcount(by_gaps[gaps] & by_row[0][a0] & ... & by_row[4][a4]),
// where a_j is row j's usable squares among the five free columns, five
// bits gathered from its row mask (one pext).
#pragma once

#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace nursery::queens {

// A set of the 120 ways (bit p: the p-th permutation, in lexicographic order).
struct Ways {
  std::uint64_t low = 0, high = 0;
  Ways operator&(const Ways& other) const { return {low & other.low, high & other.high}; }
  unsigned count() const { return static_cast<unsigned>(std::popcount(low) + std::popcount(high)); }
};

struct LastFive {
  static constexpr int kRows = 5;
  static constexpr int kWays = 120;
  static constexpr int kGapPatterns = 625;  // four gaps, each 1, 2, 3, 4 or more
  Ways by_gaps[kGapPatterns];               // ways whose queens do not attack each other
  Ways by_row[kRows][32];                   // ways that put row j's queen on a square of a_j
  std::uint8_t column[kWays][kRows];        // way p puts row j's queen on free column column[p][j]
  static const LastFive& table();
};

// The five free columns of a board with five rows left.
struct FreeColumns {
  std::uint32_t mask;
  unsigned gaps;  // index of LastFive::by_gaps
#if !defined(__BMI2__)
  int at[5];
#endif
  explicit FreeColumns(std::uint32_t free) : mask(free) {
    int c[5];
    for (int i = 0; i < 5; ++i) {
      c[i] = std::countr_zero(free);
      free &= free - 1;
    }
    unsigned index = 0;
    for (int i = 3; i >= 0; --i) {
      const int gap = c[i + 1] - c[i];
      index = index * 5 + static_cast<unsigned>((gap < 5 ? gap : 5) - 1);
    }
    gaps = index;
#if !defined(__BMI2__)
    for (int i = 0; i < 5; ++i) at[i] = c[i];
#endif
  }
  // A row's usable squares among the free columns, as five bits.
  std::uint32_t gather(std::uint32_t row) const {
#if defined(__BMI2__)
    return _pext_u32(row, mask);
#else
    std::uint32_t bits = 0;
    for (int i = 0; i < 5; ++i) bits |= (row >> at[i] & 1u) << i;
    return bits;
#endif
  }
};

}  // namespace nursery::queens
