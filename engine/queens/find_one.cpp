// One N-queens solution, the way every command and batch find it: the
// parallel search up to N = 32 (bitboards are 32 bits wide), the classic
// construction beyond; N = 2 and 3 have none.
#include <chrono>

#include "nursery/queens.hpp"
#include "nursery/scheduler.hpp"

namespace nursery::queens {

FoundOne find_one(std::uint32_t n, const RunOptions& options) {
  FoundOne found;
  Report& report = found.report;
  if (n <= static_cast<std::uint32_t>(kMaxCountN)) {
    RunOptions first = options;
    first.mode = Mode::first;
    auto result = run<Columns>(Columns::Instance{static_cast<int>(n)}, first);
    report.status = result.status;
    report.stats = result.stats;
    report.how = "search";
    found.solution = std::move(result.solution);
    if (found.solution)
      report.verdict = Verdict::ok;
    else if (result.status == Status::complete)
      report.verdict = Verdict::fail;
    return found;
  }
  auto start = std::chrono::steady_clock::now();
  found.solution = construct(n);
  report.how = "construction";
  report.verdict = Verdict::ok;
  report.stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return found;
}

}  // namespace nursery::queens
