// One pool: the scheduler's lanes (batch's files side by side) and the runs
// nested in them share the lanes' arena, a lane waiting for its own run
// never takes up another lane, and estimate (a sample run by execute, not a
// pool and watchdog of its own) keeps to its seconds and to its budget.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <nursery/estimate.hpp>
#include <nursery/scheduler.hpp>
#include <set>
#include <thread>
#include <vector>

#include "cancel_latency.hpp"
#include "spin_tree.hpp"

namespace {

using nursery::Outcome;
using nursery::RunOptions;
using nursery::Search;

// Piece i (1..size) counts i solutions after walking i * 200 nodes.
struct Ramp {
  struct Instance {
    std::size_t size;
  };
  using Subproblem = std::size_t;
  using Solution = int;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t) {
    std::vector<Subproblem> frontier(instance.size);
    for (std::size_t i = 0; i < frontier.size(); ++i) frontier[i] = i + 1;
    return frontier;
  }
  static Outcome solve(const Instance&, const Subproblem& i, Search<Solution>& search) {
    Outcome outcome;
    auto poller = search.poller();
    for (std::size_t node = 0; node < i * 200; ++node) {
      ++outcome.nodes;
      if (poller.poll()) return outcome;
    }
    outcome.count = i;
    outcome.unique = i;
    outcome.complete = true;
    return outcome;
  }
};

using nursery::testing::Spin;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// What the lanes saw: the threads that ran them or their nested work, the
// arena sizes seen there, and whether a thread ever started a lane while
// it was inside another one.
struct Seen {
  std::mutex mutex;
  std::set<std::thread::id> threads;
  std::set<int> concurrency;
  std::set<std::size_t> lanes;
  std::atomic<int> lane_inside_lane{0};

  void here() {
    std::lock_guard lock(mutex);
    threads.insert(std::this_thread::get_id());
    concurrency.insert(tbb::this_task_arena::max_concurrency());
  }
};

thread_local int t_lanes_entered = 0;

TEST(Pool, LanesAndTheRunsNestedInThemShareOnePool) {
  constexpr unsigned kThreads = 3, kLanes = 5;
  constexpr std::size_t kFiles = 24;
  Seen seen;
  std::atomic<std::size_t> next{0};
  std::vector<nursery::Count> counts(kFiles, 0);
  std::vector<unsigned> run_threads(kFiles, 0);
  nursery::run_lanes(kLanes, kThreads, [&](std::size_t lane) {
    if (++t_lanes_entered != 1) seen.lane_inside_lane.fetch_add(1);
    {
      std::lock_guard lock(seen.mutex);
      seen.lanes.insert(lane);
    }
    seen.here();
    // Each lane takes its next "file" until none is left, as batch's do;
    // a file's runs (a loop of its puzzles, a frontier) nest on the pool.
    for (std::size_t file; (file = next.fetch_add(1)) < kFiles;) {
      // (Pieces that take a while, so that a lane's thread waits for the
      // pieces other threads took: where it could take up another lane.)
      nursery::for_each_index(4, 0, [&](std::size_t) {
        seen.here();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      });
      RunOptions options;  // threads 0: the lane's pool
      auto result = nursery::run<Ramp>(Ramp::Instance{40}, options);
      counts[file] = result.count;
      run_threads[file] = result.stats.threads;
    }
    --t_lanes_entered;
  });
  EXPECT_EQ(seen.lanes.size(), kLanes);  // every lane ran
  EXPECT_EQ(seen.lane_inside_lane.load(), 0) << "a waiting lane took up another lane";
  EXPECT_EQ(seen.concurrency, std::set<int>{static_cast<int>(kThreads)})
      << "a lane or a nested run saw an arena other than the lanes' pool";
  EXPECT_LE(seen.threads.size(), kThreads);
  for (std::size_t file = 0; file < kFiles; ++file) {
    EXPECT_EQ(counts[file], nursery::Count{40 * 41 / 2}) << "file " << file;
    EXPECT_EQ(run_threads[file], kThreads) << "file " << file;  // the nested run's pool
  }
}

TEST(Pool, LanesOnTheCurrentArenaOpenNoneOfTheirOwn) {
  // threads 0: the lanes run on the caller's arena, whatever its size.
  const int size = tbb::this_task_arena::max_concurrency() + 1;
  tbb::task_arena caller(size);
  std::set<int> concurrency;
  std::mutex mutex;
  caller.execute([&] {
    nursery::run_lanes(2, 0, [&](std::size_t) {
      nursery::for_each_index(4, 0, [&](std::size_t) {
        std::lock_guard lock(mutex);
        concurrency.insert(tbb::this_task_arena::max_concurrency());
      });
    });
  });
  EXPECT_EQ(concurrency, std::set<int>{size});
}

TEST(Pool, EstimateSamplesEveryPieceWhenTimeAllows) {
  RunOptions options;
  options.threads = 2;
  auto estimate = nursery::estimate<Ramp>(Ramp::Instance{30}, options, 60.0);
  EXPECT_EQ(estimate.pieces, 30u);
  EXPECT_EQ(estimate.sampled, 30u);
  EXPECT_EQ(estimate.cut, 0u);
  EXPECT_FALSE(estimate.lower_bound());
  EXPECT_EQ(estimate.threads, 2u);
  EXPECT_GT(estimate.projected_cpu, 0.0);
  EXPECT_DOUBLE_EQ(estimate.wall_error, 0.0);  // a sample of every piece has no error
  EXPECT_LT(estimate.sample_seconds, 30.0);
}

TEST(Pool, EstimateKeepsToItsSeconds) {
  RunOptions options;
  options.threads = 2;
  auto start = std::chrono::steady_clock::now();
  auto estimate = nursery::estimate<Spin>(Spin::Instance{}, options, 0.2);
  const double seconds = seconds_since(start);
  EXPECT_GE(seconds, 0.19);
  EXPECT_LT(seconds, 0.2 + 5.0);  // generous: sanitizers on a loaded 2-core machine
  EXPECT_EQ(estimate.sampled, 0u);
  EXPECT_GT(estimate.cut, 0u);  // the pieces stopped at S count with their time
  EXPECT_LE(estimate.cut, 2u);  // ... and only those that ran: one per worker
  EXPECT_TRUE(estimate.lower_bound());
  EXPECT_GT(estimate.projected_cpu, 0.0);
}

TEST(Pool, EstimateHonoursItsBudgetsDeadline) {
  RunOptions options;
  options.threads = 2;
  options.budget = nursery::Budget(nullptr, 0.2);  // sooner than the estimate's 60 s
  auto start = std::chrono::steady_clock::now();
  auto estimate = nursery::estimate<Spin>(Spin::Instance{}, options, 60.0);
  EXPECT_LT(seconds_since(start), 0.2 + 5.0);
  EXPECT_EQ(estimate.sampled, 0u);
  EXPECT_TRUE(estimate.lower_bound());
}

TEST(Pool, EstimateHonoursItsBudgetsStop) {
  auto [estimate, latency_ms] = nursery::testing::cancel_two_workers_after(
      std::chrono::milliseconds(200), [](const RunOptions& options) {
        return nursery::estimate<Spin>(Spin::Instance{}, options, 600.0);
      });
  EXPECT_EQ(estimate.sampled, 0u);
  EXPECT_GT(estimate.cut, 0u);
  EXPECT_LT(latency_ms, nursery::testing::kCancelBudgetMs)
      << "the stop took " << latency_ms << " ms";
}

}  // namespace
