// The Skyscrapers solver's techniques behind the facade
// (nursery/skyscrapers.hpp): the immutable instance, and the solver as a
// kind of the frontier scheduler (instance.cpp, propagate.cpp, search.cpp).
// Tests and the engine's own files use them; the installed package does
// not ship this header.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "nursery/frontier.hpp"
#include "nursery/skyscrapers.hpp"

namespace nursery::skyscrapers {

using Candidates = std::uint16_t;  // bit h-1 set: height h still possible

// One row or column as seen from its two ends.
struct Line {
  std::array<std::uint8_t, kMaxSize> cells{};  // cell indices from the start end
  int clue_start = 0;                          // clue at the start (left / top); 0 = none
  int clue_end = 0;                            // clue at the end (right / bottom); 0 = none
};

struct Instance {
  int size = 0;
  int cell_count = 0;
  std::vector<Line> lines;                                      // rows 0..N-1, then columns 0..N-1
  std::array<Candidates, kMaxSize * kMaxSize> root{};           // candidates after root propagation
  std::array<std::uint8_t, kMaxSize * kMaxSize> clue_weight{};  // clues on the cell's two lines
  std::uint32_t clued_lines = 0;  // bit l: line l has a clue at either end
  bool consistent = true;         // false: root propagation found no solution
};

// Throws std::invalid_argument when a clue is outside 0..N or a given outside 0..N.
Instance make_instance(const Puzzle& puzzle);

struct Decision {
  std::uint8_t cell;
  std::uint8_t height;
};
using Subproblem = std::vector<Decision>;  // heights placed on top of the root

// The search tree of a Skyscrapers puzzle (nursery::run<Heights>): the
// heights decided on top of the root propagation.
struct Heights {
  using Instance = skyscrapers::Instance;
  using Subproblem = skyscrapers::Subproblem;
  using Solution = Grid;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
  // The whole tree in one piece within `nodes` nodes (RunOptions::probe_nodes).
  static std::optional<Outcome> probe(const Instance& instance, Search<Solution>& search,
                                      std::uint64_t nodes);
};
static_assert(SearchTree<Heights>);

}  // namespace nursery::skyscrapers
