// The full board, column by column, with bitboards: enumeration (list, as
// nursery queens --all lists), a first solution, and the plain count that
// the frame method is checked against.
#include <bit>
#include <stdexcept>

#include "nursery/scheduler.hpp"
#include "queens/counters.hpp"

namespace nursery::queens {

namespace {

std::uint32_t board_mask(int n) { return n == 32 ? ~0u : (1u << n) - 1; }

}  // namespace

std::vector<Columns::Subproblem> Columns::split(const Instance& instance, std::size_t target) {
  const int n = instance.n;
  if (n < 1 || n > kMaxCountN) throw std::invalid_argument("N must be between 1 and 32");
  std::vector<Subproblem> frontier;
  // One column fixed gives n subproblems; two give about n^2 / 2 (the
  // pairs that do not attack), enough for EPS up to n^2 / 2 / 30 workers.
  const bool two = n >= 4 && static_cast<std::size_t>(n) < target;
  for (int a = 0; a < n; ++a) {
    if (!two) {
      Subproblem s;
      s.prefix[0] = static_cast<std::uint32_t>(a);
      s.depth = 1;
      frontier.push_back(s);
      continue;
    }
    for (int b = 0; b < n; ++b) {
      if (std::abs(a - b) <= 1) continue;  // same row or diagonal neighbours
      Subproblem s;
      s.prefix[0] = static_cast<std::uint32_t>(a);
      s.prefix[1] = static_cast<std::uint32_t>(b);
      s.depth = 2;
      frontier.push_back(s);
    }
  }
  return frontier;
}

Outcome Columns::solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search) {
  const int n = instance.n;
  const std::uint32_t board = board_mask(n);
  const Mode mode = search.mode();
  Outcome outcome;
  StopPoller poller = search.poller();
  Placement placement(n);
  std::uint32_t rows[33], up[33], down[33], rest[33];
  rows[0] = up[0] = down[0] = 0;
  int column = 0;
  for (; column < subproblem.depth; ++column) {
    const std::uint32_t bit = 1u << subproblem.prefix[column];
    placement[column] = subproblem.prefix[column];
    rows[column + 1] = rows[column] | bit;
    up[column + 1] = ((up[column] | bit) << 1) & board;
    down[column + 1] = (down[column] | bit) >> 1;
  }
  const int start = column;
  bool stopped = false;
  // Returns false when the search must stop.
  auto found = [&]() {
    ++outcome.count;
    if (mode == Mode::count) {
      outcome.unique += is_canonical(placement);
      return true;
    }
    return search.offer(placement);
  };
  if (start == n) {
    stopped = !found();
  } else {
    rest[start] = board & ~(rows[start] | up[start] | down[start]);
    int c = start;
    for (;;) {
      if (rest[c] == 0) {
        if (c == start) break;
        --c;
        continue;
      }
      const std::uint32_t bit = rest[c] & -rest[c];
      rest[c] ^= bit;
      ++outcome.nodes;
      if (poller.poll()) {
        stopped = true;
        break;
      }
      placement[c] = static_cast<std::uint32_t>(std::countr_zero(bit));
      if (c + 1 == n) {
        if (!found()) {
          stopped = true;
          break;
        }
        continue;
      }
      rows[c + 1] = rows[c] | bit;
      up[c + 1] = ((up[c] | bit) << 1) & board;
      down[c + 1] = (down[c] | bit) >> 1;
      rest[c + 1] = board & ~(rows[c + 1] | up[c + 1] | down[c + 1]);
      ++c;
    }
  }
  outcome.complete = !stopped;
  return outcome;
}

Listed list(int n, const ListOptions& options, const std::function<void(const Placement&)>& each) {
  // In order: one worker walks the frontier left to right.
  RunOptions run_options = options.run;
  run_options.mode = Mode::all;
  run_options.threads = 1;
  run_options.limit = options.limit == 0 ? 0 : options.limit + options.skip;
  std::uint64_t seen = 0;
  Search<Placement>::Sink sink = [&](const Placement& placement) {
    if (seen++ < options.skip) return;
    // Every solution goes through the independent checker before it is shown.
    const Verification verdict = verify(static_cast<std::uint32_t>(n), placement);
    if (!verdict.valid)
      throw std::logic_error("internal error: invalid solution: " + verdict.reason);
    each(placement);
  };
  auto listed = reported<Listed>(run<Columns>(Columns::Instance{n}, run_options, &sink), Mode::all);
  listed.seen = seen;
  return listed;
}

}  // namespace nursery::queens
