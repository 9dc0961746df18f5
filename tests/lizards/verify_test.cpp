// The independent checker against the rules themselves: random small boards
// with random answers (lizards anywhere, some seeing each other, a tree now
// and then missing or added), each judged by walking every pair of lizards
// (support.hpp, no engine code). The checker reads row by row in one pass;
// this holds it to every pair in every direction.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "support.hpp"

using namespace lizards_test;

TEST(VerifyRules, OnePassAgreesWithEveryPairOnRandomAnswers) {
  std::mt19937_64 rng(20261125);
  int valid = 0, seeing = 0, trees = 0;
  for (int round = 0; round < 4000; ++round) {
    lz::Board board = random_board(rng, 9);
    const std::uint32_t n = board.n;
    std::string answer = "OK\n";
    std::vector<std::pair<int, int>> lizards;
    bool tree_fault = false;
    for (std::uint32_t r = 0; r < n; ++r) {
      for (std::uint32_t c = 0; c < n; ++c) {
        const bool tree = board.cells[r * n + c] == lz::kTree;
        char cell = tree ? '2' : '0';
        if (!tree && rng() % 4 == 0) {
          cell = '1';
          lizards.emplace_back(r, c);
        }
        if (rng() % 400 == 0) {  // a tree missing, or one added
          cell = tree ? '0' : '2';
          tree_fault = true;
          if (!tree) lizards.erase(std::remove(lizards.begin(), lizards.end(), std::pair<int, int>(r, c)), lizards.end());
        }
        answer += cell;
      }
      answer += '\n';
    }
    bool pair = false;
    for (std::size_t a = 0; a < lizards.size() && !pair; ++a)
      for (std::size_t b = a + 1; b < lizards.size() && !pair; ++b)
        pair = see_each_other(board, lizards[a].first, lizards[a].second, lizards[b].first,
                              lizards[b].second);
    // Half the boards ask for exactly the lizards drawn: the homework places
    // exactly p; more than p answer p only when asked for by name (--max).
    if (rng() % 2 == 0) board.p = std::max<std::uint64_t>(1, lizards.size());
    const bool expected = !tree_fault && !pair && lizards.size() == board.p;
    const bool at_least = !tree_fault && !pair && lizards.size() >= board.p;
    const auto verdict = lz::verify(lz::format_instance(board), answer);
    ASSERT_EQ(verdict.valid, expected) << lz::format_instance(board) << answer << verdict.reason;
    ASSERT_EQ(lz::verify(lz::format_instance(board), answer, lz::Placed::at_least_p).valid, at_least)
        << lz::format_instance(board) << answer;
    valid += expected;
    seeing += pair && !tree_fault;
    trees += tree_fault;
    if (pair && !tree_fault) {
      EXPECT_NE(verdict.reason.find("see each other"), std::string::npos) << verdict.reason;
    }
  }
  // The draw covers every verdict.
  EXPECT_GT(valid, 100);
  EXPECT_GT(seeing, 100);
  EXPECT_GT(trees, 20);
}
