// The lizards reader on any bytes: a Board or an InputError, nothing else.
// Properties: parse -> format -> parse is a fixed point; a small board that
// reads is solved, its answer passes the independent checker, and both the
// verdict and the exact count equal a brute-force oracle's.
#include <cstddef>
#include <cstdint>
#include <nursery/lizards.hpp>
#include <string>
#include <vector>

namespace {

namespace lz = nursery::lizards;

// Every set of exactly p lizards on empty cells, none seeing another
// (no tree between two on a row, column or diagonal): cells in row-major
// order, each lizard checked against the earlier ones along the four
// backward directions. Shares nothing with the solver.
struct Oracle {
  const lz::Board& board;
  std::vector<bool> lizard;
  std::uint64_t count = 0;

  bool sees_earlier(int r, int c) const {
    const int n = static_cast<int>(board.n);
    const int steps[4][2] = {{0, -1}, {-1, 0}, {-1, -1}, {-1, 1}};
    for (const auto& step : steps)
      for (int rr = r + step[0], cc = c + step[1]; rr >= 0 && cc >= 0 && cc < n;
           rr += step[0], cc += step[1]) {
        auto at = static_cast<std::size_t>(rr * n + cc);
        if (board.cells[at] == lz::kTree) break;
        if (lizard[at]) return true;
      }
    return false;
  }
  void place(std::size_t cell, std::uint64_t placed) {
    if (placed == board.p) {
      ++count;
      return;
    }
    const std::size_t cells = board.cells.size();
    if (cell == cells || placed + (cells - cell) < board.p) return;
    const int n = static_cast<int>(board.n);
    int r = static_cast<int>(cell) / n, c = static_cast<int>(cell) % n;
    if (board.cells[cell] != lz::kTree && !sees_earlier(r, c)) {
      lizard[cell] = true;
      place(cell + 1, placed + 1);
      lizard[cell] = false;
    }
    place(cell + 1, placed);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)lz::size_limit(text.substr(0, 4096), "fuzz");
  } catch (const nursery::InputError&) {
  }
  lz::Board board;
  try {
    board = lz::parse(text, "fuzz");
  } catch (const nursery::InputError&) {
    return 0;
  }
  // parse -> format -> parse: the same board, and the same text again.
  std::string written = lz::format_instance(board);
  lz::Board again;
  try {
    again = lz::parse(written, "again");
  } catch (const nursery::InputError&) {
    __builtin_trap();  // what the writer wrote, the reader must read
  }
  if (again.n != board.n || again.p != board.p || again.cells != board.cells ||
      again.algorithm != board.algorithm || lz::format_instance(again) != written)
    __builtin_trap();

  if (board.n > 5 || board.p > 12) return 0;
  Oracle oracle{board, std::vector<bool>(board.cells.size(), false)};
  oracle.place(0, 0);

  lz::SolveOptions options;
  options.threads = 1;
  auto report = lz::solve(board, options);
  if (report.verdict == lz::Verdict::unknown) __builtin_trap();  // no deadline: decided
  if ((report.verdict == lz::Verdict::ok) != (oracle.count > 0)) __builtin_trap();
  if (report.verdict == lz::Verdict::ok) {
    auto verdict = lz::verify(written, lz::format(board, &*report.solution));
    if (!verdict.valid) __builtin_trap();
  }
  options.count = true;
  auto counted = lz::solve(board, options);
  if (!counted.count || *counted.count != oracle.count) __builtin_trap();
  return 0;
}
