// A puzzle's run in words (the CLI's, apps/cli/skyscrapers/verdict.cpp) and
// its exit status from the one result shape (exit_code of a Report with what
// was asked, nursery/report.hpp); a run's status is the gravest of its
// puzzles'.
#include <gtest/gtest.h>

#include <nursery/skyscrapers.hpp>

#include "cli/skyscrapers/command.hpp"  // words: the command's

namespace {

using namespace nursery;
namespace sky = nursery::skyscrapers;

sky::Solved run(Status status, Verdict verdict, std::optional<Count> count, bool solution) {
  sky::Solved solved;
  solved.status = status;
  solved.verdict = verdict;
  solved.count = count;
  if (solution) solved.solution = sky::Grid{1};
  return solved;
}

TEST(Verdict, FirstSolutionOrNone) {
  auto found = run(Status::solved, Verdict::ok, std::nullopt, true);
  EXPECT_EQ(sky::words(found, Mode::first, 0), "solved");
  EXPECT_EQ(exit_code(found, Asked::find), kExitSuccess);
  auto none = run(Status::complete, Verdict::fail, std::nullopt, false);
  EXPECT_EQ(sky::words(none, Mode::first, 0), "no solution");
  EXPECT_EQ(exit_code(none, Asked::find), kExitNoSolution);
}

TEST(Verdict, ListedUpToALimit) {
  auto unique = run(Status::complete, Verdict::ok, 1, true);
  EXPECT_EQ(sky::words(unique, Mode::all, 2), "unique");
  EXPECT_EQ(exit_code(unique, Asked::find), kExitSuccess);
  auto several = run(Status::complete, Verdict::ok, 3, true);
  EXPECT_EQ(sky::words(several, Mode::all, 0), "3 solutions");
  auto limited = run(Status::limit, Verdict::ok, 2, true);
  EXPECT_EQ(sky::words(limited, Mode::all, 2), "at least 2 solutions");
  EXPECT_EQ(sky::words(limited, Mode::all, 1), "solved");
  EXPECT_EQ(exit_code(limited, Asked::find), kExitSuccess);
  // No solution fails a search, even one that counts as it lists.
  auto none = run(Status::complete, Verdict::fail, 0, false);
  EXPECT_EQ(sky::words(none, Mode::all, 2), "no solution");
  EXPECT_EQ(exit_code(none, Asked::find), kExitNoSolution);
  EXPECT_EQ(exit_code(none), kExitSuccess);  // the plain reading: a zero count is a count
}

TEST(Verdict, CountedZeroIsACount) {
  auto none = run(Status::complete, Verdict::fail, 0, false);
  EXPECT_EQ(sky::words(none, Mode::count, 0), "no solution");
  EXPECT_EQ(exit_code(none, Asked::count), kExitSuccess);
  auto limited = run(Status::limit, Verdict::ok, 5, false);
  EXPECT_EQ(exit_code(limited, Asked::count), kExitSuccess);
}

TEST(Verdict, AStopIsNoAnswerWhateverWasFound) {
  auto late = run(Status::timeout, Verdict::ok, 7, true);
  EXPECT_EQ(sky::words(late, Mode::all, 0), "timeout");
  EXPECT_EQ(exit_code(late, Asked::find), kExitTimeout);
  EXPECT_EQ(exit_code(late, Asked::count), kExitTimeout);
  // A count cut short says how far it got, under its own name (at_least).
  auto counting = run(Status::timeout, Verdict::ok, std::nullopt, false);
  counting.at_least = 7;
  EXPECT_EQ(sky::words(counting, Mode::count, 0), "timeout, at least 7 solutions");
  EXPECT_EQ(exit_code(counting, Asked::count), kExitTimeout);
  auto stopped = run(Status::cancelled, Verdict::unknown, 0, false);
  EXPECT_EQ(sky::words(stopped, Mode::count, 0), "interrupted");
  EXPECT_EQ(exit_code(stopped, Asked::count), kExitInterrupted);
}

TEST(Verdict, ARunIsItsGravestPuzzle) {
  EXPECT_EQ(gravest(kExitSuccess, kExitNoSolution), kExitNoSolution);
  EXPECT_EQ(gravest(kExitNoSolution, kExitTimeout), kExitTimeout);
  EXPECT_EQ(gravest(kExitTimeout, kExitNoSolution), kExitTimeout);
  EXPECT_EQ(gravest(kExitInterrupted, kExitTimeout), kExitInterrupted);
  EXPECT_EQ(gravest(kExitTimeout, 143), 143);
  EXPECT_EQ(gravest(kExitSuccess, kExitSuccess), kExitSuccess);
}

}  // namespace
