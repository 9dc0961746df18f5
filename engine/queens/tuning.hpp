// Every limit and tuning constant of the N-queens counters, in one table:
// what it sets and why it has its value. Structural constants (bit layouts,
// the join's rank and quarter tables) stay beside the code they describe
// (join.hpp); kMaxCountN, the count's range, is public (nursery/queens.hpp).
#pragma once

#include <cstddef>
#include <string>

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
// 2049-entry count table stays in L1. The default of JoinTuning::sorted_bits.
constexpr int kSortedBits = 22;
// The widest pass the sort takes (JoinTuning::sorted_bits up to twice this).
constexpr int kMaxRadixBits = 12;
// A round of a piece (both sides' lists) holds about this many bytes of keys
// when the machine does not say its L2 cache's size: 1 MiB, the L2 of the
// machine the join was first tuned on (AMD EPYC, Zen 4).
constexpr std::size_t kPieceBytes = std::size_t{1} << 20;
// The most a count's quarter tables may hold (join_quarters.cpp): N = 20's,
// one side of 7,535,369 placements where the kernels mirror keys (AVX-512),
// 69 MB with their group starts, fit; N = 20's two sides (below AVX-512:
// 137 MB) and N = 21's (10 x 11 and 10 x 10 quarters: 233 MB) do not, and
// list their halves row by row, so that a count's peak stays under 128 MB
// at every N up to 21. The default of JoinTuning::quarter_bytes.
constexpr std::size_t kQuarterBytes = std::size_t{96} << 20;
// The time of one join over a piece's halves, as a share of listing and
// sorting them (measured at N = 16, 17): JoinCount::work's weight.
constexpr double kJoinShare = 0.1;

//--- The join's tuning at run time (join_tuning.cpp) --------------------------------
// What depends on the machine, in one struct: the defaults from the machine
// (the L2 cache's size, read from sysconf or /sys), then the environment's
// NURSERY_JOIN_TUNING="piece_kib=2048,pieces_per_worker=64,sorted_bits=22,quarter_rows=10,
// quarter_mib=96"
// (any of them, comma-separated; an unknown name or a value out of range
// is ignored with one line on stderr). docs/queens.md, "Tuning".
struct JoinTuning {
  // A round of a piece (both sides' key lists) holds about this many bytes
  // of keys: the L2 cache (join_frontier.cpp widens the chunk, and
  // join_memory.cpp splits a piece into rounds, until it does).
  std::size_t piece_bytes = kPieceBytes;
  // Pieces a worker is given at least (the frontier's target, with the
  // workers): more balance the load at the end of a count, fewer cost less
  // to list (RunOptions::per_worker's default).
  std::size_t pieces_per_worker = 64;
  // The radix sort's key bits, an even number (two passes of half of them):
  // 2^(sorted_bits / 2) counts, 2 x 8 KiB at 22, stay in the L1 cache.
  int sorted_bits = kSortedBits;
  // The tallest quarters (rows, n/2) whose tables a count builds (0..10,
  // join.hpp's kMaxQuarterRows): taller ones, and every quarter at 0, have
  // their halves listed row by row (no tables held: less memory, more time).
  int quarter_rows = 10;
  // The most the quarter tables may hold (setting quarter_mib, in MiB):
  // larger ones are not built and their halves are listed row by row
  // (quarter_mib=256 builds N = 21's, 233 MB).
  std::size_t quarter_bytes = kQuarterBytes;
  // A round's keys (8 bytes each).
  double piece_keys() const { return static_cast<double>(piece_bytes) / 8.0; }
};
// The machine's defaults: piece_bytes the L2 cache's size where the system
// says it (kPieceBytes where not).
JoinTuning machine_join_tuning();
// `base` with the settings of `text` ("name=value,..."); what is wrong in
// it goes to `errors`, one line each, and is left as in `base`.
JoinTuning parse_join_tuning(const char* text, JoinTuning base, std::string* errors = nullptr);
// The process's tuning: machine_join_tuning() with NURSERY_JOIN_TUNING, read
// once (a constant of the process, not a cache: it holds no memory).
const JoinTuning& join_tuning();

//--- Work estimates for the progress bar (Knuth's random descents) ------------------
// Descents per subproblem of the bitboard count (canonical.cpp) and per
// half of a join piece (join.cpp): enough for a weight within a few per cent
// of the tree's nodes (tests/core/progress_test.cpp), cheap beside the count.
constexpr int kCanonicalDescents = 48;
constexpr int kJoinDescents = 64;
// Odd n: a quarter of them. Its pieces are many (N = 19: 29,436, each
// listing its own middle queen's halves), and the weighing, on one thread
// before the count, took 64 descents x 2 halves x 9 rows, about 55 us a
// piece: 1.6 s of N = 19's 31 s on 1 thread, 10% of its wall time on 2.
constexpr int kJoinOddDescents = 16;

//--- Resumable counts (resumable_counts.hpp) -----------------------------------------
// Split targets when none is asked: fixed, so ids do not depend on the
// thread count. The bitboard's is wide enough for a few hundred workers
// (30..100 subproblems per worker); the join's pieces cost more to cut
// finely (each enumerates its halves).
constexpr std::size_t kCanonicalResumableTarget = 16384;
constexpr std::size_t kJoinResumableTarget = 1024;

}  // namespace nursery::queens
