// One N-queens solution, the way every command and batch find it: the
// parallel search up to N = 32 (bitboards are 32 bits wide), the classic
// construction beyond; N = 2 and 3 have none. A method may also be asked
// for by name (forward checking: the constraint solver's way; find_method
// reads --method's names).
#include <algorithm>
#include <chrono>
#include <iterator>
#include <stdexcept>
#include <utility>

#include "nursery/scheduler.hpp"
#include "queens/counters.hpp"

namespace nursery::queens {

namespace {

template <class Tree>
Solved<Placement> search_one(std::uint32_t n, const RunOptions& options, const char* how) {
  RunOptions first = options;
  first.mode = Mode::first;
  return reported<Solved<Placement>>(run<Tree>(typename Tree::Instance{static_cast<int>(n)}, first),
                                     Mode::first, how);
}

}  // namespace

FindMethod find_method(const std::string& name, std::uint32_t n) {
  static constexpr std::pair<const char*, FindMethod> kNames[] = {
      {"auto", FindMethod::automatic},
      {"search", FindMethod::search},
      {"cp", FindMethod::forward_checking},
      {"construction", FindMethod::construction}};
  const auto* named = std::find_if(std::begin(kNames), std::end(kNames),
                                   [&](const auto& entry) { return name == entry.first; });
  if (named == std::end(kNames))
    throw std::invalid_argument("--method: expected auto, search, cp or construction, found '" +
                                name + "'");
  if (named->second == FindMethod::search && n > static_cast<std::uint32_t>(kMaxCountN))
    throw std::invalid_argument("--method search: N must be between 1 and 32");
  if (named->second == FindMethod::forward_checking &&
      n > static_cast<std::uint32_t>(kMaxForwardCheckingN))
    throw std::invalid_argument("--method cp: N must be between 1 and 64");
  return named->second;
}

Solved<Placement> find_one(std::uint32_t n, const RunOptions& options, FindMethod method) {
  if (method == FindMethod::automatic)
    method = n <= static_cast<std::uint32_t>(kMaxCountN) ? FindMethod::search
                                                         : FindMethod::construction;
  if (method == FindMethod::search) {
    if (n > static_cast<std::uint32_t>(kMaxCountN))
      throw std::invalid_argument("the search is for N from 1 to 32");
    return search_one<Columns>(n, options, "search");
  }
  if (method == FindMethod::forward_checking) {
    if (n > static_cast<std::uint32_t>(kMaxForwardCheckingN))
      throw std::invalid_argument("forward checking is for N from 1 to 64");
    return search_one<ForwardChecking>(n, options, "forward checking");
  }
  Solved<Placement> found;
  Report& report = found;
  if (n == 2 || n == 3) {
    report.how = "construction";
    report.verdict = Verdict::fail;  // no solution exists
    return found;
  }
  auto start = std::chrono::steady_clock::now();
  report.how = "construction";
  if (options.budget.spent()) {
    report.status = options.budget.why();
  } else if (auto placement = construct(n, options.budget)) {
    found.solution = std::move(*placement);
    report.verdict = Verdict::ok;
  } else {
    report.status = options.budget.why();  // stopped while filling it
  }
  report.stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return found;
}

}  // namespace nursery::queens
