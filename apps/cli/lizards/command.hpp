// nursery lizards and nursery gen lizards behind their options
// (command.cpp, command_gen.cpp, task.cpp): the board
// read, decided, counted or maximized, the answer written and printed, the
// exit status; a random board written row by row. The apps parse options
// and call these.
#pragma once

#include <optional>
#include <string>

#include "cli/cli.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

// What nursery lizards is asked for: p lizards placed (decide), every such
// placement counted, or the largest placement (maximize). The options of
// one task are refused with another (std::invalid_argument, in the user's
// words: "--max and --count: choose one", "--target: only with --max").
enum class Task { decide, count, maximize };
struct TaskOptions {
  bool count = false;        // --count
  bool maximize = false;     // --max
  bool target = false;       // --target K (maximize only)
  bool max_board = false;    // --max-board FILE (maximize only)
  bool certificate = false;  // --certificate FILE (maximize only)
};
Task choose_task(const TaskOptions& asked);

// --algorithm DFS|BFS|SA (the homework's spelling, or lower case);
// cli::UsageError "--algorithm: expected DFS, BFS or SA, found 'X'" otherwise.
Algorithm parse_algorithm(const std::string& text);

// What nursery lizards FILE asks for.
struct LizardsRequest {
  std::string input;                    // the board ("-": stdin)
  std::string output;                   // the answer's file; "": stdout
  std::string max_board;                // --max: the board with p = best written here; "": none
  std::string certificate;              // --max: the bound's certificate written here; "": none
  Task task = Task::decide;             // decide, count or maximize (choose_task)
  SolveOptions solve;                   // decide and count: threads, seed, searches, memory
  std::optional<std::uint64_t> target;  // --max: stop once this many are placed
  // --timeout in seconds (0: none). Without it none, but --max has its own
  // deadline, kMaximizeDefaultSeconds: its search runs until the gap
  // closes, which on a huge board is never.
  std::optional<double> timeout;
  bool json = false;      // one JSON document on stdout
  bool stats = false;     // how it was decided and the statistics on stderr
  bool progress = false;  // the progress bar on stderr
};
// The deadline counts from the call: reading and parsing a 100 MB board is
// part of the time the user gave. Decide: the answer (OK and the rows, or
// FAIL), count: the number; "unknown" on stdout and why on stderr when
// stopped first. Maximize: the placement found (written whole: `nursery
// verify --at-least` accepts more than p safe lizards), the best, bound and gap on
// stderr. Returns the exit status: exit_code of the report; --max 0
// whenever a placement is written, 130 on Ctrl-C. InputError for a bad board.
int run(const LizardsRequest& request);

// nursery gen lizards: the board `options` draws, to `output` ("-" and
// /dev/stdout: standard output) atomically, as it is drawn (a given p in
// O(n) memory; p = auto needs the whole board for its greedy, as bits).
// `deadline` (gen --timeout, Ctrl-C, SIGTERM) is polled per row: past it
// nothing is written under `output`'s name. Returns the exit status: 0, or
// the deadline's (3, 130, 143).
int write_generated(const GenerateOptions& options, const std::string& output,
                    const cli::Deadline& deadline);

}  // namespace nursery::lizards
