// The scheduler's searches beside one frontier run: a race of techniques
// (the leftmost answer wins, or with `any` the first; the beaten ones are
// stopped), rounds of a frontier with growing work budgets (statistics and
// counts summed over the rounds, the budget respected), and the loop over
// indices both are built on.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <nursery/scheduler.hpp>
#include <thread>

namespace {

using namespace nursery;  // Budget, Count, Mode, Outcome, RunOptions, Search, Status
using IntTechnique = Technique<int>;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A technique that never answers: it spins until its budget is spent and
// records that it started and was stopped.
struct Spinner {
  std::atomic<bool> started{false}, stopped{false};
  IntTechnique technique() {
    return [this](const Budget& budget) -> std::optional<int> {
      started = true;
      while (!budget.spent()) std::this_thread::yield();
      stopped = true;
      return std::nullopt;
    };
  }
};

TEST(Race, TheLeftmostAnswerWinsOnEveryThreadCount) {
  for (unsigned threads : {1u, 2u, 3u}) {
    std::atomic<bool> left_stopped{false};
    Spinner right;
    std::vector<IntTechnique> techniques = {
        // Slow: answers after the one to its right has, and is not stopped by it.
        [&](const Budget& budget) -> std::optional<int> {
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
          left_stopped = budget.spent();
          return 10;
        },
        [](const Budget&) -> std::optional<int> { return 11; },
        right.technique(),
    };
    nursery::RaceOptions options;
    options.threads = threads;
    options.budget = Budget(nullptr, 30);
    auto start = std::chrono::steady_clock::now();
    auto raced = nursery::race(techniques, options);
    ASSERT_TRUE(raced.answer.has_value()) << threads << " threads";
    EXPECT_EQ(*raced.answer, 10) << threads << " threads";
    EXPECT_EQ(raced.winner, 0u);
    EXPECT_FALSE(left_stopped.load());
    // The spinner right of an answer is stopped (or never started): the
    // race does not wait for its 30 s.
    EXPECT_TRUE(!right.started.load() || right.stopped.load());
    EXPECT_LT(seconds_since(start), 10.0) << threads << " threads";
  }
}

TEST(Race, AnyTakesTheFirstAnswerAndStopsEveryOther) {
  Spinner left;
  std::vector<IntTechnique> techniques = {
      left.technique(),
      [](const Budget&) -> std::optional<int> { return 7; },
  };
  nursery::RaceOptions options;
  options.threads = 2;
  options.budget = Budget(nullptr, 30);
  options.any = true;
  auto start = std::chrono::steady_clock::now();
  auto raced = nursery::race(techniques, options);
  ASSERT_TRUE(raced.answer.has_value());
  EXPECT_EQ(*raced.answer, 7);
  EXPECT_EQ(raced.winner, 1u);
  // Stopped (or never started): the race does not wait for its 30 s.
  EXPECT_TRUE(!left.started.load() || left.stopped.load());
  EXPECT_LT(seconds_since(start), 10.0);
}

TEST(Race, NoAnswerWithinTheBudget) {
  Spinner first, second;
  std::vector<IntTechnique> techniques = {first.technique(), second.technique()};
  nursery::RaceOptions options;
  options.threads = 2;
  options.budget = Budget(nullptr, 0.1);
  auto start = std::chrono::steady_clock::now();
  auto raced = nursery::race(techniques, options);
  EXPECT_FALSE(raced.answer.has_value());
  EXPECT_TRUE(first.stopped.load() && second.stopped.load());
  EXPECT_LT(seconds_since(start), 2.0);
}

TEST(Race, ForEachIndexRunsEveryIndexOnce) {
  for (unsigned threads : {0u, 1u, 3u}) {
    std::vector<int> seen(1000, 0);
    nursery::for_each_index(seen.size(), threads, [&](std::size_t i) { ++seen[i]; });
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), 1000) << threads << " threads";
  }
}

// Entries that need a known amount of work (nodes) and stop, incomplete,
// after their budget of it; some hold a solution (their `id`), some are
// kept every round and cover nothing.
struct Budgeted {
  struct Instance {};
  struct Subproblem {
    std::uint64_t id = 0;
    std::uint64_t needed = 0;  // nodes to the end
    bool solution = false;
    Count count = 0;  // count mode: found once searched to the end
    bool kept = false;
    std::uint64_t budget = 0;  // nodes this round (0: none)
  };
  using Solution = std::uint64_t;
  static std::vector<Subproblem> split(const Instance&, std::size_t) { return {}; }
  static Outcome solve(const Instance&, const Subproblem& sub, Search<Solution>& search) {
    Outcome outcome;
    if (sub.kept) {
      outcome.complete = true;
      return outcome;
    }
    auto poller = search.poller(1);
    const std::uint64_t walk = sub.budget == 0 ? sub.needed : std::min(sub.budget, sub.needed);
    for (std::uint64_t node = 0; node < walk; ++node) {
      ++outcome.nodes;
      if (poller.poll()) return outcome;
    }
    if (walk < sub.needed) return outcome;
    outcome.count = sub.count;
    if (sub.solution && search.mode() == Mode::first) search.offer(sub.id);
    outcome.complete = true;
    return outcome;
  }
};

nursery::Rounds<Budgeted> doubling(std::size_t& rounds, std::size_t& kept_calls) {
  nursery::Rounds<Budgeted> plan;
  plan.keeps = [](const Budgeted::Subproblem& sub) { return sub.kept; };
  plan.next_round = [&rounds, &kept_calls](std::span<Budgeted::Subproblem> entries,
                                           std::size_t round, std::size_t) {
    ++rounds;
    for (auto& sub : entries) {
      if (round > 0) sub.budget *= 2;
      kept_calls += sub.kept ? 1 : 0;
    }
    return true;
  };
  return plan;
}

Budgeted::Subproblem entry(std::uint64_t id, std::uint64_t needed, bool solution = false) {
  Budgeted::Subproblem sub;
  sub.id = id;
  sub.needed = needed;
  sub.solution = solution;
  sub.budget = 1000;
  return sub;
}

TEST(Rounds, SumTheirStatisticsAndAnswerTheLeftmostFind) {
  // Round 0 (1,000 nodes each): 1 stops, 2 is exhausted, 3 stops; round 1
  // (2,000): 1 and 3 stop; round 2 (4,000): 1 finds, so 3 (to its right)
  // never starts.
  std::size_t rounds = 0, kept_calls = 0;
  RunOptions options;
  options.mode = Mode::first;
  options.threads = 1;
  auto result =
      nursery::run_rounds<Budgeted>({}, {entry(1, 3000, true), entry(2, 500), entry(3, 6000, true)},
                                    options, doubling(rounds, kept_calls));
  EXPECT_EQ(result.status, Status::solved);
  ASSERT_TRUE(result.solution.has_value());
  EXPECT_EQ(*result.solution, 1u);
  EXPECT_EQ(rounds, 3u);
  EXPECT_EQ(result.stats.nodes, 1000u + 500 + 1000 + 2000 + 2000 + 3000);
  EXPECT_EQ(result.stats.subproblems, 3u);
  EXPECT_EQ(result.stats.subproblems_done, 2u);  // 2, then 1
}

TEST(Rounds, TheSameAnswerOnEveryThreadCount) {
  for (unsigned threads : {1u, 2u, 4u}) {
    std::size_t rounds = 0, kept_calls = 0;
    RunOptions options;
    options.mode = Mode::first;
    options.threads = threads;
    // Entry 4 finds in round 0, but entry 1 finds in the same round too and
    // is left of it.
    auto result = nursery::run_rounds<Budgeted>(
        {}, {entry(1, 900, true), entry(2, 5000), entry(3, 5000, true), entry(4, 10, true)},
        options, doubling(rounds, kept_calls));
    ASSERT_TRUE(result.solution.has_value());
    EXPECT_EQ(*result.solution, 1u) << threads << " threads";
    EXPECT_EQ(rounds, 1u);
  }
}

TEST(Rounds, EndWhenOnlyKeptEntriesAreLeftAndCountEveryEntryOnce) {
  std::size_t rounds = 0, kept_calls = 0;
  auto kept = entry(0, 0);
  kept.kept = true;
  std::vector<Budgeted::Subproblem> frontier = {kept, entry(1, 700), entry(2, 1500),
                                                entry(3, 3900)};
  for (std::uint64_t i = 1; i <= 3; ++i) frontier[i].count = i * 10;
  RunOptions options;
  options.mode = Mode::count;
  options.threads = 2;
  auto result = nursery::run_rounds<Budgeted>({}, frontier, options, doubling(rounds, kept_calls));
  // 1 ends in round 0, 2 in round 1, 3 in round 2; the kept entry ran in each.
  EXPECT_EQ(result.status, Status::complete);
  EXPECT_EQ(rounds, 3u);
  EXPECT_EQ(kept_calls, 3u);
  EXPECT_EQ(result.count, Count{60});
  EXPECT_EQ(result.stats.subproblems, 3u);  // the kept entry covers nothing
  EXPECT_EQ(result.stats.subproblems_done, 3u);
  EXPECT_EQ(result.stats.nodes, 700u + 1000 + 1000 + 1500 + 2000 + 3900);
}

TEST(Rounds, StopAtTheBudget) {
  std::size_t rounds = 0, kept_calls = 0;
  RunOptions options;
  options.mode = Mode::first;
  options.threads = 2;
  options.budget = Budget(nullptr, 0.2);
  auto never = entry(1, std::numeric_limits<std::uint64_t>::max(), true);
  auto start = std::chrono::steady_clock::now();
  auto result =
      nursery::run_rounds<Budgeted>({}, {never, never}, options, doubling(rounds, kept_calls));
  EXPECT_EQ(result.status, Status::timeout);
  EXPECT_FALSE(result.solution.has_value());
  EXPECT_LT(seconds_since(start), 5.0);
}

TEST(Rounds, ANextRoundRefusedEndsThem) {
  RunOptions options;
  options.mode = Mode::first;
  options.threads = 1;
  nursery::Rounds<Budgeted> plan;
  std::size_t rounds = 0;
  plan.next_round = [&rounds](std::span<Budgeted::Subproblem>, std::size_t round, std::size_t) {
    ++rounds;
    return round == 0;
  };
  auto result = nursery::run_rounds<Budgeted>({}, {entry(1, 5000, true)}, options, plan);
  EXPECT_EQ(rounds, 2u);  // round 0 ran, round 1 was refused
  EXPECT_FALSE(result.solution.has_value());
  EXPECT_EQ(result.stats.nodes, 1000u);
  EXPECT_EQ(result.stats.subproblems_done, 0u);
}

}  // namespace
