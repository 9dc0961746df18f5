// The three text forms of a puzzle written (the line format, Tatham's game
// IDs and the grid form with its clue ring, which also writes an answer's
// grid): what format.cpp reads back.
#include <string>

#include "nursery/skyscrapers.hpp"

namespace nursery::skyscrapers {

namespace {

char digit(int value) {
  return static_cast<char>('0' + value);
}

std::string to_line(const Puzzle& puzzle) {
  const int n = puzzle.size;
  std::string line = puzzle.id + " " + std::to_string(n) + " ";
  for (int i = 0; i < 4 * n; ++i) {
    if (i) line += ',';
    line += std::to_string(puzzle.clues[i]);
  }
  auto digits = [](const Grid& grid) {
    if (grid.empty()) return std::string("-");
    std::string text;
    for (int value : grid) text += digit(value);
    return text;
  };
  line += " " + digits(puzzle.givens) + " " + digits(puzzle.solution);
  if (!puzzle.info.empty()) line += " " + puzzle.info;
  return line;
}

std::string to_game_id(const Puzzle& puzzle) {
  const int n = puzzle.size;
  std::vector<int> tatham(4 * n);
  for (int i = 0; i < n; ++i) {
    tatham[i] = puzzle.clues[i];
    tatham[n + (n - 1 - i)] = puzzle.clues[2 * n + i];
    tatham[2 * n + (n - 1 - i)] = puzzle.clues[3 * n + i];
    tatham[3 * n + i] = puzzle.clues[n + i];
  }
  std::string id = std::to_string(n) + ":";
  for (int i = 0; i < 4 * n; ++i) {
    if (i) id += '/';
    if (tatham[i] != 0) id += std::to_string(tatham[i]);
  }
  bool any_given =
      std::any_of(puzzle.givens.begin(), puzzle.givens.end(), [](int v) { return v != 0; });
  if (!any_given) return id;
  id += ',';
  int run = 0;
  bool after_digit = false;
  for (int value : puzzle.givens) {
    if (value == 0) {
      if (++run == 26) {
        id += 'z';
        run = 0;
      }
      after_digit = false;
      continue;
    }
    if (run > 0)
      id += static_cast<char>('a' + run - 1);
    else if (after_digit)
      id += '_';
    run = 0;
    id += digit(value);
    after_digit = true;
  }
  if (run > 0) id += static_cast<char>('a' + run - 1);
  return id;
}

std::string to_grid_form(const Puzzle& puzzle, const Grid* heights) {
  const int n = puzzle.size;
  const Grid* cells = heights != nullptr ? heights : &puzzle.givens;
  auto clue = [&](int i) { return puzzle.clues[i] != 0 ? digit(puzzle.clues[i]) : '.'; };
  auto cell = [&](int i) {
    int value = cells->empty() ? 0 : (*cells)[i];
    return value != 0 ? digit(value) : '.';
  };
  std::string text = "   ";
  for (int c = 0; c < n; ++c) text += std::string(" ") + clue(c);
  text += "\n  +" + std::string(2 * n + 1, '-') + "+\n";
  for (int r = 0; r < n; ++r) {
    text += clue(4 * n - 1 - r);
    text += " |";
    for (int c = 0; c < n; ++c) text += std::string(" ") + cell(r * n + c);
    text += " | ";
    text += clue(n + r);
    text += '\n';
  }
  text += "  +" + std::string(2 * n + 1, '-') + "+\n   ";
  for (int c = 0; c < n; ++c) text += std::string(" ") + clue(3 * n - 1 - c);
  text += '\n';
  return text;
}

}  // namespace

std::string format_instance(const Puzzle& puzzle, Form form) {
  switch (form) {
    case Form::line: return to_line(puzzle);
    case Form::game_id: return to_game_id(puzzle);
    case Form::grid: break;
  }
  return to_grid_form(puzzle, nullptr);
}

std::string format(const Puzzle& puzzle, const Grid& heights) {
  return to_grid_form(puzzle, &heights);
}

}  // namespace nursery::skyscrapers
