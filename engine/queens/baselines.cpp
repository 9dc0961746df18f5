// The textbook baselines: a column-by-column backtracker on plain arrays,
// and brute force over all n^n placements. They exist so a user can relate
// the fast method's node counts to the textbook figures.
#include <stdexcept>

#include "queens/counters.hpp"

namespace nursery::queens {

namespace {

struct Attacks {
  int n;
  bool row_used[32] = {};
  bool up_used[64] = {};    // row - column + n - 1
  bool down_used[64] = {};  // row + column
  bool free(int row, int column) const {
    return !row_used[row] && !up_used[row - column + n - 1] && !down_used[row + column];
  }
  void set(int row, int column, bool value) {
    row_used[row] = up_used[row - column + n - 1] = down_used[row + column] = value;
  }
};

// The frontier both baselines share: the rows of the first one or two
// columns, every combination (brute force tests even attacking ones).
std::vector<Columns::Subproblem> prefixes(int n, bool two) {
  std::vector<Columns::Subproblem> frontier;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < (two ? n : 1); ++b) {
      Columns::Subproblem s;
      s.prefix[0] = static_cast<std::uint32_t>(a);
      s.prefix[1] = static_cast<std::uint32_t>(b);
      s.depth = two ? 2 : 1;
      frontier.push_back(s);
    }
  return frontier;
}

struct BacktrackState {
  Attacks board;
  Placement placement;
  Outcome outcome;
  StopPoller poller;
  bool stopped = false;

  void place(int column) {
    const int n = board.n;
    if (column == n) {
      ++outcome.count;
      outcome.unique += is_canonical(placement);
      return;
    }
    for (int row = 0; row < n && !stopped; ++row) {
      ++outcome.nodes;  // a partial check: this square against the earlier queens
      if (poller.poll()) stopped = true;
      if (!board.free(row, column)) continue;
      board.set(row, column, true);
      placement[column] = static_cast<std::uint32_t>(row);
      place(column + 1);
      board.set(row, column, false);
    }
  }
};

}  // namespace

std::vector<Columns::Subproblem> backtrack_split(const Columns::Instance& instance, std::size_t) {
  if (instance.n < 1 || instance.n > kMaxCountN)
    throw std::invalid_argument("N must be between 1 and 32");
  return prefixes(instance.n, false);
}

Outcome backtrack_solve(const Columns::Instance& instance, const Columns::Subproblem& subproblem,
                        Search<Placement>& search) {
  BacktrackState state{Attacks{instance.n}, Placement(instance.n), Outcome{}, search.poller()};
  // The first column's square needs no check: no queen stands before it.
  const int row = static_cast<int>(subproblem.prefix[0]);
  state.board.set(row, 0, true);
  state.placement[0] = static_cast<std::uint32_t>(row);
  state.place(1);
  state.outcome.complete = !state.stopped;
  return state.outcome;
}

std::vector<Columns::Subproblem> brute_split(const Columns::Instance& instance, std::size_t) {
  if (instance.n < 1 || instance.n > kMaxBruteN)
    throw std::invalid_argument("brute force is for N from 1 to 10");
  return prefixes(instance.n, instance.n >= 2);
}

namespace {

// Generates every placement of the columns from `column` on, all n rows in
// each, and tests each whole placement at the last column; `clash` says
// whether the columns so far already attack each other. Nothing is pruned:
// the work is n^n tests whatever the board.
struct BruteState {
  int n;
  Placement placement;
  Outcome outcome;
  StopPoller poller;
  bool stopped = false;

  void generate(int column, bool clash, std::uint64_t rows, std::uint64_t up,
                std::uint64_t down) {
    const int n_ = n;
    for (int row = 0; row < n_ && !stopped; ++row) {
      const bool attacked = (rows >> row & 1) || (up >> (row - column + n_) & 1) ||
                            (down >> (row + column) & 1);
      placement[column] = static_cast<std::uint32_t>(row);
      if (column + 1 < n_) {
        generate(column + 1, clash || attacked, rows | 1ull << row,
                 up | 1ull << (row - column + n_), down | 1ull << (row + column));
        continue;
      }
      ++outcome.nodes;  // one whole placement tested
      if (poller.poll()) stopped = true;
      if (!clash && !attacked) {
        ++outcome.count;
        outcome.unique += is_canonical(placement);
      }
    }
  }
};

}  // namespace

Outcome brute_solve(const Columns::Instance& instance, const Columns::Subproblem& subproblem,
                    Search<Placement>& search) {
  const int n = instance.n;
  BruteState state{n, Placement(n, 0), Outcome{}, search.poller()};
  bool clash = false;
  std::uint64_t rows = 0, up = 0, down = 0;
  for (int c = 0; c < subproblem.depth; ++c) {
    const int row = static_cast<int>(subproblem.prefix[c]);
    clash = clash || (rows >> row & 1) || (up >> (row - c + n) & 1) || (down >> (row + c) & 1);
    rows |= 1ull << row;
    up |= 1ull << (row - c + n);
    down |= 1ull << (row + c);
    state.placement[c] = static_cast<std::uint32_t>(row);
  }
  if (subproblem.depth == n) {
    state.outcome.nodes = 1;
    if (!clash) {
      state.outcome.count = 1;
      state.outcome.unique = is_canonical(state.placement);
    }
  } else {
    state.generate(subproblem.depth, clash, rows, up, down);
  }
  state.outcome.complete = !state.stopped;
  return state.outcome;
}

}  // namespace nursery::queens
