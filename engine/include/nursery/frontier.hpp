// The contract of the frontier scheduler, free of oneTBB: what a search
// tree implements (the SearchTree concept below) and what its solve() sees.
// ("Kind" is a puzzle kind, nursery/kind.hpp's PuzzleKind: queens,
// lizards, Skyscrapers; each runs one or more search trees.)
//
// A search tree is a struct with
//   using Instance   = ...;   // immutable, shared by every task
//   using Subproblem = ...;   // one entry of the frontier
//   using Solution   = ...;   // what first/all modes hand back
//   static std::vector<Subproblem> split(const Instance&, std::size_t target);
//   static Outcome solve(const Instance&, const Subproblem&, Search<Solution>&);
// and, optionally,
//   static std::optional<Outcome> probe(const Instance&, Search<Solution>&,
//                                       std::uint64_t nodes);
// the whole tree in one piece within `nodes` nodes, or nothing when it runs
// over (RunOptions::probe_nodes), and
//   static double work(const Instance&, const Subproblem&);
// a subproblem's expected work in any unit (its tree's estimated nodes):
// with RunOptions::progress set, the progress shown is the share of the
// frontier's work done, not of its subproblems (scheduler.hpp's Weighing).
// split() aims at `target` subproblems (30 to 100 per worker, the
// Embarrassingly Parallel Search rule); solve() runs a local backtracker that
// polls search.poller() and, in first/all modes, hands solutions to
// search.offer(). The pool that runs them is scheduler.hpp's.
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "nursery/budget.hpp"
#include "nursery/count.hpp"
#include "nursery/progress.hpp"
#include "nursery/stats.hpp"
#include "nursery/stop.hpp"

namespace nursery {

enum class Mode {
  count,  // search every subproblem to the end; exact sum of the counts
  first,  // one solution: by default the leftmost subproblem's (the same on every
          // run and thread count); with RunOptions::any the first found wins
  all,    // stream every solution to a sink, up to a limit
};

const char* to_string(Mode mode);

struct RunOptions {
  Mode mode = Mode::count;
  unsigned threads = 0;                  // 0: the current arena (all cores unless nested)
  std::size_t per_worker = 64;           // frontier size per worker (30..100 is the EPS range)
  std::size_t subproblems = 0;           // exact frontier target, overrides per_worker when > 0
  std::uint64_t limit = 0;               // all/count modes: stop after this many solutions (0: none)
  // Ctrl-C, a batch, the deadline (absolute: the split counts too), a
  // work limit in nodes, a driver's conditions: the run honours them all
  // (execute: the deadline and the conditions by its watchdog, the work
  // limit as the pollers look and as each subproblem ends).
  Budget budget;
  Progress* progress = nullptr;          // live counters for a display; optional
  // > 0, for trees with a probe (below), on more than one worker: first
  // search the whole tree in one piece for up to this many nodes, and cut a
  // frontier only when it runs over (small trees cost less than a frontier).
  std::uint64_t probe_nodes = 0;
  // First mode: take the first solution found, whichever subproblem has it,
  // and cancel every sibling (the fastest; the answer may differ from run
  // to run). Otherwise the answer is the solution of the leftmost subproblem
  // that has one: a find cancels only the subproblems to its right, those to
  // its left run on, so every run and thread count prints the same answer.
  bool any = false;
};

// What one subproblem's search produced.
// The scheduler keeps one per subproblem (millions on a lizards BFS board),
// so it stays at 48 bytes: the join's pairs share a word with `complete`
// (a 64-byte Outcome cost 26% more page faults on those boards).
struct Outcome {
  Count count = 0;   // solutions in this subproblem (weighted by symmetry where the tree does)
  Count unique = 0;  // symmetry classes, for trees that reduce by symmetry; 0 otherwise
  std::uint64_t nodes = 0;  // nodes visited
  std::uint64_t pairs : 63 = 0;  // candidate pairs a join compared (0 for other trees)
  bool complete : 1 = false;     // searched to the end (false: stopped, or never started)
};
static_assert(sizeof(Outcome) == 48, "an Outcome a subproblem: keep it small");

template <class Solution>
struct Result {
  Status status = Status::complete;
  Count count = 0;                    // exact when status == complete (count/all modes)
  Count unique = 0;                   // exact when status == complete, for symmetric trees
  std::optional<Solution> solution;   // first mode, when solved
  Stats stats;
};

namespace detail {
// The subproblem the current thread is solving (the scheduler sets it around
// each solve() call, nested runs save and restore it): where a solution was
// found, for the leftmost rule.
inline thread_local std::size_t t_subproblem = static_cast<std::size_t>(-1);
// The work the current thread's pollers charged to the run's work limit
// during its current solve() (the scheduler charges the rest of the
// subproblem's nodes when it returns).
inline thread_local std::uint64_t t_charged = 0;
}  // namespace detail

// The per-run services a tree's solve() sees.
template <class Solution>
class Search final : public WorkMeter {
 public:
  using Sink = std::function<void(const Solution&)>;

  // `cancel_pool` (optional) ends the tasks not yet started once the
  // search must stop; the scheduler passes its pool's cancel.
  Search(Mode mode, std::uint64_t limit, StopSource& stop, const Sink* sink, Progress* progress,
         std::function<void()> cancel_pool = {})
      : mode_(mode), limit_(limit), stop_(stop), cancel_pool_(std::move(cancel_pool)), sink_(sink),
        progress_(progress) {}

  Mode mode() const { return mode_; }
  // A poller of the run's stop; under a work limit it charges its polls
  // (nodes) to the run's budget as it looks.
  StopPoller poller(unsigned interval = StopPoller::kInterval) const {
    return StopPoller(&source(), interval,
                      budget_ != nullptr ? const_cast<Search*>(this) : nullptr);
  }
  bool stop_requested() const { return source().requested(); }

  // The run's budget has a work limit: pollers charge it (charge()).
  void work_limit(const Budget* budget) { budget_ = budget; }
  // `units` of work done on this thread: charged to the run's work limit,
  // and the run stops (timeout) once it is reached.
  void charge(std::uint64_t units) override {
    detail::t_charged += units;
    if (budget_ != nullptr && !budget_->charge(units)) cancel(StopReason::timeout);
  }

  // First mode under the leftmost rule: one stop per subproblem (each
  // following the run's stop), so a find stops only those to its right.
  void leftmost(std::span<StopSource> subproblem_stops) { subproblem_stops_ = subproblem_stops; }

  // first/all modes: a solution was found. Returns true when the search
  // should go on looking (all mode under its limit), false when it must stop.
  bool offer(const Solution& solution) {
    std::lock_guard lock(mutex_);
    if (mode_ == Mode::first) {
      if (subproblem_stops_.empty()) {
        if (!first_) first_ = solution;
        cancel(StopReason::solved);
        return false;
      }
      std::size_t index = std::min(detail::t_subproblem, subproblem_stops_.size() - 1);
      if (!first_ || index < first_index_) {
        first_ = solution;
        for (std::size_t right = index + 1; right < std::min(first_index_, subproblem_stops_.size());
             ++right)
          subproblem_stops_[right].request(StopReason::solved);
        first_index_ = index;
      }
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
    if (cancel_pool_) cancel_pool_();
  }
  const StopSource& source() const {
    if (detail::t_subproblem < subproblem_stops_.size())
      return subproblem_stops_[detail::t_subproblem];
    return stop_;
  }

  Mode mode_;
  std::uint64_t limit_;
  StopSource& stop_;
  const Budget* budget_ = nullptr;  // with a work limit; else none
  std::function<void()> cancel_pool_;
  const Sink* sink_;
  Progress* progress_;
  std::mutex mutex_;
  std::optional<Solution> first_;
  std::size_t first_index_ = static_cast<std::size_t>(-1);  // leftmost rule: first_'s subproblem
  std::span<StopSource> subproblem_stops_;
  std::uint64_t emitted_ = 0;
  std::atomic<std::uint64_t> counted_{0};
};

// The contract at the head of this file: what the scheduler's run, execute
// and run_rounds take (split: the plain one, or the one that looks at the
// budget, scheduler.hpp's SplitsWithin). Every search tree states it with a
// static_assert beside its declaration.
template <class Tree>
concept SearchTree = requires(const typename Tree::Instance& instance,
                              const typename Tree::Subproblem& subproblem,
                              Search<typename Tree::Solution>& search) {
  { Tree::solve(instance, subproblem, search) } -> std::same_as<Outcome>;
}
&&(
    requires(const typename Tree::Instance& instance, std::size_t target) {
      { Tree::split(instance, target) } -> std::same_as<std::vector<typename Tree::Subproblem>>;
    } ||
    requires(const typename Tree::Instance& instance, std::size_t target, const Budget& budget) {
      {
        Tree::split(instance, target, budget)
        } -> std::same_as<std::optional<std::vector<typename Tree::Subproblem>>>;
    });

// Sums outcomes exactly; throws std::overflow_error past 128 bits.
inline void add_outcome(Count& count, Count& unique, const Outcome& outcome) {
  if (!add_checked(count, outcome.count) || !add_checked(unique, outcome.unique))
    throw std::overflow_error("solution count exceeds 128 bits");
}

inline Status status_of(Mode mode, bool all_complete, bool has_solution, StopReason reason) {
  if (mode == Mode::first && has_solution) return Status::solved;
  if (all_complete) return Status::complete;
  return status_of(reason);
}

// Outcomes into a result, the one way every caller aggregates: exact sums
// (std::overflow_error past 128 bits), nodes, subproblems done, and the
// status the run ended with. Threads and times are the caller's to fill in.
template <class Solution>
Result<Solution> summarize(std::span<const Outcome> outcomes, Mode mode,
                           std::optional<Solution> solution, StopReason reason) {
  Result<Solution> result;
  bool all_complete = true;
  for (const auto& outcome : outcomes) {
    add_outcome(result.count, result.unique, outcome);
    result.stats.nodes += outcome.nodes;
    result.stats.pairs += outcome.pairs;
    if (outcome.complete) ++result.stats.subproblems_done;
    all_complete = all_complete && outcome.complete;
  }
  result.stats.subproblems = outcomes.size();
  result.solution = std::move(solution);
  result.status = status_of(mode, all_complete, result.solution.has_value(), reason);
  return result;
}

}  // namespace nursery
