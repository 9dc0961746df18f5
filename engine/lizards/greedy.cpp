// The column-major greedy of the homework's seed approach: a lower bound,
// the definition of `gen --p auto`, and the start of the local search.
// It needs no segment tables, only one "occupied since the last tree" flag
// per row, diagonal and anti-diagonal, so huge boards cost O(n) extra memory.
// A column of a huge board is n cells n bytes apart (a page each on a
// 10,000 x 10,000 board, about 1 s for the whole scan): a stop is polled once
// per column, so a deadline or Ctrl-C ends the scan within one column.
#include "lizards/techniques.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

namespace {
// Returns false when `budget` was spent before the last column.
// `tree(cell)` says whether a cell (row-major index) holds a tree.
template <class Tree, class Place>
bool greedy_scan(std::size_t n, Tree&& tree, const Budget& budget, Place&& place) {
  std::vector<std::uint8_t> row(n, 0), diagonal(2 * n, 0), anti(2 * n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    if (budget.spent()) return false;
    std::uint8_t column = 0;
    // Along a row, a diagonal or an anti-diagonal, column-major order visits
    // cells in increasing column, so a tree simply clears the line's flag.
    for (std::size_t r = 0; r < n; ++r) {
      std::size_t cell = r * n + c;
      std::uint8_t& rf = row[r];
      std::uint8_t& df = diagonal[r + n - 1 - c];
      std::uint8_t& af = anti[r + c];
      if (tree(cell)) {
        rf = df = af = column = 0;
      } else if ((rf | df | af | column) == 0) {
        rf = df = af = column = 1;
        place(static_cast<std::uint32_t>(cell));
      }
    }
  }
  return true;
}
}  // namespace

Placement greedy_placement(const Board& board, const Budget& budget) {
  Placement placement;
  const std::uint8_t* cells = board.cells.data();
  greedy_scan(
      board.n, [cells](std::size_t cell) { return cells[cell] == kTree; }, budget,
      [&](std::uint32_t cell) { placement.push_back(cell); });
  return placement;
}

std::optional<std::uint64_t> greedy_count(const Board& board, const Budget& budget) {
  std::uint64_t count = 0;
  const std::uint8_t* cells = board.cells.data();
  if (!greedy_scan(
          board.n, [cells](std::size_t cell) { return cells[cell] == kTree; }, budget,
          [&](std::uint32_t) { ++count; }))
    return std::nullopt;
  return count;
}

std::optional<std::uint64_t> greedy_count(std::uint32_t n, const std::vector<std::uint64_t>& trees,
                                          const Budget& budget) {
  std::uint64_t count = 0;
  const std::uint64_t* words = trees.data();
  if (!greedy_scan(
          n, [words](std::size_t cell) { return (words[cell >> 6] >> (cell & 63)) & 1; }, budget,
          [&](std::uint32_t) { ++count; }))
    return std::nullopt;
  return count;
}

std::uint64_t greedy_count(const Board& board) {
  return *greedy_count(board, {});
}

}  // namespace nursery::lizards
