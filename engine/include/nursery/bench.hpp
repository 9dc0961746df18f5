// nursery bench queens, the measuring half: each counter and each program
// it is compared against, run side by side on every N, their counts checked
// against each other, wall and CPU seconds taken. The CLI prints the rows.
#pragma once

#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "nursery/budget.hpp"
#include "nursery/count.hpp"

namespace nursery::bench {

// The best of R runs: the fastest wall time, and the least CPU time (user +
// system of every thread or of the child process).
struct Timing {
  double seconds = std::numeric_limits<double>::infinity();
  double cpu_seconds = std::numeric_limits<double>::infinity();
  Count count = 0;
  bool ran = false;
};

struct QueensOptions {
  std::vector<int> sizes;
  unsigned threads = 1;  // "all threads" runs
  int repeat = 1;
  std::string baseline;                // the compiled baseline (empty: left out)
  std::filesystem::path peer_join;     // DIR/nqueensN (bench/peer_join.sh; empty: left out)
  std::filesystem::path peer_takaken;  // DIR/takakenN (bench/peer_takaken.sh; empty: left out)
  Budget budget;                       // Ctrl-C: std::runtime_error("bench: interrupted")
};

// One N. Takaken's program reports only its CPU time (as both figures).
struct QueensRow {
  int n = 0;
  Count total = 0;
  Timing baseline, takaken, bitboard_one, bitboard_all, join_one, join_all, peer_one, peer_all;
};

// Runs every N in turn and hands each row over as it is done;
// std::runtime_error when a program fails or any two counts disagree.
void queens(const QueensOptions& options, const std::function<void(const QueensRow&)>& row);

// Compiles the baseline (nqueens_mirror.c) with `cc -O3 -march=native`
// into `directory`; its path.
std::string build_baseline(const std::filesystem::path& source, const std::string& cc,
                           const std::filesystem::path& directory);

// Where and when the timings were taken, for a chart's title:
// "2026-11-26, 2 cores, AMD EPYC ..." (the date, the cores, /proc/cpuinfo's model).
std::string measured_on();

}  // namespace nursery::bench
