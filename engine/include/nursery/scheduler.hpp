// The frontier scheduler: cut a search tree into many subproblems (the
// frontier) and let a oneTBB pool run them. Generic over problem kinds by
// templates, so no virtual call sits on any hot path.
//
// A problem kind is a struct with
//   using Instance   = ...;   // immutable, shared by every task
//   using Subproblem = ...;   // one entry of the frontier
//   using Solution   = ...;   // what first/all modes hand back
//   static std::vector<Subproblem> split(const Instance&, std::size_t target);
//   static Outcome solve(const Instance&, const Subproblem&, Search<Solution>&);
// split() aims at `target` subproblems (30 to 100 per worker, the
// Embarrassingly Parallel Search rule); solve() runs a local backtracker that
// polls search.poller() and, in first/all modes, hands solutions to
// search.offer().
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <ctime>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <vector>

#include "nursery/count.hpp"
#include "nursery/progress.hpp"
#include "nursery/stats.hpp"
#include "nursery/stop.hpp"

// ThreadSanitizer cannot see oneTBB's own synchronization (the library is
// not instrumented), so the happens-before edges the scheduler relies on
// (frontier published before tasks start, results published before the
// pool is joined) are stated to it explicitly.
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define NURSERY_TSAN_RELEASE(address) __tsan_release(address)
#define NURSERY_TSAN_ACQUIRE(address) __tsan_acquire(address)
#else
#define NURSERY_TSAN_RELEASE(address) ((void)(address))
#define NURSERY_TSAN_ACQUIRE(address) ((void)(address))
#endif

namespace nursery {

enum class Mode {
  count,  // search every subproblem to the end; exact sum of the counts
  first,  // the first solution found cancels every sibling
  all,    // stream every solution to a sink, up to a limit
};

enum class Status {
  complete,   // every subproblem searched to the end (count exact; first: no solution)
  solved,     // first mode: a solution was found
  limit,      // all mode or counting with a limit: the limit was reached
  timeout,    // the deadline passed: counts are incomplete, never reported as numbers
  cancelled,  // stopped from outside (Ctrl-C, a batch): incomplete
};

const char* to_string(Status status);
const char* to_string(Mode mode);

struct RunOptions {
  Mode mode = Mode::count;
  unsigned threads = 0;                  // 0: the current arena (all cores unless nested)
  std::size_t per_worker = 64;           // frontier size per worker (30..100 is the EPS range)
  std::size_t subproblems = 0;           // exact frontier target, overrides per_worker when > 0
  double timeout_seconds = 0;            // 0: no deadline
  std::uint64_t limit = 0;               // all/count modes: stop after this many solutions (0: none)
  const StopSource* stop = nullptr;      // outside cancel (Ctrl-C, batch); optional
  Progress* progress = nullptr;          // live counters for a display; optional
};

// What one subproblem's search produced.
struct Outcome {
  Count count = 0;          // solutions in this subproblem (weighted by symmetry where the kind does)
  Count unique = 0;         // symmetry classes, for kinds that reduce by symmetry; 0 otherwise
  std::uint64_t nodes = 0;  // nodes visited
  bool complete = false;    // searched to the end (false: stopped, or never started)
};

template <class Solution>
struct Result {
  Status status = Status::complete;
  Count count = 0;                    // exact when status == complete (count/all modes)
  Count unique = 0;                   // exact when status == complete, for symmetric kinds
  std::optional<Solution> solution;   // first mode, when solved
  Stats stats;
};

// The per-run services a kind's solve() sees.
template <class Solution>
class Search {
 public:
  using Sink = std::function<void(const Solution&)>;

  Search(Mode mode, std::uint64_t limit, StopSource& stop, tbb::task_group_context& context,
         const Sink* sink, Progress* progress)
      : mode_(mode), limit_(limit), stop_(stop), context_(context), sink_(sink),
        progress_(progress) {}

  Mode mode() const { return mode_; }
  StopPoller poller() const { return StopPoller(&stop_); }
  bool stop_requested() const { return stop_.requested(); }

  // first/all modes: a solution was found. Returns true when the search
  // should go on looking (all mode under its limit), false when it must stop.
  bool offer(const Solution& solution) {
    std::lock_guard lock(mutex_);
    if (mode_ == Mode::first) {
      if (!first_) first_ = solution;
      cancel(StopReason::solved);
      return false;
    }
    if (limit_ != 0 && emitted_ >= limit_) return false;
    if (sink_ != nullptr && *sink_) (*sink_)(solution);
    ++emitted_;
    if (progress_ != nullptr) progress_->found.fetch_add(1, std::memory_order_relaxed);
    if (limit_ != 0 && emitted_ >= limit_) {
      cancel(StopReason::limit);
      return false;
    }
    return true;
  }

  // count mode with a limit (uniqueness proofs): report solutions as they
  // are found. Returns false once the limit is reached and the run stops.
  bool counted(std::uint64_t n) {
    auto seen = counted_.fetch_add(n, std::memory_order_relaxed) + n;
    if (progress_ != nullptr) progress_->found.fetch_add(n, std::memory_order_relaxed);
    if (limit_ != 0 && seen >= limit_) {
      cancel(StopReason::limit);
      return false;
    }
    return true;
  }

  std::optional<Solution> take_first() {
    std::lock_guard lock(mutex_);
    return std::move(first_);
  }
  std::uint64_t emitted() const { return emitted_; }

 private:
  void cancel(StopReason reason) {
    stop_.request(reason);
    context_.cancel_group_execution();
  }

  Mode mode_;
  std::uint64_t limit_;
  StopSource& stop_;
  tbb::task_group_context& context_;
  const Sink* sink_;
  Progress* progress_;
  std::mutex mutex_;
  std::optional<Solution> first_;
  std::uint64_t emitted_ = 0;
  std::atomic<std::uint64_t> counted_{0};
};

namespace detail {

inline double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

// Sets `stop` to timeout when the deadline passes, unless disarmed first.
class Watchdog {
 public:
  Watchdog(StopSource& stop, tbb::task_group_context& context, double seconds) {
    if (seconds <= 0) return;
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(seconds));
    thread_ = std::thread([this, &stop, &context, deadline] {
      std::unique_lock lock(mutex_);
      if (!cv_.wait_until(lock, deadline, [this] { return disarmed_; })) {
        stop.request(StopReason::timeout);
        context.cancel_group_execution();
      }
    });
  }
  ~Watchdog() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      disarmed_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool disarmed_ = false;
  std::thread thread_;
};

inline unsigned worker_count(unsigned threads) {
  return threads != 0 ? threads
                      : static_cast<unsigned>(tbb::this_task_arena::max_concurrency());
}

// Runs body over [0, count), one index per task, on the current arena
// (threads == 0) or on an arena of its own.
template <class Body>
void run_pool(std::size_t count, unsigned threads, tbb::task_group_context& context,
              const Body& body) {
  auto launch = [&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 1), body,
                      tbb::simple_partitioner(), context);
  };
  if (threads == 0) {
    launch();
  } else {
    tbb::task_arena arena(static_cast<int>(threads));
    arena.execute(launch);
  }
}

}  // namespace detail

inline std::size_t frontier_target(const RunOptions& options) {
  if (options.subproblems != 0) return options.subproblems;
  return std::max<std::size_t>(1, detail::worker_count(options.threads) * options.per_worker);
}

// Runs the given subproblems (a whole frontier, or an MPI rank's share of
// one) and returns one Outcome per subproblem, in order. `on_done(i, outcome)`
// is called from worker threads as each one finishes (checkpoints use it).
template <class Kind>
struct Execution {
  std::vector<Outcome> outcomes;
  std::optional<typename Kind::Solution> solution;
  StopReason stop_reason = StopReason::none;
  double cpu_seconds = 0;
};

template <class Kind>
Execution<Kind> execute(const typename Kind::Instance& instance,
                        std::span<const typename Kind::Subproblem> subproblems,
                        const RunOptions& options,
                        const typename Search<typename Kind::Solution>::Sink* sink = nullptr,
                        const std::function<void(std::size_t, const Outcome&)>& on_done = {}) {
  using Solution = typename Kind::Solution;
  Execution<Kind> execution;
  execution.outcomes.resize(subproblems.size());

  StopSource stop(options.stop);
  tbb::task_group_context context;
  Search<Solution> search(options.mode, options.limit, stop, context, sink, options.progress);
  std::atomic<std::uint64_t> cpu_nanoseconds{0};
  if (options.progress != nullptr)
    options.progress->total.fetch_add(subproblems.size(), std::memory_order_relaxed);

  auto body = [&](const tbb::blocked_range<std::size_t>& range) {
    NURSERY_TSAN_ACQUIRE(&execution);
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      if (stop.requested()) return;
      double cpu0 = detail::thread_cpu_seconds();
      Outcome outcome = Kind::solve(instance, subproblems[i], search);
      double cpu = detail::thread_cpu_seconds() - cpu0;
      cpu_nanoseconds.fetch_add(static_cast<std::uint64_t>(cpu * 1e9), std::memory_order_relaxed);
      execution.outcomes[i] = outcome;
      if (options.progress != nullptr) {
        options.progress->nodes.fetch_add(outcome.nodes, std::memory_order_relaxed);
        if (outcome.complete) options.progress->done.fetch_add(1, std::memory_order_relaxed);
      }
      if (outcome.complete && on_done) on_done(i, outcome);
      NURSERY_TSAN_RELEASE(&execution);
    }
  };

  {
    detail::Watchdog watchdog(stop, context, options.timeout_seconds);
    NURSERY_TSAN_RELEASE(&execution);
    if (!stop.requested() && !subproblems.empty())
      detail::run_pool(subproblems.size(), options.threads, context, body);
  }
  NURSERY_TSAN_ACQUIRE(&execution);
  execution.solution = search.take_first();
  execution.stop_reason = stop.reason();
  execution.cpu_seconds = cpu_nanoseconds.load() * 1e-9;
  return execution;
}

// Sums outcomes exactly; throws std::overflow_error past 128 bits.
inline void add_outcome(Count& count, Count& unique, const Outcome& outcome) {
  if (!add_checked(count, outcome.count) || !add_checked(unique, outcome.unique))
    throw std::overflow_error("solution count exceeds 128 bits");
}

inline Status status_of(Mode mode, bool all_complete, bool has_solution, StopReason reason) {
  if (mode == Mode::first && has_solution) return Status::solved;
  if (all_complete) return Status::complete;
  switch (reason) {
    case StopReason::solved: return Status::solved;
    case StopReason::limit: return Status::limit;
    case StopReason::timeout: return Status::timeout;
    default: return Status::cancelled;
  }
}

// Split, execute, aggregate: the whole run of one instance.
template <class Kind>
Result<typename Kind::Solution> run(
    const typename Kind::Instance& instance, const RunOptions& options,
    const typename Search<typename Kind::Solution>::Sink* sink = nullptr) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  Result<typename Kind::Solution> result;
  auto frontier = Kind::split(instance, frontier_target(options));
  result.stats.split_seconds = std::chrono::duration<double>(Clock::now() - start).count();

  auto execution = execute<Kind>(instance, std::span(frontier), options, sink);
  bool all_complete = true;
  for (const auto& outcome : execution.outcomes) {
    add_outcome(result.count, result.unique, outcome);
    result.stats.nodes += outcome.nodes;
    if (outcome.complete) ++result.stats.subproblems_done;
    all_complete = all_complete && outcome.complete;
  }
  result.solution = std::move(execution.solution);
  result.status = status_of(options.mode, all_complete, result.solution.has_value(),
                            execution.stop_reason);
  result.stats.subproblems = frontier.size();
  result.stats.threads = detail::worker_count(options.threads);
  result.stats.cpu_seconds = execution.cpu_seconds;
  result.stats.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace nursery
