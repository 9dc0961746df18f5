// The search state of one skyscrapers task: candidate sets per cell, a trail
// that undoes every change, and the set of lines whose candidates changed
// since they were last propagated. No grid is copied per node: a branch
// records a trail mark and undoes back to it.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "nursery/skyscrapers.hpp"

namespace nursery::skyscrapers {

class Board {
 public:
  // Starts from `start` (the instance's root candidates, or the clue-derived
  // domains while the instance itself is being built).
  Board(const Instance& instance, const std::array<Candidates, kMaxSize * kMaxSize>& start)
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
    dirty_ |= (1u << (cell / n)) | (1u << (n + cell % n));
    return now != 0;
  }
  bool place(int cell, int height) { return restrict(cell, Candidates(1u << (height - 1))); }

  // Every line marked as changed, e.g. before the first propagation.
  void mark_all_dirty() { dirty_ = (1u << (2 * instance_.size)) - 1; }

  // Latin singles and visibility, to a fixpoint (propagate.cpp). False: no
  // solution below this node.
  bool propagate();

  std::size_t mark() const { return trail_.size(); }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      candidates_[trail_.back().cell] = trail_.back().old;
      trail_.pop_back();
    }
    dirty_ = 0;
  }

  // The next cell to branch on: fewest candidates, ties to the cell that sees
  // more clues; -1 when every cell holds one height (a solution).
  int branch_cell() const {
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
    return best;
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

  struct Change {
    std::uint8_t cell;
    Candidates old;
  };
  const Instance& instance_;
  std::array<Candidates, kMaxSize * kMaxSize> candidates_;
  std::vector<Change> trail_;
  std::uint32_t dirty_ = 0;  // bit l: line l changed since its last propagation
};

}  // namespace nursery::skyscrapers
