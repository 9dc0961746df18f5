// nursery bench queens, the measuring half: each counter and each program
// it is compared against, run side by side on every N, their counts checked
// against each other, wall and CPU seconds taken; and the rows as the
// table, JSON and chart the CLI prints.
#pragma once

#include <filesystem>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "nursery/budget.hpp"
#include "nursery/count.hpp"
#include "nursery/picture.hpp"

namespace nursery::bench {

// One program's R runs at one N: the best of them (the fastest wall time,
// and the least CPU time: user + system of every thread or of the child
// process), and every run's figures for their mean and spread.
struct Timing {
  double seconds = std::numeric_limits<double>::infinity();
  double cpu_seconds = std::numeric_limits<double>::infinity();
  std::vector<double> walls, cpus;  // every run's, in order
  Count count = 0;
  bool ran = false;
};

// The mean and the sample standard deviation (0 for one run) of figures.
struct Spread {
  double mean = 0, sd = 0;
};
Spread spread(const std::vector<double>& figures);

// One run of one program, handed over as it ends (the bench's progress:
// hyperfine's way, a line per measurement): `timing` holds every run so far.
struct Measurement {
  int n = 0;
  std::string program;  // "join", "bitboard", "baseline", "peer join", "Takaken"
  unsigned threads = 1;
  int run = 0, runs = 0;  // this is run `run` of `runs` (1-based)
  const Timing* timing = nullptr;
};

struct QueensOptions {
  std::vector<int> sizes;
  unsigned threads = 1;  // "all threads" runs
  int repeat = 1;
  std::string baseline;                // the compiled baseline (empty: left out)
  std::filesystem::path peer_join;     // DIR/nqueensN (bench/peer_join.sh; empty: left out)
  std::filesystem::path peer_takaken;  // DIR/takakenN (bench/peer_takaken.sh; empty: left out)
  Budget budget;                       // Ctrl-C, SIGTERM: cli::Interrupted, children killed
  std::function<void(const Measurement&)> measured;  // each run as it ends; optional
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

// The baseline found and compiled into a directory of its own under the
// temporary directory (the caller removes it when done).
struct Baseline {
  std::filesystem::path source;     // the file given, else the source tree's
  std::filesystem::path directory;  // where it was compiled
  std::string binary;
};
// cli::UsageError "bench: baseline source not found (looked for ...)" when
// neither `given` (may be empty) nor `tree_source` exists.
Baseline prepare_baseline(const std::string& given, const std::string& tree_source,
                          const std::string& cc);

// --n's list ("15,16,17"); cli::UsageError for a size outside 1..32.
std::vector<int> sizes_of(const std::string& list);

// The table: its head (what runs: `baseline` is the baseline's source, empty
// when left out; the columns), one line per N (wall seconds, the 1-thread
// runs' CPU seconds and their ratios, "-" for a program left out).
std::string table_head(const QueensOptions& options, const std::string& baseline);
std::string table_line(const QueensRow& row);
// A measurement as the bench's progress line on stderr: each run of R > 1
// ("N = 17, join, 1 thread: run 2/3  1.21 s (CPU 1.20 s)"), and the last
// also the mean ± sigma of all R in units that fit their size
// ("N = 17, join, 1 thread: 1.21 s ± 12.3 ms wall, CPU 1.20 s ± 9.8 ms
// (mean ± σ of 3 runs; best 1.19 s)"). Empty where nothing is to be said.
std::string measurement_lines(const Measurement& measurement);
// A duration in the unit that fits it: "812 µs", "12.3 ms", "1.21 s", "3.2 min".
std::string duration_text(double seconds);
// One N as a row of --json: each figure null for a program left out, and
// `programs`, each program's runs (best, mean and sigma of wall and CPU).
nlohmann::json row_json(const QueensRow& row, unsigned threads);
// --plot: an empty chart of wall seconds against N, and one N's points added
// (a series per program and thread count).
picture::Chart chart(const QueensOptions& options);
void plot(picture::Chart& chart, const QueensRow& row, unsigned threads);

// Where and when the timings were taken, for a chart's title:
// "2026-11-26, 2 cores, AMD EPYC ..." (the date, the cores, /proc/cpuinfo's model).
std::string measured_on();

}  // namespace nursery::bench
