// The join's state belongs to its count (engine/queens/join.hpp, JoinRun):
// two counts at once keep their own quarter tables, and a count that has
// returned leaves no tables and no buffers behind. The tuning at run time
// (tuning.hpp, JoinTuning): its override and its effect on a count (none
// on the total).
#include <gtest/gtest.h>

#include <algorithm>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "nqueens_reference.hpp"
#include "queens/counters.hpp"
#include "queens/join.hpp"

namespace {

using namespace nursery;  // Count, RunOptions, Status, queens

Result<queens::Placement> join(int n, unsigned threads, std::size_t target = 0,
                               const queens::JoinTuning* tuning = nullptr) {
  RunOptions options;
  options.threads = threads;
  options.subproblems = target;
  queens::JoinCount::Instance instance{n, 0};
  if (tuning != nullptr) instance.run = std::make_shared<queens::join_detail::JoinRun>(*tuning);
  return run<queens::JoinCount>(instance, options);
}

// FIRST and SECOND run at the same time, each on a thread of its own.
template <class First, class Second>
void at_once(First first, Second second) {
  std::thread a(first);
  std::thread b(second);
  a.join();
  b.join();
}

// Two counts of different N at once, each on two workers of its own: both
// build quarter tables (N <= 19) at the same time; each gets its total.
TEST(QueensJoinRun, TwoCountsOfDifferentNAtOnceEachKeepTheirTables) {
  auto table = nursery::testing::nqueens_reference();
  for (int round = 0; round < 3; ++round) {
    Result<queens::Placement> even, odd;
    at_once([&] { even = join(14, 2); }, [&] { odd = join(15, 2); });
    ASSERT_EQ(even.status, Status::complete);
    ASSERT_EQ(odd.status, Status::complete);
    EXPECT_EQ(even.count, table[14].total);
    EXPECT_EQ(odd.count, table[15].total);
  }
}

// The library's own call, twice at once (N = 15 and 16, the join on two
// workers each): each count's total and classes equal the table, and once
// both have returned no table or buffer is left.
TEST(QueensJoinRun, TwoLibraryCountsOfDifferentNAtOnce) {
  auto table = nursery::testing::nqueens_reference();
  queens::CountOptions options;
  options.method = "join";
  options.unique = true;
  options.run.threads = 2;
  Counted odd, even;
  at_once([&] { odd = queens::count(15, options); }, [&] { even = queens::count(16, options); });
  ASSERT_EQ(odd.status, Status::complete);
  ASSERT_EQ(even.status, Status::complete);
  EXPECT_EQ(odd.count, table[15].total);
  EXPECT_EQ(odd.unique, table[15].unique);
  EXPECT_EQ(even.count, table[16].total);
  EXPECT_EQ(even.unique, table[16].unique);
  EXPECT_EQ(queens::join_detail::live_quarter_tables(), 0);
  EXPECT_EQ(queens::join_detail::live_piece_buffers(), 0);
}

// After a count returns (the library's queens::count, a run of the kind on
// one or several workers), no quarter table and no worker's buffers live.
TEST(QueensJoinRun, NothingIsLeftOnceACountReturns) {
  EXPECT_EQ(queens::join_detail::live_quarter_tables(), 0);
  EXPECT_EQ(queens::join_detail::live_piece_buffers(), 0);
  queens::CountOptions options;
  options.method = "join";
  for (unsigned threads : {1u, 2u}) {
    options.run.threads = threads;
    EXPECT_EQ(queens::count(15, options).count, Count{2279184});
    EXPECT_EQ(queens::join_detail::live_quarter_tables(), 0) << threads << " threads";
    EXPECT_EQ(queens::join_detail::live_piece_buffers(), 0) << threads << " threads";
    EXPECT_EQ(join(14, threads).count, Count{365596});
    EXPECT_EQ(queens::join_detail::live_quarter_tables(), 0) << threads << " threads";
    EXPECT_EQ(queens::join_detail::live_piece_buffers(), 0) << threads << " threads";
  }
}

// While a count runs, its instance holds its tables: the same instance's
// pieces share one set (built once, at the first piece).
TEST(QueensJoinRun, AnInstanceHoldsOneSetOfTablesUntilItGoes) {
  {
    queens::JoinCount::Instance instance{14, 0};
    RunOptions options;
    options.threads = 2;
    EXPECT_EQ(run<queens::JoinCount>(instance, options).count, Count{365596});
    EXPECT_EQ(queens::join_detail::live_quarter_tables(), 1);
    EXPECT_EQ(run<queens::JoinCount>(instance, options).count, Count{365596});
    EXPECT_EQ(queens::join_detail::live_quarter_tables(), 1);
  }
  EXPECT_EQ(queens::join_detail::live_quarter_tables(), 0);
  EXPECT_EQ(queens::join_detail::live_piece_buffers(), 0);
}

TEST(QueensJoinTuning, TheOverrideSetsWhatItNamesAndRefusesTheRest) {
  queens::JoinTuning base;
  std::string errors;
  auto tuned =
      queens::parse_join_tuning("piece_kib=512,pieces_per_worker=8,sorted_bits=16", base, &errors);
  EXPECT_TRUE(errors.empty()) << errors;
  EXPECT_EQ(tuned.piece_bytes, std::size_t{512} << 10);
  EXPECT_EQ(tuned.pieces_per_worker, 8u);
  EXPECT_EQ(tuned.sorted_bits, 16);
  tuned = queens::parse_join_tuning("sorted_bits=21,piece_kib=1,speed=9,pieces_per_worker", base,
                                    &errors);
  EXPECT_EQ(tuned.sorted_bits, base.sorted_bits);
  EXPECT_EQ(tuned.piece_bytes, base.piece_bytes);
  EXPECT_EQ(tuned.pieces_per_worker, base.pieces_per_worker);
  EXPECT_NE(errors.find("'sorted_bits=21'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("'piece_kib=1'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("'speed=9'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("'pieces_per_worker'"), std::string::npos) << errors;
  EXPECT_EQ(queens::parse_join_tuning(nullptr, base).piece_bytes, base.piece_bytes);
  const auto machine = queens::machine_join_tuning();
  EXPECT_GE(machine.piece_bytes, std::size_t{256} << 10);
  EXPECT_LE(machine.piece_bytes, std::size_t{64} << 20);
}

// Any tuning counts the same: small pieces (more rounds, wider chunks),
// large ones, a narrow sort or a wide one.
TEST(QueensJoinTuning, EveryTuningCountsTheTable) {
  auto table = nursery::testing::nqueens_reference();
  for (const char* text : {"piece_kib=16,sorted_bits=2", "piece_kib=65536,sorted_bits=24",
                           "piece_kib=64,sorted_bits=14"}) {
    const auto tuning = queens::parse_join_tuning(text, queens::JoinTuning());
    for (int n : {12, 13, 16}) {
      const auto result = join(n, 2, 0, &tuning);
      ASSERT_EQ(result.status, Status::complete);
      EXPECT_EQ(result.count, table[n].total) << text << ", N = " << n;
    }
  }
}

// quarter_rows=0: every half listed row by row, as at N >= 20, in the
// chunks that path widens to (a round's keys a piece at the default
// target): the table, even and odd N, 1 and 2 threads.
TEST(QueensJoinTuning, HalvesListedRowByRowCountTheTable) {
  auto table = nursery::testing::nqueens_reference();
  std::string errors;
  auto tuning =
      queens::parse_join_tuning("quarter_rows=0,piece_kib=16", queens::JoinTuning(), &errors);
  EXPECT_TRUE(errors.empty()) << errors;
  EXPECT_EQ(tuning.quarter_rows, 0);
  for (int n = 4; n <= 15; ++n)
    for (unsigned threads : {1u, 2u}) {
      const auto result = join(n, threads, 0, &tuning);
      ASSERT_EQ(result.status, Status::complete);
      EXPECT_EQ(result.count, table[n].total) << "N = " << n << ", " << threads << " threads";
    }
  tuning = queens::parse_join_tuning("quarter_rows=11", queens::JoinTuning(), &errors);
  EXPECT_EQ(tuning.quarter_rows, queens::JoinTuning().quarter_rows);
  EXPECT_NE(errors.find("'quarter_rows=11'"), std::string::npos) << errors;
}

// Memory flat at N >= 20 (halves row by row): the chunk widens until the
// largest piece's halves (Knuth's estimate, the progress bar's weight)
// are a few MB, not the 781 MB N = 20 took at 64 pieces a worker.
TEST(QueensJoinTuning, PiecesListedRowByRowStaySmallAtN20) {
  const auto tuning = queens::parse_join_tuning("piece_kib=2048", queens::JoinTuning());
  queens::JoinCount::Instance instance{20, 0};
  instance.run = std::make_shared<queens::join_detail::JoinRun>(tuning);
  const auto frontier = queens::JoinCount::split(instance, 128);
  ASSERT_FALSE(frontier.empty());
  double largest = 0;
  for (const auto& piece : frontier) {
    // work = 1 + halves x (1 + kJoinShare): one join a piece at even N
    const double work = queens::JoinCount::work(instance, piece);
    largest = std::max(largest, (work - 1) / (1 + queens::kJoinShare));
  }
  EXPECT_GT(largest, 1e5);                  // the estimate sees the halves at all
  EXPECT_LT(largest * 8, 24.0 * (1 << 20))  // keys of 8 bytes, both sides
      << "width " << int{frontier[0].width} << ", " << frontier.size() << " pieces";
}

// The count of one piece of `instance`.
Count piece_count(const queens::JoinCount::Instance& instance,
                  const queens::JoinCount::Subproblem& piece) {
  StopSource stop;
  Search<queens::Placement> search(Mode::count, 0, stop, nullptr, nullptr);
  const Outcome outcome = queens::JoinCount::solve(instance, piece, search);
  EXPECT_TRUE(outcome.complete);
  return outcome.count;
}

// Quarter tables of 10 rows (N = 20; quarter_mib=160 builds both sides
// where the kernels keep both, below AVX-512): pieces of N = 20's own
// chunk width, spread over its cheaper half, count the same from the
// tables as row by row (the path N = 20 took before; the table's N <= 15
// holds it, QueensJoinTuning.HalvesListedRowByRowCountTheTable).
TEST(QueensJoinTuning, TenRowQuarterTablesCountAsRowByRowAtN20) {
  const auto tuning =
      queens::parse_join_tuning("piece_kib=2048,quarter_mib=160", queens::JoinTuning());
  queens::JoinCount::Instance tables{20, 0};
  tables.run = std::make_shared<queens::join_detail::JoinRun>(tuning);
  ASSERT_TRUE(queens::join_detail::quarter_tables_wanted(20, tuning));
  queens::JoinCount::Instance rows = tables;
  rows.quarter_tables = false;
  rows.run = std::make_shared<queens::join_detail::JoinRun>(tuning);
  const auto frontier = queens::JoinCount::split(tables, 128);
  ASSERT_GT(frontier.size(), 1000u);
  std::vector<std::pair<double, std::size_t>> by_work;  // every 16th piece
  for (std::size_t i = 0; i < frontier.size(); i += 16)
    by_work.emplace_back(queens::JoinCount::work(tables, frontier[i]), i);
  std::sort(by_work.begin(), by_work.end());
  Count total = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    const auto& piece = frontier[by_work[i * by_work.size() / 12].second];
    const Count from_tables = piece_count(tables, piece);
    EXPECT_EQ(from_tables, piece_count(rows, piece))
        << "pattern " << piece.pattern << ", width " << int{piece.width};
    total += from_tables;
  }
  EXPECT_GT(total, 0u);  // the pieces hold solutions: the check is not vacuous
  // The tables were built (by the first piece), once; none row by row.
  EXPECT_EQ(queens::join_detail::live_quarter_tables(), 1);
}

}  // namespace
