// What may end a search, in one object: the stop (Ctrl-C, SIGTERM, a
// batch, the first solution elsewhere), a deadline, a work limit (nodes,
// moves: a deadline that reads the same on every machine), and whatever a
// driver adds (the proof that ended a race, a bound reached). Every
// technique takes one and polls spent(); a driver hands a part of its own
// down with within(), until(), share(), work_limit() and or_when(). Cheap to copy;
// the stop source must outlive it. The scheduler honours all of it
// (scheduler.hpp's execute).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <utility>

#include "nursery/background.hpp"
#include "nursery/stop.hpp"

namespace nursery {

namespace detail {

// A work allowance, shared by every copy of the budget that set it and by
// the parts made from them, charged from any thread; an enclosing budget's
// allowance is charged too.
class WorkAllowance {
 public:
  WorkAllowance(std::uint64_t limit, std::shared_ptr<WorkAllowance> outer)
      : limit_(limit), outer_(std::move(outer)) {}
  // `units` more done; false once this allowance or an enclosing one is spent.
  bool charge(std::uint64_t units) {
    const bool within = used_.fetch_add(units, std::memory_order_relaxed) + units < limit_;
    return (outer_ == nullptr || outer_->charge(units)) && within;
  }
  bool spent() const {
    return used_.load(std::memory_order_relaxed) >= limit_ ||
           (outer_ != nullptr && outer_->spent());
  }
  std::uint64_t left() const {
    const std::uint64_t used = used_.load(std::memory_order_relaxed);
    const std::uint64_t own = used >= limit_ ? 0 : limit_ - used;
    return outer_ == nullptr ? own : std::min(own, outer_->left());
  }

 private:
  std::atomic<std::uint64_t> used_{0};
  const std::uint64_t limit_;
  const std::shared_ptr<WorkAllowance> outer_;
};

}  // namespace detail

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
  // This budget, ending at `deadline` at the latest (an end a driver fixed
  // once for a phase that runs in several parts; time_point::max(): unchanged).
  Budget until(SteadyClock::time_point deadline) const {
    Budget part = *this;
    part.deadline_ = std::min(deadline_, deadline);
    return part;
  }
  // This budget, also ending at `share` of the time it has left (a phase
  // that may take only part of the deadline); unchanged without a deadline.
  Budget share(double share) const {
    return has_deadline() ? within(share * seconds_left()) : *this;
  }
  // This budget, also ending once `units` of work (nodes, moves: the unit
  // is the technique's) have been charged to it (0: unchanged). Copies
  // share the allowance: what one charges, the others see.
  Budget work_limit(std::uint64_t units) const {
    Budget part = *this;
    if (units > 0) part.work_ = std::make_shared<detail::WorkAllowance>(units, work_);
    return part;
  }
  // Charges `units` of work to the budget's work limits, where it has any;
  // false once one is spent. A hot loop counts its work itself and charges
  // it now and then (the scheduler: as its poller looks at the stop).
  bool charge(std::uint64_t units) const { return work_ == nullptr || work_->charge(units); }
  // This budget, also ending once `also()` says so. The condition is asked
  // from any thread (the scheduler's watchdog polls it): it must be safe to
  // call concurrently and must change nothing (no progress, no counters).
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

  bool spent() const {
    return stop_requested() || past_deadline() || over_work() || condition_met();
  }
  bool stop_requested() const { return stop_ != nullptr && stop_->requested(); }
  // The work limit reached (false without one).
  bool over_work() const { return work_ != nullptr && work_->spent(); }
  bool has_work_limit() const { return work_ != nullptr; }
  // Units of work left (the most a std::uint64_t holds without a limit).
  std::uint64_t work_left() const {
    return work_ == nullptr ? std::numeric_limits<std::uint64_t>::max() : work_->left();
  }
  // A driver's condition (or_when) says to end.
  bool condition_met() const { return also_ && also_(); }
  bool has_conditions() const { return static_cast<bool>(also_); }
  bool past_deadline() const { return has_deadline() && SteadyClock::now() >= deadline_; }
  bool has_deadline() const { return deadline_ != SteadyClock::time_point::max(); }
  // Seconds to the deadline (never below 0; infinity without one).
  double seconds_left() const {
    if (!has_deadline()) return std::numeric_limits<double>::infinity();
    return std::max(0.0, std::chrono::duration<double>(deadline_ - SteadyClock::now()).count());
  }
  // For a caller that still takes seconds (the engine's own drivers take
  // budgets; the scheduler's watchdog deadline()): 0 without a deadline, else what is left, at
  // least a millisecond (a passed deadline must not read as "none").
  double timeout_seconds() const { return has_deadline() ? std::max(1e-3, seconds_left()) : 0; }
  // Why a run under this budget ended early, as its status: cancelled when
  // its stop was requested or a driver's condition ended it, else timeout
  // (the deadline, the work limit).
  Status why() const {
    const StopReason reason = this->reason();
    return reason == StopReason::none ? Status::timeout : status_of(reason);
  }
  // The same as a reason to stop a run (a request): none while the budget
  // is not spent.
  StopReason reason() const {
    if (stop_requested() || condition_met()) return StopReason::cancelled;
    return past_deadline() || over_work() ? StopReason::timeout : StopReason::none;
  }
  const StopSource* stop() const { return stop_; }
  // The deadline (time_point::max() without one).
  SteadyClock::time_point deadline() const { return deadline_; }

 private:
  const StopSource* stop_ = nullptr;
  SteadyClock::time_point deadline_ = SteadyClock::time_point::max();
  std::shared_ptr<detail::WorkAllowance> work_;  // none: no work limit
  std::function<bool()> also_;
};

}  // namespace nursery
