// The frontier scheduler: cut a search tree into many subproblems (the
// frontier) and let a oneTBB pool run them. Generic over search trees by
// templates (the contract is frontier.hpp's SearchTree), so no virtual call
// sits on any hot path.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <ctime>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "nursery/background.hpp"
#include "nursery/count.hpp"
#include "nursery/frontier.hpp"
#include "nursery/progress.hpp"
#include "nursery/stats.hpp"
#include "nursery/stop.hpp"

namespace nursery {

namespace detail {

inline double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

// How often the watchdog asks a budget's conditions (or_when): a search
// stopped by one runs on for about this long.
constexpr auto kConditionPoll = std::chrono::milliseconds(2);

// Sets `stop` to timeout when the budget's deadline passes (at once when it
// has passed), and to cancelled once one of its conditions (or_when) says
// so, unless disarmed first (destroyed). The conditions are asked on the
// watchdog's thread, never in a search's hot loop.
class Watchdog {
 public:
  Watchdog(StopSource& stop, tbb::task_group_context& context, const Budget& budget) {
    if (budget.has_deadline())
      timer_ = Background::at(budget.deadline(), [&stop, &context] {
        stop.request(StopReason::timeout);
        context.cancel_group_execution();
      });
    if (budget.has_conditions())
      conditions_ = Background::every(kConditionPoll, [&stop, &context, &budget] {
        if (!budget.condition_met()) return;
        stop.request(StopReason::cancelled);
        context.cancel_group_execution();
      });
  }

 private:
  Background timer_;
  Background conditions_;
};

// Stops `stop` when `budget` is spent already, for the reason it is (its
// own stop is followed: `stop`'s parent).
inline void stop_if_spent(StopSource& stop, const Budget& budget) {
  const StopReason why = budget.reason();
  if (why != StopReason::none && !budget.stop_requested()) stop.request(why);
}

inline unsigned worker_count(unsigned threads) {
  return threads != 0 ? threads
                      : static_cast<unsigned>(tbb::this_task_arena::max_concurrency());
}

}  // namespace detail

// Runs `task` on a pool of `threads` workers (0: the current arena, all
// cores unless nested): the one place a run opens an arena of its own.
// Whatever `task` spawns (execute, for_each_index, race) runs on that pool.
template <class Task>
void with_workers(unsigned threads, Task&& task) {
  if (threads == 0) {
    task();
    return;
  }
  tbb::task_arena arena(static_cast<int>(threads));
  arena.execute(task);
}

namespace detail {

// Runs body over [0, count), one index per task, on the current arena
// (threads == 0) or on an arena of its own.
template <class Body>
void run_pool(std::size_t count, unsigned threads, tbb::task_group_context& context,
              const Body& body) {
  with_workers(threads, [&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 1), body,
                      tbb::simple_partitioner(), context);
  });
}

}  // namespace detail

inline std::size_t frontier_target(const RunOptions& options) {
  if (options.subproblems != 0) return options.subproblems;
  return std::max<std::size_t>(1, detail::worker_count(options.threads) * options.per_worker);
}

// Runs the given subproblems (a whole frontier, or an MPI rank's share of
// one) and returns one Outcome per subproblem, in order. `on_done(i, outcome)`
// is called from worker threads as each one finishes (checkpoints use it).
template <class Tree>
struct Execution {
  std::vector<Outcome> outcomes;
  std::optional<typename Tree::Solution> solution;
  StopReason stop_reason = StopReason::none;
  double cpu_seconds = 0;
  // Per subproblem: the CPU seconds it ran (to its end, or until a stop cut
  // it), or -1 where it never started.
  std::vector<double> cpu_each;
};

// A tree that estimates each subproblem's work (optional): the progress
// bar weighs its frontier by it, so that the share shown tracks time.
template <class Tree>
concept Weighing = requires(const typename Tree::Instance& instance,
                            const typename Tree::Subproblem& subproblem) {
  { Tree::work(instance, subproblem) } -> std::convertible_to<double>;
};

namespace detail {

// Each subproblem's share of Progress::work_total: its work() over the
// frontier's mean, in Progress::kUnit (at least 1); empty for a tree
// without work() (every subproblem kUnit), and empty once the run's stop or
// deadline has come: weighing the 620,359 join pieces of N = 25 takes 15 s,
// so the budget is looked at every 256 of them.
template <class Tree>
std::vector<std::uint64_t> work_units(const typename Tree::Instance& instance,
                                      std::span<const typename Tree::Subproblem> subproblems,
                                      const Budget& budget = Budget()) {
  std::vector<std::uint64_t> units;
  if constexpr (Weighing<Tree>) {
    std::vector<double> work(subproblems.size());
    double sum = 0;
    for (std::size_t i = 0; i < subproblems.size(); ++i) {
      if (i % 256 == 0 && (budget.stop_requested() || budget.past_deadline())) return units;
      work[i] = std::max(0.0, static_cast<double>(Tree::work(instance, subproblems[i])));
      sum += work[i];
    }
    if (!(sum > 0) || !std::isfinite(sum)) return units;
    const double scale = static_cast<double>(Progress::kUnit) * subproblems.size() / sum;
    units.resize(subproblems.size());
    for (std::size_t i = 0; i < subproblems.size(); ++i)
      units[i] = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(work[i] * scale + 0.5));
  }
  return units;
}

}  // namespace detail

template <class Tree>
requires SearchTree<Tree> Execution<Tree> execute(
    const typename Tree::Instance& instance, std::span<const typename Tree::Subproblem> subproblems,
    const RunOptions& options, const typename Search<typename Tree::Solution>::Sink* sink = nullptr,
    const std::function<void(std::size_t, const Outcome&)>& on_done = {}) {
  using Solution = typename Tree::Solution;
  Execution<Tree> execution;
  execution.outcomes.resize(subproblems.size());
  execution.cpu_each.assign(subproblems.size(), -1.0);

  StopSource stop(options.budget.stop());
  // A budget already spent (a batch's instance that waited past its
  // deadline, a split that took it all, a condition already met) ends the
  // run before any search, as the watchdog would a moment later (its
  // thread may start after a small search has ended).
  detail::stop_if_spent(stop, options.budget);
  tbb::task_group_context context;
  Search<Solution> search(options.mode, options.limit, stop, sink, options.progress,
                          [&context] { context.cancel_group_execution(); });
  const bool work_limited = options.budget.has_work_limit();
  if (work_limited) search.work_limit(&options.budget);
  std::unique_ptr<StopSource[]> subproblem_stops;
  if (options.mode == Mode::first && !options.any && !subproblems.empty()) {
    subproblem_stops = std::make_unique<StopSource[]>(subproblems.size());
    for (std::size_t i = 0; i < subproblems.size(); ++i) subproblem_stops[i].follow(&stop);
    search.leftmost(std::span(subproblem_stops.get(), subproblems.size()));
  }
  std::atomic<std::uint64_t> cpu_nanoseconds{0};
  std::vector<std::uint64_t> units;
  if (options.progress != nullptr) {
    units = detail::work_units<Tree>(instance, subproblems, options.budget);
    std::uint64_t work = 0;
    for (auto u : units) work += u;
    if (units.empty()) work = Progress::kUnit * subproblems.size();
    options.progress->work_total.fetch_add(work, std::memory_order_relaxed);
    options.progress->total.fetch_add(subproblems.size(), std::memory_order_relaxed);
  }

  auto body = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      if (stop.requested()) break;
      // Leftmost rule: a solution to the left already decided the answer.
      if (subproblem_stops && subproblem_stops[i].requested()) continue;
      double cpu0 = detail::thread_cpu_seconds();
      const std::size_t outer = detail::t_subproblem;
      const std::uint64_t outer_charged = detail::t_charged;
      detail::t_subproblem = i;
      detail::t_charged = 0;
      Outcome outcome = Tree::solve(instance, subproblems[i], search);
      // The work limit: the subproblem's nodes its pollers did not charge.
      if (work_limited && outcome.nodes > detail::t_charged)
        search.charge(outcome.nodes - detail::t_charged);
      detail::t_subproblem = outer;
      detail::t_charged = outer_charged;
      double cpu = detail::thread_cpu_seconds() - cpu0;
      cpu_nanoseconds.fetch_add(static_cast<std::uint64_t>(cpu * 1e9), std::memory_order_relaxed);
      execution.cpu_each[i] = cpu;
      execution.outcomes[i] = outcome;
      if (options.progress != nullptr) {
        options.progress->nodes.fetch_add(outcome.nodes, std::memory_order_relaxed);
        if (outcome.complete) {
          options.progress->work_done.fetch_add(units.empty() ? Progress::kUnit : units[i],
                                                std::memory_order_relaxed);
          options.progress->done.fetch_add(1, std::memory_order_relaxed);
        }
      }
      if (outcome.complete && on_done) on_done(i, outcome);
    }
  };

  // (weighing the frontier may itself have taken the budget's time)
  detail::stop_if_spent(stop, options.budget);
  {
    detail::Watchdog watchdog(stop, context, options.budget);
    if (!stop.requested() && !subproblems.empty())
      detail::run_pool(subproblems.size(), options.threads, context, body);
  }
  execution.solution = search.take_first();
  execution.stop_reason = stop.reason();
  execution.cpu_seconds = cpu_nanoseconds.load() * 1e-9;
  return execution;
}

// A tree whose split may take long enough to look at the run's budget
// (optional): split(instance, target, budget), nothing once it is spent.
template <class Tree>
concept SplitsWithin = requires(const typename Tree::Instance& instance, std::size_t target,
                                const Budget& budget) {
  {
    Tree::split(instance, target, budget)
    } -> std::same_as<std::optional<std::vector<typename Tree::Subproblem>>>;
};

template <class Tree>
concept Probing = requires(const typename Tree::Instance& instance,
                           Search<typename Tree::Solution>& search, std::uint64_t nodes) {
  { Tree::probe(instance, search, nodes) } -> std::same_as<std::optional<Outcome>>;
};

namespace detail {

// The probe of run(): the tree in one piece on the calling thread, within
// options.probe_nodes; nothing when it runs over. Its solutions reach the
// sink only when it finishes (a probe cut short is searched again).
template <class Tree>
std::optional<Result<typename Tree::Solution>> probe(
    const typename Tree::Instance& instance, const RunOptions& options,
    const typename Search<typename Tree::Solution>::Sink* sink) {
  using Solution = typename Tree::Solution;
  auto start = SteadyClock::now();
  StopSource stop(options.budget.stop());
  std::vector<Solution> found;
  typename Search<Solution>::Sink keep = [&found](const Solution& s) { found.push_back(s); };
  Search<Solution> search(options.mode, options.limit, stop, sink != nullptr ? &keep : nullptr,
                          nullptr);
  const std::uint64_t outer_charged = detail::t_charged;
  detail::t_charged = 0;
  if (options.budget.has_work_limit()) search.work_limit(&options.budget);
  std::optional<Outcome> outcome = Tree::probe(instance, search, options.probe_nodes);
  // Its nodes count against the work limit (those its pollers did not charge).
  if (outcome && options.budget.has_work_limit() && outcome->nodes > detail::t_charged)
    search.charge(outcome->nodes - detail::t_charged);
  detail::t_charged = outer_charged;
  if (!outcome) return std::nullopt;
  if (sink != nullptr && *sink)
    for (const auto& solution : found) (*sink)(solution);
  if (options.progress != nullptr) {
    options.progress->total.fetch_add(1, std::memory_order_relaxed);
    options.progress->done.fetch_add(outcome->complete ? 1 : 0, std::memory_order_relaxed);
    options.progress->work_total.fetch_add(Progress::kUnit, std::memory_order_relaxed);
    options.progress->work_done.fetch_add(outcome->complete ? Progress::kUnit : 0,
                                          std::memory_order_relaxed);
    options.progress->nodes.fetch_add(outcome->nodes, std::memory_order_relaxed);
  }
  auto result = summarize<Solution>(std::span(&*outcome, 1), options.mode, search.take_first(),
                                    stop.reason());
  result.stats.threads = 1;
  result.stats.wall_seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
  result.stats.cpu_seconds = result.stats.wall_seconds;
  return result;
}

}  // namespace detail

// Split, execute, aggregate: the whole run of one instance (after the
// tree's probe, where it has one and options.probe_nodes asks for it).
template <class Tree>
requires SearchTree<Tree> Result<typename Tree::Solution> run(
    const typename Tree::Instance& instance, const RunOptions& options,
    const typename Search<typename Tree::Solution>::Sink* sink = nullptr) {
  if constexpr (Probing<Tree>) {
    if (options.probe_nodes > 0 && detail::worker_count(options.threads) > 1 &&
        !options.budget.past_deadline())
      if (auto probed = detail::probe<Tree>(instance, options, sink)) return std::move(*probed);
  }
  auto start = SteadyClock::now();
  std::vector<typename Tree::Subproblem> frontier;
  if constexpr (SplitsWithin<Tree>) {
    // A split that looks at the budget (the join's: millions of pieces)
    // and was stopped gives no frontier: the run ends as a stopped run
    // does, never as a count of nothing.
    auto whole = Tree::split(instance, frontier_target(options), options.budget);
    if (!whole) {
      Result<typename Tree::Solution> stopped;
      stopped.status = options.budget.why();
      stopped.stats.threads = detail::worker_count(options.threads);
      stopped.stats.wall_seconds =
          std::chrono::duration<double>(SteadyClock::now() - start).count();
      stopped.stats.split_seconds = stopped.stats.wall_seconds;
      return stopped;
    }
    frontier = std::move(*whole);
  } else {
    frontier = Tree::split(instance, frontier_target(options));
  }

  const double split_seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
  auto execution = execute<Tree>(instance, std::span(frontier), options, sink);
  Result<typename Tree::Solution> result = summarize<typename Tree::Solution>(
      execution.outcomes, options.mode, std::move(execution.solution), execution.stop_reason);
  result.stats.split_seconds = split_seconds;
  result.stats.threads = detail::worker_count(options.threads);
  result.stats.cpu_seconds = execution.cpu_seconds;
  result.stats.wall_seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
  return result;
}

// ---- Techniques side by side -------------------------------------------------
// What a puzzle kind's drivers need beside one frontier run (lizards' bounds and
// --max; batch): a loop over indices, lanes that each take their next piece
// of work, a race of techniques, and rounds of a frontier with growing work
// budgets, all on the pool above, so that no kind or driver opens arenas or
// task groups of its own. The hand-overs between threads are oneTBB's own
// (a task spawned, a loop joined): ThreadSanitizer sees them in a oneTBB
// built with it (.ci/tsan_tbb.sh), and nothing here states them again.

// Runs body(i) for every i in [0, count), one index per task, on a pool of
// `threads` workers (0: the current arena); returns when every call has.
// Every index runs: the loop is cut off neither by an enclosing run's
// cancellation nor by a stop (each body polls its own budget), so a body
// may fill a slot its caller reads.
template <class Body>
void for_each_index(std::size_t count, unsigned threads, const Body& body) {
  if (count == 0) return;
  with_workers(threads, [&] {
    tbb::task_group_context isolated(tbb::task_group_context::isolated);
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, count, 1),
        [&body](const tbb::blocked_range<std::size_t>& range) {
          for (std::size_t i = range.begin(); i != range.end(); ++i) body(i);
        },
        tbb::simple_partitioner(), isolated);
  });
}

// Runs `lanes` lanes side by side on a pool of `threads` workers (0: the
// current arena): lane(l) for each l, each on a task of its own, returns
// when every lane has. A lane loops taking its next piece of work (batch's
// files) until none is left; whatever it runs with threads = 0 (execute,
// for_each_index, race) nests in the same pool, so free workers help any
// lane's run. A lane is isolated: while it waits for its own run, its
// thread takes only that run's tasks, never another lane (which would hold
// this one until that lane's whole queue were done).
template <class Lane>
void run_lanes(unsigned lanes, unsigned threads, const Lane& lane) {
  for_each_index(lanes, threads,
                 [&lane](std::size_t l) { tbb::this_task_arena::isolate([&] { lane(l); }); });
}

// A technique of a race: given its budget (the race's, ending too once
// another technique's answer beats it), an answer or nothing.
template <class Answer>
using Technique = std::function<std::optional<Answer>(const Budget&)>;

struct RaceOptions {
  unsigned threads = 0;  // 0: the current arena
  Budget budget;         // every technique's; the race adds only its own stops
  // The first answer stops every other technique. Otherwise the frontier's
  // leftmost rule: an answer stops only the techniques to its right, and
  // the answer kept is the leftmost one (the same whatever the timing,
  // where each technique's own answer is).
  bool any = false;
};

template <class Answer>
struct Raced {
  std::optional<Answer> answer;
  std::size_t winner = static_cast<std::size_t>(-1);  // the technique whose answer it is
};

// Runs the techniques side by side, technique 0 first where workers are
// fewer than techniques; a technique beaten before it starts is not called.
template <class Answer>
Raced<Answer> race(const std::vector<Technique<Answer>>& techniques, const RaceOptions& options) {
  Raced<Answer> raced;
  std::mutex mutex;
  std::vector<std::atomic<bool>> beaten(techniques.size());
  for_each_index(techniques.size(), options.threads, [&](std::size_t i) {
    if (beaten[i].load()) return;
    std::optional<Answer> answer = techniques[i](options.budget.or_when(&beaten[i]));
    if (!answer) return;
    std::lock_guard lock(mutex);
    if (raced.answer && (options.any || raced.winner < i)) return;
    raced.answer = std::move(answer);
    raced.winner = i;
    for (std::size_t other = options.any ? 0 : i + 1; other < techniques.size(); ++other)
      if (other != i) beaten[other].store(true);
  });
  return raced;
}

// How a frontier runs in rounds (below): a tree's entries stop, incomplete,
// after a budget of work they carry, and `next_round` raises it.
template <class Tree>
struct Rounds {
  using Subproblem = typename Tree::Subproblem;
  // Entries that run every round and never count as searched (a technique
  // that covers no part of the tree, such as a local search racing it).
  std::function<bool(const Subproblem&)> keeps;
  // Called before each round (0 first) with the entries left and how many of
  // them cover the tree (not kept); from round 1 on it raises their budgets.
  // False: no more rounds (the last one's result stands).
  std::function<bool(std::span<Subproblem>, std::size_t round, std::size_t covering)> next_round;
};

// A frontier in rounds of growing work budgets: each round runs the entries
// left (execute, first mode under the leftmost rule: a round's answer is
// its leftmost find); a round without an answer or a stop drops the
// entries it searched to their end, and the next runs the others again.
// The rounds end at an answer, a stop, the budget, or when only kept
// entries are left (every covering entry searched: none has an answer).
// Statistics are the rounds' sums; counts, those of the entries searched
// to their end plus the last round's.
template <class Tree>
requires SearchTree<Tree> Result<typename Tree::Solution> run_rounds(
    const typename Tree::Instance& instance, std::vector<typename Tree::Subproblem> frontier,
    const RunOptions& options, const Rounds<Tree>& plan) {
  using Solution = typename Tree::Solution;
  auto start = SteadyClock::now();
  auto covers = [&](const typename Tree::Subproblem& entry) {
    return !plan.keeps || !plan.keeps(entry);
  };
  Result<Solution> result;
  Count count = 0, unique = 0;  // of the entries dropped so far
  Outcome earlier;              // ... before the last round that ran
  Stats sum;
  for (const auto& entry : frontier) sum.subproblems += covers(entry) ? 1 : 0;
  for (std::size_t round = 0;; ++round) {
    std::size_t covering = 0;
    for (const auto& entry : frontier) covering += covers(entry) ? 1 : 0;
    if (round > 0 && covering == 0) break;  // every covering entry exhausted
    if (plan.next_round && !plan.next_round(std::span(frontier), round, covering)) break;
    earlier.count = count;
    earlier.unique = unique;
    auto execution =
        execute<Tree>(instance, std::span<const typename Tree::Subproblem>(frontier), options);
    result = summarize<Solution>(execution.outcomes, options.mode, std::move(execution.solution),
                                 execution.stop_reason);
    sum.nodes += result.stats.nodes;
    sum.pairs += result.stats.pairs;
    sum.cpu_seconds += execution.cpu_seconds;
    for (std::size_t i = 0; i < frontier.size(); ++i)
      if (execution.outcomes[i].complete && covers(frontier[i])) ++sum.subproblems_done;
    if (result.solution || execution.stop_reason != StopReason::none) break;
    std::vector<typename Tree::Subproblem> rest;
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      if (covers(frontier[i]) && execution.outcomes[i].complete) {
        add_outcome(count, unique, execution.outcomes[i]);
        continue;
      }
      rest.push_back(std::move(frontier[i]));
    }
    frontier = std::move(rest);
  }
  add_outcome(result.count, result.unique, earlier);
  sum.threads = detail::worker_count(options.threads);
  sum.wall_seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
  result.stats = sum;
  return result;
}

}  // namespace nursery
