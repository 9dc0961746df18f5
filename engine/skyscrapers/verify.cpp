// The independent checker: plain loops over the finished grid, sharing no
// code with the solver (no candidates, no lines table, no propagation), so a
// bug in the solver cannot hide itself here.
#include <map>
#include <string>
#include <vector>

#include "nursery/skyscrapers.hpp"

namespace nursery::skyscrapers {

namespace {

// Buildings seen walking from (row, column) in steps of (row_step, column_step).
int count_visible(const Grid& heights, int n, int row, int column, int row_step, int column_step) {
  int seen = 0;
  int tallest = 0;
  for (int i = 0; i < n; ++i, row += row_step, column += column_step) {
    int height = heights[row * n + column];
    if (height > tallest) {
      tallest = height;
      ++seen;
    }
  }
  return seen;
}

std::string at(int row, int column) {
  return "row " + std::to_string(row + 1) + " column " + std::to_string(column + 1);
}

// The first fault of `heights` as an answer to `puzzle`, in words; empty when none.
std::string first_fault(const Puzzle& puzzle, const Grid& heights) {
  const int n = puzzle.size;
  if (heights.size() != static_cast<std::size_t>(n * n))
    return "expected " + std::to_string(n * n) + " cells, found " + std::to_string(heights.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int height = heights[r * n + c];
      if (height < 1 || height > n)
        return at(r, c) + ": height " + std::to_string(height) + " outside 1.." + std::to_string(n);
      if (!puzzle.givens.empty() && puzzle.givens[r * n + c] != 0 &&
          puzzle.givens[r * n + c] != height)
        return at(r, c) + ": given " + std::to_string(puzzle.givens[r * n + c]) + ", found " +
               std::to_string(height);
    }
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int other = c + 1; other < n; ++other) {
        if (heights[r * n + c] == heights[r * n + other])
          return "row " + std::to_string(r + 1) + ": height " + std::to_string(heights[r * n + c]) +
                 " twice";
        if (heights[c * n + r] == heights[other * n + r])
          return "column " + std::to_string(r + 1) + ": height " +
                 std::to_string(heights[c * n + r]) + " twice";
      }
  for (int i = 0; i < 4 * n; ++i) {
    int clue = puzzle.clues[i];
    if (clue == 0) continue;
    int seen = 0;
    std::string where;
    if (i < n) {
      seen = count_visible(heights, n, 0, i, 1, 0);
      where = "top of column " + std::to_string(i + 1);
    } else if (i < 2 * n) {
      seen = count_visible(heights, n, i - n, n - 1, 0, -1);
      where = "right of row " + std::to_string(i - n + 1);
    } else if (i < 3 * n) {
      seen = count_visible(heights, n, n - 1, 3 * n - 1 - i, -1, 0);
      where = "bottom of column " + std::to_string(3 * n - i);
    } else {
      seen = count_visible(heights, n, 4 * n - 1 - i, 0, 0, 1);
      where = "left of row " + std::to_string(4 * n - i);
    }
    if (seen != clue)
      return "clue " + std::to_string(clue) + " at the " + where + " sees " + std::to_string(seen);
  }
  return {};
}

}  // namespace

Verification verify(const Puzzle& puzzle, const Grid& heights) {
  Verification verification;
  verification.reason = first_fault(puzzle, heights);
  verification.valid = verification.reason.empty();
  if (verification.valid) verification.reason = "a Latin square keeping every clue and given";
  return verification;
}

std::vector<std::string> verify_answers(const std::vector<Puzzle>& puzzles,
                                       const std::vector<Answer>& answers,
                                       const std::string& output) {
  // Named answers go to the puzzles of their id in order: the k-th answer
  // named `a` answers the k-th puzzle named `a` (a file may repeat an id,
  // and the solver answers its puzzles in the file's order). An answer left
  // over past the last puzzle of its id is a second answer, and the checker
  // never picks one of two (the first named, the second kept).
  std::map<std::string, std::vector<const Answer*>> by_id;
  std::map<std::string, std::size_t> puzzles_named, seen;
  bool named = !answers.empty();
  for (const auto& answer : answers) {
    if (answer.id.empty()) named = false;
    by_id[answer.id].push_back(&answer);
  }
  for (const auto& puzzle : puzzles) ++puzzles_named[puzzle.id];
  std::vector<std::string> faults;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const auto& puzzle = puzzles[i];
    const Answer* answer = nullptr;
    const Answer* again = nullptr;
    if (named) {
      const std::size_t k = seen[puzzle.id]++;
      auto it = by_id.find(puzzle.id);
      if (it != by_id.end()) {
        if (k < it->second.size()) answer = it->second[k];
        // The last puzzle of its id takes the blame for answers left over.
        if (k + 1 == puzzles_named[puzzle.id] && it->second.size() > k + 1)
          again = it->second[k + 1];
      }
    } else if (i < answers.size()) {
      answer = &answers[i];
      // Unnamed answers go by position: those past the last puzzle are
      // second answers (one puzzle, two grids).
      if (i + 1 == puzzles.size() && answers.size() > puzzles.size()) again = &answers[i + 1];
    }
    std::string fault;
    if (again != nullptr) {
      fault = again->source + ": a second answer for puzzle " +
              (puzzle.id.empty() ? std::to_string(i + 1) : puzzle.id) + " (one answer each)";
    } else if (answer == nullptr) {
      fault = "no answer in " + output;
    } else if (answer->heights.size() != static_cast<std::size_t>(puzzle.size * puzzle.size)) {
      fault = answer->source + ": expected a " + std::to_string(puzzle.size) + "x" +
              std::to_string(puzzle.size) + " grid";
    } else if (!answer->clues.empty() && answer->clues != puzzle.clues) {
      fault = answer->source + ": the clue ring differs from the puzzle's";
    } else {
      fault = first_fault(puzzle, answer->heights);
      if (!fault.empty()) fault = answer->source + ": " + fault;
    }
    faults.push_back(std::move(fault));
  }
  // An answer to no puzzle of the file (an id it does not hold) is an answer
  // too many: the last puzzle takes the blame, as for answers left over.
  if (named && !faults.empty() && faults.back().empty())
    for (const auto& [id, named_answers] : by_id)
      if (!puzzles_named.contains(id)) {
        faults.back() = named_answers.front()->source + ": an answer for puzzle " + id +
                        ", which the puzzle file does not hold";
        break;
      }
  return faults;
}

}  // namespace nursery::skyscrapers
