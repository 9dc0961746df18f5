// The largest placement (issue 13): the set-packing LP bound is never below
// the true maximum (checked against exhaustive search on random small
// boards with trees), every placement --max reports passes the independent
// checker, and the CLI writes an answer `nursery verify` accepts.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "lizards/techniques.hpp"
#include "support.hpp"

namespace {

using namespace lizards_test;

// The placement checked by the independent verifier, against the board
// with p = its size.
void expect_verified(const lz::Board& board, const lz::Placement& placement) {
  lz::Board asked = board;
  asked.p = placement.size();
  if (placement.empty()) return;  // p = 0 is no board the format allows
  auto verdict = lz::verify(lz::format_instance(asked), lz::format(asked, &placement));
  EXPECT_TRUE(verdict.valid) << verdict.reason << "\n" << lz::format_instance(asked);
}

TEST(LizardsMax, PackingBoundIsNeverBelowTheMaximum) {
  std::mt19937_64 rng(13);
  int tight = 0;
  const int trials = 120;
  for (int trial = 0; trial < trials; ++trial) {
    std::uint32_t n = 1 + static_cast<std::uint32_t>(rng() % 6);
    double trees = static_cast<double>(rng() % 5) / 10.0;
    lz::Board board = random_trees(rng, n, trees);
    std::uint64_t maximum = brute_force_max(board);
    auto instance = lz::build_instance(board);
    lz::PackingOptions options;
    options.threads = 1 + trial % 2;
    auto bound = lz::packing_bound(*instance, options);
    ASSERT_GE(bound.value, maximum) << lz::format_instance(board);
    tight += bound.value == maximum;
    // The LP never loses to the two-family matchings by more than its
    // smoothing: on boards this small it converges.
    EXPECT_LE(bound.value, lz::root_bounds(*instance).upper() + 1) << lz::format_instance(board);
  }
  // A bound too loose to be wrong would pass the line above: most of these
  // small boards are settled by it exactly.
  std::printf("packing bound = maximum on %d of %d boards\n", tight, trials);
  EXPECT_GT(tight, trials / 2);
}

TEST(LizardsMax, PackingBoundIsTightOnOpenBoards) {
  // No trees: n lizards at most (one per row), and the LP knows it.
  for (std::uint32_t n : {4u, 8u, 12u}) {
    auto instance = lz::build_instance(make_board(n, n, {}));
    auto bound = lz::packing_bound(*instance, {});
    EXPECT_EQ(bound.value, n);
  }
}

TEST(LizardsMax, MaximizeFindsAndProvesTheMaximumOnSmallBoards) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    std::uint32_t n = 2 + static_cast<std::uint32_t>(rng() % 5);
    lz::Board board = random_trees(rng, n, static_cast<double>(rng() % 4) / 10.0);
    std::uint64_t maximum = brute_force_max(board);
    lz::MaximizeOptions options;
    options.threads = 1 + trial % 2;
    options.seed = static_cast<std::uint64_t>(trial) + 1;
    // No budget: small enough to finish, the optimum is proven.
    auto report = lz::maximize(board, options);
    EXPECT_EQ(report.lower, maximum) << lz::format_instance(board);
    EXPECT_EQ(report.upper, maximum) << lz::format_instance(board) << report.upper_by;
    EXPECT_EQ(report.status, nursery::Status::complete);
    EXPECT_EQ(report.solution->size(), report.lower);
    expect_verified(board, *report.solution);
  }
}

TEST(LizardsMax, MediumBoardsGiveAVerifiedPlacementUnderTheBound) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    lz::Board board = generated(60, 0.1 * static_cast<double>(seed), seed);
    lz::MaximizeOptions options;
    options.budget = nursery::Budget(nullptr, 1);
    options.seed = seed;
    auto report = lz::maximize(board, options);
    EXPECT_GE(report.lower, report.greedy);
    EXPECT_LE(report.lower, report.upper);
    EXPECT_LE(report.upper, report.matching_bound);
    EXPECT_EQ(report.solution->size(), report.lower);
    expect_verified(board, *report.solution);
  }
}

TEST(LizardsMax, TargetEndsTheSearch) {
  lz::Board board = generated(80, 0.2, 1);
  lz::MaximizeOptions options;
  // No budget: only the target can end it.
  options.target = board.p + 1;  // p is the greedy's count: one more needs the search
  auto report = lz::maximize(board, options);
  EXPECT_GE(report.lower, options.target);
  expect_verified(board, *report.solution);
}

TEST(LizardsMax, AStopBeforeTheStartStillGivesTheGreedyPlacement) {
  lz::Board board = generated(200, 0.1, 1);
  nursery::StopSource stop;
  stop.request(nursery::StopReason::cancelled);
  lz::MaximizeOptions options;
  options.budget = nursery::Budget(&stop);
  auto report = lz::maximize(board, options);
  EXPECT_EQ(report.status, nursery::Status::cancelled);
  EXPECT_EQ(report.lower, board.p);  // generated with p = auto: the greedy's count
  expect_verified(board, *report.solution);
}

// ---- The CLI ------------------------------------------------------------------

TEST(LizardsMaxCli, WritesAnAnswerVerifyAccepts) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("nursery-max-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string cli = NURSERY_CLI;
  std::string board = (dir / "b.txt").string(), out = (dir / "out.txt").string(),
              max_board = (dir / "max.txt").string();
  ASSERT_EQ(
      run_command(cli + " gen lizards --n 50 --trees 0.15 --p auto --seed 4 -o " + board, true)
          .status,
      0);
  CommandResult solved = run_command(cli + " lizards " + board + " --max --timeout 1 --json -o " +
                                         out + " --max-board " + max_board,
                                     true);
  ASSERT_EQ(solved.status, 0);
  auto report = nlohmann::json::parse(solved.out);
  EXPECT_LE(report["best"].get<std::uint64_t>(), report["upper"].get<std::uint64_t>());
  EXPECT_GE(report["gap"].get<double>(), 0.0);
  CommandResult checked = run_command(cli + " verify " + max_board + " " + out, true);
  EXPECT_EQ(checked.status, 0) << checked.out;
  EXPECT_NE(checked.out.find("valid"), std::string::npos);
  // Options that only make sense with --max, and --max with --count.
  EXPECT_EQ(run_command(cli + " lizards " + board + " --target 5", true).status, 2);
  EXPECT_EQ(run_command(cli + " lizards " + board + " --max --count", true).status, 2);
  fs::remove_all(dir);
}

}  // namespace

// Two workers improve one placement in bands of rows, stitched every epoch:
// the stitched placement the report keeps passes the independent checker
// and beats the greedy it started from. (Boards this small run populations
// by default: population_test.cpp.)
TEST(LizardsMax, BandsStitchedAcrossEpochsStaySafe) {
  std::mt19937_64 rng(29);
  lz::Board board = random_trees(rng, 150, 0.1);
  lz::MaximizeOptions options;
  options.population_cells = 0;
  options.threads = 2;
  options.budget = nursery::Budget(nullptr, 3);
  auto report = lz::maximize(board, options);
  EXPECT_GT(report.search_epochs, 1u);
  EXPECT_GT(report.lower, report.greedy);
  EXPECT_EQ(report.solution->size(), report.lower);
  EXPECT_LE(report.lower, report.upper);
  expect_verified(board, *report.solution);
}

// A decision far above the greedy goes to the --max machinery with p as the
// target: p within reach is placed (the answer passes the independent
// checker), p above the LP bound is a proved FAIL.
TEST(LizardsMax, DecisionsFarAboveTheGreedyUseTheMaximizer) {
  lz::Board board = generated(100, 0.1, 1);  // p = the greedy's count
  const std::uint64_t greedy = board.p;
  lz::SolveOptions options;
  options.budget = nursery::Budget(nullptr, 60);
  board.p = greedy + greedy / 10;  // 10% above the greedy
  auto report = lz::solve(board, options);
  ASSERT_EQ(report.verdict, lz::Verdict::ok) << report.how;
  EXPECT_NE(report.how.find("improving search"), std::string::npos) << report.how;
  ASSERT_TRUE(report.solution.has_value());
  EXPECT_EQ(report.solution->size(), board.p);
  auto check = lz::verify(lz::format_instance(board), lz::format(board, &*report.solution));
  EXPECT_TRUE(check.valid) << check.reason;

  board.p = 2 * greedy;  // far beyond the LP bound
  report = lz::solve(board, options);
  EXPECT_EQ(report.verdict, lz::Verdict::fail) << report.how;
  EXPECT_NE(report.how.find("upper bound"), std::string::npos) << report.how;
}
