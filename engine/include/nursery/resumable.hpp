// Resumable counts: the frontier is built for a fixed split target (not per
// thread), so its subproblem ids mean the same in every run, on every
// machine. Finished subproblems are appended to a checkpoint file
// (checkpoint.hpp); a later run resumes from it and counts only the rest. A
// count can be cut into parts (every K-th id, for job arrays) whose files are
// summed by merge_parts(). One process counts on its oneTBB pool
// (Ledger::run); an MPI driver hands the ledger's ids out itself
// (mpi/resumable_count.hpp).
//
// Nothing here prints: errors are exceptions (checkpoint::Error and the
// like), and what a front end may want to tell the user (no checkpoint yet,
// a torn last line dropped, resuming) goes to ResumableOptions::log.
//
// A kind becomes resumable by specialising Resumable<Tree> (the queens kinds:
// engine/queens/resumable_counts.hpp):
//   static constexpr const char* checkpoint_kind;  // its checkpoints' "kind" line
//   static constexpr std::size_t target;           // split target when none is asked
//   static constexpr bool counts_classes;          // subproblems carry symmetry classes
//   static int size(const Instance&);              // its checkpoints' "n" line
//   static Count classes_from_total(int n, Count total);  // when !counts_classes:
//                                                  // a whole count's classes
// Its Subproblem must have no padding (the frontier's CRC hashes its bytes).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "nursery/checkpoint.hpp"
#include "nursery/count.hpp"
#include "nursery/progress.hpp"
#include "nursery/scheduler.hpp"
#include "nursery/stats.hpp"
#include "nursery/stop.hpp"

namespace nursery {

template <class Tree>
struct Resumable;

// How loud a ledger's message is (a front end maps it to its logger).
enum class LogLevel { info, warning };

struct ResumableOptions {
  std::string checkpoint;  // file the finished subproblems go to; empty: none
  bool resume = false;     // continue `checkpoint` (when it exists) instead of starting it
  // Split target: this, else the checkpoint's when resuming, else Resumable<Tree>::target.
  std::optional<std::size_t> target;
  std::pair<std::uint32_t, std::uint32_t> part{1, 1};  // I/K: count ids with id % K == I - 1
  double sync_seconds = 1.0;                           // between checkpoint syncs (fsync)
  unsigned threads = 0;                                // pool size; 0: every core
  Budget budget;                                       // Ctrl-C, the deadline; none: to the end
  Progress* progress = nullptr;  // live counters; done and total count the resumed ones too
  // Told, one line each, as the checkpoint is opened: "FILE: no checkpoint yet,
  // starting one", "FILE: dropping a torn last line (...)", "FILE: resuming, ...".
  std::function<void(LogLevel, const std::string&)> log;
};

// What a resumable run (or a part of one) counted.
struct ResumableResult {
  Status status = Status::complete;  // complete once every subproblem of the share is done
  Count total = 0;                   // the share's sum (a part's sum is not the answer)
  Count unique = 0;                  // symmetry classes, when unique_known
  bool unique_known = true;          // false: a part of a kind whose classes are not additive
  checkpoint::Header header;         // kind, n, split target, frontier size, part I/K
  std::uint64_t resumed = 0;         // subproblems the checkpoint already held
  // subproblems: the share's size; subproblems_done: finished, resumed ones included.
  Stats stats;
};

// The symmetry classes of a whole count of Tree: the sum its subproblems
// recorded, or, for a kind whose subproblems carry totals only, the kind's
// rule from the total.
template <class Tree>
Count whole_classes(int n, Count total, Count recorded_classes) {
  if constexpr (Resumable<Tree>::counts_classes)
    return recorded_classes;
  else
    return Resumable<Tree>::classes_from_total(n, total);
}

namespace detail {

// The kind-free half of a ledger (resumable.cpp): the checkpoint file, what
// it already holds, and the sums as subproblems finish.
class LedgerBook {
 public:
  LedgerBook(const LedgerBook&) = delete;
  LedgerBook& operator=(const LedgerBook&) = delete;

  // From any thread, as each subproblem finishes: into the checkpoint and
  // the sums (std::overflow_error past 128 bits).
  void finished(std::uint64_t id, const Outcome& outcome);
  // Writes and syncs what the checkpoint has buffered.
  void flush();

  const checkpoint::Header& header() const { return header_; }
  // The ids of this run's share not yet counted, in frontier order.
  const std::vector<std::uint64_t>& todo_ids() const { return todo_ids_; }
  std::uint64_t resumed() const { return resumed_; }  // held by the checkpoint at the start
  std::uint64_t in_part() const { return in_part_; }  // ids in this run's share
  double split_seconds() const { return split_seconds_; }
  // Finished so far, resumed ones included, and their sums.
  std::uint64_t done();
  Count total();
  Count unique();

 protected:
  // Reads `options.checkpoint` when resuming and the file exists.
  explicit LedgerBook(const ResumableOptions& options);
  // The split target: the one asked, else the checkpoint's, else `fallback`.
  std::size_t target_or(std::size_t fallback) const;
  // With kind, n, target, subproblems and frontier CRC filled in: checks
  // them against the checkpoint, takes in its records, opens the writer and
  // lists the share's ids left to count.
  void open(checkpoint::Header header);
  // The sums so far with the status a run stopped for `reason` ends in;
  // classes as recorded (unique_known: counts_classes).
  ResumableResult sums(StopReason reason, double wall_seconds, bool counts_classes);
  double seconds_since_start() const;

  ResumableOptions options_;

 private:
  std::chrono::steady_clock::time_point started_;
  checkpoint::Contents contents_;  // the checkpoint read back (resuming only)
  bool resuming_ = false;
  checkpoint::Header header_;
  checkpoint::Tally tally_;
  std::optional<checkpoint::Writer> writer_;
  std::vector<std::uint64_t> todo_ids_;
  std::uint64_t resumed_ = 0;
  std::uint64_t in_part_ = 0;
  double split_seconds_ = 0;
  std::mutex mutex_;  // tally_
};

}  // namespace detail

// One resumable count of one instance: builds the frontier, reads the
// checkpoint (refusing one of another run), and keeps the sums and the file
// up to date as subproblems finish. Throws checkpoint::Error for a
// checkpoint that does not check or does not match.
template <class Tree>
class Ledger : public detail::LedgerBook {
 public:
  using Instance = typename Tree::Instance;
  using Subproblem = typename Tree::Subproblem;
  using Traits = Resumable<Tree>;

  Ledger(const Instance& instance, const ResumableOptions& options)
      : LedgerBook(options), instance_(instance) {
    checkpoint::Header header;
    header.kind = Traits::checkpoint_kind;
    header.n = Traits::size(instance);
    header.target = target_or(Traits::target);
    std::vector<Subproblem> frontier = Tree::split(instance, header.target);
    header.subproblems = frontier.size();
    header.frontier = checkpoint::frontier_crc(std::span<const Subproblem>(frontier));
    header.part = options.part.first;
    header.parts = options.part.second;
    open(header);
    todo_.reserve(todo_ids().size());
    for (std::uint64_t id : todo_ids()) todo_.push_back(frontier[id]);
  }

  // The subproblems of todo_ids(), in the same order.
  const std::vector<Subproblem>& todo() const { return todo_; }

  // Counts what is left of the share on this process's pool (the options'
  // threads, timeout, stop and progress), then syncs the checkpoint.
  ResumableResult run() {
    Progress* progress = options_.progress;
    if (progress != nullptr) {
      progress->done.fetch_add(resumed(), std::memory_order_relaxed);
      progress->total.fetch_add(resumed(), std::memory_order_relaxed);
    }
    RunOptions run_options;
    run_options.mode = Mode::count;
    run_options.threads = options_.threads;
    run_options.budget = options_.budget;
    run_options.progress = progress;
    Execution<Tree> execution = execute<Tree>(
        instance_, std::span<const Subproblem>(todo_), run_options, nullptr,
        [this](std::size_t i, const Outcome& outcome) { finished(todo_ids()[i], outcome); });
    flush();
    ResumableResult outcome = result(execution.stop_reason, seconds_since_start());
    for (const auto& one : execution.outcomes) {
      outcome.stats.nodes += one.nodes;
      outcome.stats.pairs += one.pairs;
    }
    outcome.stats.threads = detail::worker_count(options_.threads);
    outcome.stats.cpu_seconds = execution.cpu_seconds;
    return outcome;
  }

  // The result so far, for a driver that ran the subproblems itself (MPI):
  // nodes, threads and CPU time are the driver's to fill in. A whole count
  // of a kind without class counts gets its classes from the total.
  ResumableResult result(StopReason reason, double wall_seconds) {
    ResumableResult outcome = sums(reason, wall_seconds, Traits::counts_classes);
    if (!outcome.unique_known && outcome.status == Status::complete && header().parts == 1) {
      outcome.unique = whole_classes<Tree>(header().n, outcome.total, outcome.unique);
      outcome.unique_known = true;
    }
    return outcome;
  }

 private:
  Instance instance_;
  std::vector<Subproblem> todo_;
};

// Builds the ledger and runs it: a whole resumable count (or part) in one call.
template <class Tree>
ResumableResult count_resumable(const typename Tree::Instance& instance,
                                const ResumableOptions& options) {
  Ledger<Tree> ledger(instance, options);
  return ledger.run();
}

//--- Merging parts -------------------------------------------------------------

// The checkpoints of one frontier (the parts of one count) summed.
struct MergedParts {
  checkpoint::Header header;        // the first file's
  Count total = 0;                  // over every id any file holds
  Count unique = 0;                 // the records' classes (see whole_classes)
  std::uint64_t done = 0;           // distinct ids the files hold
  std::uint64_t first_missing = 0;  // the smallest id none holds (subproblems: none)
  bool complete() const { return done == header.subproblems; }
};

// Reads every file and sums their records; throws checkpoint::Error for a
// file that does not check, or one of another count (all but the part must
// match the first file), and std::invalid_argument for no files at all.
MergedParts merge_parts(const std::vector<std::string>& files);

}  // namespace nursery
