// The column-major greedy of the homework's seed approach: a lower bound,
// the definition of `gen --p auto`, and the start of the local search.
// It needs no segment tables, only one "occupied since the last tree" flag
// per row, diagonal and anti-diagonal, so huge boards cost O(n) extra memory.
#include "nursery/lizards.hpp"

namespace nursery::lizards {

namespace {
template <class Place>
void greedy_scan(const Board& board, Place&& place) {
  const std::size_t n = board.n;
  const std::uint8_t* cells = board.cells.data();
  std::vector<std::uint8_t> row(n, 0), diagonal(2 * n, 0), anti(2 * n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    std::uint8_t column = 0;
    // Along a row, a diagonal or an anti-diagonal, column-major order visits
    // cells in increasing column, so a tree simply clears the line's flag.
    for (std::size_t r = 0; r < n; ++r) {
      std::size_t cell = r * n + c;
      std::uint8_t& rf = row[r];
      std::uint8_t& df = diagonal[r + n - 1 - c];
      std::uint8_t& af = anti[r + c];
      if (cells[cell] == kTree) {
        rf = df = af = column = 0;
      } else if ((rf | df | af | column) == 0) {
        rf = df = af = column = 1;
        place(static_cast<std::uint32_t>(cell));
      }
    }
  }
}
}  // namespace

Placement greedy_placement(const Board& board) {
  Placement placement;
  greedy_scan(board, [&](std::uint32_t cell) { placement.push_back(cell); });
  return placement;
}

std::uint64_t greedy_count(const Board& board) {
  std::uint64_t count = 0;
  greedy_scan(board, [&](std::uint32_t) { ++count; });
  return count;
}

}  // namespace nursery::lizards
