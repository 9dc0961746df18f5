// Helpers shared by the lizards suites: a brute-force counter written from
// the rules alone (no engine code), and small board builders.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <nursery/lizards.hpp>
#include <random>
#include <string>
#include <vector>

namespace lizards_test {

namespace lz = nursery::lizards;

inline lz::Board make_board(std::uint32_t n, std::uint64_t p, const std::vector<std::string>& rows,
                            lz::Algorithm algorithm = lz::Algorithm::dfs) {
  lz::Board board;
  board.n = n;
  board.p = p;
  board.algorithm = algorithm;
  for (const auto& row : rows)
    for (char c : row) board.cells.push_back(c == '2' ? lz::kTree : lz::kEmpty);
  if (rows.empty()) board.cells.assign(std::size_t{n} * n, lz::kEmpty);
  return board;
}

inline lz::Board random_board(std::mt19937_64& rng, std::uint32_t max_n) {
  std::uint32_t n = 1 + static_cast<std::uint32_t>(rng() % max_n);
  double trees = static_cast<double>(rng() % 5) / 10.0;  // 0 .. 40 %
  lz::Board board;
  board.n = n;
  board.p = 1 + rng() % (n + 3);
  board.algorithm = static_cast<lz::Algorithm>(rng() % 3);
  for (std::uint32_t i = 0; i < n * n; ++i)
    board.cells.push_back((rng() % 1000) < trees * 1000 ? lz::kTree : lz::kEmpty);
  return board;
}

// Do the lizards at a and b see each other? Walk from a toward b.
inline bool see_each_other(const lz::Board& board, int ra, int ca, int rb, int cb) {
  int dr = rb - ra, dc = cb - ca;
  if (!(dr == 0 || dc == 0 || dr == dc || dr == -dc)) return false;
  int sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
  for (int r = ra + sr, c = ca + sc; r != rb || c != cb; r += sr, c += sc)
    if (board.cells[static_cast<std::size_t>(r) * board.n + c] == lz::kTree) return false;
  return true;
}

// Every placement of exactly p lizards, counted by trying cells in order.
// Every set of lizards no two of which see each other, by the rules alone
// (no engine code), each visited once: visit(size) is called for each set
// and returns whether to go on to its supersets.
template <class Visit>
void each_safe_set(const lz::Board& board, Visit&& visit) {
  const int n = static_cast<int>(board.n);
  std::vector<int> placed;
  auto recurse = [&](auto&& self, int from) -> void {
    if (!visit(placed.size())) return;
    for (int cell = from; cell < n * n; ++cell) {
      if (board.cells[cell] == lz::kTree) continue;
      bool ok = true;
      for (int other : placed)
        ok = ok && !see_each_other(board, other / n, other % n, cell / n, cell % n);
      if (!ok) continue;
      placed.push_back(cell);
      self(self, cell + 1);
      placed.pop_back();
    }
  };
  recurse(recurse, 0);
}

inline std::uint64_t brute_force_count(const lz::Board& board) {
  std::uint64_t count = 0;
  each_safe_set(board, [&](std::size_t size) {
    if (size < board.p) return true;
    ++count;
    return false;
  });
  return count;
}

// The largest placement, by trying every set of lizards no two of which see
// each other (rules only, no engine code).
inline std::uint64_t brute_force_max(const lz::Board& board) {
  std::uint64_t best = 0;
  each_safe_set(board, [&](std::size_t size) {
    best = std::max<std::uint64_t>(best, size);
    return true;
  });
  return best;
}

// An n x n board with a tree on each cell with probability `trees`; p = 1.
inline lz::Board random_trees(std::mt19937_64& rng, std::uint32_t n, double trees) {
  lz::Board board;
  board.n = n;
  board.p = 1;
  for (std::uint32_t i = 0; i < n * n; ++i)
    board.cells.push_back(std::uniform_real_distribution<double>(0, 1)(rng) < trees ? lz::kTree
                                                                                    : lz::kEmpty);
  return board;
}

// What a shell command line printed: its exit status and stdout, with
// stderr after it unless `quiet` (a JSON document alone).
struct CommandResult {
  int status = -1;
  std::string out;
};
inline CommandResult run_command(const std::string& command, bool quiet = false) {
  CommandResult result;
  FILE* pipe = ::popen((command + (quiet ? " 2>/dev/null" : " 2>&1")).c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, got);
  int status = ::pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// nursery gen lizards' board of side n with `trees` of its cells trees
// (p: the greedy's count), the same for the same seed.
inline lz::Board generated(std::uint32_t n, double trees, std::uint64_t seed) {
  lz::GenerateOptions options;
  options.n = n;
  options.trees = trees;
  options.seed = seed;
  return lz::generate(options);
}

}  // namespace lizards_test
