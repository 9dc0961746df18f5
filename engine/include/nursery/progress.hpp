// Live counters a run updates and a front end (progress bar, MPI rank 0)
// reads from another thread. Only relaxed atomics: it is a display.
#pragma once

#include <atomic>
#include <cstdint>

namespace nursery {

struct Progress {
  std::atomic<std::uint64_t> total{0};  // subproblems in the frontier
  std::atomic<std::uint64_t> done{0};   // subproblems finished
  std::atomic<std::uint64_t> nodes{0};  // nodes of finished subproblems
  std::atomic<std::uint64_t> found{0};  // solutions seen so far (count/all modes)
};

}  // namespace nursery
