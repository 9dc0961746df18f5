// What may end a search, in one object: the stop (Ctrl-C, SIGTERM, a
// batch, the first solution elsewhere), a deadline, and whatever a driver
// adds (the proof that ended a race, a bound reached). Every technique
// takes one and polls spent(); a driver hands a part of its own down with
// within() and or_when(). Cheap to copy; the stop source must outlive it.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <limits>
#include <utility>

#include "nursery/background.hpp"
#include "nursery/stop.hpp"

namespace nursery {

class Budget {
 public:
  Budget() = default;  // never spent
  // Ends when `stop` (optional) is requested or `seconds` (<= 0: never)
  // have passed from now.
  explicit Budget(const StopSource* stop, double seconds = 0) : stop_(stop) {
    if (seconds > 0) deadline_ = SteadyClock::now() + seconds_duration(seconds);
  }

  // This budget, ending `seconds` from now at the latest (<= 0: unchanged).
  Budget within(double seconds) const {
    Budget part = *this;
    if (seconds > 0)
      part.deadline_ = std::min(deadline_, SteadyClock::now() + seconds_duration(seconds));
    return part;
  }
  // This budget, also ending at `share` of the time it has left (a phase
  // that may take only part of the deadline); unchanged without a deadline.
  Budget share(double share) const {
    return has_deadline() ? within(share * seconds_left()) : *this;
  }
  // This budget, also ending once `also()` says so.
  Budget or_when(std::function<bool()> also) const {
    Budget part = *this;
    part.also_ = also_ ? [first = also_, also = std::move(also)] { return first() || also(); }
                       : std::move(also);
    return part;
  }
  // This budget, also ending once `flag` is set.
  Budget or_when(const std::atomic<bool>* flag) const {
    return or_when([flag] { return flag->load(std::memory_order_relaxed); });
  }

  bool spent() const { return stop_requested() || past_deadline() || (also_ && also_()); }
  bool stop_requested() const { return stop_ != nullptr && stop_->requested(); }
  bool past_deadline() const { return has_deadline() && SteadyClock::now() >= deadline_; }
  bool has_deadline() const { return deadline_ != SteadyClock::time_point::max(); }
  // Seconds to the deadline (never below 0; infinity without one).
  double seconds_left() const {
    if (!has_deadline()) return std::numeric_limits<double>::infinity();
    return std::max(0.0, std::chrono::duration<double>(deadline_ - SteadyClock::now()).count());
  }
  // For what still takes seconds (maximize's phase shares; the scheduler's
  // watchdog takes deadline()): 0 without a deadline, else what is left, at
  // least a millisecond (a passed deadline must not read as "none").
  double timeout_seconds() const { return has_deadline() ? std::max(1e-3, seconds_left()) : 0; }
  // Why a run under this budget ended early: cancelled when its stop was
  // requested, else timeout.
  Status why() const { return stop_requested() ? Status::cancelled : Status::timeout; }
  const StopSource* stop() const { return stop_; }
  // The deadline (time_point::max() without one).
  SteadyClock::time_point deadline() const { return deadline_; }

 private:
  const StopSource* stop_ = nullptr;
  SteadyClock::time_point deadline_ = SteadyClock::time_point::max();
  std::function<bool()> also_;
};

}  // namespace nursery
