// A resumable count (nursery/resumable.hpp) spread over MPI ranks: rank 0's
// ledger hands out the ids it has left, every rank counts chunks on its own
// pool (distributed_count.hpp), and each finished subproblem comes back to
// rank 0's ledger and checkpoint.
#pragma once

#include <chrono>
#include <nursery/resumable.hpp>
#include <nursery/scheduler.hpp>
#include <span>
#include <optional>
#include <string>

#include "distributed_count.hpp"

namespace nursery::mpi {

// How the ranks report while they count.
struct Reporting {
  double progress_seconds = 10;  // rank 0's progress lines on stderr; 0: none
  std::string label;             // e.g. "count 17"
};

// Collective. `ledger` is rank 0's (nullptr on the other ranks); `options`
// give every rank its threads and stop. Returns rank 0's result, its wall
// time counted from `started`; nothing on the other ranks.
template <class Tree>
std::optional<ResumableResult> count_resumable(const Session& session, Ledger<Tree>* ledger,
                                               const typename Tree::Instance& instance,
                                               const ResumableOptions& options,
                                               const Reporting& reporting,
                                               std::chrono::steady_clock::time_point started) {
  Job job;
  job.n = Resumable<Tree>::size(instance);
  job.run = runner_for<Tree>(instance);
  job.threads = options.threads;
  job.stop = options.budget.stop();
  job.label = reporting.label;
  job.progress_seconds = reporting.progress_seconds;
  if (session.root()) {
    job.ids = ledger->todo_ids();
    job.subproblems = pack(ledger->todo());
    // The progress lines weigh each subproblem by its estimated work (the
    // kind's work(), when it has one): computed only when they are shown.
    if (reporting.progress_seconds > 0)
      job.units = detail::work_units<Tree>(
          instance, std::span<const typename Tree::Subproblem>(ledger->todo()));
    job.frontier_size = ledger->in_part();
    job.already_done = ledger->resumed();
    job.on_done = [ledger](std::uint64_t id, const Outcome& outcome) {
      ledger->finished(id, outcome);
    };
  }
  Summary summary = count(session, job);
  if (!session.root()) return std::nullopt;

  ledger->flush();
  const StopSource* stop = options.budget.stop();
  const StopReason reason = stop != nullptr ? stop->reason() : StopReason::none;
  ResumableResult result = ledger->result(
      reason, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  result.stats.nodes = summary.nodes;
  result.stats.threads = summary.threads;
  result.stats.cpu_seconds = summary.cpu_seconds;
  return result;
}

}  // namespace nursery::mpi
