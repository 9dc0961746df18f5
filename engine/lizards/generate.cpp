// Reproducible boards: the same options and seed give the same bytes on
// every machine (a 64-bit Mersenne Twister, read bit by bit, no
// library-defined distributions).
#include <algorithm>
#include <random>

#include "lizards/techniques.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

TreeRows::TreeRows(const GenerateOptions& options)
    : rng_(options.seed), trees_(options.trees), n_(options.n) {}

void TreeRows::next(std::vector<std::uint8_t>& row) {
  // A tree with probability `trees`, compared on 53 random bits.
  const double scale = 1.0 / 9007199254740992.0;  // 2^-53
  row.assign(n_, kEmpty);
  for (auto& cell : row)
    if (static_cast<double>(rng_() >> 11) * scale < trees_) cell = kTree;
}

std::optional<Board> generate(const GenerateOptions& options, const Budget& budget) {
  Board board;
  board.algorithm = options.algorithm;
  board.n = options.n;
  const std::size_t n = options.n;
  board.cells.resize(n * n);
  TreeRows rows(options);
  std::vector<std::uint8_t> row;
  for (std::size_t r = 0; r < n; ++r) {
    if (budget.spent()) return std::nullopt;
    rows.next(row);
    std::copy(row.begin(), row.end(), board.cells.begin() + static_cast<std::ptrdiff_t>(r * n));
  }
  if (options.p > 0) {
    board.p = static_cast<std::uint64_t>(options.p);
  } else {
    auto greedy = greedy_count(board, budget);
    if (!greedy) return std::nullopt;
    board.p = std::max<std::uint64_t>(1, *greedy + (options.p == -2 ? 1 : 0));
  }
  return board;
}

Board generate(const GenerateOptions& options) {
  return *generate(options, {});
}

}  // namespace nursery::lizards
