// The LP's fine temperatures and cuts under --max (issue 33): swept
// further and cut by violated triangles, the bound only falls, stays above
// the maximum, and the driver's veto (worth_refining) ends the sweeps.
#include <gtest/gtest.h>

#include <nursery/scheduler.hpp>

#include "lizards/techniques.hpp"
#include "lizards/tuning.hpp"
#include "support.hpp"

namespace {

using namespace lizards_test;

lz::PackingBound run_lp(const lz::Board& board, const lz::PackingOptions& options) {
  auto instance = lz::build_instance(board);
  lz::PackingBound bound;
  nursery::with_workers(1, [&] {
    lz::PackingLp lp(*instance, options);
    bound = lp.run(nursery::Budget());
  });
  return bound;
}

lz::PackingOptions refined() {
  lz::PackingOptions options;
  options.finest_tau = lz::kFinestTau;
  options.refine_below = lz::kRefineBelow;
  options.refine_stall = lz::kRefineStall;
  options.cut_rounds = lz::kCutRounds;
  return options;
}

TEST(LizardsLpRefinement, FinerSweepsLowerTheBound) {
  const lz::Board board = generated(60, 0.1, 1);
  const lz::PackingBound plain = run_lp(board, lz::PackingOptions{});
  const lz::PackingBound fine = run_lp(board, refined());
  EXPECT_LE(fine.value, plain.value);
  EXPECT_GT(fine.sweeps, plain.sweeps);
  EXPECT_LT(fine.tau, lz::kRefineBelow);
  EXPECT_GT(fine.cuts, 0u);  // triangles the segments and windows miss
  // Vetoed at once: the sweeps stop at the first fine level's first check.
  lz::PackingOptions vetoed = refined();
  int asked = 0;
  vetoed.worth_refining = [&asked](double) {
    ++asked;
    return false;
  };
  vetoed.cut_rounds = 0;
  const lz::PackingBound stopped = run_lp(board, vetoed);
  EXPECT_GT(asked, 0);
  EXPECT_LT(stopped.sweeps, fine.sweeps);
  EXPECT_GE(stopped.value, fine.value);
}

TEST(LizardsLpRefinement, TheRefinedBoundIsNeverBelowTheMaximum) {
  std::mt19937_64 rng(331);
  for (int trial = 0; trial < 60; ++trial) {
    const lz::Board board = random_board(rng, 6);
    std::uint64_t maximum = 0;
    each_safe_set(board, [&](std::size_t size) {
      maximum = std::max<std::uint64_t>(maximum, size);
      return true;
    });
    EXPECT_GE(run_lp(board, refined()).value, maximum) << lz::format_instance(board);
  }
}

}  // namespace
