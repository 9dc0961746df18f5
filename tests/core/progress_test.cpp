// Progress that means something: the share a bar shows is the share of the
// frontier's expected work (the kind's work() estimate), not of its
// subproblems; it never goes back, ends at 1, and tracks the work done.
#include <gtest/gtest.h>

#include <cmath>
#include <nursery/lizards.hpp>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>
#include <string>
#include <vector>

#include "queens/counters.hpp"

namespace {

using namespace nursery;

// A synthetic frontier: subproblem i costs cost[i] nodes of busy work, and
// the kind knows it (work() is exact), or does not (Plain).
struct Costed {
  struct Instance {
    std::vector<std::uint64_t> cost;
  };
  using Subproblem = std::size_t;
  using Solution = int;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t) {
    std::vector<Subproblem> all(instance.cost.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    return all;
  }
  static Outcome solve(const Instance& instance, const Subproblem& i, Search<Solution>&) {
    volatile std::uint64_t sink = 0;
    for (std::uint64_t k = 0; k < instance.cost[i]; ++k) sink = sink + k;
    Outcome outcome;
    outcome.nodes = instance.cost[i];
    outcome.count = 1;
    outcome.complete = true;
    return outcome;
  }
  static double work(const Instance& instance, const Subproblem& i) {
    return static_cast<double>(instance.cost[i]);
  }
};
struct Plain {
  using Instance = Costed::Instance;
  using Subproblem = Costed::Subproblem;
  using Solution = Costed::Solution;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target) {
    return Costed::split(instance, target);
  }
  static Outcome solve(const Instance& instance, const Subproblem& i, Search<Solution>& search) {
    return Costed::solve(instance, i, search);
  }
};
static_assert(Weighing<Costed>);
static_assert(!Weighing<Plain>);
static_assert(Weighing<queens::CanonicalCount>);
static_assert(Weighing<queens::JoinCount>);

// Cheap subproblems first, then expensive ones: by subproblems the bar
// would run far ahead of the work.
Costed::Instance skewed() {
  Costed::Instance instance;
  for (int i = 0; i < 60; ++i) instance.cost.push_back(1000);
  for (int i = 0; i < 20; ++i) instance.cost.push_back(100000);
  return instance;
}

// After each subproblem of INSTANCE's frontier (one thread: in frontier
// order): the share shown, by work and by subproblems.
struct Shares {
  std::size_t subproblems = 0;  // the frontier's
  std::vector<double> weighed, by_subproblems;
};
template <class Tree>
Shares trace(const typename Tree::Instance& instance, Progress& progress) {
  const auto frontier = Tree::split(instance, 0);
  Shares shares;
  shares.subproblems = frontier.size();
  RunOptions options;
  options.threads = 1;
  options.progress = &progress;
  execute<Tree>(instance, std::span(frontier), options, nullptr, [&](std::size_t, const Outcome&) {
    shares.weighed.push_back(progress.fraction());
    shares.by_subproblems.push_back(progress.fraction_of_subproblems());
  });
  return shares;
}

TEST(Progress, WeighedShareIsMonotoneEndsAtOneAndTracksWork) {
  const auto instance = skewed();
  Progress progress;
  const auto [subproblems, weighed, by_subproblems] = trace<Costed>(instance, progress);
  ASSERT_EQ(weighed.size(), subproblems);
  double total = 0;
  for (auto c : instance.cost) total += static_cast<double>(c);
  double done = 0, worst_weighed = 0, worst_by_subproblems = 0;
  for (std::size_t i = 0; i < weighed.size(); ++i) {
    if (i > 0) {
      EXPECT_GE(weighed[i], weighed[i - 1]) << "went back at " << i;
    }
    done += static_cast<double>(instance.cost[i]);
    worst_weighed = std::max(worst_weighed, std::abs(weighed[i] - done / total));
    worst_by_subproblems = std::max(worst_by_subproblems, std::abs(by_subproblems[i] - done / total));
  }
  EXPECT_DOUBLE_EQ(weighed.back(), 1.0);
  EXPECT_EQ(progress.work_done.load(), progress.work_total.load());
  EXPECT_LT(worst_weighed, 0.001);
  // 60 of 80 subproblems are 75% of them but 3% of the work.
  EXPECT_GT(worst_by_subproblems, 0.7);
}

TEST(Progress, WithoutWorkEstimateTheShareIsBySubproblems) {
  Progress progress;
  const auto [subproblems, weighed, by_subproblems] = trace<Plain>(skewed(), progress);
  for (std::size_t i = 0; i < weighed.size(); ++i)
    EXPECT_NEAR(weighed[i], by_subproblems[i], 1e-9);
  EXPECT_DOUBLE_EQ(weighed.back(), 1.0);
}

TEST(Progress, EmptyAndUnstartedRunsShowNothingDone) {
  Progress progress;
  EXPECT_EQ(progress.fraction(), 0.0);
  EXPECT_EQ(progress.fraction_of_subproblems(), 0.0);
  progress.raise_best(5);
  progress.raise_best(3);
  EXPECT_EQ(progress.best.load(), 5u);
  progress.lower_bound_to(9);
  progress.lower_bound_to(12);
  progress.lower_bound_to(7);
  EXPECT_EQ(progress.bound.load(), 7u);
}

// The queens counters' estimates against the nodes they really visit, in
// frontier order on one thread (the order in which one worker runs them):
// the cumulative share by estimate stays near the share by nodes (time
// follows nodes for these searches), where the share by subproblems does not.
template <class Tree>
void expect_estimate_tracks_nodes(const typename Tree::Instance& instance, std::size_t target,
                                  double within) {
  const auto frontier = Tree::split(instance, target);
  std::vector<double> work, nodes;
  StopSource stop;
  Search<queens::Placement> search(Mode::count, 0, stop, nullptr, nullptr);
  for (const auto& s : frontier) {
    work.push_back(Tree::work(instance, s));
    nodes.push_back(static_cast<double>(Tree::solve(instance, s, search).nodes));
    EXPECT_GT(work.back(), 0);
  }
  double work_total = 0, node_total = 0;
  for (std::size_t i = 0; i < frontier.size(); ++i) work_total += work[i], node_total += nodes[i];
  double w = 0, v = 0, worst = 0, worst_by_subproblems = 0;
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    w += work[i];
    v += nodes[i];
    worst = std::max(worst, std::abs(w / work_total - v / node_total));
    worst_by_subproblems = std::max(
        worst_by_subproblems, std::abs(static_cast<double>(i + 1) / frontier.size() - v / node_total));
  }
  EXPECT_LT(worst, within) << frontier.size() << " subproblems";
  EXPECT_LT(worst, worst_by_subproblems) << frontier.size() << " subproblems";
  // The same again: the estimate is seeded, so every run shows the same.
  for (std::size_t i = 0; i < frontier.size(); ++i)
    EXPECT_EQ(Tree::work(instance, frontier[i]), work[i]);
}

TEST(Progress, CanonicalEstimateTracksNodes) {
  expect_estimate_tracks_nodes<queens::CanonicalCount>({13}, 128, 0.08);
  expect_estimate_tracks_nodes<queens::CanonicalCount>({14}, 512, 0.08);
}

// Even N: the join's nodes follow its time there; for odd N the time has
// a share nodes do not count (filtering the halves for each middle column),
// which the estimate is fitted to instead (bench/progress.sh measures it).
TEST(Progress, JoinEstimateTracksNodes) {
  expect_estimate_tracks_nodes<queens::JoinCount>({12, 0}, 128, 0.15);
  expect_estimate_tracks_nodes<queens::JoinCount>({14, 0}, 128, 0.15);
}

TEST(Progress, LizardsVerifyCountsItsRows) {
  const std::string board = "DFS\n4\n4\n0000\n0000\n0000\n0000\n";
  const std::string answer = "OK\n0100\n0001\n1000\n0010\n";
  Progress progress;
  auto verdict = lizards::verify(board, answer, nursery::Budget(), &progress);
  ASSERT_TRUE(verdict.has_value());
  EXPECT_TRUE(verdict->valid) << verdict->reason;
  EXPECT_EQ(progress.total.load(), 8u);
  EXPECT_EQ(progress.done.load(), 8u);
}

// The time left a bar shows: unknown before anything is done; a steady run
// shows the raw figure; a run whose share jumps as pieces of unequal size
// finish (the raw figure swinging between 4 and 15 days every 0.2 s, as a
// count of N = 23 did) shows a figure that stays within a narrow band;
// a real change of pace still comes through within a few time constants.
TEST(Eta, UnknownFirstThenSteadyThenDampedAndFollowing) {
  Eta nothing;
  EXPECT_LT(nothing.seconds(5, 0), 0);
  EXPECT_EQ(nothing.text(5, 0), "--");
  EXPECT_LT(nothing.seconds(5, 1), 0);

  Eta steady;  // 1% a second: 100 s in all
  for (int frame = 1; frame <= 100; ++frame) {
    const double elapsed = frame * 0.2;
    const double left = steady.seconds(elapsed, elapsed / 100);
    EXPECT_NEAR(left, 100 - elapsed, 1e-6 * 100) << elapsed;
  }
  EXPECT_EQ(steady.text(50, 0.5), "50s");

  Eta noisy;
  double low = 1e300, high = 0;
  for (int frame = 0; frame < 100; ++frame) {
    const double elapsed = 10 + frame * 0.2;
    const double raw = frame % 2 ? 320'000 : 1'300'000;
    const double left = noisy.seconds(elapsed, elapsed / (elapsed + raw));
    if (frame >= 50) low = std::min(low, left), high = std::max(high, left);
  }
  EXPECT_LT(high / low, 1.25) << low << " .. " << high;

  Eta slowing;  // 10 s at 1%/s, then 30 s stalled at 10%: the raw figure
                // grows from 90 s to 360 s, and the shown one follows
  double left = 0;
  for (int frame = 1; frame <= 50; ++frame) left = slowing.seconds(frame * 0.2, frame * 0.002);
  for (int frame = 1; frame <= 150; ++frame) left = slowing.seconds(10 + frame * 0.2, 0.1);
  EXPECT_GT(left, 0.6 * 360) << left;
}

}  // namespace
