// The frontier scheduler on synthetic kinds whose answers are known by
// construction: exact sums, first-solution cancellation, limits, deadlines,
// outside cancellation and its latency, overflow detection.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <numeric>
#include <nursery/report.hpp>
#include <nursery/scheduler.hpp>

#include "cancel_latency.hpp"
#include "spin_tree.hpp"

namespace {

using nursery::Count;
using nursery::Mode;
using nursery::Outcome;
using nursery::RunOptions;
using nursery::Search;
using nursery::Status;

// Subproblem i holds i solutions (1-based) found after walking i * 1000
// nodes; solutions are the pairs (i, k).
struct Ladder {
  struct Instance {
    std::size_t size;
  };
  using Subproblem = std::size_t;
  using Solution = std::pair<std::size_t, std::size_t>;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t) {
    std::vector<Subproblem> frontier(instance.size);
    std::iota(frontier.begin(), frontier.end(), 1);
    return frontier;
  }
  static Outcome solve(const Instance&, const Subproblem& i, Search<Solution>& search) {
    Outcome outcome;
    auto poller = search.poller();
    for (std::size_t k = 0; k < i; ++k) {
      for (int node = 0; node < 1000; ++node) {
        ++outcome.nodes;
        if (poller.poll()) return outcome;
      }
      ++outcome.count;
      if (search.mode() != Mode::count && !search.offer({i, k})) return outcome;
    }
    outcome.unique = outcome.count;
    outcome.complete = true;
    return outcome;
  }
};

// Subproblem i (0..63) holds one solution, i, when i % 7 == 3, found after
// (64 - i) * 2000 nodes: the right ones answer first, so "first found"
// would favour them; the leftmost rule must still answer 3.
struct Scattered {
  struct Instance {};
  using Subproblem = std::size_t;
  using Solution = std::size_t;
  static std::vector<Subproblem> split(const Instance&, std::size_t) {
    std::vector<Subproblem> frontier(64);
    std::iota(frontier.begin(), frontier.end(), 0);
    return frontier;
  }
  static Outcome solve(const Instance&, const Subproblem& i, Search<Solution>& search) {
    Outcome outcome;
    auto poller = search.poller();
    for (std::size_t node = 0; node < (64 - i) * 2000; ++node) {
      ++outcome.nodes;
      if (poller.poll()) return outcome;
    }
    if (i % 7 == 3) {
      ++outcome.count;
      search.offer(i);
    }
    outcome.complete = true;
    return outcome;
  }
};

using nursery::testing::Spin;

// Counts large enough to overflow 128 bits when summed.
struct Huge {
  struct Instance {};
  using Subproblem = int;
  using Solution = int;
  static std::vector<Subproblem> split(const Instance&, std::size_t) { return {0, 1, 2}; }
  static Outcome solve(const Instance&, const Subproblem&, Search<Solution>&) {
    Outcome outcome;
    outcome.count = (~Count{0}) / 2;
    outcome.complete = true;
    return outcome;
  }
};

TEST(Scheduler, CountIsExactForEveryThreadCount) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    RunOptions options;
    options.threads = threads;
    auto result = nursery::run<Ladder>(Ladder::Instance{200}, options);
    EXPECT_EQ(result.status, Status::complete);
    EXPECT_EQ(result.count, Count{200 * 201 / 2}) << threads << " threads";
    EXPECT_EQ(result.stats.nodes, 1000u * 200 * 201 / 2);
    EXPECT_EQ(result.stats.subproblems, 200u);
    EXPECT_EQ(result.stats.subproblems_done, 200u);
    EXPECT_EQ(result.stats.threads, threads);
  }
}

TEST(Scheduler, FirstSolutionCancelsSiblings) {
  RunOptions options;
  options.mode = Mode::first;
  options.threads = 2;
  auto result = nursery::run<Ladder>(Ladder::Instance{100000}, options);
  EXPECT_EQ(result.status, Status::solved);
  ASSERT_TRUE(result.solution.has_value());
  EXPECT_EQ(result.solution->second, 0u);
  // Far less than the whole tree (5e12 nodes) was walked.
  EXPECT_LT(result.stats.nodes, 1'000'000'000ull);
  EXPECT_LT(result.stats.subproblems_done, 100000u);
}

TEST(Scheduler, FirstModeAnswersTheLeftmostSolutionOnEveryRunAndThreadCount) {
  for (unsigned threads : {1u, 2u, 8u})
    for (int run = 0; run < 20; ++run) {
      RunOptions options;
      options.mode = Mode::first;
      options.threads = threads;
      auto result = nursery::run<Scattered>(Scattered::Instance{}, options);
      EXPECT_EQ(result.status, Status::solved);
      ASSERT_TRUE(result.solution.has_value());
      EXPECT_EQ(*result.solution, 3u) << threads << " threads, run " << run;
      auto ladder = nursery::run<Ladder>(Ladder::Instance{1000}, options);
      ASSERT_TRUE(ladder.solution.has_value());
      EXPECT_EQ(*ladder.solution, (Ladder::Solution{1, 0}));
    }
}

TEST(Scheduler, FirstModeWithAnyTakesAFoundSolution) {
  RunOptions options;
  options.mode = Mode::first;
  options.threads = 2;
  options.any = true;
  auto result = nursery::run<Scattered>(Scattered::Instance{}, options);
  EXPECT_EQ(result.status, Status::solved);
  ASSERT_TRUE(result.solution.has_value());
  EXPECT_EQ(*result.solution % 7, 3u);
}

TEST(Scheduler, FirstModeWithoutSolutionIsComplete) {
  RunOptions options;
  options.mode = Mode::first;
  auto result = nursery::run<Ladder>(Ladder::Instance{0}, options);
  EXPECT_EQ(result.status, Status::complete);
  EXPECT_FALSE(result.solution.has_value());
}

TEST(Scheduler, AllModeStreamsUpToTheLimit) {
  RunOptions options;
  options.mode = Mode::all;
  options.threads = 2;
  options.limit = 37;
  std::atomic<int> seen{0};
  Search<Ladder::Solution>::Sink sink = [&](const Ladder::Solution&) { ++seen; };
  auto result = nursery::run<Ladder>(Ladder::Instance{50}, options, &sink);
  EXPECT_EQ(seen.load(), 37);
  EXPECT_EQ(result.status, Status::limit);

  options.limit = 0;
  seen = 0;
  result = nursery::run<Ladder>(Ladder::Instance{50}, options, &sink);
  EXPECT_EQ(seen.load(), 50 * 51 / 2);
  EXPECT_EQ(result.status, Status::complete);
}

TEST(Scheduler, CountWithLimitStopsEarly) {
  struct Counting : Ladder {
    static Outcome solve(const Instance& instance, const Subproblem& i, Search<Solution>& search) {
      Outcome outcome = Ladder::solve(instance, i, search);
      if (outcome.complete && !search.counted(static_cast<std::uint64_t>(outcome.count)))
        outcome.complete = false;
      return outcome;
    }
  };
  RunOptions options;
  options.limit = 2;
  options.threads = 1;
  auto result = nursery::run<Counting>(Counting::Instance{1000}, options);
  EXPECT_EQ(result.status, Status::limit);
  EXPECT_GE(result.count, Count{2});
  EXPECT_LT(result.stats.subproblems_done, 1000u);
}

TEST(Scheduler, DeadlineGivesTimeoutNotANumber) {
  RunOptions options;
  options.threads = 2;
  options.budget = nursery::Budget(nullptr, 0.1);
  auto start = std::chrono::steady_clock::now();
  auto result = nursery::run<Spin>(Spin::Instance{}, options);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(result.status, Status::timeout);
  EXPECT_EQ(result.stats.subproblems_done, 0u);
  EXPECT_LT(seconds, 2.0);
}

TEST(Scheduler, OutsideCancelStopsABusyPoolWithin50Milliseconds) {
  auto [result, latency_ms] = nursery::testing::cancel_two_workers_after(
      std::chrono::milliseconds(200),
      [](const RunOptions& options) { return nursery::run<Spin>(Spin::Instance{}, options); });
  EXPECT_EQ(result.status, Status::cancelled);
  EXPECT_GT(result.stats.nodes, 0u);
  EXPECT_LT(latency_ms, nursery::testing::kCancelBudgetMs)
      << "cancellation took " << latency_ms << " ms";
  RecordProperty("cancel_latency_ms", std::to_string(latency_ms));
}

// The budget's work limit, in nodes: a pool busy forever stops once its
// pollers have charged the limit (overrunning it by at most a look per
// worker), and says timeout, never a count.
TEST(Scheduler, AWorkLimitStopsABusyPoolAtItsNodes) {
  constexpr std::uint64_t kLimit = 1'000'000;
  for (unsigned threads : {1u, 2u}) {
    RunOptions options;
    options.threads = threads;
    options.budget = nursery::Budget().work_limit(kLimit);
    auto result = nursery::run<Spin>(Spin::Instance{}, options);
    EXPECT_EQ(result.status, Status::timeout) << threads << " threads";
    EXPECT_EQ(result.stats.subproblems_done, 0u);
    EXPECT_GE(result.stats.nodes, kLimit);
    EXPECT_LE(result.stats.nodes, kLimit + (threads + 1) * nursery::StopPoller::kInterval);
    EXPECT_TRUE(options.budget.over_work());  // the caller's copy shares the allowance
  }
}

// Subproblems smaller than a poller's interval count too (the scheduler
// charges what their pollers did not): on one worker the ladder (subproblem
// i walks i * 1000 nodes) charges 45,000 nodes in subproblems 1 to 9 and
// stops in the tenth at the look that passes 50,000 (its 8,192nd node), and
// no count comes of it; a limit above the whole tree changes nothing.
TEST(Scheduler, AWorkLimitCountsEverySubproblemsNodes) {
  RunOptions options;
  options.threads = 1;
  options.budget = nursery::Budget().work_limit(50'000);
  auto stopped =
      nursery::reported(nursery::run<Ladder>(Ladder::Instance{200}, options), Mode::count);
  EXPECT_EQ(stopped.status, Status::timeout);
  EXPECT_EQ(stopped.verdict, nursery::Verdict::unknown);
  EXPECT_FALSE(stopped.count.has_value());
  EXPECT_EQ(stopped.stats.subproblems_done, 9u);
  EXPECT_EQ(stopped.stats.nodes, 45'000u + 2 * nursery::StopPoller::kInterval);
  options.budget = nursery::Budget().work_limit(1000u * 200 * 201 / 2 + 1);
  auto whole = nursery::run<Ladder>(Ladder::Instance{200}, options);
  EXPECT_EQ(whole.status, Status::complete);
  EXPECT_EQ(whole.count, Count{200 * 201 / 2});
}

// A driver's condition (or_when) that turns true mid-run stops a busy pool
// (the watchdog asks it), and the run says cancelled; one already true
// runs no subproblem.
TEST(Scheduler, ADriversConditionStopsTheRunMidway) {
  std::atomic<bool> beaten{false};
  RunOptions options;
  options.threads = 2;
  options.budget = nursery::Budget().or_when(&beaten);
  auto start = std::chrono::steady_clock::now();
  nursery::Background raise = nursery::Background::at(
      nursery::SteadyClock::now() + std::chrono::milliseconds(100), [&] { beaten = true; });
  auto result = nursery::run<Spin>(Spin::Instance{}, options);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(beaten.load());
  EXPECT_EQ(result.status, Status::cancelled);
  EXPECT_GT(result.stats.nodes, 0u);
  EXPECT_EQ(result.stats.subproblems_done, 0u);
  EXPECT_LT(seconds, 20.0);  // not forever (generous: sanitizers, a loaded machine)

  auto already = nursery::run<Ladder>(Ladder::Instance{200}, options);
  EXPECT_EQ(already.status, Status::cancelled);
  EXPECT_EQ(already.stats.nodes, 0u);
  EXPECT_EQ(nursery::reported(already, Mode::count).verdict, nursery::Verdict::unknown);
}

TEST(Scheduler, OverflowIsDetectedNotWrapped) {
  RunOptions options;
  EXPECT_THROW(nursery::run<Huge>(Huge::Instance{}, options), std::overflow_error);
}

TEST(Scheduler, FrontierTargetFollowsThreads) {
  RunOptions options;
  options.threads = 3;
  options.per_worker = 50;
  EXPECT_EQ(nursery::frontier_target(options), 150u);
  options.subproblems = 7;
  EXPECT_EQ(nursery::frontier_target(options), 7u);
}

}  // namespace
