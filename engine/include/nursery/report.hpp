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
  std::optional<Count> count;        // count mode: exact when set
  std::string how;                   // which technique decided
  Stats stats;
};

// 0 solved or counted (a zero count is a count), 1 proved unsolvable,
// 3 deadline, 130 interrupted.
int exit_code(const Report& report);

}  // namespace nursery
