// nursery bench queens: the timings of the programs it compares against and
// the machine they ran on (bench_peers.cpp), and what they share with
// bench.cpp.
#pragma once

#include <filesystem>
#include <nursery/count.hpp>
#include <string>

namespace nursery::cli::bench {

// The best of R runs.
struct Timing {
  double seconds = 1e300;
  Count count = 0;
  std::uint64_t nodes = 0;
};

// bench/nqueens_mirror.c of the source tree, or the file given.
std::filesystem::path find_baseline(const std::string& given);
std::string run_command(const std::string& command, int& status);
// The quarter-board join peer (DIR/nqueensN), Takaken's program built per N
// (DIR/takakenN) and the baseline binary, each the best of `repeat` runs.
Timing time_peer(const std::filesystem::path& binary, unsigned threads, int repeat);
Timing time_takaken(const std::filesystem::path& binary, int n, int repeat);
Timing time_baseline(const std::string& binary, int n, int repeat);
// Where and when the timings were taken, for the chart's title:
// "2026-11-26, 2 cores, AMD EPYC ..." (the date, the cores, /proc/cpuinfo's model).
std::string measured_on();

}  // namespace nursery::cli::bench
