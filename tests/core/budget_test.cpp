// The one budget (stop, deadline, a driver's own condition) and the one
// background thread helper every timer and sampler uses. Bounds on time
// are loose (a loaded machine, sanitizers); what is checked is order:
// nothing fires before its time, a stop ends a wait at once.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <nursery/background.hpp>
#include <nursery/budget.hpp>
#include <thread>

namespace {

using nursery::Background;
using nursery::Budget;
using nursery::SteadyClock;
using nursery::StopReason;
using nursery::StopSource;
using namespace std::chrono_literals;

double since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

TEST(Background, AtFiresOnceAfterItsDeadline) {
  std::atomic<int> fired{0};
  auto start = SteadyClock::now();
  std::atomic<double> when{0};
  {
    Background timer = Background::at(start + 50ms, [&] {
      when = since(start);
      ++fired;
    });
    while (fired.load() == 0 && since(start) < 30) std::this_thread::sleep_for(1ms);
  }
  EXPECT_EQ(fired.load(), 1);
  EXPECT_GE(when.load(), 0.05);
}

TEST(Background, StoppedBeforeItsDeadlineNeverFiresAndEndsAtOnce) {
  std::atomic<int> fired{0};
  auto start = SteadyClock::now();
  {
    Background timer = Background::at(start + 3600s, [&] { ++fired; });
    EXPECT_TRUE(timer.running());
  }  // the destructor stops and joins it
  EXPECT_EQ(fired.load(), 0);
  EXPECT_LT(since(start), 30.0);  // not an hour
}

TEST(Background, EveryTicksUntilStopped) {
  std::atomic<int> ticks{0};
  Background sampler = Background::every(std::chrono::milliseconds(5), [&] { ++ticks; });
  auto start = SteadyClock::now();
  while (ticks.load() < 3 && since(start) < 30) std::this_thread::sleep_for(1ms);
  sampler.stop();
  EXPECT_FALSE(sampler.running());
  const int seen = ticks.load();
  EXPECT_GE(seen, 3);
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(ticks.load(), seen);  // no tick after the stop
}

TEST(Background, ABodyHearsItsStopToken) {
  std::atomic<bool> heard{false};
  {
    Background worker([&](std::stop_token token) {
      while (!token.stop_requested()) std::this_thread::sleep_for(1ms);
      heard = true;
    });
  }
  EXPECT_TRUE(heard.load());
}

TEST(Budget, ADefaultBudgetIsNeverSpent) {
  Budget budget;
  EXPECT_FALSE(budget.spent());
  EXPECT_FALSE(budget.has_deadline());
  EXPECT_TRUE(std::isinf(budget.seconds_left()));
  EXPECT_EQ(budget.timeout_seconds(), 0.0);
}

TEST(Budget, TheStopSpendsItAndSaysCancelled) {
  StopSource stop;
  Budget budget(&stop, 3600);
  EXPECT_FALSE(budget.spent());
  stop.request(StopReason::cancelled);
  EXPECT_TRUE(budget.spent());
  EXPECT_TRUE(budget.stop_requested());
  EXPECT_EQ(budget.why(), nursery::Status::cancelled);
}

TEST(Budget, ThePassedDeadlineSpendsItAndSaysTimeout) {
  StopSource stop;
  Budget budget(&stop, 0.02);
  EXPECT_TRUE(budget.has_deadline());
  EXPECT_LE(budget.seconds_left(), 0.02);
  std::this_thread::sleep_for(30ms);
  EXPECT_TRUE(budget.spent());
  EXPECT_EQ(budget.seconds_left(), 0.0);
  EXPECT_EQ(budget.why(), nursery::Status::timeout);
  // What still takes seconds gets a millisecond, never "no deadline".
  EXPECT_EQ(budget.timeout_seconds(), 1e-3);
}

TEST(Budget, APartEndsNoLaterThanTheWhole) {
  Budget whole(nullptr, 3600);
  Budget part = whole.within(0.01);
  EXPECT_LE(part.seconds_left(), 0.01);
  Budget longer = whole.within(7200);
  EXPECT_LE(longer.seconds_left(), 3600);
  Budget half = whole.share(0.5);
  EXPECT_LE(half.seconds_left(), 1800);
  EXPECT_GT(half.seconds_left(), 1700);
  EXPECT_FALSE(Budget().share(0.5).has_deadline());
  std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(part.spent());
  EXPECT_FALSE(whole.spent());
}

TEST(Budget, ADriversConditionsAddUp) {
  std::atomic<bool> proof{false};
  bool bound_reached = false;
  StopSource stop;
  Budget budget = Budget(&stop).or_when(&proof).or_when([&] { return bound_reached; });
  EXPECT_FALSE(budget.spent());
  bound_reached = true;
  EXPECT_TRUE(budget.spent());
  bound_reached = false;
  proof = true;
  EXPECT_TRUE(budget.spent());
  EXPECT_FALSE(budget.stop_requested());  // its own conditions are not the stop
  EXPECT_FALSE(Budget(&stop).spent());    // and the original is untouched
}

// The work limit: copies share one allowance, a part charges the whole
// too, and a spent limit says timeout (a deadline in work).
TEST(Budget, AWorkLimitIsSharedByItsCopiesAndSaysTimeout) {
  Budget budget = Budget().work_limit(100);
  EXPECT_TRUE(budget.has_work_limit());
  EXPECT_FALSE(Budget().has_work_limit());
  EXPECT_EQ(Budget().work_left(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_TRUE(Budget().charge(1'000'000));  // no limit: never spent
  Budget copy = budget;
  EXPECT_TRUE(copy.charge(60));
  EXPECT_EQ(budget.work_left(), 40u);
  EXPECT_FALSE(budget.spent());
  EXPECT_EQ(budget.reason(), StopReason::none);
  EXPECT_FALSE(budget.charge(40));  // the 100th unit spends it
  EXPECT_TRUE(copy.spent());
  EXPECT_TRUE(budget.over_work());
  EXPECT_EQ(budget.work_left(), 0u);
  EXPECT_EQ(budget.why(), nursery::Status::timeout);
  EXPECT_EQ(budget.reason(), StopReason::timeout);
  EXPECT_EQ(Budget().work_limit(0).has_work_limit(), false);  // 0: unchanged
}

TEST(Budget, APartsWorkLimitChargesTheWholeToo) {
  Budget whole = Budget().work_limit(1000);
  Budget part = whole.work_limit(10);
  EXPECT_EQ(part.work_left(), 10u);
  EXPECT_FALSE(part.charge(10));
  EXPECT_TRUE(part.spent());
  EXPECT_FALSE(whole.spent());
  EXPECT_EQ(whole.work_left(), 990u);
  Budget wide = whole.work_limit(5000);  // never more than the whole has left
  EXPECT_EQ(wide.work_left(), 990u);
  EXPECT_FALSE(wide.charge(990));
  EXPECT_TRUE(wide.spent());
  EXPECT_TRUE(whole.spent());
}

// Why a spent budget ended: the stop and a driver's conditions are
// cancelled, the deadline timeout; the stop wins over the others.
TEST(Budget, ItsReasonNamesWhatSpentIt) {
  std::atomic<bool> proof{false};
  StopSource stop;
  Budget budget = Budget(&stop, 3600).or_when(&proof);
  EXPECT_EQ(budget.reason(), StopReason::none);
  EXPECT_TRUE(budget.has_conditions());
  EXPECT_FALSE(Budget(&stop).has_conditions());
  proof = true;
  EXPECT_TRUE(budget.condition_met());
  EXPECT_EQ(budget.reason(), StopReason::cancelled);
  EXPECT_EQ(budget.why(), nursery::Status::cancelled);
  proof = false;
  Budget late = Budget(nullptr, 1e-6);
  std::this_thread::sleep_for(2ms);
  EXPECT_EQ(late.reason(), StopReason::timeout);
  stop.request(StopReason::cancelled);
  EXPECT_EQ(Budget(&stop, 1e-6).reason(), StopReason::cancelled);
}

}  // namespace
