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

// The time left that a bar shows, from the share done so far. The raw
// figure, elapsed * (1 - share) / share, jumps as pieces of unequal size
// finish (a count of N = 23 swung between 4 and 15 days within 10 s). The
// shown figure counts down between frames and moves only part of the way
// towards each new raw figure, in proportion (log scale) with a time
// constant of a third of the elapsed time, 1 to 60 s: a steady run shows the
// raw figure, a noisy one a steady one. One per bar; not thread-safe.
class Eta {
 public:
  // The time left in seconds after `elapsed` seconds with `share` (0..1)
  // done; negative while unknown (nothing done yet, or all of it).
  double seconds(double elapsed, double share);
  // The same as duration_text, "--" while unknown.
  std::string text(double elapsed, double share) { return duration_text(seconds(elapsed, share)); }
  std::string text(double elapsed, std::uint64_t done, std::uint64_t total) {
    return text(elapsed, total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 0.0);
  }

 private:
  double shown_ = -1;  // seconds left as last shown; negative: none yet
  double at_ = 0;      // the elapsed time it was shown at
};

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
