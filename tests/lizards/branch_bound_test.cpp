// Branch and bound for the largest placement (issue 33): on random small
// boards with trees its proven optimum equals a maximum computed here from
// the rules alone (no engine code), its placements pass the independent
// verifier, and a search stopped early still gives a valid bound.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <random>

#include "lizards/techniques.hpp"
#include "support.hpp"

namespace {

using namespace lizards_test;

// The largest set of cells no two of which see each other, on boards of up
// to 64 empty cells: each cell's sight as a bit mask (see_each_other, the
// rules alone), then the classic recursion: some largest set holds a cell
// of v's closed neighbourhood, for the v with the fewest neighbours left.
std::uint64_t exact_maximum(const lz::Board& board) {
  const int n = static_cast<int>(board.n);
  std::vector<int> cells;
  for (int cell = 0; cell < n * n; ++cell)
    if (board.cells[cell] != lz::kTree) cells.push_back(cell);
  EXPECT_LE(cells.size(), 64u);
  std::vector<std::uint64_t> sight(cells.size(), 0);
  for (std::size_t a = 0; a < cells.size(); ++a)
    for (std::size_t b = 0; b < cells.size(); ++b)
      if (a != b && see_each_other(board, cells[a] / n, cells[a] % n, cells[b] / n, cells[b] % n))
        sight[a] |= std::uint64_t{1} << b;
  auto largest = [&](auto&& self, std::uint64_t left) -> std::uint64_t {
    if (left == 0) return 0;
    int pivot = -1, fewest = 65;
    for (std::uint64_t rest = left; rest != 0; rest &= rest - 1) {
      const int v = std::countr_zero(rest);
      if (const int degree = std::popcount(sight[v] & left); degree < fewest) {
        fewest = degree;
        pivot = v;
      }
    }
    std::uint64_t best = 0;
    for (std::uint64_t choices = (sight[pivot] | (std::uint64_t{1} << pivot)) & left; choices != 0;
         choices &= choices - 1) {
      const int u = std::countr_zero(choices);
      const std::uint64_t after = left & ~sight[u] & ~(std::uint64_t{1} << u);
      best = std::max(best, 1 + self(self, after));
    }
    return best;
  };
  const std::uint64_t all =
      cells.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells.size()) - 1;
  return largest(largest, all);
}

// The placement checked by the independent verifier against the board with
// p = its size.
void expect_verified(const lz::Board& board, const lz::Placement& placement) {
  if (placement.empty()) return;  // p = 0 is no board the format allows
  lz::Board asked = board;
  asked.p = placement.size();
  auto verdict = lz::verify(lz::format_instance(asked), lz::format(asked, &placement));
  EXPECT_TRUE(verdict.valid) << verdict.reason << "\n" << lz::format_instance(asked);
}

TEST(LizardsBranchBound, ProvesTheMaximumOnRandomBoards) {
  std::mt19937_64 rng(33);
  for (int trial = 0; trial < 300; ++trial) {
    const std::uint32_t n = 1 + static_cast<std::uint32_t>(rng() % 8);
    const lz::Board board = random_trees(rng, n, static_cast<double>(rng() % 5) / 10.0);
    if (board.trees() == std::size_t{n} * n) continue;
    const std::uint64_t maximum = exact_maximum(board);
    auto instance = lz::build_instance(board);
    // Half of them from nothing, half from the greedy's placement.
    lz::BranchBoundOptions options;
    if (trial % 2 == 1) options.incumbent = lz::greedy_placement(board);
    auto result = lz::branch_and_bound(*instance, options);
    ASSERT_TRUE(result.optimal) << lz::format_instance(board);
    EXPECT_EQ(result.best.size(), maximum) << lz::format_instance(board);
    EXPECT_EQ(result.bound, maximum) << lz::format_instance(board);
    EXPECT_GE(result.root_bound, maximum) << lz::format_instance(board);
    expect_verified(board, result.best);
  }
}

// --max runs it on the boards its DFS settles: the optimum it proves is the
// exhaustive one, and on some boards the LP's gap was closed by it.
TEST(LizardsBranchBound, MaximizeProvesItsOptimaWithIt) {
  std::mt19937_64 rng(41);
  int by_branching = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const lz::Board board = random_trees(rng, 8, 0.1 + 0.05 * static_cast<double>(trial % 5));
    const std::uint64_t maximum = exact_maximum(board);
    lz::MaximizeOptions options;
    options.threads = 1;
    options.seed = static_cast<std::uint64_t>(trial) + 1;
    auto report = lz::maximize(board, options);  // no deadline: proven
    EXPECT_EQ(report.status, nursery::Status::complete);
    EXPECT_EQ(report.lower, maximum) << lz::format_instance(board);
    EXPECT_EQ(report.upper, maximum) << lz::format_instance(board) << report.upper_by;
    ASSERT_TRUE(report.solution.has_value());
    expect_verified(board, *report.solution);
    by_branching += report.upper_by.starts_with("branch and bound");
  }
  std::printf("branch and bound closed the gap on %d of 40 boards\n", by_branching);
  EXPECT_GT(by_branching, 0);
}

// Boards a little larger than brute force reaches: the optimum proven on
// each is what the same search proves from a smaller incumbent, and never
// above the root's LP; the placement is checked.
TEST(LizardsBranchBound, AnIncumbentChangesNotTheOptimum) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const lz::Board board = generated(12, 0.05 * static_cast<double>(seed % 3 + 1), seed);
    auto instance = lz::build_instance(board);
    auto alone = lz::branch_and_bound(*instance, {});
    lz::BranchBoundOptions options;
    options.incumbent = lz::greedy_placement(board);
    auto seeded = lz::branch_and_bound(*instance, options);
    ASSERT_TRUE(alone.optimal && seeded.optimal);
    EXPECT_EQ(alone.best.size(), seeded.best.size());
    EXPECT_GE(alone.best.size(), options.incumbent.size());
    EXPECT_LE(alone.best.size(), alone.root_bound);
    expect_verified(board, alone.best);
    expect_verified(board, seeded.best);
  }
}

// Stopped before its end the search still proves a bound: never below the
// maximum, and the best placement is safe.
TEST(LizardsBranchBound, AStoppedSearchKeepsAValidBound) {
  std::mt19937_64 rng(5);
  int stopped = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const lz::Board board = random_trees(rng, 8, 0.1);
    const std::uint64_t maximum = exact_maximum(board);
    auto instance = lz::build_instance(board);
    for (std::uint64_t nodes : {1, 16, 64, 256}) {
      lz::BranchBoundOptions options;
      options.budget = nursery::Budget().work_limit(nodes);
      auto result = lz::branch_and_bound(*instance, options);
      EXPECT_GE(result.bound, maximum) << lz::format_instance(board);
      EXPECT_LE(result.best.size(), maximum);
      if (result.optimal) {
        EXPECT_EQ(result.bound, maximum) << lz::format_instance(board);
        EXPECT_EQ(result.best.size(), maximum) << lz::format_instance(board);
      }
      stopped += !result.optimal;
      expect_verified(board, result.best);
    }
  }
  EXPECT_GT(stopped, 0);  // some searches did stop early: the bound above is the open nodes'
}

}  // namespace
