// Options a run would leave unused are refused, each naming the conflict in
// one line, exit 2 (issue 30, item 24); and what memory asks for beyond the
// machine is refused or ends in one line, never an uncaught exception (item
// 21).
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "peak_memory.hpp"
#include "run_cli.hpp"
#include "sanitized.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::run_cli;
using nursery::testing::TempDir;

// The run's one line on stderr: "error: " and the words expected in it;
// nothing on stdout.
void refused(const std::string& arguments, const std::string& words) {
  TempDir here;
  auto run = nursery::testing::run_in(here.path(), arguments);
  EXPECT_EQ(run.status, 2) << arguments << "\n" << run.err;
  EXPECT_EQ(run.err.find("error: "), 0u) << arguments << "\n" << run.err;
  EXPECT_NE(run.err.find(words), std::string::npos) << arguments << "\n" << run.err;
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << arguments << "\n" << run.err;
  EXPECT_EQ(run.out, "") << arguments;
}

TEST(OptionConflicts, MergeReportsSolvesNothing) {
  TempDir dir;
  nursery::testing::write(dir / "in/q.txt", "queens 6\n");
  auto part = run_cli("batch " + dir / "in" + " --part 1/1 --report " + dir / "p1.json", false);
  ASSERT_EQ(part.status, 0) << part.output;
  const std::string merge = "batch --merge " + dir / "p1.json" + " --report " + dir / "all.json";
  for (const auto& [extra, named] : std::initializer_list<std::pair<std::string, std::string>>{
           {"-o " + dir / "out", "--merge and -o"},
           {"--verify", "--merge and --verify"},
           {"--resume", "--merge and --resume"},
           {"--part 1/2", "--merge and --part"},
           {"--count", "--merge and --count"},
           {"--jobs 2", "--merge and --jobs"},
           {"--timeout 5", "--merge and --timeout"}})
    refused(merge + " " + extra, named);
  EXPECT_FALSE(std::filesystem::exists(dir / "all.json"));
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
  auto merged = run_cli(merge, false);
  EXPECT_EQ(merged.status, 0) << merged.output;
}

TEST(OptionConflicts, DrawsOptionOfTheOtherKind) {
  TempDir dir;
  nursery::testing::write(dir / "sky.txt", "4:" + std::string(15, '/') + "\n");
  nursery::testing::write(dir / "board.txt", "DFS\n3\n1\n000\n000\n000\n");
  refused("draw " + dir / "sky.txt" + " --attacks 0,0 -o " + dir / "a.svg", "--attacks");
  refused("draw " + dir / "board.txt" + " --id x -o " + dir / "b.svg", "--id");
  EXPECT_FALSE(std::filesystem::exists(dir / "a.svg"));
  EXPECT_FALSE(std::filesystem::exists(dir / "b.svg"));
  // --attacks draws from a lizard (an empty cell is refused: issue 35, item 6).
  nursery::testing::write(dir / "answer.txt", "OK\n100\n000\n000\n");
  EXPECT_EQ(run_cli("draw " + dir / "board.txt " + dir / "answer.txt" + " --attacks 0,0 -o " +
                    dir / "c.svg")
                .status,
            0);
}

TEST(OptionConflicts, CountsOptionsThatCountNothing) {
  refused("count 8 --estimate 1 --unique", "--estimate and --unique");
  refused("count 8 --estimate 1 --resume", "--estimate and --resume");
  refused("count 8 --checkpoint-interval 5", "--checkpoint-interval: only with --checkpoint");
  refused("count 8 --progress-interval 5", "--progress-interval: only with --mpi");
  TempDir dir;
  refused("count --merge " + dir / "a.ckpt" + " --method join", "--merge and --method");
  refused("count --merge " + dir / "a.ckpt" + " --estimate", "--merge and --estimate");
}

TEST(OptionConflicts, QueensAllTakesNoneOfFirstsChoices) {
  refused("queens 8 --any --all", "--all and --any");
  refused("queens 8 --all --method cp", "--all and --method");
  EXPECT_EQ(run_cli("queens 8 --any", false).status, 0);
  EXPECT_EQ(run_cli("queens 8 --all --limit 1", false).output, "*15863724\n");
}

TEST(OptionConflicts, SkyscrapersBenchTakesNoneOfTheRunsOptions) {
  const std::string puzzle = "'4:" + std::string(15, '/') + "'";
  refused("skyscrapers " + puzzle + " --bench 1 --count", "--bench and --count");
  refused("skyscrapers " + puzzle + " --bench 1 --stats", "--bench and --stats");
  EXPECT_EQ(run_cli("skyscrapers " + puzzle + " --all --limit 2", false).status, 0);
}

TEST(OptionConflicts, BenchWithoutBaselineBuildsNone) {
  refused("bench queens --n 8 --no-baseline --cc gcc", "--no-baseline and --cc");
  refused("bench queens --n 8 --no-baseline --baseline-source x.c",
          "--no-baseline and --baseline-source");
}

TEST(OptionConflicts, LizardsTasksTakeOnlyTheirOptions) {
  TempDir dir;
  nursery::testing::write(dir / "board.txt", "BFS\n4\n2\n0000\n0000\n0000\n0000\n");
  const std::string board = dir / "board.txt";
  refused("lizards " + board + " --max --algorithm DFS", "--max and --algorithm");
  refused("lizards " + board + " --max --any", "--max and --any");
  refused("lizards " + board + " --max --bfs-memory 4", "--max and --bfs-memory");
  refused("lizards " + board + " --count --any", "--count and --any");
  refused("lizards " + board + " --count --seed 7", "--count and --seed");
  EXPECT_EQ(run_cli("lizards " + board + " --count", false).output, "44\n");
  EXPECT_EQ(run_cli("lizards " + board + " --count --bfs-memory 4", false).status, 0);
}

// A budget beyond what this process may have is refused before the run.
TEST(OptionConflicts, BfsMemoryBeyondTheMachineIsRefused) {
  TempDir dir;
  nursery::testing::write(dir / "board.txt", "BFS\n4\n2\n0000\n0000\n0000\n0000\n");
  refused("lizards " + dir / "board.txt" + " --bfs-memory 1000000",
          "--bfs-memory: expected at most");
}

#ifndef NURSERY_TEST_SANITIZED
// Under `ulimit -v` (the 4000000): the documented range's top is
// refused against the limit; an allocation the limit denies anywhere ends
// in one line and exit 2, never in an uncaught exception (an abort).
// (Sanitizers reserve terabytes of address space: no ulimit -v there.)
TEST(OptionConflicts, UnderAnAddressSpaceLimitNoUncaughtException) {
  TempDir dir;
  nursery::testing::write(dir / "board.txt", "BFS\n4\n2\n0000\n0000\n0000\n0000\n");
  const std::string cli = "exec '" + std::string(NURSERY_CLI) + "' ";
  auto refused_run = nursery::testing::run_measured(
      "ulimit -v 4000000; " + cli + "lizards '" + dir / "board.txt" +
      "' --bfs-memory 1000000 2> '" + dir / "err1" + "' > /dev/null");
  EXPECT_EQ(refused_run.status, 2);
  const std::string err1 = nursery::testing::read(dir / "err1");
  EXPECT_NE(err1.find("--bfs-memory: expected at most 390"), std::string::npos) << err1;
  // 100,000,000 queens' rows need more than 300 MB of address space.
  auto denied = nursery::testing::run_measured("ulimit -v 300000; " + cli +
                                               "queens 100000000 --format rows 2> '" +
                                               dir / "err2" + "' > /dev/null");
  const std::string err2 = nursery::testing::read(dir / "err2");
  EXPECT_EQ(denied.signal, 0) << err2;
  EXPECT_EQ(denied.status, 2) << err2;
  EXPECT_EQ(err2.find("error: out of memory"), 0u) << err2;
  EXPECT_EQ(err2.find('\n'), err2.size() - 1) << err2;
}
#endif

}  // namespace
