// A search tree for the scheduler's tests whose every subproblem spins
// until told to stop: a pool busy forever, for stops, deadlines and limits.
#pragma once

#include <nursery/frontier.hpp>
#include <vector>

namespace nursery::testing {

struct Spin {
  struct Instance {};
  using Subproblem = int;
  using Solution = int;
  static std::vector<Subproblem> split(const Instance&, std::size_t target) {
    return std::vector<Subproblem>(target, 0);
  }
  static Outcome solve(const Instance&, const Subproblem&, Search<Solution>& search) {
    Outcome outcome;
    auto poller = search.poller();
    for (;;) {
      ++outcome.nodes;
      if (poller.poll()) return outcome;
    }
  }
};
static_assert(SearchTree<Spin>);

}  // namespace nursery::testing
