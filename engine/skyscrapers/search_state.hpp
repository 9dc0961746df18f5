// The search state of one skyscrapers task: candidate sets per cell, a trail
// that undoes every change, and the set of lines whose candidates changed
// since they were last propagated. No grid is copied per node: a branch
// records a trail mark and undoes back to it.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "skyscrapers/techniques.hpp"

namespace nursery::skyscrapers {

class SearchState {
 public:
  // Starts from `start` (the instance's root candidates, or the clue-derived
  // domains while the instance itself is being built).
  SearchState(const Instance& instance, const std::array<Candidates, kMaxSize * kMaxSize>& start)
      : instance_(instance), candidates_(start) {
    trail_.reserve(4096);
  }

  const Instance& instance() const { return instance_; }
  Candidates candidates(int cell) const { return candidates_[cell]; }
  const std::array<Candidates, kMaxSize * kMaxSize>& all_candidates() const { return candidates_; }

  // candidates(cell) &= allowed. False when nothing is left (a contradiction).
  bool restrict(int cell, Candidates allowed) {
    Candidates old = candidates_[cell];
    Candidates now = old & allowed;
    if (now == old) return true;
    trail_.push_back({static_cast<std::uint8_t>(cell), old});
    candidates_[cell] = now;
    int n = instance_.size;
    std::uint32_t lines = (1u << (cell / n)) | (1u << (n + cell % n));
    dirty_ |= lines;
    unfiltered_ |= lines;
    return now != 0;
  }
  bool place(int cell, int height) { return restrict(cell, Candidates(1u << (height - 1))); }

  // Every line marked as changed, e.g. before the first propagation.
  void mark_all_dirty() { dirty_ = unfiltered_ = (1u << (2 * instance_.size)) - 1; }

  // Latin singles and visibility, to a fixpoint (propagate.cpp). False: no
  // solution below this node.
  bool propagate();

  std::size_t mark() const { return trail_.size(); }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      candidates_[trail_.back().cell] = trail_.back().old;
      trail_.pop_back();
    }
    dirty_ = unfiltered_ = 0;
  }

  // The alternatives of the next branch, written to `out` (at most N);
  // 0 when every cell holds one height (a solution). Either the cell with
  // the fewest candidates or, when fewer, the places left for one height in
  // one line: both views of a Latin square split the search exactly.
  int branch(Decision* out) const {
    int best = -1;
    int best_key = 1 << 30;
    for (int cell = 0; cell < instance_.cell_count; ++cell) {
      int options = std::popcount(candidates_[cell]);
      if (options <= 1) continue;
      int key = options * 8 - instance_.clue_weight[cell];
      if (key < best_key) {
        best_key = key;
        best = cell;
      }
    }
    if (best < 0) return 0;
    int count = 0;
    // A height with two places left in a line beats a cell with three or
    // more options. Places are counted for all heights of a line at once
    // with bit-sliced counters (once / twice / three times or more).
    const int n = instance_.size;
    for (int l = 0; std::popcount(candidates_[best]) > 2 && l < 2 * n; ++l) {
      const Line& line = instance_.lines[l];
      Candidates once = 0, twice = 0, thrice = 0;
      for (int p = 0; p < n; ++p) {
        Candidates c = candidates_[line.cells[p]];
        thrice |= twice & c;
        twice |= once & c;
        once |= c;
      }
      Candidates two_places = twice & ~thrice;
      if (two_places == 0) continue;
      int height = std::countr_zero(two_places) + 1;
      for (int p = 0; p < n; ++p)
        if ((candidates_[line.cells[p]] >> (height - 1)) & 1)
          out[count++] = {line.cells[p], static_cast<std::uint8_t>(height)};
      return count;
    }
    Candidates heights = candidates_[best];
    while (heights != 0) {
      out[count++] = {static_cast<std::uint8_t>(best),
                      static_cast<std::uint8_t>(std::countr_zero(heights) + 1)};
      heights &= heights - 1;
    }
    return count;
  }

  Grid heights() const {
    Grid grid(instance_.cell_count);
    for (int cell = 0; cell < instance_.cell_count; ++cell)
      grid[cell] = std::countr_zero(candidates_[cell]) + 1;
    return grid;
  }

 private:
  bool propagate_latin(const Line& line);
  bool propagate_visibility(const Line& line);
  bool line_holds(const Line& line, const Candidates* heights) const;

  struct Change {
    std::uint8_t cell;
    Candidates old;
  };
  const Instance& instance_;
  std::array<Candidates, kMaxSize * kMaxSize> candidates_;
  std::vector<Change> trail_;
  std::uint32_t dirty_ = 0;       // bit l: line l changed since its Latin singles
  std::uint32_t unfiltered_ = 0;  // bit l: line l changed since its visibility filter
};

}  // namespace nursery::skyscrapers
