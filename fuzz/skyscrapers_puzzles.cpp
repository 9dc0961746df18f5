// The Skyscrapers reader on any bytes (three forms, any line ends): puzzles
// or an InputError. Properties: every puzzle read is written in each form
// and read back with the same clues and givens (parse -> format -> parse),
// writing it again gives the same text; a puzzle up to 4x4 is counted by
// the solver and by brute force over every Latin square, equal.
#include <cstddef>
#include <cstdint>
#include <nursery/skyscrapers.hpp>
#include <string>
#include <vector>

#include "skyscrapers_seen.hpp"

namespace {

namespace sky = nursery::skyscrapers;


// Every Latin square, row by row, counted when it keeps clues and givens.
void squares(const sky::Puzzle& p, sky::Grid& g, int cell, std::uint64_t& count) {
  const int n = p.size;
  if (cell == n * n) {
    for (int i = 0; i < 4 * n; ++i)
      if (p.clues[i] != 0 && skyscrapers_seen(g, n, i) != p.clues[i]) return;
    ++count;
    return;
  }
  int r = cell / n, c = cell % n;
  for (int h = 1; h <= n; ++h) {
    if (!p.givens.empty() && p.givens[cell] != 0 && p.givens[cell] != h) continue;
    bool used = false;
    for (int k = 0; k < c && !used; ++k) used = g[r * n + k] == h;
    for (int k = 0; k < r && !used; ++k) used = g[k * n + c] == h;
    if (used) continue;
    g[cell] = h;
    squares(p, g, cell + 1, count);
  }
  g[cell] = 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  (void)sky::sniff(text);
  std::vector<sky::Puzzle> puzzles;
  try {
    puzzles = sky::parse(text, "fuzz");
  } catch (const nursery::InputError&) {
    return 0;
  }
  for (const auto& puzzle : puzzles) {
    for (auto form : {sky::Form::line, sky::Form::game_id, sky::Form::grid}) {
      std::string written = sky::format_instance(puzzle, form);
      try {
        auto again = sky::parse(written + "\n", "again");
        if (again.size() != 1 || again[0].clues != puzzle.clues) __builtin_trap();
        auto givens = [](const sky::Grid& g, int n) {
          return g.empty() ? sky::Grid(static_cast<std::size_t>(n * n), 0) : g;
        };
        if (givens(again[0].givens, again[0].size) != givens(puzzle.givens, puzzle.size))
          __builtin_trap();
        if (sky::format_instance(again[0], form) != written) __builtin_trap();
      } catch (const nursery::InputError&) {
        __builtin_trap();  // what the writer wrote, the reader must read
      }
    }
    if (puzzle.size > 4) continue;
    std::uint64_t brute = 0;
    sky::Grid grid(static_cast<std::size_t>(puzzle.size * puzzle.size), 0);
    squares(puzzle, grid, 0, brute);
    sky::SolveOptions options;
    options.mode = nursery::Mode::count;
    options.threads = 1;
    auto solved = sky::solve(puzzle, options);
    if (solved.status != nursery::Status::complete || solved.count.value_or(0) != brute)
      __builtin_trap();
  }
  return 0;
}
