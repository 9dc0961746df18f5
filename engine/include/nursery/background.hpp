// One way to run work beside a search: the scheduler's watchdog, a
// command's deadline, the progress bar and its log, the checkpoint's syncer.
// Each is a std::jthread; its std::stop_token ends its waits at once, and
// the destructor asks it to stop and joins it, so no thread outlives its
// owner and none hand-rolls a mutex, a condition variable and a done flag.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stop_token>
#include <thread>
#include <utility>

namespace nursery {

using SteadyClock = std::chrono::steady_clock;

// Seconds as a steady_clock duration (for deadlines given in seconds).
inline SteadyClock::duration seconds_duration(double seconds) {
  return std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(seconds));
}

// Seconds from `start` to now.
inline double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

// Waits until `deadline` or until `token` asks to stop; true when the
// deadline came first.
inline bool sleep_until(std::stop_token token, SteadyClock::time_point deadline) {
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  wake.wait_until(lock, token, deadline, [] { return false; });
  return !token.stop_requested();
}

class Background {
 public:
  Background() = default;
  // Runs `body(std::stop_token)` on its own thread.
  template <class Body>
  explicit Background(Body body) : thread_(std::move(body)) {}
  Background(Background&&) noexcept = default;
  Background& operator=(Background&&) noexcept = default;
  ~Background() { stop(); }

  // Calls `then()` once at `deadline`, unless stopped before.
  template <class Then>
  static Background at(SteadyClock::time_point deadline, Then then) {
    return Background([deadline, then = std::move(then)](std::stop_token token) mutable {
      if (sleep_until(token, deadline)) then();
    });
  }
  // Calls `tick()` every `period` until stopped (a last tick after the stop
  // is the owner's to make).
  template <class Tick>
  static Background every(SteadyClock::duration period, Tick tick) {
    return Background([period, tick = std::move(tick)](std::stop_token token) mutable {
      auto next = SteadyClock::now() + period;
      while (sleep_until(token, next)) {
        tick();
        next += period;
        next = std::max(next, SteadyClock::now());
      }
    });
  }

  bool running() const { return thread_.joinable(); }
  // Asks the thread to stop and waits for it; nothing when none runs.
  void stop() {
    if (!thread_.joinable()) return;
    thread_.request_stop();
    thread_.join();
  }

 private:
  std::jthread thread_;
};

}  // namespace nursery
