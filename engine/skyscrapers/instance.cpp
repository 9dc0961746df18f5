// From a puzzle to the solver's immutable instance: the 2N lines with their
// clues, the clue-derived starting candidates and the root propagation.
#include <stdexcept>
#include <string>

#include "skyscrapers/search_state.hpp"

namespace nursery::skyscrapers {

namespace {

// A clue c lets no cell at distance d from it (0 = next to it) hold more
// than N - c + 1 + d: the c - 1 buildings seen before the tallest need room.
void restrict_by_clue(std::array<Candidates, kMaxSize * kMaxSize>& domains, const Line& line,
                      int clue, bool from_end, int n) {
  if (clue == 0) return;
  for (int d = 0; d < n; ++d) {
    int highest = n - clue + 1 + d;
    if (highest >= n) break;
    int cell = line.cells[from_end ? n - 1 - d : d];
    domains[cell] &= Candidates((1u << highest) - 1);
  }
}

}  // namespace

Instance make_instance(const Puzzle& puzzle) {
  const int n = puzzle.size;
  if (n < 1 || n > kMaxSize)
    throw std::invalid_argument("grid size " + std::to_string(n) + " outside 1.." +
                                std::to_string(kMaxSize));
  if (puzzle.clues.size() != static_cast<std::size_t>(4 * n))
    throw std::invalid_argument("expected " + std::to_string(4 * n) + " clues");
  for (int clue : puzzle.clues)
    if (clue < 0 || clue > n)
      throw std::invalid_argument("clue " + std::to_string(clue) + " outside 0.." +
                                  std::to_string(n));
  if (!puzzle.givens.empty() && puzzle.givens.size() != static_cast<std::size_t>(n * n))
    throw std::invalid_argument("expected " + std::to_string(n * n) + " givens");
  for (int given : puzzle.givens)
    if (given < 0 || given > n)
      throw std::invalid_argument("given height " + std::to_string(given) + " outside 1.." +
                                  std::to_string(n));

  Instance instance;
  instance.size = n;
  instance.cell_count = n * n;
  instance.lines.resize(2 * n);
  const auto& clues = puzzle.clues;
  for (int r = 0; r < n; ++r) {
    Line& row = instance.lines[r];
    for (int c = 0; c < n; ++c) row.cells[c] = static_cast<std::uint8_t>(r * n + c);
    row.clue_start = clues[4 * n - 1 - r];
    row.clue_end = clues[n + r];
  }
  for (int c = 0; c < n; ++c) {
    Line& column = instance.lines[n + c];
    for (int r = 0; r < n; ++r) column.cells[r] = static_cast<std::uint8_t>(r * n + c);
    column.clue_start = clues[c];
    column.clue_end = clues[3 * n - 1 - c];
  }
  for (int l = 0; l < 2 * n; ++l)
    if (instance.lines[l].clue_start != 0 || instance.lines[l].clue_end != 0)
      instance.clued_lines |= 1u << l;
  for (int cell = 0; cell < n * n; ++cell) {
    const Line& row = instance.lines[cell / n];
    const Line& column = instance.lines[n + cell % n];
    instance.clue_weight[cell] =
        static_cast<std::uint8_t>((row.clue_start != 0) + (row.clue_end != 0) +
                                  (column.clue_start != 0) + (column.clue_end != 0));
  }

  std::array<Candidates, kMaxSize * kMaxSize> start{};
  for (int cell = 0; cell < n * n; ++cell) start[cell] = Candidates((1u << n) - 1);
  for (const Line& line : instance.lines) {
    restrict_by_clue(start, line, line.clue_start, false, n);
    restrict_by_clue(start, line, line.clue_end, true, n);
  }
  if (!puzzle.givens.empty())
    for (int cell = 0; cell < n * n; ++cell)
      if (puzzle.givens[cell] != 0) start[cell] &= Candidates(1u << (puzzle.givens[cell] - 1));
  for (int cell = 0; cell < n * n; ++cell)
    if (start[cell] == 0) instance.consistent = false;

  instance.root = start;
  if (instance.consistent) {
    SearchState board(instance, start);
    board.mark_all_dirty();
    instance.consistent = board.propagate();
    instance.root = board.all_candidates();
  }
  return instance;
}

}  // namespace nursery::skyscrapers
