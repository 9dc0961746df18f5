// The checker compares the answer's trees with the board's and counts
// exactly p lizards (issue 30, items 2 and 4): against a model written from
// the rules alone, over every small answer a mutation of a valid one can
// give (a tree deleted, added or moved, a lizard added, moved or dropped).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <nursery/lizards.hpp>
#include <random>
#include <string>
#include <vector>

namespace {

namespace lz = nursery::lizards;

// Whether two lizards at a and b see each other on `grid` (side n): on one
// line, with no tree between them.
bool sees(const std::string& grid, int n, int a, int b) {
  const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
  const int dr = (rb > ra) - (rb < ra), dc = (cb > ca) - (cb < ca);
  if (!(ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb)) return false;
  for (int r = ra + dr, c = ca + dc; r != rb || c != cb; r += dr, c += dc)
    if (grid[r * n + c] == '2') return false;
  return true;
}

// The rules alone: the answer's trees are the board's, its 1s on empty
// cells, none seeing another, and p of them (or p or more).
bool model_valid(const std::string& board, const std::string& answer, int n, std::uint64_t p,
                 lz::Placed placed) {
  std::vector<int> lizards;
  for (int cell = 0; cell < n * n; ++cell) {
    if ((board[cell] == '2') != (answer[cell] == '2')) return false;
    if (answer[cell] == '1') lizards.push_back(cell);
  }
  if (lizards.size() < p) return false;
  if (placed == lz::Placed::exactly_p && lizards.size() != p) return false;
  for (std::size_t i = 0; i < lizards.size(); ++i)
    for (std::size_t j = i + 1; j < lizards.size(); ++j)
      if (sees(board, n, lizards[i], lizards[j])) return false;
  return true;
}

std::string text_of(const std::string& cells, int n) {
  std::string text;
  for (int r = 0; r < n; ++r) text += cells.substr(r * n, n) + "\n";
  return text;
}

// The reproduction: the tree at (2,2) deleted, no lizard on it, the
// two lizards far apart. Before, the checker said valid.
TEST(LizardsTrust, ATreeDeletedWhereNoLizardStandsIsInvalid) {
  const std::string board = "DFS\n4\n2\n0000\n0200\n0000\n0000\n";
  auto verdict = lz::verify(board, "OK\n1000\n0000\n0100\n0000\n");
  EXPECT_FALSE(verdict.valid);
  EXPECT_EQ(verdict.reason, "a tree is missing at row 2, column 2");
  EXPECT_FALSE(lz::verify(board, "OK\n1000\n0000\n0100\n0000\n", lz::Placed::at_least_p).valid);
  EXPECT_TRUE(lz::verify(board, "OK\n1000\n0200\n0100\n0000\n").valid);
  auto added = lz::verify(board, "OK\n1000\n0200\n0100\n0002\n");
  EXPECT_FALSE(added.valid);
  EXPECT_EQ(added.reason, "a tree was added at row 4, column 4");
}

// Item 4: the homework places exactly p; more than p is valid only when
// asked for by name.
TEST(LizardsTrust, ExactlyPUnlessAtLeastIsAsked) {
  const std::string board = "DFS\n4\n1\n0000\n0000\n0000\n0000\n";
  const std::string two = "OK\n1000\n0010\n0000\n0000\n";
  auto exact = lz::verify(board, two);
  EXPECT_FALSE(exact.valid);
  EXPECT_EQ(exact.reason, "expected 1 lizards, found 2");
  EXPECT_TRUE(lz::verify(board, two, lz::Placed::at_least_p).valid);
  auto budgeted = lz::verify(board, two, nursery::Budget(), nullptr, lz::Placed::at_least_p);
  ASSERT_TRUE(budgeted.has_value());
  EXPECT_TRUE(budgeted->valid);
  EXPECT_FALSE(lz::verify(board, two, nursery::Budget())->valid);
}

// Random boards up to 5x5, each with a valid answer of its own, mutated
// one to three cells at a time: the checker agrees with the model on every
// answer, in both readings. A tree deleted is among the mutations, so the
// 151 of 17,918 fuzzed answers of the issue are among these.
TEST(LizardsTrust, TheCheckerAgreesWithTheRulesOnMutatedAnswers) {
  std::mt19937_64 rng(30);
  int deleted_trees = 0, checked = 0;
  for (int round = 0; round < 20000; ++round) {
    const int n = 1 + static_cast<int>(rng() % 5);
    std::string board(n * n, '0');
    for (auto& cell : board)
      if (rng() % 4 == 0) cell = '2';
    // A safe placement, greedily in a random order.
    std::string answer = board;
    std::vector<int> order(n * n);
    for (int i = 0; i < n * n; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::uint64_t placed = 0;
    for (int cell : order) {
      if (answer[cell] != '0') continue;
      bool safe = true;
      for (int other = 0; other < n * n && safe; ++other)
        if (answer[other] == '1' && sees(board, n, cell, other)) safe = false;
      if (safe && rng() % 3 != 0) {
        answer[cell] = '1';
        ++placed;
      }
    }
    if (placed == 0) continue;
    const int mutations = static_cast<int>(rng() % 4);
    for (int m = 0; m < mutations; ++m) {
      int cell = static_cast<int>(rng() % (n * n));
      const char was = answer[cell];
      answer[cell] = "012"[rng() % 3];
      deleted_trees += was == '2' && answer[cell] != '2';
    }
    // p: the lizards placed, or one less (a --max answer), or one more.
    const std::uint64_t p =
        placed + (rng() % 3 == 0 ? 1 : 0) - (placed > 1 && rng() % 3 == 0 ? 1 : 0);
    const std::string input =
        "DFS\n" + std::to_string(n) + "\n" + std::to_string(p) + "\n" + text_of(board, n);
    const std::string output = "OK\n" + text_of(answer, n);
    for (auto placed_rule : {lz::Placed::exactly_p, lz::Placed::at_least_p}) {
      const bool expected = model_valid(board, answer, n, p, placed_rule);
      auto verdict = lz::verify(input, output, placed_rule);
      ASSERT_EQ(verdict.valid, expected)
          << input << output << (placed_rule == lz::Placed::exactly_p ? "exactly" : "at least")
          << ": " << verdict.reason;
      ++checked;
    }
  }
  EXPECT_GT(deleted_trees, 1000);
  EXPECT_GT(checked, 20000);
}

}  // namespace
