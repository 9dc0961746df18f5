// The anytime record of a --max run (lizards.hpp: Trajectory): best and
// bound as they moved, and the primal-dual integral (Berthold 2013, as
// optimisation solvers report it): the integral of the gap over the run.
#include <atomic>
#include <mutex>

#include "lizards/internal.hpp"

namespace nursery::lizards {

struct Trajectory::State {
  SteadyClock::time_point start = SteadyClock::now();
  // The fast test of record(): the best and bound recorded so far.
  std::atomic<std::uint64_t> best{0}, bound{std::numeric_limits<std::uint64_t>::max()};
  mutable std::mutex mutex;
  std::vector<TrajectoryPoint> points;  // (under mutex)
  double integral = 0;                  // up to the last change (under mutex)
  double last = 0;                      // the last change's time (under mutex)
  double gap = 1;                       // the gap since then (under mutex)
};

Trajectory::Trajectory() : state_(std::make_shared<State>()) {}

void Trajectory::record(std::uint64_t best, std::uint64_t bound) {
  State& st = *state_;
  if (best <= st.best.load(std::memory_order_relaxed) &&
      bound >= st.bound.load(std::memory_order_relaxed))
    return;
  std::lock_guard lock(st.mutex);
  best = std::max(best, st.best.load(std::memory_order_relaxed));
  bound = std::min(bound, st.bound.load(std::memory_order_relaxed));
  st.best.store(best, std::memory_order_relaxed);
  st.bound.store(bound, std::memory_order_relaxed);
  const double now = seconds_since(st.start);
  st.integral += st.gap * (now - st.last);
  st.last = now;
  st.gap = bound == 0
               ? 0.0
               : static_cast<double>(bound - std::min(best, bound)) / static_cast<double>(bound);
  // A point per millisecond at most (an improving search raises best by
  // one thousands of times on a big board): the last point replaces the
  // one before it when that one came less than a millisecond after its own
  // predecessor.
  const std::size_t kept = st.points.size();
  if (kept >= 2 && st.points[kept - 1].seconds - st.points[kept - 2].seconds < 1e-3)
    st.points.pop_back();
  st.points.push_back({now, best, bound});
}

std::vector<TrajectoryPoint> Trajectory::points() const {
  std::lock_guard lock(state_->mutex);
  return state_->points;
}

double Trajectory::primal_dual_integral() const {
  const State& st = *state_;
  std::lock_guard lock(st.mutex);
  return st.integral + st.gap * (seconds_since(st.start) - st.last);
}

}  // namespace nursery::lizards
