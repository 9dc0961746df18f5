// `nursery count`'s policy, the command's entry: which method, plain or
// resumable (checkpoint, part) or a sampled estimate, the join fitted to the
// memory budget, every option refused with another; and the parts of a
// count merged. The CLI reads its options into a CountRequest, calls
// plan_count and count (or merge_counts) and prints the CountReport; MPI
// runs the same plan over its ranks (mpi/queens_count.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nursery/checkpoint.hpp"
#include "nursery/count.hpp"
#include "nursery/estimate.hpp"
#include "nursery/frontier.hpp"
#include "nursery/json.hpp"
#include "nursery/report.hpp"
#include "nursery/resumable.hpp"

namespace nursery::queens {

// One N as `nursery count N` is asked it.
struct CountRequest {
  int n = 0;
  std::string method = "auto";             // --method
  bool unique = false;                     // --unique
  std::optional<std::string> memory;       // --memory SIZE; none: half of the RAM
  std::optional<std::size_t> subproblems;  // --subproblems K
  std::optional<double> estimate;          // --estimate S: sample, count nothing
  std::optional<std::string> checkpoint;   // --checkpoint FILE
  bool resume = false;                     // --resume
  std::optional<std::string> part;         // --part I/K; none: the whole frontier
  bool mpi = false;                        // --mpi: resumable, over the ranks
  double sync_seconds = 1.0;               // --checkpoint-interval
  unsigned threads = 0;                    // 0: every core
  Budget budget;                           // Ctrl-C, --timeout
};

// The way a count goes.
enum class CountWay { plain, resumable, estimate };

// A checked request: everything a run needs. `run.progress`,
// `resumable.progress`/`log` and `started` are the caller's to set.
struct CountPlan {
  int n = 0;
  const char* method = "";    // the method's --method name ("join", "bitboard", ...)
  int join_width = 0;         // join: its narrowest chunk, fitted to the memory budget
  bool join_quarters = true;  // join: quarter tables within the budget (Instance::quarter_tables)
  CountWay way = CountWay::plain;
  bool unique = false;
  RunOptions run;               // plain and estimate
  ResumableOptions resumable;   // resumable: checkpoint, resume, part, split target
  double estimate_seconds = 0;  // estimate: S
  // Called once the count is about to run (a resumable one: its checkpoint
  // read and its frontier cut): where a front end starts its progress bar.
  std::function<void()> started;
};

// What every way ends with, for the printer: a Report (its status; its
// count, the total, exact when the status is complete; `how`, the method's
// --method name; its statistics) and what a count adds.
struct CountReport : Counted {
  int n = 0;
  bool unique_known = true;  // false: a part of a join count (its classes are not additive)
  std::optional<ResumableResult> resumable;  // a resumable count: its header, what it resumed
  std::string checkpoint;                    // a resumable count: its file ("": none)
  // An estimate: the projection (no count); its status is cancelled when
  // stopped, timeout when no piece ran, else complete.
  std::optional<Estimate> estimate;
  Count total() const { return count.value_or(0); }
};

// Its exit status is nursery/report.hpp's exit_code(report, Asked::count)
// (a count of 0 is counted). Its --json document (docs/json.md): the count (`unique` when
// asked), a resumable count's split target, frontier, checkpoint and part,
// or the estimate's projection.
nlohmann::json report_json(const CountReport& report, bool unique);
// An estimate's lines for a person: the sample (what ran in `seconds`) and
// the projected wall and CPU time, with its error bar or as a lower bound;
// or why there is none.
std::string estimate_text(const CountReport& report, double seconds);

// The name of the method `asked` stands for at N ("auto": join or
// bitboard); cli::UsageError for an unknown name or an N beyond its reach.
const char* count_method_name(const std::string& asked, int n);

// Checks a request in nursery count's order and words (cli::UsageError):
// the method, --subproblems, --memory (parsed whatever the method), the
// join's fit, then --estimate's or the resumable count's options.
CountPlan plan_count(const CountRequest& request);

// Runs a plan on this process's pool: plain, resumable or the estimate.
CountReport count(const CountPlan& plan);

// A resumable count's result as a report (also what an MPI count ends with).
CountReport report_of(const CountPlan& plan, const ResumableResult& result);

// The whole count summed from its part files (--merge); cli::UsageError when
// a part is missing or unfinished. The join's classes follow by Burnside.
CountReport merge_counts(const std::vector<std::string>& files);

}  // namespace nursery::queens
