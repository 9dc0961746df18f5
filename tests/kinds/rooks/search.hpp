// N rooks' search (tests only): a backtracker row by row over the free
// columns, polling its budget at every node; a spent budget ends it
// unknown, never with a verdict.
#pragma once

#include <cstdint>

namespace rooks {

namespace detail {
struct Search {
  const Board& board;
  bool count;
  const nursery::Budget& budget;
  Columns columns;
  std::uint64_t found = 0, nodes = 0;
  bool stopped = false;

  // True once a first placement is found (finding) or the budget ended it.
  bool place(int row, std::uint32_t used) {
    ++nodes;
    if (budget.spent()) return stopped = true;
    if (row == board.n) {
      ++found;
      return !count;
    }
    for (int c = 0; c < board.n; ++c) {
      if ((used >> c) & 1U || board.cells[static_cast<std::size_t>(row * board.n + c)] == '#')
        continue;
      columns[static_cast<std::size_t>(row)] = c;
      if (place(row + 1, used | (1U << c))) return true;
    }
    return false;
  }
};
}  // namespace detail

inline Answer search(const Board& board, bool count, const nursery::Budget& budget) {
  detail::Search run{board, count, budget, Columns(static_cast<std::size_t>(board.n)), 0, 0};
  run.place(0, 0);
  Answer answer;
  answer.stats.nodes = run.nodes;
  answer.how = "backtracking";
  if (run.stopped) {
    answer.status = budget.why();
    return answer;  // unknown
  }
  answer.verdict = run.found > 0 ? nursery::Verdict::ok : nursery::Verdict::fail;
  if (count)
    answer.count = nursery::Count{run.found};
  else if (run.found > 0)
    answer.columns = run.columns;
  return answer;
}

}  // namespace rooks
