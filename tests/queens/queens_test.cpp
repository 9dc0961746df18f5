// N-queens: counts against the OEIS tables, the symmetric method against
// plain full-board counts, parallel against sequential, every enumerated
// or constructed solution through the independent checker.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>
#include <set>
#include <sstream>

#include "cancel_latency.hpp"
#include "nqueens_reference.hpp"
#include "queens/counters.hpp"

namespace {

using nursery::Count;
using nursery::Mode;
using nursery::RunOptions;
using nursery::Status;
namespace queens = nursery::queens;

template <class Tree>
nursery::Result<queens::Placement> count(int n, unsigned threads = 0) {
  RunOptions options;
  options.threads = threads;
  return nursery::run<Tree>(typename Tree::Instance{n}, options);
}

TEST(QueensCount, TotalsAndUniqueMatchOeisUpTo16) {
  auto table = nursery::testing::nqueens_reference();
  ASSERT_GE(table.size(), 16u);
  for (int n = 1; n <= 16; ++n) {
    auto result = count<queens::CanonicalCount>(n);
    ASSERT_EQ(result.status, Status::complete);
    EXPECT_EQ(result.count, table[n].total) << "N = " << n;
    EXPECT_EQ(result.unique, table[n].unique) << "N = " << n;
  }
}

TEST(QueensCount, SymmetricDecompositionEqualsPlainFullBoardCount) {
  for (int n = 1; n <= 12; ++n) {
    auto plain = count<queens::Columns>(n);
    auto symmetric = count<queens::CanonicalCount>(n);
    EXPECT_EQ(symmetric.count, plain.count) << "N = " << n;
    EXPECT_EQ(symmetric.unique, plain.unique) << "N = " << n;
  }
}

TEST(QueensCount, ParallelEqualsSequential) {
  for (int n : {11, 13, 14}) {
    auto sequential = count<queens::CanonicalCount>(n, 1);
    for (unsigned threads : {2u, 3u, 8u}) {
      auto parallel = count<queens::CanonicalCount>(n, threads);
      EXPECT_EQ(parallel.count, sequential.count) << "N = " << n << ", " << threads;
      EXPECT_EQ(parallel.unique, sequential.unique) << "N = " << n << ", " << threads;
    }
  }
}

TEST(QueensCount, AnyFrontierSizeGivesTheSameCount) {
  auto table = nursery::testing::nqueens_reference();
  for (std::size_t target : {1u, 10u, 100u, 1000u, 100000u}) {
    RunOptions options;
    options.subproblems = target;
    auto result = nursery::run<queens::CanonicalCount>({13}, options);
    EXPECT_EQ(result.count, table[13].total) << target;
    EXPECT_EQ(result.unique, table[13].unique) << target;
  }
}

// The bitboard counter closes the last six rows by lookup below row n-7 and
// enumerates boards whose pre-placement reaches further: every frontier
// depth (a pre-placement ending above, at and below row n-7) and both
// sides of N = 12 give the OEIS counts.
TEST(QueensCount, WindowAndEnumerationAgreeAtEveryFrontierDepth) {
  auto table = nursery::testing::nqueens_reference();
  for (int n : {11, 12, 14, 15}) {
    for (std::size_t target : {1u, 300u, 5000u, 100000u}) {
      RunOptions options;
      options.subproblems = target;
      auto result = nursery::run<queens::CanonicalCount>({n}, options);
      EXPECT_EQ(result.count, table[n].total) << n << ", " << target;
      EXPECT_EQ(result.unique, table[n].unique) << n << ", " << target;
    }
  }
}

TEST(QueensCount, TextbookBaselinesAgreeAndShowTheirWork) {
  auto table = nursery::testing::nqueens_reference();
  for (int n = 1; n <= 8; ++n) {
    auto brute = count<queens::Brute>(n);
    auto backtrack = count<queens::Backtrack>(n);
    EXPECT_EQ(brute.count, table[n].total) << n;
    EXPECT_EQ(brute.unique, table[n].unique) << n;
    EXPECT_EQ(backtrack.count, table[n].total) << n;
    EXPECT_EQ(backtrack.unique, table[n].unique) << n;
  }
  // The textbook figures for N = 8.
  EXPECT_EQ(count<queens::Brute>(8).stats.nodes, 16'777'216u);
  EXPECT_EQ(count<queens::Backtrack>(8).stats.nodes, 15'712u);
  EXPECT_THROW(count<queens::Brute>(11), std::invalid_argument);
}

TEST(QueensCount, PermutationMethodCountsEveryPermutation) {
  auto table = nursery::testing::nqueens_reference();
  Count factorial = 1;
  for (int n = 1; n <= 9; ++n) {
    factorial *= static_cast<Count>(n);
    auto permutations = count<queens::Permutations>(n);
    EXPECT_EQ(permutations.status, Status::complete) << n;
    EXPECT_EQ(permutations.count, table[n].total) << n;
    EXPECT_EQ(permutations.unique, table[n].unique) << n;
    EXPECT_EQ(Count{permutations.stats.nodes}, factorial) << n;  // n! permutations checked
  }
  EXPECT_THROW(count<queens::Permutations>(13), std::invalid_argument);
}

TEST(QueensFirst, ForwardCheckingFindsAValidSolutionOrProvesNone) {
  for (int n = 1; n <= 64; ++n) {
    RunOptions options;
    options.mode = Mode::first;
    auto result = nursery::run<queens::ForwardChecking>({n}, options);
    if (n == 2 || n == 3) {
      EXPECT_EQ(result.status, Status::complete) << n;
      EXPECT_FALSE(result.solution.has_value()) << n;
      continue;
    }
    ASSERT_EQ(result.status, Status::solved) << n;
    auto verdict = queens::verify(n, *result.solution);
    EXPECT_TRUE(verdict.valid) << n << ": " << verdict.reason;
    EXPECT_GE(result.stats.nodes, static_cast<std::uint64_t>(n)) << n;  // one value per column at least
  }
}

TEST(QueensEnumerate, EverySolutionIsValidDistinctAndCounted) {
  auto table = nursery::testing::nqueens_reference();
  for (int n = 1; n <= 10; ++n) {
    RunOptions options;
    options.mode = Mode::all;
    options.threads = 1;
    std::vector<queens::Placement> listed;
    nursery::Search<queens::Placement>::Sink sink = [&](const queens::Placement& p) {
      listed.push_back(p);
    };
    auto result = nursery::run<queens::Columns>({n}, options, &sink);
    EXPECT_EQ(result.status, Status::complete);
    EXPECT_EQ(Count{listed.size()}, table[n].total) << n;
    std::set<queens::Placement> distinct(listed.begin(), listed.end());
    EXPECT_EQ(distinct.size(), listed.size());
    EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end())) << "one worker lists in order";
    std::size_t canonical = 0;
    for (const auto& p : listed) {
      auto verdict = queens::verify(n, p);
      EXPECT_TRUE(verdict.valid) << verdict.reason;
      canonical += queens::is_canonical(p);
    }
    EXPECT_EQ(Count{canonical}, table[n].unique) << n;
  }
}

TEST(QueensEnumerate, FirstEightQueensSolutionInEveryFormat) {
  RunOptions options;
  options.mode = Mode::all;
  options.threads = 1;
  options.limit = 1;
  std::vector<queens::Placement> listed;
  nursery::Search<queens::Placement>::Sink sink = [&](const queens::Placement& p) {
    listed.push_back(p);
  };
  nursery::run<queens::Columns>({8}, options, &sink);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(queens::format(listed[0], queens::Format::string), "*15863724");
  EXPECT_EQ(queens::format(listed[0], queens::Format::rows), "0 4 7 5 2 6 1 3");
  EXPECT_EQ(queens::format(listed[0], queens::Format::board).substr(0, 18), "Q.......\n......Q.\n");
}

TEST(QueensFirst, ParallelFirstSolutionIsValid) {
  for (int n : {1, 4, 8, 20, 27, 32}) {
    RunOptions options;
    options.mode = Mode::first;
    options.threads = 2;
    auto result = nursery::run<queens::Columns>({n}, options);
    ASSERT_EQ(result.status, Status::solved) << n;
    auto verdict = queens::verify(n, *result.solution);
    EXPECT_TRUE(verdict.valid) << n << ": " << verdict.reason;
  }
  RunOptions options;
  options.mode = Mode::first;
  auto none = nursery::run<queens::Columns>({3}, options);
  EXPECT_EQ(none.status, Status::complete);
  EXPECT_FALSE(none.solution.has_value());
}

TEST(QueensConstruct, ValidForEveryN) {
  for (std::uint32_t n = 1; n <= 300; ++n) {
    if (n == 2 || n == 3) {
      EXPECT_THROW(queens::construct(n), std::invalid_argument);
      continue;
    }
    auto verdict = queens::verify(n, queens::construct(n));
    EXPECT_TRUE(verdict.valid) << n << ": " << verdict.reason;
  }
  for (std::uint32_t n : {1000u, 99'998u, 99'999u, 100'000u, 1'000'000u}) {
    auto verdict = queens::verify(n, queens::construct(n));
    EXPECT_TRUE(verdict.valid) << n << ": " << verdict.reason;
  }
}

TEST(QueensVerify, RejectsEveryKindOfMistake) {
  EXPECT_TRUE(queens::verify(4, {{1, 3, 0, 2}}).valid);
  EXPECT_FALSE(queens::verify(4, {{1, 3, 0}}).valid);     // too few queens
  EXPECT_FALSE(queens::verify(4, {{1, 3, 0, 4}}).valid);  // off the board
  EXPECT_FALSE(queens::verify(4, {{1, 1, 3, 0}}).valid);  // same row
  EXPECT_FALSE(queens::verify(4, {{0, 1, 3, 2}}).valid);  // diagonal
  EXPECT_FALSE(queens::verify(4, {{2, 0, 1, 3}}).valid);  // anti-diagonal
}

// The checker looks at the budget (10^8 queens take seconds to check on a
// sanitized build): a spent one gives no verdict, a live one the verdict.
TEST(QueensVerify, ASpentBudgetGivesNoVerdict) {
  nursery::StopSource stop;
  const nursery::Budget live(&stop);
  const queens::Placement good = queens::construct(3'000'000), bad = {1, 1, 3, 0};
  ASSERT_TRUE(queens::verify(good.size(), good, live).has_value());
  EXPECT_TRUE(queens::verify(good.size(), good, live)->valid);
  EXPECT_FALSE(queens::verify(4, bad, live)->valid);
  stop.request(nursery::StopReason::timeout);
  EXPECT_FALSE(queens::verify(good.size(), good, live).has_value());
  EXPECT_FALSE(queens::verify(4, bad, live).has_value());
  // A wrong count of queens needs no look at the board.
  EXPECT_FALSE(queens::verify(5, bad, live)->valid);
}

TEST(QueensCount, CancelStopsALongCountWithin50Milliseconds) {
  auto [result, latency_ms] =
      nursery::testing::cancel_after(std::chrono::milliseconds(300), [](auto& outside) {
        RunOptions options;
        options.threads = 2;
        options.budget = nursery::Budget(&outside);
        return nursery::run<queens::CanonicalCount>({20}, options);
      });
  EXPECT_EQ(result.status, Status::cancelled);
  EXPECT_LT(latency_ms, nursery::testing::kCancelBudgetMs)
      << "cancellation took " << latency_ms << " ms";
}

TEST(QueensCount, TimeoutIsReportedNotCounted) {
  RunOptions options;
  options.budget = nursery::Budget(nullptr, 0.2);
  auto result = nursery::run<queens::CanonicalCount>({21}, options);
  EXPECT_EQ(result.status, Status::timeout);
  EXPECT_LT(result.stats.subproblems_done, result.stats.subproblems);
}

// The library's one call: queens::count takes the method `nursery count`
// would (the join from 14 on) and gives totals and classes against the
// table; the other methods by name; bad N or method in the CLI's words; a
// deadline stops it and says so.
TEST(QueensCount, TheLibrarysCountMatchesTheTableWithItsClasses) {
  auto table = nursery::testing::nqueens_reference();
  for (int n = 1; n <= 15; ++n) {
    auto result = queens::count(n);
    ASSERT_EQ(result.status, Status::complete) << "N = " << n;
    EXPECT_EQ(result.count, table[n].total) << "N = " << n;
    EXPECT_EQ(result.unique, table[n].unique) << "N = " << n;
  }
  queens::CountOptions options;
  options.method = "backtrack";
  options.run.threads = 1;
  EXPECT_EQ(queens::count(9, options).count, table[9].total);
  options.method = "join";
  options.unique = false;
  auto join = queens::count(10, options);
  EXPECT_EQ(join.count, table[10].total);
  EXPECT_EQ(join.unique, 0u);

  EXPECT_THROW(queens::count(0), std::invalid_argument);
  EXPECT_THROW(queens::count(33), std::invalid_argument);
  options.method = "brute";
  EXPECT_THROW(queens::count(11, options), std::invalid_argument);
  options.method = "quick";
  EXPECT_THROW(queens::count(8, options), std::invalid_argument);

  queens::CountOptions timed;
  timed.run.budget = nursery::Budget(nullptr, 0.2);
  EXPECT_EQ(queens::count(21, timed).status, Status::timeout);
}

}  // namespace
