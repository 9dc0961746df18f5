// Reproducible boards: the same options and seed give the same bytes on
// every machine (a 64-bit Mersenne Twister, read bit by bit, no
// library-defined distributions).
#include <algorithm>
#include <random>

#include "nursery/lizards.hpp"

namespace nursery::lizards {

std::optional<Board> generate(const GenerateOptions& options,
                              const std::function<bool()>& stopped) {
  Board board;
  board.algorithm = options.algorithm;
  board.n = options.n;
  const std::size_t n = options.n;
  board.cells.assign(n * n, kEmpty);
  std::mt19937_64 rng(options.seed);
  // A tree with probability `trees`, compared on 53 random bits.
  const double scale = 1.0 / 9007199254740992.0;  // 2^-53
  for (std::size_t r = 0; r < n; ++r) {
    if (stopped && stopped()) return std::nullopt;
    for (std::size_t i = r * n; i < (r + 1) * n; ++i)
      if (static_cast<double>(rng() >> 11) * scale < options.trees) board.cells[i] = kTree;
  }
  if (options.p > 0) {
    board.p = static_cast<std::uint64_t>(options.p);
  } else {
    auto greedy = greedy_count(board, stopped);
    if (!greedy) return std::nullopt;
    board.p = std::max<std::uint64_t>(1, *greedy + (options.p == -2 ? 1 : 0));
  }
  return board;
}

Board generate(const GenerateOptions& options) {
  return *generate(options, {});
}

}  // namespace nursery::lizards
