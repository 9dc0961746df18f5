// Measures how long a run takes to end once it is cancelled from outside:
// starts `run(stop)` on its own thread, lets it work for `busy`, requests a
// stop and times the return. Shared by the scheduler's and the kinds' tests.
#pragma once

#include <chrono>
#include <future>
#include <nursery/frontier.hpp>
#include <nursery/stop.hpp>
#include <thread>
#include <utility>

#include "sanitized.hpp"

namespace nursery::testing {

// Unloaded, a cancelled run ends within a few milliseconds; the bound here
// leaves the margin a loaded 2-core CI machine needs (a test binary beside
// another build missed 50 ms). Sanitizers slow every instruction
// (ThreadSanitizer 5-15x, and the pool's teardown far more), so there the
// same tests allow ten times as long.
#ifdef NURSERY_TEST_SANITIZED
constexpr double kCancelBudgetMs = 2500.0;
#else
constexpr double kCancelBudgetMs = 250.0;
#endif

// Returns the run's result and the latency in milliseconds.
template <class Run>
auto cancel_after(std::chrono::milliseconds busy, Run run) {
  StopSource outside;
  auto running = std::async(std::launch::async, [&] {
    auto result = run(outside);
    return std::make_pair(result, std::chrono::steady_clock::now());
  });
  std::this_thread::sleep_for(busy);
  auto requested = std::chrono::steady_clock::now();
  outside.request(StopReason::cancelled);
  auto [result, finished] = running.get();
  return std::make_pair(result,
                        std::chrono::duration<double, std::milli>(finished - requested).count());
}

// The same for a run on two workers: `run(options)` gets the options with
// two threads and the budget of the outside stop.
template <class Run>
auto cancel_two_workers_after(std::chrono::milliseconds busy, Run run) {
  return cancel_after(busy, [&run](StopSource& outside) {
    RunOptions options;
    options.threads = 2;
    options.budget = Budget(&outside);
    return run(options);
  });
}

}  // namespace nursery::testing
