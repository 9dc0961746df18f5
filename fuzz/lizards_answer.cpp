// The independent checker. Any answer bytes against a fixed board: a
// verdict, never a crash. Property: on a board and a well-formed answer
// both drawn from the bytes (up to 6x6), `verify` says valid exactly when a
// check of its own says so (the board's trees kept, none deleted or added;
// exactly p lizards, or p or more with Placed::at_least_p; no two on a line
// without a tree between them); a FAIL it calls proved has no placement, by
// brute force, and a FAIL it refutes has one.
#include <cstddef>
#include <cstdint>
#include <nursery/lizards.hpp>
#include <string>
#include <vector>

namespace {

// Whether p lizards fit, by trying every subset of empty cells (<= 36).
bool fits(const std::vector<char>& grid, int n, std::uint64_t p, std::vector<char>& with, int cell,
          std::uint64_t placed) {
  if (placed == p) return true;
  if (cell == n * n) return false;
  if (grid[cell] == '0') {
    bool alone = true;
    int r = cell / n, c = cell % n;
    const int steps[4][2] = {{0, -1}, {-1, 0}, {-1, -1}, {-1, 1}};
    for (const auto& s : steps)
      for (int rr = r + s[0], cc = c + s[1]; alone && rr >= 0 && cc >= 0 && cc < n;
           rr += s[0], cc += s[1]) {
        if (grid[rr * n + cc] == '2') break;
        if (with[rr * n + cc]) alone = false;
      }
    if (alone) {
      with[cell] = 1;
      bool found = fits(grid, n, p, with, cell + 1, placed + 1);
      with[cell] = 0;
      if (found) return true;
    }
  }
  return fits(grid, n, p, with, cell + 1, placed);
}

// Two lizards see each other: same row, column or diagonal, no tree between.
bool sees(const std::vector<char>& grid, int n, int a, int b) {
  int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
  int dr = (rb > ra) - (rb < ra), dc = (cb > ca) - (cb < ca);
  bool aligned = ra == rb || ca == cb || (rb - ra) == (cb - ca) || (rb - ra) == (ca - cb);
  if (!aligned) return false;
  for (int r = ra + dr, c = ca + dc; r != rb || c != cb; r += dr, c += dc)
    if (grid[r * n + c] == '2') return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string kInput = "DFS\n4\n3\n0000\n0200\n0000\n0020\n";
  std::string answer(reinterpret_cast<const char*>(data), size);
  (void)nursery::lizards::verify(kInput, answer);
  (void)nursery::lizards::verify(answer, "FAIL\n");
  if (size < 3) return 0;

  // A board and an answer of its own from the bytes: the side, p's offset
  // from the lizards drawn, then two bits a cell (tree, lizard).
  const int n = 1 + data[0] % 6;
  std::vector<char> grid(n * n, '0'), lizard(n * n, 0);
  std::vector<int> lizards;
  for (int cell = 0; cell < n * n; ++cell) {
    std::size_t bit = 2 * static_cast<std::size_t>(cell);
    std::uint8_t byte = 2 + bit / 8 < size ? data[2 + bit / 8] : 0;
    bool tree = (byte >> (bit % 8)) & 1, placed = (byte >> (bit % 8 + 1)) & 1;
    if (tree) grid[cell] = '2';
    else if (placed) {
      lizard[cell] = 1;
      lizards.push_back(cell);
    }
  }
  // Now and then one short (p above the lizards drawn), now and then one
  // more than asked (p below them: a --max answer, valid when safe).
  const std::uint64_t p = lizards.size() + (data[1] % 4 == 3 ? 1 : 0) -
                          (data[1] % 4 == 2 && !lizards.empty() ? 1 : 0);
  // Now and then the answer loses one of the board's trees (the cell left
  // empty): a wrong answer however its lizards stand.
  int deleted = -1;
  if (data[1] % 8 >= 6)
    for (int cell = 0; cell < n * n; ++cell)
      if (grid[cell] == '2' && deleted < 0) deleted = cell;
  std::string input = "DFS\n" + std::to_string(n) + "\n" + std::to_string(p) + "\n";
  std::string output = "OK\n";
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      input += grid[r * n + c];
      output += r * n + c == deleted  ? '0'
                : grid[r * n + c] == '2' ? '2'
                : lizard[r * n + c]      ? '1'
                                         : '0';
    }
    input += '\n';
    output += '\n';
  }
  bool safe = deleted < 0;
  for (std::size_t i = 0; safe && i < lizards.size(); ++i)
    for (std::size_t j = i + 1; safe && j < lizards.size(); ++j)
      if (sees(grid, n, lizards[i], lizards[j])) safe = false;
  namespace lz = nursery::lizards;
  if (lz::verify(input, output).valid != (safe && p == lizards.size())) __builtin_trap();
  if (lz::verify(input, output, lz::Placed::at_least_p).valid != (safe && p <= lizards.size()))
    __builtin_trap();

  // A FAIL claim on the same board: proved only when nothing fits, refuted
  // when something does (the checker searches boards this small in full).
  std::vector<char> with(n * n, 0);
  bool something_fits = fits(grid, n, p, with, 0, 0);
  auto fail = nursery::lizards::verify(input, "FAIL\n");
  if (fail.valid && something_fits) __builtin_trap();
  if (!something_fits && !fail.valid) __builtin_trap();
  return 0;
}
