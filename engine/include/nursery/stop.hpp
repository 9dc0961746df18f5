// One cooperative stop signal for cancel, timeout, Ctrl-C and "first solution
// found": whoever wants the search to end calls request(); searches poll it.
#pragma once

#include <atomic>
#include <cstdint>

namespace nursery {

// Two enums, two things: StopReason is a request, why someone asked a
// running search to stop (none: nobody has yet), held by a StopSource
// while the search runs; Status is a result, how a finished run ended, in
// every report. A run that stopped for a reason ends with status_of(reason).
enum class StopReason : int { none = 0, solved = 1, limit = 2, timeout = 3, cancelled = 4 };

// How a run ended (the scheduler's runs, and every kind's report).
enum class Status {
  complete,   // every subproblem searched to the end (count exact; first: no solution)
  solved,     // first mode: a solution was found
  limit,      // all mode or counting with a limit: the limit was reached
  timeout,    // the deadline passed: counts are incomplete, never reported as numbers
  cancelled,  // stopped from outside (Ctrl-C, a batch): incomplete
};

const char* to_string(Status status);

// The status of a run that stopped for `reason` before its end (none, a
// stop nobody asked for, reads as cancelled).
constexpr Status status_of(StopReason reason) {
  switch (reason) {
    case StopReason::solved: return Status::solved;
    case StopReason::limit: return Status::limit;
    case StopReason::timeout: return Status::timeout;
    default: return Status::cancelled;
  }
}

class StopSource {
 public:
  StopSource() = default;
  // A run's own source also stops when its parent (a batch, Ctrl-C) does.
  explicit StopSource(const StopSource* parent) : parent_(parent) {}
  StopSource(const StopSource&) = delete;
  // Sets the parent of a source built in an array; before anyone polls it.
  void follow(const StopSource* parent) { parent_ = parent; }
  StopSource& operator=(const StopSource&) = delete;

  // The first reason given wins; later requests keep it.
  void request(StopReason reason) {
    int expected = 0;
    reason_.compare_exchange_strong(expected, static_cast<int>(reason), std::memory_order_acq_rel);
  }
  bool requested() const {
    return reason_.load(std::memory_order_relaxed) != 0 ||
           (parent_ != nullptr && parent_->requested());
  }
  StopReason reason() const {
    auto own = static_cast<StopReason>(reason_.load(std::memory_order_acquire));
    if (own != StopReason::none || parent_ == nullptr) return own;
    return parent_->reason();
  }

 private:
  std::atomic<int> reason_{0};
  const StopSource* parent_ = nullptr;
};

// Where a poller charges the work it counts (the run's work limit,
// Budget::work_limit): the scheduler's Search, which stops the run once
// the limit is reached.
class WorkMeter {
 public:
  virtual void charge(std::uint64_t units) = 0;

 protected:
  ~WorkMeter() = default;
};

// Backtrackers call poll() once per node; it reads the shared flag only
// every `kInterval` nodes, so the hot loop pays a decrement and a branch.
// With a meter, each look also charges the polls since the last one.
class StopPoller {
 public:
  static constexpr unsigned kInterval = 4096;
  // `interval`: calls of poll() per look at the stop (kInterval for nodes
  // of a few nanoseconds; 1 where a node takes microseconds).
  explicit StopPoller(const StopSource* source, unsigned interval = kInterval,
                      WorkMeter* meter = nullptr)
      : source_(source), meter_(meter), interval_(interval), countdown_(interval) {}
  bool poll() {
    if (--countdown_ != 0) [[likely]]
      return false;
    countdown_ = interval_;
    if (meter_ != nullptr) [[unlikely]]
      charge_meter();
    return now();
  }
  bool now() const { return source_ != nullptr && source_->requested(); }

 private:
  // The meter's charge, out of line and only under a work limit: whether
  // there is one is decided once, when the poller is made (Search::poller
  // gives no meter without one), so a poller without a limit looks at the
  // stop as a plain one does (nursery count 17 --method bitboard, one
  // thread: 4.79 CPU s, as before the work limit, where a look out of line
  // that always asked for the meter took 4.93).
  [[gnu::noinline]] void charge_meter() { meter_->charge(interval_); }

  const StopSource* source_;
  WorkMeter* meter_;
  unsigned interval_;
  unsigned countdown_;
};

}  // namespace nursery
