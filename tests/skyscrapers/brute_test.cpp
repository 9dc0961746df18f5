// 4x4 puzzles cross-checked against brute force: all 576 Latin squares of
// order 4, each tested against the clues and givens directly.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <random>

#include "support.hpp"

namespace {

// Every Latin square of order n, by plain backtracking over the cells.
const std::vector<std::vector<int>>& all_squares() {
  static const auto squares = latin_squares(4);
  return squares;
}

// Seen from clue i (clockwise order), written out again for the test alone.
int seen(const std::vector<int>& g, int n, int i) {
  int best = 0, count = 0;
  for (int k = 0; k < n; ++k) {
    int h;
    if (i < n)
      h = g[k * n + i];
    else if (i < 2 * n)
      h = g[(i - n) * n + (n - 1 - k)];
    else if (i < 3 * n)
      h = g[(n - 1 - k) * n + (3 * n - 1 - i)];
    else
      h = g[(4 * n - 1 - i) * n + k];
    if (h > best) {
      best = h;
      ++count;
    }
  }
  return count;
}

bool fits(const sky::Puzzle& puzzle, const std::vector<int>& g) {
  for (int i = 0; i < 16; ++i)
    if (puzzle.clues[i] != 0 && seen(g, 4, i) != puzzle.clues[i]) return false;
  if (!puzzle.givens.empty())
    for (int cell = 0; cell < 16; ++cell)
      if (puzzle.givens[cell] != 0 && puzzle.givens[cell] != g[cell]) return false;
  return true;
}

std::uint64_t brute_count(const sky::Puzzle& puzzle) {
  std::uint64_t count = 0;
  for (const auto& g : all_squares()) count += fits(puzzle, g);
  return count;
}

TEST(Brute, ThereAre576LatinSquaresOfOrder4) {
  EXPECT_EQ(all_squares().size(), 576u);
}

TEST(Brute, CorpusFourByFourAgree) {
  for (const char* file : {"tatham_unreasonable_4.txt", "codewars.txt"})
    for (const auto& puzzle : load(file)) {
      if (puzzle.size != 4) continue;
      SCOPED_TRACE(puzzle.id);
      EXPECT_EQ(count_solutions(puzzle), brute_count(puzzle));
    }
}

// Random clue subsets and givens, including ones with no solution (clues
// drawn at random, not from a square), on one thread and on the frontier.
TEST(Brute, RandomPuzzlesAgree) {
  std::mt19937_64 random(2024);
  int with_none = 0, with_several = 0;
  for (int round = 0; round < 3000; ++round) {
    sky::Puzzle puzzle;
    puzzle.size = 4;
    puzzle.id = "random";
    puzzle.clues.assign(16, 0);
    const auto& square = all_squares()[random() % 576];
    bool from_square = round % 3 != 0;
    for (int i = 0; i < 16; ++i) {
      if (random() % 3 != 0) continue;
      puzzle.clues[i] = from_square ? seen(square, 4, i) : static_cast<int>(random() % 5);
    }
    if (round % 4 == 0) {
      puzzle.givens.assign(16, 0);
      for (int k = 0; k < 2; ++k) {
        int cell = static_cast<int>(random() % 16);
        puzzle.givens[cell] = from_square ? square[cell] : static_cast<int>(1 + random() % 4);
      }
    }
    SCOPED_TRACE(sky::format_instance(puzzle, sky::Form::line));
    auto expected = brute_count(puzzle);
    with_none += expected == 0;
    with_several += expected > 1;
    ASSERT_EQ(count_solutions(puzzle, 1), expected);
    if (round % 10 == 0) {
      ASSERT_EQ(count_solutions(puzzle, 3), expected);
      ASSERT_EQ(count_solutions(puzzle, 1, 2), std::min<std::uint64_t>(expected, 2));
    }
  }
  EXPECT_GT(with_none, 100);
  EXPECT_GT(with_several, 100);
}

// With every clue of a square the solver's count equals brute force too.
TEST(Brute, EverySquareWithAllItsClues) {
  for (const auto& square : all_squares()) {
    sky::Puzzle puzzle;
    puzzle.size = 4;
    puzzle.clues = sky::clues_of(square, 4);
    ASSERT_EQ(count_solutions(puzzle), brute_count(puzzle)) << sky::format_instance(puzzle, sky::Form::line);
  }
}

}  // namespace
