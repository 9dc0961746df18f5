// The anytime report of --max (issue 33): best and bound as they moved, with
// their times, and the primal-dual integral; --progress shows best, bound
// and gap.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <nursery/background.hpp>
#include <thread>

#include "lizards/techniques.hpp"
#include "run_cli.hpp"
#include "support.hpp"
#include "temp_dir.hpp"

namespace {

using namespace lizards_test;
using nursery::SteadyClock;

double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

TEST(LizardsTrajectory, TheIntegralIsTheGapOverTime) {
  const auto before = SteadyClock::now();
  lz::Trajectory trajectory;
  trajectory.record(5, 10);  // gap 1/2 from (almost) the start
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const double middle = seconds_since(before);
  trajectory.record(10, 10);  // closed: the integral stops growing
  const double closed = trajectory.primal_dual_integral();
  // 1/2 over at least the 100 ms slept, at most over all the time so far
  // (plus the gap of 1 before the first point).
  EXPECT_GE(closed, 0.5 * 0.1 - 1e-6);
  EXPECT_LE(closed, 0.5 * middle + 0.01 + 0.5 * seconds_since(before));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_NEAR(trajectory.primal_dual_integral(), closed, 1e-9);
  // Values that move neither best up nor bound down are no new point.
  trajectory.record(9, 11);
  const auto points = trajectory.points();
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].best, 5u);
  EXPECT_EQ(points[0].bound, 10u);
  EXPECT_EQ(points[1].best, 10u);
  EXPECT_EQ(points[1].bound, 10u);
  EXPECT_GE(points[1].seconds - points[0].seconds, 0.1);
}

TEST(LizardsTrajectory, PointsFromManyThreadsStayMonotone) {
  lz::Trajectory trajectory;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&trajectory, t] {
      for (std::uint64_t i = 0; i < 20000; ++i) trajectory.record(i / 4 + t, 100000 - i);
    });
  for (auto& thread : threads) thread.join();
  const auto points = trajectory.points();
  ASSERT_FALSE(points.empty());
  for (std::size_t i = 1; i < points.size(); ++i) {
    EXPECT_GE(points[i].seconds, points[i - 1].seconds);
    EXPECT_GE(points[i].best, points[i - 1].best);
    EXPECT_LE(points[i].bound, points[i - 1].bound);
  }
  EXPECT_EQ(points.back().best, 19999u / 4 + 3);
  EXPECT_EQ(points.back().bound, 100000u - 19999);
}

TEST(LizardsTrajectory, MaximizeReportsHowBestAndBoundMoved) {
  const lz::Board board = generated(30, 0.1, 3);
  lz::MaximizeOptions options;
  options.threads = 2;
  options.budget = nursery::Budget(nullptr, 1.0);
  const auto report = lz::maximize(board, options);
  ASSERT_FALSE(report.trajectory.empty());
  const auto& first = report.trajectory.front();
  const auto& last = report.trajectory.back();
  EXPECT_EQ(first.best, report.greedy);
  EXPECT_EQ(last.best, report.lower);
  EXPECT_EQ(last.bound, report.upper);
  EXPECT_LE(last.seconds, report.stats.wall_seconds);
  for (std::size_t i = 1; i < report.trajectory.size(); ++i) {
    EXPECT_GE(report.trajectory[i].best, report.trajectory[i - 1].best);
    EXPECT_LE(report.trajectory[i].bound, report.trajectory[i - 1].bound);
  }
  // The gap is at most 1 throughout, and the final gap holds to the end.
  EXPECT_GT(report.primal_dual_integral, 0.0);
  EXPECT_LE(report.primal_dual_integral, report.stats.wall_seconds);
  EXPECT_GE(report.primal_dual_integral,
            report.gap() * (report.stats.wall_seconds - last.seconds) - 1e-3);
}

TEST(LizardsTrajectoryCli, JsonCarriesTheTrajectoryAndProgressShowsTheGap) {
  nursery::testing::TempDir dir;
  ASSERT_EQ(nursery::testing::run_in(dir.path(), "gen lizards --n 40 --trees 0.1 --seed 2 -o b.txt")
                .status,
            0);
  const auto run =
      nursery::testing::run_in(dir.path(), "lizards b.txt --max --timeout 1 --json -o out.txt");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto report = nlohmann::json::parse(run.out);
  ASSERT_TRUE(report["trajectory"].is_array());
  ASSERT_FALSE(report["trajectory"].empty());
  const auto& last = report["trajectory"].back();
  EXPECT_EQ(last[1].get<std::uint64_t>(), report["best"].get<std::uint64_t>());
  EXPECT_EQ(last[2].get<std::uint64_t>(), report["upper"].get<std::uint64_t>());
  EXPECT_GT(report["primal_dual_integral"].get<double>(), 0.0);
  // One type per key across commands (issue 35): seconds is the wall time.
  ASSERT_TRUE(report["seconds"].is_number());
  EXPECT_TRUE(report["phase_seconds"].is_object());
  EXPECT_LE(report["primal_dual_integral"].get<double>(), report["seconds"].get<double>());
  const auto shown =
      nursery::testing::run_in(dir.path(), "lizards b.txt --max --timeout 1 --progress -o out.txt");
  EXPECT_EQ(shown.status, 0);
  EXPECT_NE(shown.err.find("lizards --max: best "), std::string::npos) << shown.err;
  EXPECT_NE(shown.err.find(", bound "), std::string::npos) << shown.err;
  EXPECT_NE(shown.err.find(", gap "), std::string::npos) << shown.err;
}

}  // namespace
