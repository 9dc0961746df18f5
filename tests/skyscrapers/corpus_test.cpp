// Every puzzle of the shared corpus: solved, equal to its known solution,
// checked by the independent verifier and counted exactly.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <nursery/scheduler.hpp>

#include "skyscrapers/techniques.hpp"
#include "support.hpp"

namespace {

class Corpus : public ::testing::TestWithParam<const char*> {};

TEST_P(Corpus, SolvedEqualToKnownSolutionAndUnique) {
  auto puzzles = load(GetParam());
  ASSERT_FALSE(puzzles.empty());
  for (const auto& puzzle : puzzles) {
    SCOPED_TRACE(puzzle.id);
    sky::SolveOptions options;
    options.mode = nursery::Mode::first;
    options.threads = 1;
    auto solved = sky::solve(puzzle, options);
    ASSERT_TRUE(solved.solution.has_value());
    EXPECT_TRUE(sky::verify(puzzle, *solved.solution).valid);
    if (puzzle.id == "hr7-highrise-1") {
      // Several solutions (Tatham's solver stops at two): count them all,
      // on one thread and on the frontier, and check every one.
      EXPECT_EQ(count_solutions(puzzle, 1), 9u);
      EXPECT_EQ(count_solutions(puzzle, 4), 9u);
      std::vector<sky::Grid> found;
      nursery::Search<sky::Grid>::Sink sink = [&found](const sky::Grid& g) { found.push_back(g); };
      nursery::RunOptions all;
      all.mode = nursery::Mode::all;
      nursery::run<sky::Heights>(sky::make_instance(puzzle), all, &sink);
      ASSERT_EQ(found.size(), 9u);
      std::sort(found.begin(), found.end());
      EXPECT_EQ(std::adjacent_find(found.begin(), found.end()), found.end());
      for (const auto& grid : found) EXPECT_TRUE(sky::verify(puzzle, grid).valid);
      continue;
    }
    ASSERT_FALSE(puzzle.solution.empty());
    EXPECT_EQ(*solved.solution, puzzle.solution);
    EXPECT_EQ(count_solutions(puzzle, 1), 1u);
  }
}

INSTANTIATE_TEST_SUITE_P(Files, Corpus,
                         ::testing::Values("codewars.txt", "tatham_unreasonable_4.txt",
                                           "tatham_unreasonable_5.txt", "tatham_unreasonable_6.txt",
                                           "tatham_unreasonable_7.txt", "tatham_unreasonable_8.txt",
                                           "tatham_unreasonable_9.txt"));

// The frontier gives the same answers as one piece: counting on 4 workers
// (a frontier of many subproblems) and first mode with siblings cancelled.
TEST(Frontier, ParallelRunsAgreeWithOneThread) {
  for (const char* file : {"tatham_unreasonable_8.txt", "tatham_unreasonable_9.txt"}) {
    auto puzzles = load(file);
    for (std::size_t i = 0; i < puzzles.size(); i += 5) {
      const auto& puzzle = puzzles[i];
      SCOPED_TRACE(puzzle.id);
      EXPECT_EQ(count_solutions(puzzle, 4), 1u);
      sky::SolveOptions options;
      options.mode = nursery::Mode::first;
      options.threads = 4;
      auto solved = sky::solve(puzzle, options);
      ASSERT_TRUE(solved.solution.has_value());
      EXPECT_EQ(*solved.solution, puzzle.solution);
      options.mode = nursery::Mode::all;
      options.limit = 2;
      solved = sky::solve(puzzle, options);
      EXPECT_EQ(solved.status, nursery::Status::complete);
      EXPECT_EQ(solved.count.value_or(0), 1u);
      ASSERT_TRUE(solved.solution.has_value());
      EXPECT_EQ(*solved.solution, puzzle.solution);
    }
  }
}

TEST(Limit, StopsAtTheLimitOnAnAmbiguousPuzzle) {
  for (const auto& puzzle : load("codewars.txt")) {
    if (puzzle.id != "hr7-highrise-1") continue;
    for (unsigned threads : {1u, 4u}) {
      sky::SolveOptions options;
      options.mode = nursery::Mode::count;
      options.limit = 2;
      options.threads = threads;
      auto solved = sky::solve(puzzle, options);
      EXPECT_EQ(solved.status, nursery::Status::limit);
      EXPECT_GE(solved.count.value_or(0), 2u);
      options.mode = nursery::Mode::all;
      solved = sky::solve(puzzle, options);
      EXPECT_EQ(solved.status, nursery::Status::limit);
      ASSERT_TRUE(solved.solution.has_value());
      EXPECT_TRUE(sky::verify(puzzle, *solved.solution).valid);
    }
  }
}

}  // namespace
