// The independent checker: it shares no code with the solver (its own
// reading of both files, its own line scans), so a bug in the segment model
// cannot hide itself. It reads the answer once, row by row beside the
// input, keeping for every column, diagonal and anti-diagonal (and the
// row) the last lizard since the last tree: O(n*n) time in reading order,
// O(n) memory beyond the two texts. A stop (Ctrl-C, SIGTERM) is polled once
// per row and every few thousand search nodes.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "core/checker_text.hpp"
#include "nursery/input.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

namespace {

// Thrown by poll() when the caller's budget is spent; verify() turns it into
// "no verdict".
struct Stopped {};
thread_local const Budget* t_budget = nullptr;
void poll() {
  if (t_budget != nullptr && t_budget->spent()) throw Stopped{};
}

// The caller's bar (optional): rows checked of 2n (the input read, then the answer checked).
thread_local Progress* t_progress = nullptr;
void rows_to_check(std::uint64_t rows) {
  if (t_progress != nullptr) t_progress->total.store(rows, std::memory_order_relaxed);
}
void row_checked() {
  if (t_progress != nullptr) t_progress->done.fetch_add(1, std::memory_order_relaxed);
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = i;
    while (j < text.size() && text[j] != '\n' && text[j] != '\r') ++j;
    lines.push_back(text.substr(i, j - i));
    if (j < text.size() && text[j] == '\r' && j + 1 < text.size() && text[j + 1] == '\n') ++j;
    i = j + 1;
  }
  return lines;
}

constexpr auto strip = checker_text::trimmed;
constexpr auto to_number = checker_text::decimal;

Verification invalid(std::string reason) {
  return {false, std::move(reason)};
}

// Runs of empty cells along one direction (dr, dc): a tree or the edge ends
// a run, and each run holds one lizard at most.
std::uint64_t runs(const std::vector<char>& grid, std::uint64_t n, int dr, int dc) {
  std::uint64_t count = 0;
  for (std::uint64_t r = 0; r < n; ++r) {
    poll();
    for (std::uint64_t c = 0; c < n; ++c) {
      if (grid[r * n + c] != '0') continue;
      // A run starts here when the cell before it (against the direction) is
      // off the board or a tree.
      std::int64_t pr = static_cast<std::int64_t>(r) - dr, pc = static_cast<std::int64_t>(c) - dc;
      bool inside = pr >= 0 && pc >= 0 && pr < static_cast<std::int64_t>(n) &&
                    pc < static_cast<std::int64_t>(n);
      if (!inside || grid[static_cast<std::uint64_t>(pr) * n + static_cast<std::uint64_t>(pc)] != '0')
        ++count;
    }
  }
  return count;
}

// Lizards placed in reading order wherever no earlier one sees the cell:
// for every column, diagonal and anti-diagonal (and the row), whether a
// lizard stands since the last tree. O(n*n); how many it placed.
std::uint64_t reading_order_placement(const std::vector<char>& grid, std::uint64_t n) {
  std::vector<char> column(n, 0), diagonal(2 * n, 0), anti(2 * n, 0);
  std::uint64_t placed = 0;
  for (std::uint64_t r = 0; r < n; ++r) {
    poll();
    char row = 0;
    for (std::uint64_t c = 0; c < n; ++c) {
      const std::uint64_t d = r + n - c, a = r + c;
      if (grid[r * n + c] != '0') {
        row = column[c] = diagonal[d] = anti[a] = 0;
        continue;
      }
      if (row || column[c] || diagonal[d] || anti[a]) continue;
      row = column[c] = diagonal[d] = anti[a] = 1;
      ++placed;
    }
  }
  return placed;
}

// An exhaustive search of its own (no solver code): the row runs in order,
// each given one of its cells or none, a lizard placed only where no
// earlier one sees it; cut when the runs left cannot make up p. Small
// boards only, and within a node budget.
class RunSearch {
 public:
  static constexpr std::uint64_t kMaxSide = 64;
  static constexpr std::uint64_t kBudget = 4000000;
  enum class Fit { fits, none, unknown };  // p lizards fit, cannot, or unknown

  RunSearch(const std::vector<char>& grid, std::uint64_t n, std::uint64_t p)
      : grid_(grid), n_(n), p_(p), lizard_(n * n, false) {
    for (std::uint64_t r = 0; r < n; ++r)
      for (std::uint64_t c = 0; c < n; ++c) {
        if (grid[r * n + c] != '0') continue;
        if (c == 0 || grid[r * n + c - 1] != '0') runs_.push_back({r * n + c, 0});
        ++runs_.back().second;
      }
  }
  Fit run() {
    bool found = place(0, 0);
    if (found) return Fit::fits;
    return nodes_ > kBudget ? Fit::unknown : Fit::none;
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool sees_one(std::uint64_t cell) const {
    const std::int64_t n = static_cast<std::int64_t>(n_);
    const std::int64_t r0 = static_cast<std::int64_t>(cell / n_), c0 = static_cast<std::int64_t>(cell % n_);
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        for (std::int64_t r = r0 + dr, c = c0 + dc; r >= 0 && c >= 0 && r < n && c < n;
             r += dr, c += dc) {
          auto at = static_cast<std::uint64_t>(r * n + c);
          if (grid_[at] != '0') break;
          if (lizard_[at]) return true;
        }
      }
    return false;
  }
  bool place(std::size_t run, std::uint64_t placed) {
    if (placed == p_) return true;
    if (placed + (runs_.size() - run) < p_ || ++nodes_ > kBudget) return false;
    if (nodes_ % 4096 == 0) poll();
    auto [start, length] = runs_[run];
    for (std::uint64_t cell = start; cell < start + length; ++cell) {
      if (sees_one(cell)) continue;
      lizard_[cell] = true;
      bool found = place(run + 1, placed + 1);
      lizard_[cell] = false;
      if (found) return true;
    }
    return place(run + 1, placed);
  }

  const std::vector<char>& grid_;
  std::uint64_t n_, p_;
  std::vector<bool> lizard_;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> runs_;  // first cell, length
  std::uint64_t nodes_ = 0;
};

// A FAIL claim is checked by what can be counted without searching: p
// beyond the empty cells, beyond the runs of any one direction, or the
// N-queens boards without solution (no trees, p = n = 2 or 3); then, on
// boards up to 64x64, by the checker's own exhaustive search within a node
// budget. Anything else is left unproved: the claim may be right, but this
// checker cannot tell.
Verification check_fail(const std::vector<char>& grid, std::uint64_t n, std::uint64_t p) {
  std::uint64_t empty = 0;
  for (std::uint64_t r = 0; r < n; ++r) {
    poll();
    for (std::uint64_t c = 0; c < n; ++c) empty += grid[r * n + c] == '0';
  }
  if (p > empty)
    return {true, "FAIL, and p = " + std::to_string(p) + " exceeds the " + std::to_string(empty) +
                      " empty cells"};
  const char* names[] = {"rows", "columns", "diagonals", "anti-diagonals"};
  const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int d = 0; d < 4; ++d) {
    auto count = runs(grid, n, steps[d][0], steps[d][1]);
    if (p > count)
      return {true, "FAIL, and p = " + std::to_string(p) + " exceeds the " + std::to_string(count) +
                        " tree-free runs of the " + names[d] + " (one lizard each at most)"};
  }
  if (empty == n * n && p == n && (n == 2 || n == 3))
    return {true, "FAIL, and " + std::to_string(n) + "-queens has no solution"};
  // p lizards placed greedily refute a FAIL on a board of any size.
  if (const std::uint64_t placed = reading_order_placement(grid, n); placed >= p)
    return invalid("FAIL claimed, but " + std::to_string(p) +
                   " lizards fit (the checker's greedy placement in reading order places " +
                   std::to_string(placed) + ")");
  if (n <= RunSearch::kMaxSide) {
    RunSearch search(grid, n, p);
    switch (search.run()) {
      case RunSearch::Fit::fits:
        return invalid("FAIL claimed, but " + std::to_string(p) +
                       " lizards fit (found by the checker's own exhaustive search)");
      case RunSearch::Fit::none:
        return {true, "FAIL, proved by the checker's own exhaustive search (" +
                          std::to_string(search.nodes()) + " nodes)"};
      case RunSearch::Fit::unknown: break;
    }
  }
  const std::string beyond = n <= RunSearch::kMaxSide
                                 ? "beyond its search budget"
                                 : "the board is beyond its exhaustive search (" +
                                       std::to_string(RunSearch::kMaxSide) + " x " +
                                       std::to_string(RunSearch::kMaxSide) + " at most)";
  Verification unproved{false, "FAIL claimed; p = " + std::to_string(p) +
                                   " is within every count this checker can make and " + beyond +
                                   ", so it cannot prove the board infeasible"};
  unproved.unproved = true;
  return unproved;
}

// An OK answer's n rows against the board's (from line `at` of `in`), in
// one pass in reading order: the trees where the board has them, no two
// lizards that see each other, and p of them (or more, where asked).
Verification check_ok(const std::vector<std::string_view>& in, std::size_t at,
                      const std::vector<std::string_view>& out, std::uint64_t n, std::uint64_t p,
                      Placed placed) {
  // For every column, diagonal and anti-diagonal, the row of the last
  // lizard since the last tree (or none); a row keeps its own. A lizard on
  // a line that already holds one is a pair that sees each other.
  constexpr std::int64_t kNone = -1;
  const auto side = static_cast<std::int64_t>(n);
  std::vector<std::int64_t> column(n, kNone), diagonal(2 * n, kNone), anti(2 * n, kNone);
  std::uint64_t lizards = 0;
  auto pair = [](std::int64_t r1, std::int64_t c1, std::int64_t r2, std::int64_t c2) {
    return invalid("lizards at (" + std::to_string(r1 + 1) + "," + std::to_string(c1 + 1) +
                   ") and (" + std::to_string(r2 + 1) + "," + std::to_string(c2 + 1) +
                   ") see each other");
  };
  for (std::int64_t r = 0; r < side; ++r) {
    poll();
    row_checked();
    const auto board = strip(in[at + static_cast<std::size_t>(r)]);
    const auto row = out[1 + static_cast<std::size_t>(r)];
    if (row.size() != n) return invalid("answer row " + std::to_string(r + 1) + " is not n long");
    std::int64_t in_row = kNone;  // the column of the row's last lizard since a tree
    for (std::int64_t c = 0; c < side; ++c) {
      const char want = board[static_cast<std::size_t>(c)], got = row[static_cast<std::size_t>(c)];
      if (want == '2' && got == '2') {
        in_row = column[c] = diagonal[r - c + side] = anti[r + c] = kNone;
        continue;
      }
      auto where = [&] {
        return " at row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1);
      };
      // The answer's trees are the board's: every 2 of the board is a 2 in
      // the answer (a tree deleted, even where no lizard stands, is a fault
      // of its own), and no 2 is added.
      if (want == '2') return invalid("a tree is missing" + where());
      if (got == '0') continue;
      if (got == '2') return invalid("a tree was added" + where());
      if (got != '1') return invalid("unexpected character" + where());
      ++lizards;
      if (in_row != kNone) return pair(r, in_row, r, c);
      if (column[c] != kNone) return pair(column[c], c, r, c);
      if (const auto d = diagonal[r - c + side]; d != kNone) return pair(d, c - (r - d), r, c);
      if (const auto a = anti[r + c]; a != kNone) return pair(a, c + (r - a), r, c);
      in_row = c;
      column[c] = diagonal[r - c + side] = anti[r + c] = r;
    }
  }
  // The homework places each of the p babies: exactly p. More than p safe
  // lizards answer p only where that was asked for by name (Placed::at_least_p:
  // a `nursery lizards --max` answer checked against the board it was asked on).
  if (lizards < p || (lizards > p && placed == Placed::exactly_p))
    return invalid("expected " + std::string(placed == Placed::at_least_p ? "at least " : "") +
                   std::to_string(p) + " lizards, found " + std::to_string(lizards));
  if (lizards > p)
    return {true, "OK with " + std::to_string(lizards) + " lizards (at least p = " +
                      std::to_string(p) + " asked), none seeing another"};
  return {true, "OK with " + std::to_string(p) + " lizards, none seeing another"};
}

// The whole check; poll() may throw Stopped anywhere in it.
Verification check(std::string_view input, std::string_view output, Placed placed) {
  // A byte-order mark before the first line, as an editor may save it, is
  // read past as every reader of the project does.
  input = skip_byte_order_mark(input);
  auto in = split_lines(input);
  std::size_t at = 0;
  if (at < in.size()) {
    auto first = strip(in[at]);
    if (first == "DFS" || first == "BFS" || first == "SA") ++at;
  }
  std::uint64_t n = 0, p = 0;
  if (at + 1 >= in.size() || !to_number(strip(in[at]), n) || !to_number(strip(in[at + 1]), p) ||
      n == 0 || n > 65535)
    return invalid("input: cannot read n and p");
  at += 2;
  if (in.size() < at + n) return invalid("input: fewer than n rows");
  // The text must hold the n x n cells before they are allocated: short
  // lines must not make the checker take n*n bytes (4.3 GB at n = 65535).
  if (input.size() < n * n)
    return invalid("input: too short for " + std::to_string(n) + " rows of " + std::to_string(n) +
                   " cells");
  // Every input row is read once here for its shape; the grid itself is
  // built only for a FAIL claim (its counts need it): an OK answer is
  // checked row by row against the input, in O(n) memory.
  rows_to_check(2 * n);
  for (std::uint64_t r = 0; r < n; ++r) {
    poll();
    row_checked();
    auto row = strip(in[at + r]);
    if (row.size() != n) return invalid("input: row " + std::to_string(r + 1) + " is not n long");
    if (row.find_first_not_of("02") != std::string_view::npos)
      return invalid("input: row " + std::to_string(r + 1) + " has a character other than 0/2");
  }

  auto out = split_lines(output);
  while (!out.empty() && strip(out.back()).empty()) out.pop_back();
  if (out.empty()) return invalid("output is empty");
  auto verdict = strip(out[0]);
  if (verdict == "FAIL") {
    if (out.size() != 1) return invalid("FAIL followed by more lines");
    std::vector<char> grid(n * n);
    for (std::uint64_t r = 0; r < n; ++r) {
      auto row = strip(in[at + r]);
      std::copy(row.begin(), row.end(), grid.begin() + static_cast<std::ptrdiff_t>(r * n));
    }
    return check_fail(grid, n, p);
  }
  if (verdict != "OK") return invalid("first line is neither OK nor FAIL");
  if (out.size() != n + 1)
    return invalid("expected " + std::to_string(n) + " rows after OK, found " +
                   std::to_string(out.size() - 1));

  return check_ok(in, at, out, n, p, placed);
}

}  // namespace

Verification verify(std::string_view input, std::string_view output, Placed placed) {
  return *verify(input, output, Budget(), nullptr, placed);
}

std::optional<Verification> verify(std::string_view input, std::string_view output,
                                   const Budget& budget) {
  return verify(input, output, budget, nullptr);
}

std::optional<Verification> verify(std::string_view input, std::string_view output,
                                   const Budget& budget, Progress* progress, Placed placed) {
  struct Scope {
    const Budget* saved = t_budget;
    Progress* saved_progress = t_progress;
    Scope(const Budget* now, Progress* bar) {
      t_budget = now;
      t_progress = bar;
    }
    ~Scope() {
      t_budget = saved;
      t_progress = saved_progress;
    }
  } scope(&budget, progress);
  try {
    return check(input, output, placed);
  } catch (const Stopped&) {
    return std::nullopt;
  }
}

}  // namespace nursery::lizards
