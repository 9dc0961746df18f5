// Random Latin squares and the clues they show, for the generator and tests.
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "nursery/scheduler.hpp"
#include "nursery/skyscrapers.hpp"
#include "skyscrapers/techniques.hpp"

namespace nursery::skyscrapers {

namespace {

// One row as a random system of distinct representatives: each cell takes a
// height its column has not used yet. A Latin rectangle always extends to a
// full square (Hall's theorem), so backtracking stays inside the row.
bool fill_row(std::vector<int>& row, int cell, int n, std::vector<unsigned>& column_used,
              unsigned row_used, std::mt19937_64& random) {
  if (cell == n) return true;
  std::vector<int> heights(n);
  std::iota(heights.begin(), heights.end(), 1);
  std::shuffle(heights.begin(), heights.end(), random);
  for (int height : heights) {
    unsigned bit = 1u << height;
    if ((row_used & bit) != 0 || (column_used[cell] & bit) != 0) continue;
    row[cell] = height;
    if (fill_row(row, cell + 1, n, column_used, row_used | bit, random)) return true;
  }
  return false;
}

int seen_from(const Grid& heights, int n, int row, int column, int row_step, int column_step) {
  int seen = 0;
  int tallest = 0;
  for (int i = 0; i < n; ++i, row += row_step, column += column_step)
    if (heights[row * n + column] > tallest) {
      tallest = heights[row * n + column];
      ++seen;
    }
  return seen;
}

}  // namespace

Grid random_latin_square(int size, std::mt19937_64& random) {
  const int n = size;
  Grid grid(n * n);
  std::vector<unsigned> column_used(n, 0);
  std::vector<int> row(n);
  for (int r = 0; r < n; ++r) {
    fill_row(row, 0, n, column_used, 0, random);
    for (int c = 0; c < n; ++c) {
      grid[r * n + c] = row[c];
      column_used[c] |= 1u << row[c];
    }
  }
  // Rows filled top-down are not uniform; shuffling rows and columns spreads
  // the bias over the whole square.
  std::vector<int> rows(n), columns(n);
  std::iota(rows.begin(), rows.end(), 0);
  std::iota(columns.begin(), columns.end(), 0);
  std::shuffle(rows.begin(), rows.end(), random);
  std::shuffle(columns.begin(), columns.end(), random);
  Grid shuffled(n * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) shuffled[r * n + c] = grid[rows[r] * n + columns[c]];
  return shuffled;
}

std::vector<int> clues_of(const Grid& heights, int size) {
  const int n = size;
  std::vector<int> clues(4 * n);
  for (int i = 0; i < n; ++i) {
    clues[i] = seen_from(heights, n, 0, i, 1, 0);
    clues[n + i] = seen_from(heights, n, i, n - 1, 0, -1);
    clues[2 * n + i] = seen_from(heights, n, n - 1, n - 1 - i, -1, 0);
    clues[3 * n + i] = seen_from(heights, n, n - 1 - i, 0, 0, 1);
  }
  return clues;
}

namespace {

// Up to two solutions of a puzzle, by one search with a limit.
std::vector<Grid> two_solutions(const Puzzle& puzzle, const Budget& budget) {
  std::vector<Grid> found;
  Search<Grid>::Sink sink = [&found](const Grid& grid) { found.push_back(grid); };
  RunOptions run_options;
  run_options.mode = Mode::all;
  run_options.limit = 2;
  run_options.threads = 1;
  run_options.subproblems = 1;
  run_options.budget = budget;
  run<Heights>(make_instance(puzzle), run_options, &sink);
  return found;
}

int nonzero(const std::vector<int>& values) {
  return static_cast<int>(std::count_if(values.begin(), values.end(), [](int v) { return v; }));
}

}  // namespace

std::optional<Puzzle> generate(const GenerateOptions& options, std::mt19937_64& random,
                               std::string id) {
  const int n = options.size;
  const int keep_clues = options.clues < 0 ? 4 * n : options.clues;
  auto stopped = [&] { return options.budget.spent(); };
  Puzzle puzzle;
  for (int draw = 0;; ++draw) {
    if (stopped()) return std::nullopt;
    if (draw == options.max_draws)
      throw std::runtime_error("--redraw: no unique puzzle in " +
                               std::to_string(options.max_draws) +
                               " squares; keep more clues or add --givens");
    puzzle.size = n;
    puzzle.id = id;
    puzzle.solution = random_latin_square(n, random);
    puzzle.clues = clues_of(puzzle.solution, n);
    std::vector<int> order(4 * n);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), random);
    for (int i = keep_clues; i < 4 * n; ++i) puzzle.clues[order[i]] = 0;
    puzzle.givens.assign(n * n, 0);
    std::vector<int> cells(n * n);
    std::iota(cells.begin(), cells.end(), 0);
    std::shuffle(cells.begin(), cells.end(), random);
    for (int i = 0; i < options.givens; ++i) puzzle.givens[cells[i]] = puzzle.solution[cells[i]];
    if (!options.redraw || two_solutions(puzzle, options.budget).size() == 1) break;
  }
  while (options.unique && !options.redraw) {
    if (stopped()) return std::nullopt;
    // Two solutions differ somewhere: give that cell its height in the square.
    auto found = two_solutions(puzzle, options.budget);
    if (found.size() < 2) break;
    const auto& other = found[0] != puzzle.solution ? found[0] : found[1];
    int cell = 0;
    while (other[cell] == puzzle.solution[cell]) ++cell;
    puzzle.givens[cell] = puzzle.solution[cell];
  }
  if (stopped()) return std::nullopt;
  int given_count = nonzero(puzzle.givens);
  if (given_count == 0) puzzle.givens.clear();
  puzzle.info = "clues=" + std::to_string(nonzero(puzzle.clues)) +
                " givens=" + std::to_string(given_count);
  if (options.unique) puzzle.info += " unique";
  return puzzle;
}

std::optional<std::string> generate_lines(const GenerateOptions& options, int count,
                                          std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::string lines;
  for (int k = 0; k < count; ++k) {
    auto puzzle = generate(options, random,
                           "gen" + std::to_string(options.size) + "-" + std::to_string(seed) + "-" +
                               std::to_string(k));
    if (!puzzle || options.budget.spent()) return std::nullopt;
    lines += format_instance(*puzzle, Form::line) + '\n';
  }
  return lines;
}

}  // namespace nursery::skyscrapers
