// The library's defaults (issue 35, item 7): a default solve finds a
// solution (counting is asked for by name), and a count stopped by its
// deadline keeps its partial number out of the field a total uses.
#include <gtest/gtest.h>

#include <nursery/skyscrapers.hpp>

#include "support.hpp"

namespace {

// The 4x4 puzzle of docs/skyscrapers.md (Tatham's game ID), one solution.
sky::Puzzle unique_puzzle() {
  return sky::parse_game_id("4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2,c1a4b2e2a", "test");
}

TEST(SkyscrapersDefaults, ADefaultSolveFindsASolution) {
  const auto puzzle = unique_puzzle();
  for (const auto& solved : {sky::solve(puzzle), sky::solve(puzzle, sky::SolveOptions{})}) {
    EXPECT_EQ(solved.verdict, nursery::Verdict::ok);
    ASSERT_TRUE(solved.solution.has_value());
    EXPECT_TRUE(sky::verify(puzzle, *solved.solution).valid);
    EXPECT_FALSE(solved.count.has_value()) << "a find counts nothing";
    EXPECT_FALSE(solved.at_least.has_value());
  }
  EXPECT_EQ(sky::SolveOptions{}.mode, nursery::Mode::first);
}

TEST(SkyscrapersDefaults, CountingIsAskedFor) {
  const auto puzzle = unique_puzzle();
  sky::SolveOptions counting;
  counting.mode = nursery::Mode::count;
  const auto counted = sky::solve(puzzle, counting);
  EXPECT_EQ(counted.status, nursery::Status::complete);
  ASSERT_TRUE(counted.count.has_value());
  EXPECT_EQ(*counted.count, nursery::Count{1});
  EXPECT_FALSE(counted.at_least.has_value());
  // The count agrees with every Latin square of order 4 the independent
  // checker accepts.
  nursery::Count accepted = 0;
  for (const auto& square : latin_squares(4)) accepted += sky::verify(puzzle, square).valid;
  EXPECT_EQ(*counted.count, accepted);
}

// An empty 6x6 ring (812,851,200 Latin squares): a count under a 50 ms
// deadline is cut short. Its number is a lower bound, under its own name.
TEST(SkyscrapersDefaults, AStoppedCountIsALowerBoundNotATotal) {
  sky::Puzzle empty;
  empty.size = 6;
  empty.clues.assign(24, 0);
  sky::SolveOptions options;
  options.mode = nursery::Mode::count;
  options.threads = 2;
  options.budget = nursery::Budget(nullptr, 0.05);
  const auto solved = sky::solve(empty, options);
  ASSERT_EQ(solved.status, nursery::Status::timeout);
  EXPECT_FALSE(solved.count.has_value()) << "a partial count reads like a total";
  ASSERT_TRUE(solved.at_least.has_value());
  EXPECT_LT(*solved.at_least, nursery::Count{812851200});
  // Solutions found prove the puzzle solvable.
  EXPECT_EQ(solved.verdict,
            *solved.at_least > 0 ? nursery::Verdict::ok : nursery::Verdict::unknown);
  // A count that reached the limit it was given says so by its status.
  options.budget = nursery::Budget();
  options.limit = 5;
  const auto limited = sky::solve(empty, options);
  EXPECT_EQ(limited.status, nursery::Status::limit);
  EXPECT_EQ(limited.count, nursery::Count{5});
  EXPECT_FALSE(limited.at_least.has_value());
}

}  // namespace
