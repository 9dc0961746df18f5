// The permutation method of the textbooks: one queen per row and column is
// a permutation of the rows, so every one of the n! permutations is made
// (Heap's algorithm, one swap per permutation) and checked for diagonal
// attacks. n = 8: 40,320 permutations, 92 solutions.
#include <numeric>
#include <stdexcept>

#include "queens/counters.hpp"

namespace nursery::queens {

namespace {

// Whether no two queens of `placement` share a diagonal (rows and columns
// are distinct by construction).
bool diagonals_free(const Placement& placement) {
  const std::size_t n = placement.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      const std::uint32_t ra = placement[a], rb = placement[b];
      if ((ra > rb ? ra - rb : rb - ra) == b - a) return false;
    }
  return true;
}

}  // namespace

std::vector<Columns::Subproblem> permutations_split(const Columns::Instance& instance,
                                                    std::size_t) {
  if (instance.n < 1 || instance.n > kMaxPermutationsN)
    throw std::invalid_argument("the permutation method is for N from 1 to 12");
  // The frontier: the row of the last column; Heap's algorithm permutes the
  // other n - 1 rows over the first n - 1 columns.
  std::vector<Columns::Subproblem> frontier(static_cast<std::size_t>(instance.n));
  for (int row = 0; row < instance.n; ++row) {
    frontier[row].prefix[0] = static_cast<std::uint32_t>(row);
    frontier[row].depth = 1;
  }
  return frontier;
}

Outcome permutations_solve(const Columns::Instance& instance, const Columns::Subproblem& subproblem,
                           Search<Placement>& search) {
  const std::size_t n = static_cast<std::size_t>(instance.n);
  const std::uint32_t last = subproblem.prefix[0];
  Placement placement(n);
  std::iota(placement.begin(), placement.end(), 0u);
  std::swap(placement[last], placement[n - 1]);
  Outcome outcome;
  auto visit = [&] {
    ++outcome.nodes;  // one permutation checked
    if (diagonals_free(placement)) {
      ++outcome.count;
      outcome.unique += is_canonical(placement);
    }
  };
  // Heap's algorithm over placement[0 .. n-2], iteratively: state[i] counts
  // the swaps made at level i.
  const std::size_t k = n - 1;
  std::vector<std::size_t> state(k, 0);
  visit();
  StopPoller poller = search.poller();
  for (std::size_t i = 1; i < k;) {
    if (state[i] < i) {
      std::swap(placement[i % 2 == 0 ? 0 : state[i]], placement[i]);
      visit();
      if (poller.poll()) return outcome;  // stopped: incomplete
      ++state[i];
      i = 1;
    } else {
      state[i] = 0;
      ++i;
    }
  }
  outcome.complete = true;
  return outcome;
}

}  // namespace nursery::queens
