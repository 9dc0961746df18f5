// The improving search's population (population.cpp) and the walk of its
// local search below the best (local_search.cpp): every placement they give
// passes the independent checker, none is smaller than where it started,
// and the same seed under the same budget of polls gives the same one.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "lizards/internal.hpp"
#include "support.hpp"

namespace {

using namespace lizards_test;

// The checker shares no code with the solver: a placement of p lizards on
// the board with p = its size.
void expect_verified(const lz::Board& board, const lz::Placement& placement) {
  ASSERT_FALSE(placement.empty());
  lz::Board asked = board;
  asked.p = placement.size();
  auto verdict = lz::verify(lz::format_instance(asked), lz::format(asked, &placement));
  EXPECT_TRUE(verdict.valid) << verdict.reason;
}

// A budget that ends after `polls` looks (a search polls it at fixed
// points of its moves): the same work on every run and machine.
nursery::Budget polls(std::shared_ptr<std::uint64_t> count, std::uint64_t most) {
  return nursery::Budget().or_when([count, most] { return ++*count > most; });
}

TEST(LizardsPopulation, ARecombinedChildIsSafeAndKeepsTheNearParentsSide) {
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 20; ++trial) {
    lz::Board board = random_trees(rng, 12 + static_cast<std::uint32_t>(rng() % 30), 0.15);
    auto in = lz::build_instance(board);
    lz::ImproveOptions options;
    options.seed = 1 + trial;
    options.budget = polls(std::make_shared<std::uint64_t>(0), 40);
    lz::Placement near = lz::improve_placement(*in, lz::greedy_placement(board), options);
    options.seed = 100 + trial;
    options.budget = polls(std::make_shared<std::uint64_t>(0), 40);
    lz::Placement far = lz::improve_placement(*in, {}, options);
    lz::Cut cut;
    cut.across_columns = trial % 2 == 1;
    cut.at = static_cast<std::uint32_t>(rng() % (board.n + 1));
    lz::Placement child = lz::recombine(*in, near, far, cut);
    ASSERT_TRUE(std::is_sorted(child.begin(), child.end()));
    if (!child.empty()) expect_verified(board, child);
    // Every lizard of `near` on its side is kept: they see none of each other.
    for (auto cell : near) {
      const std::uint32_t line = cut.across_columns ? cell % board.n : cell / board.n;
      if (line < cut.at) {
        EXPECT_TRUE(std::binary_search(child.begin(), child.end(), cell));
      }
    }
  }
}

TEST(LizardsPopulation, GenerationsAreSafeNeverShrinkAndRepeatForASeed) {
  lz::Board board = generated(60, 0.1, 3);
  auto in = lz::build_instance(board);
  auto map = std::make_shared<const lz::SegmentCells>(*in);
  const lz::Placement greedy = lz::greedy_placement(board);
  auto breed = [&](std::uint64_t seed) {
    lz::Population population(*in, map, seed, 4);
    std::vector<std::size_t> sizes;
    lz::Placement best = greedy;
    for (int generation = 0; generation < 16; ++generation) {
      lz::ImproveOptions options;
      options.budget = polls(std::make_shared<std::uint64_t>(0), 30);
      best = population.generation(best, options);
      expect_verified(board, best);
      sizes.push_back(best.size());
    }
    EXPECT_GT(population.generations(), 0u);  // the first member stalled: children bred
    return std::make_pair(best, sizes);
  };
  auto [first, sizes] = breed(5);
  EXPECT_GE(sizes.front(), greedy.size());
  EXPECT_TRUE(std::is_sorted(sizes.begin(), sizes.end()));
  EXPECT_GT(first.size(), greedy.size());
  EXPECT_EQ(breed(5).first, first);  // the same seed and polls: the same placement
}

TEST(LizardsPopulation, TheWalkBelowTheBestEndsAtTheBest) {
  // Long improvements, where the walk keeps smaller placements for a while:
  // what comes back is safe and never below where it started.
  std::mt19937_64 rng(43);
  for (int trial = 0; trial < 6; ++trial) {
    lz::Board board = random_trees(rng, 40 + static_cast<std::uint32_t>(rng() % 40), 0.1);
    auto in = lz::build_instance(board);
    const lz::Placement greedy = lz::greedy_placement(board);
    lz::ImproveOptions options;
    options.walk = true;
    options.seed = 7 + trial;
    options.budget = polls(std::make_shared<std::uint64_t>(0), 400);
    lz::Placement best = lz::improve_placement(*in, greedy, options);
    EXPECT_GE(best.size(), greedy.size());
    expect_verified(board, best);
    options.budget = polls(std::make_shared<std::uint64_t>(0), 400);
    EXPECT_EQ(lz::improve_placement(*in, greedy, options), best);
  }
}

// --max on a board a population improves, one and two workers: a placement
// the checker accepts, above the greedy, within the bound.
TEST(LizardsPopulation, MaximizeBreedsAVerifiedPlacement) {
  lz::Board board = generated(80, 0.1, 2);
  for (unsigned threads : {1u, 2u}) {
    lz::MaximizeOptions options;
    options.threads = threads;
    options.budget = nursery::Budget(nullptr, 4);
    auto report = lz::maximize(board, options);
    EXPECT_GT(report.search_epochs, 4u);  // the population's generations, one an epoch
    EXPECT_GT(report.lower, report.greedy);
    EXPECT_LE(report.lower, report.upper);
    ASSERT_TRUE(report.solution);
    EXPECT_EQ(report.solution->size(), report.lower);
    expect_verified(board, *report.solution);
  }
}

}  // namespace
