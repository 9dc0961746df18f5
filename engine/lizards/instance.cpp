// The segment model: trees cut every row, column, diagonal and anti-diagonal
// into segments, and every empty cell learns its four segment ids, so the
// search checks a cell with four reads and never walks a line.
#include <algorithm>
#include <limits>

#include "lizards/internal.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

namespace {
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// Value ordering: inside each column segment the DFS tries first the cells
// that see the most others along their row, diagonal and anti-diagonal: on
// open boards the central cells. Together with first-fail branching this
// is the classic middle-first order of n-queens search, which reaches
// 44 queens in under a hundred nodes where edge-first order takes
// millions (measured: docs/lizards.md). Fixed here once; free per node.
void order_values(Instance& in) {
  std::vector<std::uint32_t> length(in.total_segments, 0);
  for (auto cell : in.column_cells)
    for (unsigned d = 0; d < 4; ++d) ++length[in.segments_of(cell)[d]];
  auto sight = [&](std::uint32_t cell) {
    const std::uint32_t* s = in.segments_of(cell);
    return length[s[kRow]] + length[s[kDiagonal]] + length[s[kAntiDiagonal]];
  };
  for (std::size_t k = 0; k + 1 < in.column_start.size(); ++k)
    std::stable_sort(in.column_cells.begin() + in.column_start[k],
                     in.column_cells.begin() + in.column_start[k + 1],
                     [&](std::uint32_t a, std::uint32_t b) { return sight(a) > sight(b); });
}

// Rows, diagonals and anti-diagonals in one row-major pass: along each
// line the cells come in order, so "the open segment of this line" is one
// slot per line, closed by a tree. False when the budget ran out.
bool number_lines(Instance& in, const Budget& budget) {
  const std::uint32_t n = in.board.n;
  const std::uint8_t* cells = in.board.cells.data();
  // Filled row by row (1.6 GB at 10,000 x 10,000: one memset would hold
  // the stop off for a second).
  in.segment.reserve(4ull * n * n);
  std::vector<std::uint32_t> open_diagonal(2ull * n, kNone), open_anti(2ull * n, kNone);
  std::uint32_t rows = 0, diagonals = 0, antis = 0;
  for (std::uint32_t r = 0; r < n; ++r) {
    if (budget.spent()) return false;
    in.segment.insert(in.segment.end(), 4ull * n, kNone);
    std::uint32_t open_row = kNone;
    for (std::uint32_t c = 0; c < n; ++c) {
      std::size_t cell = static_cast<std::size_t>(r) * n + c;
      std::uint32_t d = r + (n - 1 - c), a = r + c;
      if (cells[cell] == kTree) {
        open_row = open_diagonal[d] = open_anti[a] = kNone;
        continue;
      }
      if (open_row == kNone) open_row = rows++;
      if (open_diagonal[d] == kNone) open_diagonal[d] = diagonals++;
      if (open_anti[a] == kNone) open_anti[a] = antis++;
      std::uint32_t* s = &in.segment[4 * cell];
      s[kRow] = open_row;
      s[kDiagonal] = open_diagonal[d];
      s[kAntiDiagonal] = open_anti[a];
    }
  }
  in.segment_count[kRow] = rows;
  in.segment_count[kDiagonal] = diagonals;
  in.segment_count[kAntiDiagonal] = antis;
  return true;
}

// Columns in a column-major pass, numbered in the order the DFS decides
// them, with their cells listed in that order. False when the budget ran out.
bool number_columns(Instance& in, const Budget& budget) {
  const std::uint32_t n = in.board.n;
  const std::uint8_t* cells = in.board.cells.data();
  std::uint32_t columns = 0;
  in.column_start.push_back(0);
  for (std::uint32_t c = 0; c < n; ++c) {
    if (budget.spent()) return false;
    bool open = false;
    for (std::uint32_t r = 0; r < n; ++r) {
      std::size_t cell = static_cast<std::size_t>(r) * n + c;
      if (cells[cell] == kTree) {
        if (open) in.column_start.push_back(static_cast<std::uint32_t>(in.column_cells.size()));
        open = false;
        continue;
      }
      if (!open) {
        open = true;
        in.column_of_segment.push_back(c);
        ++columns;
      }
      in.segment[4 * cell + kColumn] = columns - 1;
      in.column_cells.push_back(static_cast<std::uint32_t>(cell));
    }
    if (open) in.column_start.push_back(static_cast<std::uint32_t>(in.column_cells.size()));
  }
  in.segment_count[kColumn] = columns;
  return true;
}

// Global ids (each direction's after the one before) let one flag array
// serve all four directions.
void number_globally(Instance& in) {
  std::uint32_t offset = 0;
  for (unsigned dir = 0; dir < 4; ++dir) {
    in.segment_offset[dir] = offset;
    offset += in.segment_count[dir];
  }
  in.total_segments = offset;
  const std::size_t cells = static_cast<std::size_t>(in.board.n) * in.board.n;
  for (std::size_t cell = 0; cell < cells; ++cell) {
    if (in.board.cells[cell] == kTree) continue;
    for (unsigned dir = 0; dir < 4; ++dir) in.segment[4 * cell + dir] += in.segment_offset[dir];
  }
}

}  // namespace

std::shared_ptr<const Instance> build_instance(Board board, const Budget& budget) {
  auto instance = std::make_shared<Instance>();
  Instance& in = *instance;
  in.board = std::move(board);
  if (!number_lines(in, budget) || !number_columns(in, budget)) return nullptr;
  number_globally(in);
  if (budget.spent()) return nullptr;
  order_values(in);
  if (budget.spent()) return nullptr;
  in.capacity = column_capacities(in);
  return instance;
}

}  // namespace nursery::lizards
