// First-fail DFS for small boards in first mode (finding one placement, or
// proving there is none). The column-order DFS of search.cpp decides
// segments in a fixed order; here every node looks at all undecided column
// segments and branches on the one with the fewest safe cells. The same
// scan yields dynamic bounds: the lizards left must fit in the undecided
// column segments that still have a safe cell, and in the distinct free
// row, diagonal and anti-diagonal segments those cells lie on. An O(free
// cells) scan per node pays off only where cells are few, hence kFirstFailCells.
#include <algorithm>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

class FirstFail {
 public:
  FirstFail(const Instance& in, const Subproblem& sub, Search<Placement>& search)
      : in_(in),
        sub_(sub),
        search_(search),
        poller_(search.poller()),
        occupied_(in.total_segments, 0),
        stamp_(in.total_segments, 0) {
    for (std::uint32_t k = sub.next; k < in.segment_count[kColumn]; ++k) undecided_.push_back(k);
    for (auto cell : sub.placed) mark(cell, 1);
  }

  // Returns false when stopped from outside.
  bool run(Outcome& outcome) {
    bool finished = node(in_.board.p - sub_.placed.size());
    outcome.nodes = nodes_;
    outcome.count = found_ ? 1 : 0;
    outcome.complete = finished || found_;
    return outcome.complete;
  }

 private:
  void mark(std::uint32_t cell, std::uint8_t value) {
    const std::uint32_t* s = in_.segments_of(cell);
    for (unsigned d = 0; d < 4; ++d) occupied_[s[d]] = value;
  }
  bool safe(std::uint32_t cell) const {
    const std::uint32_t* s = in_.segments_of(cell);
    return (occupied_[s[0]] | occupied_[s[1]] | occupied_[s[2]] | occupied_[s[3]]) == 0;
  }

  // false: stop everything (found, or stopped from outside).
  bool node(std::uint64_t left) {
    if (left == 0) {
      Placement solution = sub_.placed;
      solution.insert(solution.end(), trail_.begin(), trail_.end());
      std::sort(solution.begin(), solution.end());
      found_ = true;
      search_.offer(solution);
      return false;
    }
    ++nodes_;
    if (poller_.poll() || (sub_.work_budget != 0 && looked_at_ > sub_.work_budget)) return false;
    // One scan: safe cells per undecided segment, and the distinct free
    // lines those cells lie on.
    ++epoch_;
    std::uint64_t usable = 0, lines[4] = {0, 0, 0, 0};
    std::size_t best = undecided_.size();
    std::uint32_t best_count = ~0u;
    for (std::size_t i = 0; i < undecided_.size(); ++i) {
      std::uint32_t k = undecided_[i], count = 0;
      for (std::uint32_t j = in_.column_start[k]; j < in_.column_start[k + 1]; ++j) {
        std::uint32_t cell = in_.column_cells[j];
        ++looked_at_;
        if (!safe(cell)) continue;
        ++count;
        const std::uint32_t* s = in_.segments_of(cell);
        for (unsigned d = 0; d < 4; ++d) {
          if (stamp_[s[d]] == epoch_) continue;
          stamp_[s[d]] = epoch_;
          ++lines[d];
        }
      }
      if (count == 0) continue;
      ++usable;
      if (count < best_count) {
        best_count = count;
        best = i;
      }
    }
    if (left > usable || left > lines[kRow] || left > lines[kDiagonal] ||
        left > lines[kAntiDiagonal])
      return true;  // hopeless: the lizards left cannot all fit
    // Branch on the most constrained segment: each safe cell, then empty.
    const std::uint32_t k = undecided_[best];
    std::swap(undecided_[best], undecided_.back());
    undecided_.pop_back();
    bool go_on = true;
    for (std::uint32_t j = in_.column_start[k]; go_on && j < in_.column_start[k + 1]; ++j) {
      std::uint32_t cell = in_.column_cells[j];
      if (!safe(cell)) continue;
      mark(cell, 1);
      trail_.push_back(cell);
      go_on = node(left - 1);
      trail_.pop_back();
      mark(cell, 0);
    }
    if (go_on && left < usable) go_on = node(left);  // segment k left empty
    undecided_.push_back(k);
    std::swap(undecided_[best], undecided_.back());
    return go_on;
  }

  const Instance& in_;
  const Subproblem& sub_;
  Search<Placement>& search_;
  StopPoller poller_;
  std::vector<std::uint8_t> occupied_;  // per global segment
  std::vector<std::uint32_t> stamp_;    // per global segment: last scan that saw it
  std::uint32_t epoch_ = 0;
  std::vector<std::uint32_t> undecided_;  // column segments not yet decided
  Placement trail_;                       // the undo stack
  std::uint64_t nodes_ = 0;
  std::uint64_t looked_at_ = 0;  // cells looked at: the work a budget counts
  bool found_ = false;
};

}  // namespace

Outcome first_fail_search(const Instance& instance, const Subproblem& sub,
                          Search<Placement>& search) {
  Outcome outcome;
  FirstFail(instance, sub, search).run(outcome);
  return outcome;
}

}  // namespace nursery::lizards
