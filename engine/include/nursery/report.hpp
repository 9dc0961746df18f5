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
  std::optional<Count> count;        // counted: exact when status is complete; at a
                                     // limit the caller set (status limit), that limit
  std::optional<Count> at_least;     // counted and cut short by a deadline or a stop
                                     // (CutShort::lower_bound): the solutions found so
                                     // far, a lower bound (`count` is then empty)
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

// A count's report: the Report (its count exact when the status is
// complete) and the symmetry classes, for kinds that reduce by symmetry
// (0 otherwise, or when they were not asked for).
struct Counted : Report {
  Count unique = 0;
};

// What a count cut short (a deadline, a stop) tells its caller: nothing,
// where the total is the answer (N-queens, lizards: the count and the
// verdict stay unknown), or a lower bound that already proves solutions
// exist (one Skyscrapers puzzle's solutions: the solutions found so far
// in `at_least`, never in `count`, and a number above 0 is the verdict ok).
enum class CutShort { unknown, lower_bound };

// The one conversion of a scheduler run's Result into a report shape
// (Report, Counted, Solved<S>, or a caller's own shape derived from them):
// its status and statistics, `how`, and the verdict:
//   first mode: ok with a solution, fail when every subproblem was searched
//     to its end without one (complete), else unknown;
//   count and all modes: the count, when complete or at its limit (cut
//     short under CutShort::lower_bound: `at_least`, the solutions found so
//     far); ok with a solution or a count above 0, fail with a count of 0
//     searched to the end, else unknown.
// The shape takes the solution and the classes where it has members for
// them (Solved<S>::solution, Counted::unique).
template <class Shape = Report, class Solution>
Shape reported(Result<Solution> result, Mode mode, std::string how = {},
               CutShort cut = CutShort::unknown) {
  Shape shape;
  Report& report = shape;
  report.status = result.status;
  report.stats = result.stats;
  report.how = std::move(how);
  const bool decided = result.status == Status::complete || result.status == Status::limit;
  const bool found = result.solution.has_value() || (mode != Mode::first && result.count > 0 &&
                                                     (decided || cut == CutShort::lower_bound));
  if (mode != Mode::first && decided) report.count = result.count;
  if (mode != Mode::first && !decided && cut == CutShort::lower_bound)
    report.at_least = result.count;
  if (found)
    report.verdict = Verdict::ok;
  else if (result.status == Status::complete)
    report.verdict = Verdict::fail;
  if constexpr (requires { shape.solution = std::move(result.solution); })
    shape.solution = std::move(result.solution);
  if constexpr (requires { shape.unique = result.unique; }) shape.unique = result.unique;
  return shape;
}

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
