// nursery count --mpi (queens_count.hpp): rank 0 alone opens the checkpoint;
// when it refuses, every rank stops.
#include "queens_count.hpp"

#include <chrono>
#include <iostream>

#include "cli/cli.hpp"
#include "queens/resumable_counts.hpp"

namespace nursery::mpi {

namespace {

template <class Tree>
RankCount count_with(const typename Tree::Instance& instance, const queens::CountPlan& plan,
                     const Reporting& reporting) {
  const auto start = std::chrono::steady_clock::now();
  Session session;
  RankCount counted;
  counted.ranks = session.size();
  std::optional<Ledger<Tree>> ledger;
  std::string error;
  if (session.root()) {
    try {
      ledger.emplace(instance, plan.resumable);
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  if (!session.agree(error.empty())) {
    if (session.root()) std::cerr << "error: " << error << '\n';
    counted.refused = true;
    return counted;
  }
  auto result = count_resumable<Tree>(session, ledger ? &*ledger : nullptr, instance,
                                      plan.resumable, reporting, start);
  if (result) counted.report = queens::report_of(plan, *result);
  return counted;
}

}  // namespace

RankCount count_queens(const queens::CountPlan& plan, const Reporting& reporting) {
  if (plan.resumable.budget.has_deadline())
    throw cli::usage_error("--timeout: not available with --mpi (use the scheduler's time limit)");
  if (std::string(plan.method) == "join")
    return count_with<queens::JoinCount>({plan.n, plan.join_width}, plan, reporting);
  return count_with<queens::CanonicalCount>({plan.n}, plan, reporting);
}

}  // namespace nursery::mpi
