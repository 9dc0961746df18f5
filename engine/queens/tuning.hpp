// Every limit and tuning constant of the N-queens counters, in one table:
// what it sets and why it has its value. Structural constants (bit layouts,
// the join's rank and quarter tables) stay beside the code they describe
// (join.hpp); kMaxCountN, the count's range, is public (nursery/queens.hpp).
#pragma once

#include <cstddef>

namespace nursery::queens {

//--- The largest N of each counter -----------------------------------------------
// Brute force generates N^N placements: 10^10 is already minutes of work.
constexpr int kMaxBruteN = 10;
// The permutation method makes all N! permutations: 12! is 479 million.
constexpr int kMaxPermutationsN = 12;
// Forward checking keeps a domain of rows per column in a 64-bit word.
constexpr int kMaxForwardCheckingN = 64;
// The join's queen keys are tabled for a top half of at most 15 rows (join.hpp).
constexpr int kMaxJoinN = 31;

//--- Choosing a method (count_methods.cpp) ----------------------------------------
// From N = 14 on the join counts faster than the bitboard backtracker (below,
// both take well under a millisecond).
constexpr int kJoinFrom = 14;

//--- The join's pieces (join_frontier.cpp, join.cpp) --------------------------------
// The widest chunk, in columns on each side (join_max_width): the finest
// pieces a memory budget may ask for.
constexpr int kMaxJoinWidth = 10;
// The radix order of a piece's key lists covers this many top key bits (the
// inner columns and the densest cut positions); below them the trie walk
// partitions in place (join_pairs.cpp). Two passes of 11 bits: a
// 2049-entry count table stays in L1.
constexpr int kSortedBits = 22;
// The time of one join over a piece's halves, as a share of listing and
// sorting them (measured at N = 16, 17): JoinCount::work's weight.
constexpr double kJoinShare = 0.1;

//--- Work estimates for the progress bar (Knuth's random descents) ------------------
// Descents per subproblem of the bitboard count (canonical.cpp) and per
// half of a join piece (join.cpp): enough for a weight within a few per cent
// of the tree's nodes (tests/core/progress_test.cpp), cheap beside the count.
constexpr int kCanonicalDescents = 48;
constexpr int kJoinDescents = 64;

//--- Resumable counts (resumable_counts.hpp) -----------------------------------------
// Split targets when none is asked: fixed, so ids do not depend on the
// thread count. The bitboard's is wide enough for a few hundred workers
// (30..100 subproblems per worker); the join's pieces cost more to cut
// finely (each enumerates its halves).
constexpr std::size_t kCanonicalResumableTarget = 16384;
constexpr std::size_t kJoinResumableTarget = 1024;

}  // namespace nursery::queens
