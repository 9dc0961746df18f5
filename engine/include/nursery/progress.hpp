// Live counters a run updates and a front end (progress bar, MPI rank 0)
// reads from another thread. Only relaxed atomics: it is a display.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace nursery {

// A duration for a person: "42s", "5m44s", "3h05m", "13d12h", "2y045d",
// "1.2e+03 years"; "--" for a negative or unknown one.
std::string duration_text(double seconds);

struct Progress {
  std::atomic<std::uint64_t> total{0};  // subproblems in the frontier
  std::atomic<std::uint64_t> done{0};   // subproblems finished
  std::atomic<std::uint64_t> nodes{0};  // nodes of finished subproblems
  std::atomic<std::uint64_t> found{0};  // solutions seen so far (count/all modes)
  // The expected work of the subproblems handed to the scheduler and of
  // those finished, in units of kUnit per average subproblem: weighted by
  // the kind's work() estimate where it has one, kUnit each otherwise
  // (subproblems resumed from a checkpoint count in done/total only).
  static constexpr std::uint64_t kUnit = std::uint64_t{1} << 20;
  std::atomic<std::uint64_t> work_total{0};
  std::atomic<std::uint64_t> work_done{0};
  // What a decision or optimization search knows (lizards): the largest
  // placement found and a proven upper bound on it (0: none yet).
  std::atomic<std::uint64_t> best{0};
  std::atomic<std::uint64_t> bound{0};

  // The share of the work done, 0..1: by expected work when the scheduler
  // weighed the frontier, by subproblems otherwise.
  double fraction() const {
    const auto work = work_total.load(std::memory_order_relaxed);
    if (work > 0) return clamp(static_cast<double>(work_done.load(std::memory_order_relaxed)) / work);
    const auto all = total.load(std::memory_order_relaxed);
    return all > 0 ? clamp(static_cast<double>(done.load(std::memory_order_relaxed)) / all) : 0.0;
  }
  // Subproblems alone, as the bar counted before work was weighed.
  double fraction_of_subproblems() const {
    const auto all = total.load(std::memory_order_relaxed);
    return all > 0 ? clamp(static_cast<double>(done.load(std::memory_order_relaxed)) / all) : 0.0;
  }
  // Raise best / lower bound as a search learns more (never back).
  void raise_best(std::uint64_t value) {
    auto seen = best.load(std::memory_order_relaxed);
    while (value > seen && !best.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
    }
  }
  void lower_bound_to(std::uint64_t value) {
    auto seen = bound.load(std::memory_order_relaxed);
    while ((seen == 0 || value < seen) &&
           !bound.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
    }
  }

 private:
  static double clamp(double x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }
};

}  // namespace nursery
