// Counting by canonical pre-placements: one search per orbit of the
// square's 8 symmetries, almost entirely decided by cheap bit masks; only
// boards with ties are compared with their images (see counters.hpp).
#include <bit>
#include <stdexcept>

#include "queens/counters.hpp"
#include "queens/kernels.hpp"
#include "queens/last_rows.hpp"
#include "queens/splitmix.hpp"
// A kernel, compiled once per instruction-set level (isa.hpp): the split,
// the weight and the search of CanonicalCount, which calls them through the
// level's table (kernels.cpp).
#include "queens/isa_begin.hpp"

namespace nursery::queens::NURSERY_ISA_NS {

namespace {

// What a subproblem's pre-placement fixes for the whole search.
struct PrePlacement {
  int n = 0;
  int d = 0;                     // column of the top queen (0: the corner case)
  std::uint32_t free[32] = {};   // columns each row may use, before any other queen
  std::uint32_t side = 0;        // columns 0 and n-1
  int bound_row = -1;            // edge case: by this row both side columns must be settled
  std::uint32_t tie_bottom = 0;  // edge case: bottom-row columns as near a corner as the top one
  // free[] with the bound row's rule folded in, indexed by which side
  // columns the queens above hold (bit 0: column 0, bit 1: column n-1), so
  // the hot loop applies the rule with a load instead of a branch.
  std::uint32_t free_by_sides[32][4] = {};
};

// Which side columns a column mask holds, as an index of free_by_sides.
inline unsigned sides_held(std::uint32_t columns, int n) {
  return (columns & 1u) | (columns >> (n - 1)) << 1;
}

// Both side queens must lie in rows d..n-1-d: at the bound row at most one
// can still come, so one must be there already, and the other on this row.
void fold_sides(PrePlacement& board) {
  for (int y = 0; y < board.n; ++y) {
    const std::uint32_t free = board.free[y];
    if (y != board.bound_row) {
      for (auto& entry : board.free_by_sides[y]) entry = free;
      continue;
    }
    board.free_by_sides[y][0] = 0;                  // neither side held yet: too late
    board.free_by_sides[y][1] = free & board.side;  // one held: the other here
    board.free_by_sides[y][2] = free & board.side;
    board.free_by_sides[y][3] = free;  // both held
  }
}

PrePlacement board_for(int n, const CanonicalCount::Subproblem& s) {
  PrePlacement board;
  board.n = n;
  board.d = s.top;
  const std::uint32_t full = n == 32 ? ~0u : (1u << n) - 1;
  board.side = 1u | 1u << (n - 1);
  board.free[0] = 1u << s.top;
  for (int y = 1; y < n; ++y) board.free[y] = full;
  if (s.top == 0) {
    // Corner: of the twins S and its transpose, keep the one whose column-1
    // queen stands below its row-1 queen (at column prefix[0]).
    for (int y = 2; y < s.prefix[0] && y < n; ++y) board.free[y] &= ~2u;
    fold_sides(board);
    return board;
  }
  const int d = s.top;
  for (int y = 1; y < n - 1; ++y)
    if (y < d || y > n - 1 - d) board.free[y] &= ~board.side;
  board.free[n - 1] = 0;
  for (int c = d; c <= n - 1 - d; ++c) board.free[n - 1] |= 1u << c;
  board.bound_row = n - 1 - d;
  board.tie_bottom = 1u << d | 1u << (n - 1 - d);
  fold_sides(board);
  return board;
}

// Columns row y may use given the queens above it.
inline std::uint32_t open_squares(const PrePlacement& board, int y, std::uint32_t columns,
                                  std::uint32_t left, std::uint32_t right) {
  return board.free_by_sides[y][sides_held(columns, board.n)] & ~(columns | left | right);
}

// Search state of one row: queens above it, what is left to try on it.
struct Row {
  std::uint32_t columns, left, right, rest, chosen;
};

struct Tally {
  std::uint64_t total = 0, unique = 0, nodes = 0;  // nodes: of enumerate() alone
};

// A board with a tie: count it only if it is the smallest of its images
// that the search also visits (those whose top queen is at column d), and
// weight it by its orbit's size.
//
// Each of the 7 other symmetries reads the board along another line: the
// image's row r holds, possibly mirrored (n-1-v), the column of the queen
// on row r or n-1-r, or the row of the queen on column r or n-1-r. So an
// image is compared row by row as it is read, and most comparisons end at
// its first row (the images the search does not visit have another top).
void settle_tie(const PrePlacement& board, const std::uint32_t* chosen, Tally& tally) {
  const int n = board.n;
  const std::uint32_t last = static_cast<std::uint32_t>(n - 1);
  std::uint32_t column_of[32], row_of[32];
  for (int y = 0; y < n; ++y) {
    column_of[y] = static_cast<std::uint32_t>(std::countr_zero(chosen[y]));
    row_of[column_of[y]] = static_cast<std::uint32_t>(y);
  }
  int stabilizer = 1;
  for (int g = 1; g < 8; ++g) {
    const std::uint32_t* line = (g & 4) != 0 ? row_of : column_of;
    const bool reversed = (g & 2) != 0, mirrored = (g & 1) != 0;
    int order = 0;
    for (int r = 0; r < n && order == 0; ++r) {
      std::uint32_t value = line[reversed ? n - 1 - r : r];
      if (mirrored) value = last - value;
      if (r == 0 && value != static_cast<std::uint32_t>(board.d)) {
        order = 1;  // another top queen: an image the search does not visit
        break;
      }
      order = value < column_of[r] ? -1 : (value > column_of[r] ? 1 : 0);
    }
    if (order < 0) return;
    if (order == 0) ++stabilizer;
  }
  tally.total += 8 / stabilizer;
  tally.unique += 1;
}

// Replays rows 0..depth of the pre-placement into rows[0..depth+1].
// Returns the first row the search decides.
int replay(const PrePlacement& board, const CanonicalCount::Subproblem& s, Row* rows) {
  rows[0] = Row{0, 0, 0, 0, board.free[0]};
  for (int y = 0; y <= s.depth; ++y) {
    const std::uint32_t bit = y == 0 ? board.free[0] : 1u << s.prefix[y - 1];
    rows[y].chosen = bit;
    rows[y + 1].columns = rows[y].columns | bit;
    rows[y + 1].left = (rows[y].left | bit) << 1;
    rows[y + 1].right = (rows[y].right | bit) >> 1;
  }
  return s.depth + 1;
}

// The searched rows' state, kept as a stack of the rows above the current
// one; the current row's masks live in registers.
struct Stack {
  std::uint32_t columns[33], left[33], right[33], rest[33], bottom[33];
};

// The queen of row k < y of a board whose rows 0..y-1 hold `columns`.
inline std::uint32_t queen_of(const Row* rows, int start, const Stack& stack, int y,
                              std::uint32_t columns, int k) {
  if (k < start) return rows[k].chosen;
  return (k + 1 < y ? stack.columns[k + 1] : columns) ^ stack.columns[k];
}

// Rebuilds the queen chosen on every row of a board whose rows 0..y are
// placed (row y holds `bit`), for tie resolution: the pre-placement's rows
// from the replay, the searched rows' from the column masks on the stack.
void chosen_rows(const Row* rows, int start, const Stack& stack, int y, std::uint32_t columns,
                 std::uint32_t bit, std::uint32_t* chosen) {
  for (int k = 0; k < y; ++k) chosen[k] = queen_of(rows, start, stack, y, columns, k);
  chosen[y] = bit;
}

// One finished edge board: weight 8 unless another border queen ties with
// the top one (a side queen on row d or n-1-d, the bottom queen on column
// d or n-1-d); then it is settled against its images.
void count_edge_board(const PrePlacement& board, const std::uint32_t* chosen, Tally& tally) {
  const int n = board.n;
  const bool tie = ((chosen[board.d] | chosen[n - 1 - board.d]) & board.side) != 0 ||
                   (chosen[n - 1] & board.tie_bottom) != 0;
  if (tie) {
    settle_tie(board, chosen, tally);
  } else {
    tally.total += 8;
    tally.unique += 1;
  }
}

// Every completion of rows y..n-1 (rows above y in chosen), one by one:
// boards too small for the window (search_small).
void enumerate(const PrePlacement& board, std::uint32_t* chosen, int y, std::uint32_t columns,
               std::uint32_t left, std::uint32_t right, Tally& tally) {
  for (std::uint32_t open = board.free[y] & ~(columns | left | right); open != 0;
       open &= open - 1) {
    const std::uint32_t bit = open & -open;
    chosen[y] = bit;
    ++tally.nodes;
    if (y + 1 < board.n) {
      enumerate(board, chosen, y + 1, columns | bit, (left | bit) << 1, (right | bit) >> 1, tally);
    } else if (board.d == 0) {
      tally.total += 8;
      tally.unique += 1;
    } else {
      count_edge_board(board, chosen, tally);
    }
  }
}

// What the search needs to close the last six rows (rows n-6..n-1, the
// window) by lookup (last_rows.hpp).
struct Window {
  const LastSix* table;
  std::uint32_t full;
  std::uint32_t rows[6];   // the window's rows' squares before any queen
  std::uint32_t plain[6];  // the same without the squares of a tie (edge case)
};

Window window_for(const PrePlacement& board) {
  const int n = board.n;
  Window w{&LastSix::table(), n == 32 ? ~0u : (1u << n) - 1, {}, {}};
  for (int j = 0; j < 6; ++j) w.rows[j] = w.plain[j] = board.free[n - 6 + j];
  if (board.d != 0) {
    w.plain[5] &= ~board.tie_bottom;
    const int j = 5 - board.d;  // row n-1-d
    if (j >= 0) w.plain[j] &= ~board.side;
  }
  return w;
}

// Completions of the window under the masks of the queens above it
// (`columns`; `left`, `right` as seen by its first row), squares from
// `rows`.
inline unsigned close_window(const Window& w, const std::uint32_t* rows, std::uint32_t columns,
                             std::uint32_t left, std::uint32_t right) {
  const FreeColumns free(w.full & ~columns);
  std::uint32_t a[6];
  for (int j = 0; j < 6; ++j) a[j] = free.gather(rows[j] & ~(left << j | right >> j));
  return completions(*w.table, free, a);
}

// Edge case: the boards of a window one by one (rows above it in chosen),
// each completion a bit of the window's ways.
[[gnu::noinline]] void count_window_boards(const PrePlacement& board, const Window& w,
                                           std::uint32_t* chosen, std::uint32_t columns,
                                           std::uint32_t left, std::uint32_t right, Tally& tally) {
  const FreeColumns free(w.full & ~columns);
  std::uint32_t a[6];
  for (int j = 0; j < 6; ++j) a[j] = free.gather(w.rows[j] & ~(left << j | right >> j));
  const Ways ways = completion_ways(*w.table, free, a);
  for (int word = 0; word < Ways::kWords; ++word)
    for (std::uint64_t bits = ways.word[word]; bits != 0; bits &= bits - 1) {
      const int p = 64 * word + std::countr_zero(bits);
      for (int j = 0; j < 6; ++j) chosen[board.n - 6 + j] = 1u << free.at[w.table->column[p][j]];
      count_edge_board(board, chosen, tally);
    }
}

// Edge case: closes the window under each queen `open` leaves on row n-7,
// below a board whose rows 0..y (y = n-8) are placed, row y holding `bit`
// (rows above from the stack). Boards without a tie are counted by lookup;
// a window that holds a tie has its boards counted one by one.
[[gnu::always_inline]] inline void close_edge_row(const PrePlacement& board, const Window& w,
                                                  const Row* rows, int start, const Stack& stack,
                                                  int y, std::uint32_t columns, std::uint32_t bit,
                                                  std::uint32_t open, std::uint32_t c,
                                                  std::uint32_t l, std::uint32_t r, Tally& tally,
                                                  std::uint64_t& total) {
  const int n = board.n, d = board.d, below = y + 1;
  // A side queen on row d or n-1-d above the window: every board ties.
  std::uint32_t above = 0;
  for (const int k : {d, n - 1 - d})
    if (k <= y) above |= k == y ? bit : queen_of(rows, start, stack, y, columns, k);
  const bool side_above = (above & board.side) != 0;
  const bool side_below = d == n - 1 - below || d == below;  // row n-7 is a tie row
  for (; open != 0; open &= open - 1) {
    const std::uint32_t x = open & -open;
    const std::uint32_t cx = c | x, lx = (l | x) << 1, rx = (r | x) >> 1;
    const unsigned all = close_window(w, w.rows, cx, lx, rx);
    if (all == 0) continue;
    const bool tied = side_above || (side_below && (x & board.side) != 0);
    const unsigned plain = tied ? 0 : close_window(w, w.plain, cx, lx, rx);
    if (plain == all) {
      total += plain;
      continue;
    }
    std::uint32_t chosen[33];
    chosen_rows(rows, start, stack, y, columns, bit, chosen);
    chosen[below] = x;
    count_window_boards(board, w, chosen, cx, lx, rx, tally);
  }
}

// Boards below N = 12, and pre-placements that reach into the window: every
// board enumerated (microseconds; no polling).
Outcome search_small(const PrePlacement& board, const CanonicalCount::Subproblem& s) {
  Row rows[33];
  const int start = replay(board, s, rows);
  Tally tally;
  std::uint32_t chosen[33];
  for (int k = 0; k < start && k < board.n; ++k) chosen[k] = rows[k].chosen;
  if (start >= board.n) {
    if (board.d == 0) {
      tally.total += 8;
      tally.unique += 1;
    } else {
      count_edge_board(board, chosen, tally);
    }
  } else {
    enumerate(board, chosen, start, rows[start].columns, rows[start].left, rows[start].right,
              tally);
  }
  Outcome outcome;
  outcome.nodes = tally.nodes;
  outcome.count = tally.total;
  outcome.unique = tally.unique;
  outcome.complete = true;
  return outcome;
}

Outcome search_board(const PrePlacement& board, const CanonicalCount::Subproblem& s,
                     StopPoller& poller) {
  const int n = board.n;
  const int last = n - 1;
  // The search decides rows up to `deepest`; the window closes the rest.
  const int deepest = last - 6;
  Row rows[33];
  const int start = replay(board, s, rows);
  if (n < 12 || start > deepest) return search_small(board, s);
  const bool corner = board.d == 0;
  const Window w = window_for(board);
  Tally tally;
  Stack stack{};

  // The hot loop: one placement per iteration, nothing but masks in
  // registers; the stack is touched only to go down or back up a row.
  const std::uint32_t last_free = board.free[last];
  std::uint32_t columns = rows[start].columns, left = rows[start].left, right = rows[start].right;
  std::uint32_t rest = open_squares(board, start, columns, left, right);
  // What the queens above attack on the bottom row along diagonals: a board
  // whose bottom row is closed is dropped at once, not rows later.
  std::uint32_t bottom = 0;
  for (int k = 0; k < start; ++k) {
    const std::uint32_t q = rows[k].chosen;
    bottom |= q << (last - k) | q >> (last - k);
  }
  std::uint64_t nodes = 0, total = 0;
  bool stopped = false;
  int y = start;
  if (start == deepest) {
    // The pre-placement reaches the window: close it under each square.
    nodes += std::popcount(rest);
    if (corner) {
      for (; rest != 0; rest &= rest - 1) {
        const std::uint32_t x = rest & -rest;
        total += close_window(w, w.rows, columns | x, (left | x) << 1, (right | x) >> 1);
      }
    } else {
      close_edge_row(board, w, rows, start, stack, start - 1, rows[start - 1].columns,
                     rows[start - 1].chosen, rest, columns, left, right, tally, total);
    }
    rest = 0;
  }
  for (;;) {
    while (rest != 0) {
      const std::uint32_t bit = rest & -rest;
      rest ^= bit;
      ++nodes;
      const std::uint32_t c = columns | bit;
      const std::uint32_t l = (left | bit) << 1;
      const std::uint32_t r = (right | bit) >> 1;
      std::uint32_t next = board.free_by_sides[y + 1][sides_held(c, n)] & ~(c | l | r);
      if (next == 0) continue;
      const std::uint32_t b = bottom | bit << (last - y) | bit >> (last - y);
      if ((last_free & ~(b | c)) == 0) continue;
      if (y + 1 == deepest) {
        // The next row is the last one searched: close the window under
        // each of its squares, without going down.
        nodes += std::popcount(next);
        if (corner) {
          for (; next != 0; next &= next - 1) {
            const std::uint32_t x = next & -next;
            total += close_window(w, w.rows, c | x, (l | x) << 1, (r | x) >> 1);
          }
        } else {
          stack.columns[y] = columns;
          close_edge_row(board, w, rows, start, stack, y, columns, bit, next, c, l, r, tally,
                         total);
        }
        continue;
      }
      stack.columns[y] = columns;
      stack.left[y] = left;
      stack.right[y] = right;
      stack.rest[y] = rest;
      stack.bottom[y] = bottom;
      columns = c;
      left = l;
      right = r;
      rest = next;
      bottom = b;
      ++y;
    }
    if (y == start) break;
    // Polled on the way back up: as often as going down, and off the
    // innermost path.
    if (poller.poll()) {
      stopped = true;
      break;
    }
    --y;
    columns = stack.columns[y];
    left = stack.left[y];
    right = stack.right[y];
    rest = stack.rest[y];
    bottom = stack.bottom[y];
  }
  tally.total += 8 * total;
  tally.unique += total;
  Outcome outcome;
  outcome.nodes = nodes + tally.nodes;
  outcome.count = tally.total;
  outcome.unique = tally.unique;
  outcome.complete = !stopped;
  return outcome;
}

}  // namespace

std::vector<CanonicalCount::Subproblem> canonical_split(const CanonicalCount::Instance& instance,
                                                        std::size_t target) {
  using Subproblem = CanonicalCount::Subproblem;
  const int n = instance.n;
  if (n < 1 || n > kMaxCountN) throw std::invalid_argument("N must be between 1 and 32");
  std::vector<Subproblem> frontier;
  if (n == 1) {
    frontier.push_back(Subproblem{});
    return frontier;
  }
  for (int c1 = 2; c1 <= n - 2; ++c1) {
    Subproblem s;
    s.top = 0;
    s.depth = 1;
    s.prefix[0] = static_cast<std::uint8_t>(c1);
    frontier.push_back(s);
  }
  for (int d = 1; 2 * d < n - 1; ++d) {
    Subproblem s;
    s.top = static_cast<std::uint8_t>(d);
    frontier.push_back(s);
  }
  // Deepen every subproblem by one row until the frontier is wide enough,
  // keeping two rows or more for the search itself.
  while (frontier.size() < target) {
    std::vector<Subproblem> deeper;
    bool grew = false;
    for (const Subproblem& s : frontier) {
      const int y = s.depth + 1;
      if (y >= n - 2 || s.depth >= 6) {
        deeper.push_back(s);
        continue;
      }
      PrePlacement board = board_for(n, s);
      Row rows[33];
      replay(board, s, rows);
      for (std::uint32_t open =
               open_squares(board, y, rows[y].columns, rows[y].left, rows[y].right);
           open != 0; open &= open - 1) {
        Subproblem child = s;
        child.prefix[s.depth] = static_cast<std::uint8_t>(std::countr_zero(open));
        child.depth = static_cast<std::uint8_t>(s.depth + 1);
        deeper.push_back(child);
      }
      grew = true;
    }
    frontier = std::move(deeper);
    if (!grew) break;
  }
  return frontier;
}

// Knuth's estimate of the subproblem's search tree: random descents through
// the same open squares the search tries, each adding up the products of
// the choices it met; the mean over a fixed number of descents (seeded by
// the subproblem, so the same on every run) is the expected node count.
// Rows from the last six on are closed by lookups and not descended.
double canonical_work(const CanonicalCount::Instance& instance,
                      const CanonicalCount::Subproblem& subproblem) {
  const int n = instance.n;
  if (n < 4) return 1;
  const PrePlacement board = board_for(n, subproblem);
  Row rows[33];
  const int start = replay(board, subproblem, rows);
  const int deepest = n < 12 ? n - 1 : n - 6;
  if (start >= deepest) return 1;
  std::uint64_t state = 0x9e3779b97f4a7c15ull * (1 + subproblem.top + 37u * subproblem.depth);
  for (int k = 0; k < subproblem.depth; ++k) state = state * 31 + subproblem.prefix[k] + 1;
  SplitMix64 next{state};
  double sum = 0;
  for (int descent = 0; descent < kCanonicalDescents; ++descent) {
    std::uint32_t columns = rows[start].columns, left = rows[start].left,
                  right = rows[start].right;
    double product = 1;
    for (int y = start; y < deepest; ++y) {
      std::uint32_t open = open_squares(board, y, columns, left, right);
      const int choices = std::popcount(open);
      if (choices == 0) break;
      product *= choices;
      sum += product;
      for (auto skip = next() % static_cast<std::uint64_t>(choices); skip != 0; --skip)
        open &= open - 1;
      const std::uint32_t bit = open & -open;
      columns |= bit;
      left = (left | bit) << 1;
      right = (right | bit) >> 1;
    }
  }
  return 1 + sum / kCanonicalDescents;
}

Outcome canonical_solve(const CanonicalCount::Instance& instance,
                        const CanonicalCount::Subproblem& subproblem, Search<Placement>& search) {
  if (instance.n == 1) {
    Outcome outcome;
    outcome.count = outcome.unique = outcome.nodes = 1;
    outcome.complete = true;
    return outcome;
  }
  StopPoller poller = search.poller();
  return search_board(board_for(instance.n, subproblem), subproblem, poller);
}

}  // namespace nursery::queens::NURSERY_ISA_NS

#include "queens/isa_end.hpp"
