// Puzzles made from random Latin squares: the solver's answers must pass the
// independent checker, and every count agrees between modes and threads.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <nursery/scheduler.hpp>
#include <random>

#include "skyscrapers/techniques.hpp"
#include "support.hpp"

namespace {

TEST(RandomSquares, AreLatinAndShowTheirOwnClues) {
  std::mt19937_64 random(7);
  for (int n = 1; n <= sky::kMaxSize; ++n)
    for (int k = 0; k < 20; ++k) {
      sky::Puzzle puzzle;
      puzzle.size = n;
      auto square = sky::random_latin_square(n, random);
      puzzle.clues = sky::clues_of(square, n);
      EXPECT_TRUE(sky::verify(puzzle, square).valid);
    }
}

TEST(RandomSquares, AllCluePuzzlesSolvedAndVerified) {
  std::mt19937_64 random(11);
  for (int n = 2; n <= 8; ++n)
    for (int k = 0; k < (n <= 6 ? 40 : 10); ++k) {
      sky::Puzzle puzzle;
      puzzle.size = n;
      puzzle.id = "random";
      auto square = sky::random_latin_square(n, random);
      puzzle.clues = sky::clues_of(square, n);
      SCOPED_TRACE(sky::format_instance(puzzle, sky::Form::line));
      sky::SolveOptions options;
      options.threads = k % 2 ? 1 : 3;
      options.mode = nursery::Mode::first;
      auto solved = sky::solve(puzzle, options);
      ASSERT_TRUE(solved.solution.has_value());
      EXPECT_TRUE(sky::verify(puzzle, *solved.solution).valid);
      // Uniqueness proof and its agreement with an exact count.
      options.mode = nursery::Mode::all;
      options.limit = 2;
      auto limited = sky::solve(puzzle, options);
      ASSERT_TRUE(limited.solution.has_value());
      EXPECT_TRUE(sky::verify(puzzle, *limited.solution).valid);
      if (n <= 6) {
        auto exact = count_solutions(puzzle, options.threads);
        EXPECT_GE(exact, 1u);
        EXPECT_EQ(limited.status == nursery::Status::complete, exact == 1);
      }
    }
}

// Every solution streamed in all mode is distinct and valid, and their number
// is the exact count.
TEST(RandomSquares, AllModeStreamsEverySolutionOnce) {
  std::mt19937_64 random(13);
  for (int k = 0; k < 20; ++k) {
    sky::Puzzle puzzle;
    puzzle.size = 5;
    auto square = sky::random_latin_square(5, random);
    puzzle.clues = sky::clues_of(square, 5);
    for (int i = 0; i < 20; ++i)
      if (random() % 2) puzzle.clues[i] = 0;
    std::vector<sky::Grid> found;
    nursery::Search<sky::Grid>::Sink sink = [&found](const sky::Grid& grid) {
      found.push_back(grid);
    };
    nursery::RunOptions options;
    options.mode = nursery::Mode::all;
    options.threads = 2;
    auto result = nursery::run<sky::Heights>(sky::make_instance(puzzle), options, &sink);
    EXPECT_EQ(result.status, nursery::Status::complete);
    EXPECT_EQ(found.size(), static_cast<std::size_t>(count_solutions(puzzle)));
    std::sort(found.begin(), found.end());
    EXPECT_EQ(std::adjacent_find(found.begin(), found.end()), found.end());
    for (const auto& grid : found) EXPECT_TRUE(sky::verify(puzzle, grid).valid);
  }
}

TEST(Checker, FindsEachKindOfFault) {
  auto puzzle = load("codewars.txt").front();  // cw4-1, every clue
  auto good = puzzle.solution;
  EXPECT_TRUE(sky::verify(puzzle, good).valid);
  auto swapped = good;
  std::swap(swapped[0], swapped[1]);  // rows stay Latin, columns and clues break
  EXPECT_FALSE(sky::verify(puzzle, swapped).valid);
  auto outside = good;
  outside[5] = 5;
  EXPECT_NE(sky::verify(puzzle, outside).reason.find("outside"), std::string::npos);
  auto given = puzzle;
  given.givens.assign(16, 0);
  given.givens[0] = good[0] == 1 ? 2 : 1;
  EXPECT_NE(sky::verify(given, good).reason.find("given"), std::string::npos);
  // A row and column permutation of a solution is still Latin but breaks a clue.
  auto transposed = good;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) transposed[r * 4 + c] = good[c * 4 + r];
  if (transposed != good) {
    EXPECT_NE(sky::verify(puzzle, transposed).reason.find("clue"), std::string::npos);
  }
}

TEST(Instance, RejectsCluesAndGivensOutOfRange) {
  sky::Puzzle puzzle;
  puzzle.size = 4;
  puzzle.clues.assign(16, 0);
  puzzle.clues[3] = 5;
  EXPECT_THROW(sky::make_instance(puzzle), std::invalid_argument);
  puzzle.clues[3] = 0;
  puzzle.givens.assign(16, 0);
  puzzle.givens[2] = 7;
  EXPECT_THROW(sky::make_instance(puzzle), std::invalid_argument);
  puzzle.givens[2] = 1;
  EXPECT_NO_THROW(sky::make_instance(puzzle));
}

TEST(Instance, ImpossiblePuzzleHasNoSolution) {
  sky::Puzzle puzzle;
  puzzle.size = 5;
  puzzle.clues.assign(20, 0);
  puzzle.clues[0] = 1;   // top of column 1 sees one: 5 on top
  puzzle.clues[14] = 1;  // bottom of column 1 sees one: 5 at the bottom
  EXPECT_EQ(count_solutions(puzzle), 0u);
  sky::SolveOptions options;
  options.mode = nursery::Mode::first;
  EXPECT_FALSE(sky::solve(puzzle, options).solution.has_value());
}

}  // namespace
