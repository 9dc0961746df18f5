// Statistics of one run, in one struct; print_stats() is the one printer.
#pragma once

#include <cstdint>
#include <iosfwd>

namespace nursery {

struct Stats {
  std::uint64_t nodes = 0;                // search nodes visited (placements tried)
  std::uint64_t pairs = 0;                // the join's candidate pairs compared (0: not a join)
  std::uint64_t subproblems = 0;          // size of the frontier
  std::uint64_t subproblems_done = 0;     // frontier entries searched to the end
  unsigned threads = 0;                   // workers the run was allowed
  double split_seconds = 0;               // building the frontier
  double wall_seconds = 0;                // whole run, split included
  double cpu_seconds = 0;                 // summed over the workers' tasks
  const char* isa = nullptr;              // the counters' kernels' instruction set (null: none)

  double nodes_per_second() const { return wall_seconds > 0 ? nodes / wall_seconds : 0; }
};

void print_stats(std::ostream& out, const Stats& stats);

}  // namespace nursery
