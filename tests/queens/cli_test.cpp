// The count and queens commands as a user runs them.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <nursery/queens.hpp>
#include <sstream>
#include <vector>

#include "nqueens_reference.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::run_cli;

TEST(QueensCli, CountPrintsTheTotalAndUnique) {
  auto run = run_cli("count 10", false);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output, "724\n");
  run = run_cli("count 12 --unique --threads 2", false);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output, "total  14200\nunique 1787\n");
}

// verify takes a `queens N` file and the answer batch writes for it (the
// board, or the rows on one line, or FAIL) through the same generic driver
// as the other kinds: each fault is named, FAIL only holds for N = 2, 3.
TEST(QueensCli, VerifyChecksAnAnswerOfAQueensFile) {
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "q8.txt", "queens 8\n");
  nursery::testing::write(dir / "q3.txt", "queens 3\n");
  auto batch = run_cli("batch " + dir / "q8.txt" + " -o " + dir / "out");
  ASSERT_EQ(batch.status, 0) << batch.output;
  auto valid = run_cli("verify " + dir / "q8.txt " + dir / "out/q8.txt.out", false);
  EXPECT_EQ(valid.status, 0) << valid.output;
  EXPECT_EQ(valid.output.rfind("valid: 8 queens", 0), 0u) << valid.output;
  nursery::testing::write(dir / "rows.txt", "0 4 7 5 2 6 1 3\n");
  EXPECT_EQ(run_cli("verify " + dir / "q8.txt " + dir / "rows.txt").status, 0);
  nursery::testing::write(dir / "diagonal.txt", "0 1 2 3 4 5 6 7\n");
  auto invalid = run_cli("verify " + dir / "q8.txt " + dir / "diagonal.txt", false);
  EXPECT_EQ(invalid.status, 1);
  EXPECT_NE(invalid.output.find("invalid: "), std::string::npos) << invalid.output;
  EXPECT_NE(invalid.output.find("diagonal"), std::string::npos) << invalid.output;
  nursery::testing::write(dir / "fail.txt", "FAIL\n");
  EXPECT_EQ(run_cli("verify " + dir / "q3.txt " + dir / "fail.txt").status, 0);
  auto wrong_fail = run_cli("verify " + dir / "q8.txt " + dir / "fail.txt --json", false);
  EXPECT_EQ(wrong_fail.status, 1);
  auto json = nlohmann::json::parse(wrong_fail.output);
  EXPECT_EQ(json["status"], "FAIL");
  EXPECT_EQ(json["reason"], "FAIL claimed for n = 8");
  nursery::testing::write(dir / "short.txt", "0 4 7\n");
  EXPECT_EQ(run_cli("verify " + dir / "q8.txt " + dir / "short.txt").status, 1);
  // An answer is read no further than N allows: /dev/zero ends in exit 2.
  auto endless = run_cli("verify " + dir / "q8.txt /dev/zero");
  EXPECT_EQ(endless.status, 2);
  EXPECT_NE(endless.output.find("larger than"), std::string::npos) << endless.output;
}

// Several N: one line "N TOTAL [UNIQUE]" each against the table (one JSON
// document a line with --json); what counts one N alone is refused; a
// stopped count ends the list with its exit status.
TEST(QueensCli, CountsSeveralNOneLineEach) {
  auto table = nursery::testing::nqueens_reference();
  auto run = run_cli("count 4 9 14", false);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output, "4 " + nursery::to_string(table[4].total) + "\n9 " +
                            nursery::to_string(table[9].total) + "\n14 " +
                            nursery::to_string(table[14].total) + "\n");
  run = run_cli("count 10 11 --unique", false);
  EXPECT_EQ(run.output, "10 724 92\n11 2680 341\n");
  run = run_cli("count 8 12 --json", false);
  std::istringstream lines(run.output);
  std::string line;
  std::vector<int> sizes;
  while (std::getline(lines, line)) sizes.push_back(nlohmann::json::parse(line)["n"].get<int>());
  EXPECT_EQ(sizes, (std::vector<int>{8, 12}));
  for (const char* alone : {"--checkpoint x.ckpt", "--estimate 1", "--part 1/2"}) {
    auto refused = run_cli(std::string("count 8 9 ") + alone);
    EXPECT_EQ(refused.status, 2) << alone;
    EXPECT_NE(refused.output.find("counts one N"), std::string::npos) << refused.output;
  }
  EXPECT_EQ(run_cli("count 8 33").status, 2);

  // -o FILE: what stdout would hold, written atomically; never the
  // checkpoint's file; not with --mpi (rank 0 prints).
  nursery::testing::TempDir dir;
  auto written = run_cli("count 10 11 --unique -o " + dir / "counts.txt", false);
  EXPECT_EQ(written.status, 0);
  EXPECT_EQ(written.output, "");
  EXPECT_EQ(nursery::testing::read(dir / "counts.txt"), "10 724 92\n11 2680 341\n");
  EXPECT_EQ(run_cli("count 12 --checkpoint " + dir / "c" + " -o " + dir / "c").status, 2);
  EXPECT_FALSE(std::filesystem::exists(dir / "c"));
  EXPECT_EQ(run_cli("count 12 --mpi -o " + dir / "m").status, 2);
  auto stopped = run_cli("count 6 21 7 --timeout 0.2");
  EXPECT_EQ(stopped.status, 3) << stopped.output;
  EXPECT_NE(stopped.output.find("6 4\n"), std::string::npos) << stopped.output;
  EXPECT_NE(stopped.output.find("N = 21: timeout: no count"), std::string::npos) << stopped.output;
  EXPECT_EQ(stopped.output.find("7 40"), std::string::npos) << stopped.output;
}

// queens takes --timeout and --progress as every solving command does: a
// stopped --first prints nothing on stdout and exits 3; a stopped --all
// keeps what it listed and says so on stderr; --progress draws the bar.
TEST(QueensCli, TimeoutAndProgressLikeEveryCommand) {
  auto first = run_cli("queens 31 --method search --timeout 0.000001", false);
  EXPECT_EQ(first.status, 3);
  EXPECT_EQ(first.output, "");
  auto json = run_cli("queens 31 --method search --timeout 0.000001 --json", false);
  EXPECT_EQ(json.status, 3);
  EXPECT_EQ(nlohmann::json::parse(json.output)["status"], "TIMEOUT") << json.output;
  auto listing = run_cli("queens 22 --all --timeout 0.2");
  EXPECT_EQ(listing.status, 3);
  EXPECT_NE(listing.output.find("timeout after "), std::string::npos);
  EXPECT_NE(listing.output.find(" listed\n"), std::string::npos);
  auto bar = run_cli("queens 12 --all --progress --limit 5 -f rows");
  EXPECT_EQ(bar.status, 0) << bar.output;
  EXPECT_NE(bar.output.find("queens 12 --all ["), std::string::npos) << bar.output;
}

TEST(QueensCli, CountMethodsAgree) {
  for (const char* method : {"auto", "join", "bitboard", "fast", "backtrack"}) {
    auto run = run_cli(std::string("count 14 --unique --method ") + method, false);
    EXPECT_EQ(run.status, 0) << method;
    EXPECT_EQ(run.output, "total  365596\nunique 45752\n") << method;
  }
  auto json = nlohmann::json::parse(run_cli("count 15 --json", false).output);
  EXPECT_EQ(json["method"], "join");  // auto from N = 14
  json = nlohmann::json::parse(run_cli("count 9 --json", false).output);
  EXPECT_EQ(json["method"], "bitboard");
  EXPECT_EQ(run_cli("count 10 --method nope").status, 2);
}

TEST(QueensCli, EstimateProjectsTheCount) {
  auto run = run_cli("count 15 --estimate 0.3 --json", false);
  ASSERT_EQ(run.status, 0) << run.output;
  auto json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["estimate"], true);
  EXPECT_GT(json["sampled"].get<std::size_t>(), 0u);
  EXPECT_LE(json["sampled"].get<std::size_t>(), json["pieces"].get<std::size_t>());
  EXPECT_GE(json["pieces"].get<std::size_t>(), json["subproblems"].get<std::size_t>());
  EXPECT_GT(json["projected_wall_seconds"].get<double>(), 0.0);
  EXPECT_FALSE(json.contains("total"));  // an estimate counts nothing
  EXPECT_EQ(run_cli("count 15 --estimate 0").status, 2);
}

// --estimate keeps to its S whatever N (issue 24): count 32 ran until
// Ctrl-C, each sampled subproblem being years of work. No piece finishes
// in 0.5 s: a lower bound, said as such, exit 0. (Ends in about 0.5 s; the
// bound leaves a loaded machine's margin.)
TEST(QueensCli, EstimateKeepsToItsSecondsAndSaysALowerBound) {
  for (const char* n_method : {"28 --method bitboard", "25 --method join"}) {
    SCOPED_TRACE(n_method);
    const auto start = std::chrono::steady_clock::now();
    auto run = run_cli(std::string("count ") + n_method + " --estimate 0.5 --json", false);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(run.status, 0) << run.output;
    auto json = nlohmann::json::parse(run.output);
    EXPECT_EQ(json["lower_bound"], true);
    EXPECT_EQ(json["sampled"], 0u);
    EXPECT_GT(json["cut"].get<std::size_t>(), 0u);
    EXPECT_GT(json["projected_cpu_seconds"].get<double>(), 0.0);
    EXPECT_LT(seconds, 30.0);
  }
  auto text = run_cli("count 32 --estimate 0.5 --method bitboard");
  EXPECT_EQ(text.status, 0) << text.output;
  EXPECT_NE(text.output.find("projected more than"), std::string::npos) << text.output;
}

TEST(QueensCli, MemoryBudgetIsCheckedBeforeTheCount) {
  auto run = run_cli("count 20 --memory 1M");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("--memory"), std::string::npos) << run.output;
  EXPECT_EQ(run_cli("count 12 --memory lots").status, 2);
  run = run_cli("count 13 --memory 64M", false);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output, "73712\n");
}

TEST(QueensCli, JsonParses) {
  auto run = run_cli("count 11 --unique --json", false);
  ASSERT_EQ(run.status, 0);
  auto json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["total"], 2680);
  EXPECT_EQ(json["unique"], 341);
  EXPECT_EQ(json["complete"], true);
  EXPECT_GT(json["stats"]["nodes"].get<std::uint64_t>(), 0u);

  run = run_cli("queens 6 --all --json", false);
  ASSERT_EQ(run.status, 0);
  json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["listed"], 4);
  EXPECT_EQ(json["solutions"][0], "*246135");

  run = run_cli("queens 50 --first --json", false);
  ASSERT_EQ(run.status, 0);
  json = nlohmann::json::parse(run.output);
  auto placement = json["solution"].get<std::vector<std::uint32_t>>();
  EXPECT_TRUE(nursery::queens::verify(50, placement).valid);
}

TEST(QueensCli, ListsInOrderWithLimitAndFormats) {
  auto run = run_cli("queens 8 --all --limit 2", false);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output, "*15863724\n*16837425\n");
  run = run_cli("queens 4 --all --format rows", false);
  EXPECT_EQ(run.output, "1 3 0 2\n2 0 3 1\n");
  run = run_cli("queens 4 --all --format board --limit 1", false);
  EXPECT_EQ(run.output, "..Q.\nQ...\n...Q\n.Q..\n\n");
}

TEST(QueensCli, HugeFirstSolutionIsChecked) {
  auto run = run_cli("queens 100000 --first", false);
  ASSERT_EQ(run.status, 0);
  std::istringstream rows(run.output);
  std::vector<std::uint32_t> placement;
  std::uint32_t row;
  while (rows >> row) placement.push_back(row);
  EXPECT_TRUE(nursery::queens::verify(100000, placement).valid);
}

TEST(QueensCli, NoSolutionExitsOne) {
  auto run = run_cli("queens 3", false);
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.output, "no solution\n");
}

TEST(QueensCli, TextbookStats) {
  auto run = run_cli("count 8 --method brute --stats");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.output.find("16777216"), std::string::npos);
  run = run_cli("count 8 --method backtrack --stats");
  EXPECT_NE(run.output.find("15712"), std::string::npos);
}

TEST(QueensCli, BadArgumentsExitTwoWithOneLine) {
  for (const char* arguments :
       {"count 40", "count 0", "count", "count x", "count 8 --threads 0", "count 8 --bogus",
        "count 8 --method magic", "count 11 --method brute", "queens 8 --all --first",
        "queens 33 --all", "queens 0", "queens 8 --format wide", "nonsense"}) {
    auto run = run_cli(arguments);
    EXPECT_EQ(run.status, 2) << arguments;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1)
        << arguments << ": " << run.output;
    EXPECT_EQ(run.output.rfind("error: ", 0), 0u) << arguments << ": " << run.output;
  }
  // Every usage error names the command and its usage line (issue 24).
  EXPECT_EQ(run_cli("count 40").output,
            "error: count: N must be between 1 and 32, found 40 (usage: nursery count N... [options])\n");
}

// queens -o FILE writes the one solution there (as stdout would show it),
// a .svg or .png name drawing it; --limit, like --skip, goes with --all
// (issue 24, items 4 and 6).
TEST(QueensCli, OutputFileAndAllOnlyOptions) {
  nursery::testing::TempDir dir;
  const std::string text = run_cli("queens 8", false).output;
  ASSERT_EQ(run_cli("queens 8 -o " + (dir / "q.txt")).status, 0);
  std::ifstream written(dir / "q.txt");
  std::stringstream read;
  read << written.rdbuf();
  EXPECT_EQ(read.str(), text);
  ASSERT_EQ(run_cli("queens 8 -o " + (dir / "q.svg")).status, 0);
  std::ifstream svg(dir / "q.svg");
  std::stringstream picture;
  picture << svg.rdbuf();
  EXPECT_EQ(picture.str().rfind("<?xml", 0), 0u);
  EXPECT_EQ(run_cli("queens 8 --all -o " + (dir / "all.txt")).status, 2);
  EXPECT_EQ(run_cli("queens 8 --limit 2").status, 2);
  EXPECT_EQ(run_cli("queens 8 --skip 1").status, 2);
}

TEST(QueensCli, HelpAndVersion) {
  EXPECT_EQ(run_cli("count --help", false).status, 0);
  EXPECT_EQ(run_cli("queens --help", false).status, 0);
  auto run = run_cli("--version", false);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output.rfind("nursery ", 0), 0u);
}

}  // namespace

// Results that cannot be written are an error, not a success: every command
// checks stdout on the way out (exit 2, the reason on stderr).
TEST(Cli, StdoutWriteErrorsAreNotIgnored) {
  const std::string data = NURSERY_DATASETS;
  for (const std::string& arguments : std::vector<std::string>{
           "count 8", "queens 8", "gen lizards --n 8", "skyscrapers " + data + "/skyscrapers/codewars.txt",
        "lizards " + data + "/lizards/edorado93_Save-The-Lizards/ffccb19/input.txt"}) {
    SCOPED_TRACE(arguments);
    std::string command = std::string(NURSERY_CLI) + " " + arguments + " 2>&1 >/dev/full";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string said;
    char buffer[512];
    std::size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) said.append(buffer, n);
    int raw = pclose(pipe);
    EXPECT_TRUE(WIFEXITED(raw));
    EXPECT_EQ(WEXITSTATUS(raw), 2) << said;
    EXPECT_NE(said.find("error: stdout:"), std::string::npos) << said;
  }
}

// "-1" is not read as 2^64 - 1: a negative number given to an option that
// counts is refused as negative, with exit 2 (issue 11, item 12).
TEST(Cli, NegativeNumbersAreRefusedAsNegative) {
  for (const std::string& arguments :
       {std::string("queens 8 --all --limit -1"), std::string("gen lizards --n -1"),
        std::string("gen skyscrapers --size 4 --seed -1"),
        std::string("count 8 --subproblems -2")}) {
    auto run = nursery::testing::run_cli(arguments);
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.output;
    EXPECT_NE(run.output.find("expected a number >= 0, found '-"), std::string::npos)
        << arguments << ": " << run.output;
  }
}

// What users of other CLIs reach for: "did you mean", `help COMMAND`, -V
// and a command's --version (issue 12).
TEST(Cli, DidYouMeanHelpCommandAndVersion) {
  auto run = nursery::testing::run_cli("cuont 8");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("did you mean 'count'?"), std::string::npos) << run.output;
  run = nursery::testing::run_cli("count 8 --uniqe");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("did you mean '--unique'?"), std::string::npos) << run.output;
  run = nursery::testing::run_cli("lizards x.txt --tiemout 3");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("did you mean '--timeout'?"), std::string::npos) << run.output;
  run = nursery::testing::run_cli("count 8 --zzzzzzzz");  // nothing near: no guess
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.output.find("did you mean"), std::string::npos) << run.output;
  run = nursery::testing::run_cli("help count");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("usage: nursery count N"), std::string::npos) << run.output;
  for (const char* version : {"-V", "--version", "count --version", "batch -V"}) {
    run = nursery::testing::run_cli(version);
    EXPECT_EQ(run.status, 0) << version << ": " << run.output;
    EXPECT_EQ(run.output.rfind("nursery ", 0), 0u) << version << ": " << run.output;
  }
}

// The first solution of a parallel search is the same on every run and every
// thread count (the leftmost rule; --any gives up the rule for speed):
// 20 runs at 1, 2 and 8 threads print the same answer (issue 12).
TEST(Cli, FirstSolutionIsTheSameOnEveryRunAndThreadCount) {
  nursery::testing::TempDir dir;
  {
    // 7 x 7 with one tree and p = 8: small enough to be searched (no
    // local search racing), with many placements to choose from.
    std::ofstream board(dir / "board.txt");
    board << "DFS\n7\n8\n0000000\n0000000\n0000000\n0002000\n0000000\n0000000\n0000000\n";
  }
  {
    // 16 x 16 with trees and p above the greedy (`gen lizards --n 16
    // --trees 0.05 --seed 2`, p = 23): the local search races the DFS, and
    // with --any four grids came out of six runs at 8 threads.
    std::ofstream board(dir / "raced.txt");
    board << "DFS\n16\n23\n"
          << "0000000020000000\n0000000000000000\n0000000000000000\n0200000000000000\n"
          << "0000200000000000\n0000000000000000\n0000000000000000\n0000000200000000\n"
          << "0000200000000000\n0000000000000000\n0000000020200000\n0000000000000000\n"
          << "0000000000200000\n0200000000000000\n0002020000000000\n0200000000000000\n";
  }
  const std::string commands[] = {"queens 12", "queens 9 --format rows",
                                  "skyscrapers '5:///////////////////'",
                                  "lizards " + (dir / "board.txt"),
                                  "lizards " + (dir / "raced.txt")};
  for (const auto& command : commands) {
    std::string first;
    for (const char* threads : {"1", "2", "8"})
      for (int run = 0; run < 20; ++run) {
        auto result = nursery::testing::run_cli(command + " --threads " + threads, false);
        ASSERT_EQ(result.status, 0) << command << ": " << result.output;
        // The answer without the "# ..." lines (they carry timings).
        std::istringstream lines(result.output);
        std::string answer;
        for (std::string line; std::getline(lines, line);)
          if (line.rfind("#", 0) != 0) answer += line + "\n";
        if (first.empty()) first = answer;
        ASSERT_EQ(answer, first) << command << " at " << threads << " threads, run " << run;
      }
  }
}

// The classic methods people learn N-queens with, to compare (issue 12).
TEST(Cli, PermutationsAndForwardCheckingShowTheirWork) {
  auto run = nursery::testing::run_cli("count 8 --method permutations --stats");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(run.output.rfind("92\n", 0), 0u) << run.output;
  EXPECT_NE(run.output.find("nodes                         40320"), std::string::npos) << run.output;
  EXPECT_EQ(nursery::testing::run_cli("count 13 --method permutations").status, 2);
  run = nursery::testing::run_cli("queens 10 --method cp --format rows", false);
  ASSERT_EQ(run.status, 0) << run.output;
  std::istringstream rows(run.output);
  nursery::queens::Placement placement;
  for (std::uint32_t row; rows >> row;) placement.push_back(row);
  EXPECT_TRUE(nursery::queens::verify(10, placement).valid) << run.output;
  EXPECT_EQ(nursery::testing::run_cli("queens 3 --method cp").status, 1);
  EXPECT_EQ(nursery::testing::run_cli("queens 65 --method cp").status, 2);
  EXPECT_EQ(nursery::testing::run_cli("queens 8 --method annealing").status, 2);
}

// --all with --skip and --nth; a board without solutions says so (issue 12).
TEST(Cli, AllWithSkipAndNth) {
  auto all = nursery::testing::run_cli("queens 8 --all", false);
  ASSERT_EQ(all.status, 0);
  std::vector<std::string> listed;
  std::istringstream lines(all.output);
  for (std::string line; std::getline(lines, line);) listed.push_back(line);
  ASSERT_EQ(listed.size(), 92u);
  auto run = nursery::testing::run_cli("queens 8 --all --skip 2 --limit 2", false);
  EXPECT_EQ(run.output, listed[2] + "\n" + listed[3] + "\n");
  run = nursery::testing::run_cli("queens 8 --all --nth 92", false);
  EXPECT_EQ(run.output, listed[91] + "\n");
  run = nursery::testing::run_cli("queens 8 --all --nth 93", false);
  EXPECT_EQ(run.status, 1);
  run = nursery::testing::run_cli("queens 3 --all", false);
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.output, "no solution\n");
  EXPECT_EQ(nursery::testing::run_cli("queens 8 --nth 2").status, 2);
  EXPECT_EQ(nursery::testing::run_cli("queens 8 --all --nth 0").status, 2);
}

// More threads than cores, as asked: no warning from oneTBB on stderr (it
// caps its workers at the cores unless told otherwise).
TEST(Cli, MoreThreadsThanCoresRunWithoutWarnings) {
  for (const char* args : {"count 8 -t 64", "queens 8 -t 64", "count 8 -t 64 --method join"}) {
    auto run = nursery::testing::run_cli(args);
    EXPECT_EQ(run.status, 0) << args;
    EXPECT_EQ(run.output.find("Warning"), std::string::npos) << args << ": " << run.output;
  }
}
