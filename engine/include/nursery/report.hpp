// One answer vocabulary for every kind: what a run came to (Report), what
// the independent checker said of an answer (Verification), and the exit
// status both mean on the command line.
#pragma once

#include <optional>
#include <string>

#include "nursery/count.hpp"
#include "nursery/frontier.hpp"
#include "nursery/stats.hpp"

namespace nursery {

// ok: a solution (or, counting, the exact count); fail: proved to have
// none; unknown: stopped (deadline, Ctrl-C) before either.
enum class Verdict { ok, fail, unknown };
const char* to_string(Verdict verdict);  // OK, FAIL, unknown

struct Verification {
  bool valid = false;
  std::string reason;      // what is wrong, or what was checked
  bool unproved = false;   // a FAIL claim the checker could neither prove nor refute
};

// What one instance's run came to, the same fields for every kind (a kind
// adds its own answer: a placement, a grid).
struct Report {
  Verdict verdict = Verdict::unknown;
  Status status = Status::complete;  // how the scheduler run ended, where one ran
  std::optional<Count> count;        // counted: exact when status is complete, a lower
                                     // bound otherwise (a limit, a deadline)
  std::string how;                   // which technique decided
  Stats stats;
};

// The one result shape of every kind's verb that answers (queens::find_one,
// lizards::solve, skyscrapers::solve): the Report and the kind's answer, a
// placement or a grid.
template <class Solution>
struct Solved : Report {
  std::optional<Solution> solution;  // when found (the first one, listing)
};

// Exit statuses, one table for every command, batch and MPI run.
constexpr int kExitSuccess = 0;        // solved, counted, valid
constexpr int kExitNoSolution = 1;     // FAIL / no solution / invalid answer
constexpr int kExitUsage = 2;          // bad arguments or bad input
constexpr int kExitTimeout = 3;        // deadline passed before an answer
constexpr int kExitUnverified = 4;     // verify: a FAIL claim the checker cannot prove or refute
constexpr int kExitInterrupted = 130;  // Ctrl-C (SIGTERM: 143: the CLI's interrupted_status)

// 0 solved or counted (a zero count is a count), 1 proved unsolvable,
// 3 deadline, 130 interrupted.
int exit_code(const Report& report);
// What a command asked of a run that lists or counts (Skyscrapers), where
// a stop is no answer, whatever was found before it: 3 deadline, 130
// interrupted; otherwise `count`: 0 (a zero count is a count), `find`: 0
// found (a solution, or a limit reached), 1 proved to have none.
enum class Asked { find, count };
int exit_code(const Report& report, Asked asked);
// A run that ended with `status`: 3 timeout, 130 cancelled; otherwise
// 0 when it found (or counted) what it was asked for, else 1.
int exit_code(Status status, bool found);
// Several instances' statuses as one run's: the gravest, interrupted (130,
// 143) over a deadline (3) over any other failure over success (0).
int gravest(int status, int other);
// An independent check: 0 valid, 1 invalid, 4 a FAIL it could not prove.
int exit_code(const Verification& verification);

}  // namespace nursery
