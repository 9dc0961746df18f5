// One solution the way a constraint solver finds it: every column keeps the
// domain of rows still safe for its queen; the column with the smallest
// domain is decided next (first fail), its rows tried in order, and each
// placement removes the rows it attacks from the undecided columns' domains
// (forward checking), backtracking as soon as one domain is empty.
#include <bit>
#include <stdexcept>

#include "queens/counters.hpp"

namespace nursery::queens {

namespace {

struct ForwardCheckingState {
  int n;
  // domains[depth * n + c]: column c's rows at that depth (one copy per
  // level: the undo is dropping a level).
  std::vector<std::uint64_t> domains;
  std::vector<bool> decided;
  Placement placement;
  Outcome outcome;
  StopPoller poller;
  bool stopped = false;

  // True when a solution was completed from this depth on.
  bool extend(int depth) {
    if (depth == n) return true;
    const std::uint64_t* domain = &domains[static_cast<std::size_t>(depth) * n];
    int column = -1;
    int smallest = 65;
    for (int c = 0; c < n; ++c)
      if (!decided[c] && std::popcount(domain[c]) < smallest) {
        smallest = std::popcount(domain[c]);
        column = c;
      }
    decided[column] = true;
    for (std::uint64_t rows = domain[column]; rows != 0 && !stopped; rows &= rows - 1) {
      const int row = std::countr_zero(rows);
      ++outcome.nodes;  // one value tried
      if (poller.poll()) stopped = true;
      std::uint64_t* next = &domains[static_cast<std::size_t>(depth + 1) * n];
      bool wiped = false;
      for (int c = 0; c < n && !wiped; ++c) {
        if (decided[c]) continue;
        const int distance = c > column ? c - column : column - c;
        std::uint64_t attacked = 1ull << row;
        if (row + distance < n) attacked |= 1ull << (row + distance);
        if (row - distance >= 0) attacked |= 1ull << (row - distance);
        next[c] = domain[c] & ~attacked;
        wiped = next[c] == 0;
      }
      if (wiped) continue;
      placement[column] = static_cast<std::uint32_t>(row);
      if (extend(depth + 1)) return true;
    }
    decided[column] = false;
    return false;
  }
};

}  // namespace

std::vector<ForwardChecking::Subproblem> ForwardChecking::split(const Instance& instance,
                                                                std::size_t) {
  if (instance.n < 1 || instance.n > kMaxForwardCheckingN)
    throw std::invalid_argument("forward checking is for N from 1 to 64");
  return {Subproblem{}};  // one search: its node count is the method's figure
}

Outcome ForwardChecking::solve(const Instance& instance, const Subproblem&,
                               Search<Solution>& search) {
  const int n = instance.n;
  ForwardCheckingState state{n, std::vector<std::uint64_t>(static_cast<std::size_t>(n + 1) * n),
                             std::vector<bool>(n, false), Placement(n), Outcome{},
                             search.poller()};
  const std::uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
  for (int c = 0; c < n; ++c) state.domains[c] = all;
  if (state.extend(0)) {
    state.outcome.count = 1;
    search.offer(state.placement);
  }
  state.outcome.complete = !state.stopped;
  return state.outcome;
}

}  // namespace nursery::queens
