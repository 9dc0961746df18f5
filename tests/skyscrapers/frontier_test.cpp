// The frontier on trees big enough to be split: its subproblems are disjoint
// and cover the tree (their counts add up to a brute-force count over all
// 161,280 Latin squares of order 5), parallel counts agree, and a deadline
// stops a count that is far too big, reported as incomplete.
#include <gtest/gtest.h>

#include <chrono>
#include <nursery/scheduler.hpp>
#include <random>
#include <thread>

#include "skyscrapers/techniques.hpp"
#include "support.hpp"

namespace {

const std::vector<std::vector<int>>& order5() {
  static const auto squares = latin_squares(5);
  return squares;
}

std::uint64_t brute_count(const sky::Puzzle& puzzle) {
  std::uint64_t count = 0;
  for (const auto& square : order5()) {
    auto clues = sky::clues_of(square, 5);
    bool fits = true;
    for (int i = 0; i < 20 && fits; ++i) fits = puzzle.clues[i] == 0 || puzzle.clues[i] == clues[i];
    count += fits;
  }
  return count;
}

sky::Puzzle few_clues(std::mt19937_64& random, int clue_count) {
  sky::Puzzle puzzle;
  puzzle.size = 5;
  puzzle.id = "few";
  auto square = order5()[random() % order5().size()];
  auto clues = sky::clues_of(square, 5);
  puzzle.clues.assign(20, 0);
  for (int k = 0; k < clue_count; ++k) {
    int i = static_cast<int>(random() % 20);
    puzzle.clues[i] = clues[i];
  }
  return puzzle;
}

TEST(Frontier, ThereAre161280LatinSquaresOfOrder5) {
  EXPECT_EQ(order5().size(), 161280u);
}

TEST(Frontier, SubproblemsCoverTheTreeOnce) {
  std::mt19937_64 random(5);
  for (int round = 0; round < 4; ++round) {
    auto puzzle = few_clues(random, 3 + round);
    SCOPED_TRACE(sky::format_instance(puzzle, sky::Form::line));
    auto instance = sky::make_instance(puzzle);
    auto frontier = sky::Heights::split(instance, 64);
    EXPECT_GT(frontier.size(), 10u);
    // Each subproblem searched on its own; the counts must add up exactly.
    nursery::StopSource stop;
    nursery::Search<sky::Grid> search(nursery::Mode::count, 0, stop, nullptr, nullptr);
    nursery::Count total = 0;
    for (const auto& subproblem : frontier) {
      auto outcome = sky::Heights::solve(instance, subproblem, search);
      EXPECT_TRUE(outcome.complete);
      total += outcome.count;
    }
    EXPECT_EQ(total, brute_count(puzzle));
  }
}

TEST(Frontier, ParallelCountsEqualBruteForce) {
  std::mt19937_64 random(6);
  for (int round = 0; round < 6; ++round) {
    auto puzzle = few_clues(random, 2 + round % 4);
    SCOPED_TRACE(sky::format_instance(puzzle, sky::Form::line));
    nursery::RunOptions options;
    options.mode = nursery::Mode::count;
    options.threads = 4;
    auto result = nursery::run<sky::Heights>(sky::make_instance(puzzle), options);
    EXPECT_EQ(result.status, nursery::Status::complete);
    EXPECT_EQ(result.count, brute_count(puzzle));
    EXPECT_EQ(count_solutions(puzzle, 3), brute_count(puzzle));
  }
}

TEST(Frontier, FirstModeCancelsSiblingsWithAValidSolution) {
  sky::Puzzle empty;
  empty.size = 8;
  empty.clues.assign(32, 0);
  empty.clues[0] = 3;
  nursery::RunOptions options;
  options.mode = nursery::Mode::first;
  options.threads = 4;
  auto result = nursery::run<sky::Heights>(sky::make_instance(empty), options);
  EXPECT_EQ(result.status, nursery::Status::solved);
  ASSERT_TRUE(result.solution.has_value());
  EXPECT_TRUE(sky::verify(empty, *result.solution).valid);
}

TEST(Frontier, DeadlineStopsAHugeCountAsIncomplete) {
  sky::Puzzle empty;  // 6x6 Latin squares: 812,851,200 of them
  empty.size = 6;
  empty.clues.assign(24, 0);
  sky::SolveOptions options;
  options.mode = nursery::Mode::count;
  options.threads = 2;
  options.budget = nursery::Budget(nullptr, 0.05);
  auto solved = sky::solve(empty, options);
  EXPECT_EQ(solved.status, nursery::Status::timeout);
  EXPECT_LT(solved.stats.wall_seconds, 2.0);
}

// A deadline that has passed before the run ends it at once, however small
// the puzzle, on one thread or several (it used to get a millisecond of
// grace, in which a 9x9 puzzle of 46 nodes was solved under --timeout
// 0.001).
TEST(Frontier, APassedDeadlineEndsEvenATinySearch) {
  sky::Puzzle empty;
  empty.size = 4;
  empty.clues.assign(16, 0);
  sky::SolveOptions options;
  options.mode = nursery::Mode::first;
  options.budget = nursery::Budget(nullptr, 1e-9);
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  for (unsigned threads : {1u, 2u}) {
    options.threads = threads;
    auto solved = sky::solve(empty, options);
    EXPECT_EQ(solved.status, nursery::Status::timeout) << threads << " threads";
    EXPECT_FALSE(solved.solution.has_value()) << threads << " threads";
  }
}

}  // namespace
