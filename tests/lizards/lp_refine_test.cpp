// The LP's fine temperatures and cuts under --max (issue 33): swept
// further and cut by violated cliques, the bound only falls, stays above
// the maximum, and the driver's veto (worth_refining) ends the sweeps.
#include <gtest/gtest.h>

#include <nursery/batch.hpp>
#include <nursery/scheduler.hpp>
#include <optional>

#include "lizards/techniques.hpp"
#include "lizards/tuning.hpp"
#include "support.hpp"

namespace {

using namespace lizards_test;

// The LP on one worker; with `proof`, also the certificate of its bound.
lz::PackingBound run_lp(const lz::Board& board, lz::PackingOptions options,
                        std::optional<lz::BoundCertificate>* proof = nullptr) {
  auto instance = lz::build_instance(board);
  options.keep_proof = proof != nullptr;
  lz::PackingBound bound;
  nursery::with_workers(1, [&] {
    lz::PackingLp lp(*instance, options);
    bound = lp.run(nursery::Budget());
    if (proof != nullptr) *proof = lp.certificate();
  });
  return bound;
}

lz::PackingOptions refined() {
  lz::PackingOptions options;
  options.finest_tau = lz::kFinestTau;
  options.refine_below = lz::kRefineBelow;
  options.refine_stall = lz::kRefineStall;
  options.cut_rounds = lz::kCutRounds;
  options.polish = true;
  return options;
}

TEST(LizardsLpRefinement, FinerSweepsLowerTheBound) {
  const lz::Board board = generated(60, 0.1, 1);
  const lz::PackingBound plain = run_lp(board, lz::PackingOptions{});
  const lz::PackingBound fine = run_lp(board, refined());
  EXPECT_LE(fine.value, plain.value);
  EXPECT_GT(fine.sweeps, plain.sweeps);
  EXPECT_LT(fine.tau, lz::kRefineBelow);
  EXPECT_GT(fine.cuts, 0u);  // cliques the segments and windows miss
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

// Past the descent's stall, PDHG (primal_dual.cpp) goes on from its
// weights: the bound only falls, and the weights it ends with are a
// certificate the independent checker proves.
TEST(LizardsLpRefinement, ThePolishLowersTheBoundAndItsProofHolds) {
  const lz::Board board = generated(60, 0.1, 2);
  lz::PackingOptions descent = refined();
  descent.polish = false;
  const lz::PackingBound plain = run_lp(board, descent);
  std::optional<lz::BoundCertificate> proof;
  const lz::PackingBound polished = run_lp(board, refined(), &proof);
  EXPECT_EQ(plain.iterations, 0u);
  EXPECT_GT(polished.iterations, 0u);
  EXPECT_LE(polished.value, plain.value);
  ASSERT_TRUE(proof.has_value());
  EXPECT_EQ(proof->bound, polished.value);
  const auto verdict = nursery::batch::verify_bound(
      lz::format_instance(board), lz::format_certificate(*proof), "board.txt", "cert.txt");
  ASSERT_TRUE(verdict.has_value());
  EXPECT_TRUE(verdict->valid) << verdict->reason;
}

// The cut separation finds the cliques a fractional solution violates,
// triangles and larger, and nothing else: each cut's cells pairwise on one
// line with no tree between (checked here by walking the board).
TEST(LizardsLpRefinement, CutsAreViolatedCliques) {
  const lz::Board board = make_board(
      7, 1, {"0000000", "0000000", "0000000", "0000000", "0000000", "0000020", "0000000"});
  auto instance = lz::build_instance(board);
  std::vector<float> value(board.cells.size(), 0.0f);
  // A plus around (3, 3): five cells pairwise in sight, 0.3 each (1.5).
  for (auto [r, c] : {std::pair{3, 3}, {2, 3}, {4, 3}, {3, 2}, {3, 4}}) value[r * 7 + c] = 0.3f;
  // Half a lizard on (6, 0) and (6, 6): one row segment holds them, no cut.
  value[6 * 7 + 0] = value[6 * 7 + 6] = 0.5f;
  const auto cuts = lz::violated_cliques(*instance, value, 6, 100);
  ASSERT_FALSE(cuts.empty());
  EXPECT_EQ(cuts.front(), (lz::CutClique{2 * 7 + 3, 3 * 7 + 2, 3 * 7 + 3, 3 * 7 + 4, 4 * 7 + 3}));
  auto sees = [&](std::uint32_t a, std::uint32_t b) {
    const int dr = int(b / 7) - int(a / 7), dc = int(b % 7) - int(a % 7);
    if (a == b || !(dr == 0 || dc == 0 || dr == dc || dr == -dc)) return false;
    const int sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
    for (int r = int(a / 7) + sr, c = int(a % 7) + sc; r != int(b / 7) || c != int(b % 7);
         r += sr, c += sc)
      if (board.cells[r * 7 + c] != lz::kEmpty) return false;
    return true;
  };
  for (const auto& cut : cuts) {
    EXPECT_GE(cut.size(), 3u);
    float sum = 0;
    for (std::size_t i = 0; i < cut.size(); ++i) {
      sum += value[cut[i]];
      for (std::size_t j = i + 1; j < cut.size(); ++j) EXPECT_TRUE(sees(cut[i], cut[j]));
    }
    EXPECT_GT(sum, 1.0f);
  }
}

// The odd-cycle separation (cycles.cpp) finds a hole of five cells that
// each see the next (a tree at the centre cuts the one chord, the long
// diagonal) holding half a lizard each, 5/2 where 2 is the most; with a
// quarter less on every cell none is violated and nothing comes back.
TEST(LizardsLpRefinement, OddCyclesAreViolatedHoles) {
  const lz::Board board = make_board(
      7, 1, {"0000000", "0000000", "0000000", "0002000", "0000000", "0000000", "0000000"});
  auto instance = lz::build_instance(board);
  const std::vector<std::pair<int, int>> hole{{0, 0}, {0, 4}, {2, 6}, {6, 6}, {6, 0}};
  std::vector<float> value(board.cells.size(), 0.0f);
  for (auto [r, c] : hole) value[r * 7 + c] = 0.5f;
  const auto cycles = lz::violated_cycles(*instance, value, 12, 100, 512);
  ASSERT_EQ(cycles.size(), 1u);
  const lz::CutCycle& cycle = cycles.front();
  ASSERT_EQ(cycle.size(), 5u);
  std::vector<std::uint32_t> cells(cycle), expected;
  for (auto [r, c] : hole) expected.push_back(static_cast<std::uint32_t>(r * 7 + c));
  std::sort(cells.begin(), cells.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(cells, expected);
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    const std::uint32_t a = cycle[i], b = cycle[(i + 1) % cycle.size()];
    EXPECT_TRUE(see_each_other(board, int(a / 7), int(a % 7), int(b / 7), int(b % 7)));
  }
  for (auto [r, c] : hole) value[r * 7 + c] = 0.4f;  // 2 in all: no cut
  EXPECT_TRUE(lz::violated_cycles(*instance, value, 12, 100, 512).empty());
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

namespace {

// Boards where the LP's solution violates odd cycles (each cycle's cells
// checked along the board, independently): the bound with the cycles cut is
// still never below the maximum an exhaustive search finds, and its
// certificate, cycle lines among its cliques, is proven by the checker.
TEST(LizardsLpRefinement, BoundsWithOddCyclesAreNeverBelowTheMaximum) {
  std::mt19937_64 rng(3301);
  int with_cycles = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const auto n = 5 + static_cast<std::uint32_t>(rng() % 3);
    const lz::Board board = random_trees(rng, n, 0.1 + static_cast<double>(rng() % 3) / 10.0);
    std::optional<lz::BoundCertificate> proof;
    const lz::PackingBound bound = run_lp(board, refined(), &proof);
    EXPECT_GE(bound.value, brute_force_max(board)) << lz::format_instance(board);
    const std::string text = lz::format_certificate(*proof);
    const auto verdict =
        nursery::batch::verify_bound(lz::format_instance(board), text, "board.txt", "cert.txt");
    ASSERT_TRUE(verdict.has_value());
    EXPECT_TRUE(verdict->valid) << verdict->reason << "\n" << text;
    if (bound.cycles > 0) ++with_cycles;
  }
  EXPECT_GT(with_cycles, 0);  // the cycles were cut on some of the boards
}

}  // namespace
