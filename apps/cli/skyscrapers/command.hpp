// nursery skyscrapers FILE behind its options (run.cpp, bench.cpp,
// verdict.cpp): the puzzles loaded, solved, checked and printed, and --bench.
// apps/skyscrapers.cpp parses the options and calls these.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <nursery/skyscrapers.hpp>
#include <string>
#include <vector>

namespace nursery::skyscrapers {

// FILE ("-": standard input), or a game ID typed on the command line
// (N:c1/.../c4N[,grid], when no file has that name).
std::vector<Puzzle> load(const std::string& input);

// One puzzle's run in words (verdict.cpp): "solved", "unique", "3
// solutions", "at least 2 solutions" (stopped at `limit`), "no solution",
// "timeout", "interrupted" (counting or listing: "timeout, at least 7
// solutions", what it found before the stop). Its exit status is exit_code(solved, Asked).
std::string words(const Solved& solved, Mode mode, std::uint64_t limit);

// What nursery skyscrapers FILE asks for.
struct SkyscrapersRequest {
  std::string output;       // -o FILE: the results there, atomically ("", "-": stdout)
  bool count = false;       // --count: count the solutions (exactly, or up to the limit)
  bool all = false;         // --all: print every solution; one thread, in search order
  std::uint64_t limit = 0;  // --limit: stop at this many solutions (0: none)
  unsigned threads = 0;     // 0: all cores
  double timeout = 0;       // seconds per puzzle; 0: none
  bool json = false;        // one JSON document instead of the text
  bool stats = false;       // each puzzle's statistics on stderr
  bool progress = false;    // the progress bar on stderr
};
// Solves every puzzle: per puzzle a header line (its run in words, its
// check, its time) and its grid, then a summary line; or one JSON
// document. Returns the run's exit status: the gravest of the puzzles'
// exit_code (Asked::count with --count, else find); a puzzle the solver
// refuses (std::invalid_argument) is a cli::UsageError "SOURCE: WHAT".
int run(const std::vector<Puzzle>& puzzles, const SkyscrapersRequest& request);

// --bench R's row: what was timed, and per puzzle the best of R runs to
// solve and to prove uniqueness, their median and maximum in seconds.
struct BenchRow {
  std::string file;                          // `input`'s file name
  std::string sizes;                         // "4" or "4-9"
  std::size_t puzzles = 0;                   //
  unsigned threads = 0;                      // the threads the runs had (all cores: their number)
  int runs = 0;                              // R
  double solve_median = 0, solve_max = 0;    // seconds to a solution
  double unique_median = 0, unique_max = 0;  // seconds to prove uniqueness (stop at 2)
};
struct Benched {
  Status status = Status::complete;  // cancelled or timeout: the times are not there
  BenchRow row;
};
// --bench R: every run polls `budget` (Ctrl-C, SIGTERM, --timeout): a bench
// it stops times nothing and says why (Status::cancelled or timeout); a
// whole one, complete, with its row.
Benched bench(const std::vector<Puzzle>& puzzles, const std::string& input, unsigned threads,
              int repeats, const Budget& budget);
// The row in bench/skyscrapers.sh's Markdown table (milliseconds), and as
// JSON under the run's status word (docs/json.md, skyscrapers-bench: the
// times null when the bench was stopped).
std::string table_row(const BenchRow& row);
nlohmann::json bench_json(const Benched& benched, const char* status);

}  // namespace nursery::skyscrapers
