// --progress on every command that draws a bar: the bar goes to stderr
// (its last frame at least, whatever the run's length) and stdout is what
// it is without the bar.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>

#include <array>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::CliResult;
using nursery::testing::write;

CliResult run(const nursery::testing::TempDir& dir, const std::string& arguments) {
  return nursery::testing::run_in(dir.path(), arguments);
}

// Times vary from run to run: "(0.123 ms)" and "total 1.234 ms" are masked.
std::string without_times(const std::string& text) {
  return std::regex_replace(text, std::regex("[0-9]+\\.[0-9]+ ms"), "T ms");
}

// The same stdout and status with and without --progress; the bar (a line
// cleared with "\r\033[K") and `label` on stderr only with it.
void expect_bar(const std::string& arguments, const std::string& label) {
  nursery::testing::TempDir dir;
  const CliResult plain = run(dir, arguments);
  const CliResult shown = run(dir, arguments + " --progress");
  EXPECT_EQ(shown.status, plain.status) << arguments;
  EXPECT_EQ(without_times(shown.out), without_times(plain.out)) << arguments;
  EXPECT_EQ(plain.err.find("\r\033[K"), std::string::npos) << arguments << ": " << plain.err;
  EXPECT_NE(shown.err.find("\r\033[K"), std::string::npos) << arguments << ": " << shown.err;
  EXPECT_NE(shown.err.find(label), std::string::npos) << arguments << ": " << shown.err;
  EXPECT_EQ(shown.out.find("\033["), std::string::npos) << arguments;
}

TEST(ProgressCli, Count) {
  expect_bar("count 11", "count 11 [");
  expect_bar("count 12 --method bitboard -t 2", "subproblems");
  expect_bar("count 10 --unique", "count 10 [");
}

// --estimate shows the share of its S gone and the pieces finished, and
// still keeps to S (issue 24: a user waited 10 minutes on a silent one).
TEST(ProgressCli, EstimateShowsItsTimeAndPieces) {
  nursery::testing::TempDir dir;
  const CliResult shown = run(dir, "count 16 --estimate 0.3 --progress");
  EXPECT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.err.find("count 16 --estimate ["), std::string::npos) << shown.err;
  EXPECT_NE(shown.err.find(" pieces finished"), std::string::npos) << shown.err;
  EXPECT_NE(shown.out.find("projected "), std::string::npos) << shown.out;
  EXPECT_EQ(shown.out.find("\033["), std::string::npos);
}

TEST(ProgressCli, LizardsShowsBestAndBoundNotAnEta) {
  nursery::testing::TempDir dir;
  // Four trees in a 6 x 6: not the N-queens shortcut; p = 7 needs a search.
  const std::string board = dir / "board.txt";
  write(board, "DFS\n6\n7\n000000\n002000\n000000\n000200\n000000\n000000\n");
  expect_bar("lizards " + board + " --no-local-search", "lizards p=7: best ");
  expect_bar("lizards " + board + " --count", "lizards --count [");
  const CliResult shown = run(dir, "lizards " + board + " --progress");
  EXPECT_EQ(shown.err.find("ETA"), std::string::npos) << shown.err;
}

TEST(ProgressCli, SkyscrapersCountsPuzzles) {
  expect_bar("skyscrapers 4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2", "skyscrapers [");
  expect_bar("skyscrapers 4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2 --count", "1/1 puzzles");
}

TEST(ProgressCli, VerifyCountsRows) {
  nursery::testing::TempDir dir;
  const std::string board = dir / "board.txt", answer = dir / "answer.txt";
  write(board, "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  write(answer, "OK\n0100\n0001\n1000\n0010\n");
  expect_bar("verify " + board + " " + answer, "verify [");
  expect_bar("verify " + board + " " + answer, "8/8");  // 2n rows: the input, then the answer
}

// --quiet (-q) on every command: results and errors only (issue 35).
TEST(ProgressCli, QuietLeavesResultsAndErrorsOnly) {
  nursery::testing::TempDir dir;
  write(dir / "in/q.txt", "queens 8\n");
  for (const std::string arguments :
       {"count 11 --quiet", "count 11 -q --stats", "bench queens --n 6 --no-baseline -r 2 -q",
        "batch in -q", "skyscrapers 4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2 -q"}) {
    const CliResult quiet = run(dir, arguments);
    EXPECT_EQ(quiet.status, 0) << arguments << ": " << quiet.err;
    EXPECT_FALSE(quiet.out.empty()) << arguments;
    // --stats was asked for: its lines stay; nothing else is said.
    if (arguments.find("--stats") == std::string::npos) {
      EXPECT_EQ(quiet.err, "") << arguments;
    }
  }
  const CliResult both = run(dir, "count 11 --quiet --progress");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("--quiet and --progress"), std::string::npos) << both.err;
  const CliResult failed = run(dir, "count 99 -q");  // an error is still said
  EXPECT_EQ(failed.status, 2);
  EXPECT_NE(failed.err.find("error: count: "), std::string::npos) << failed.err;
}

}  // namespace

// Every frame fits the terminal ($COLUMNS where stderr is no terminal),
// one column spare, so no redraw wraps and leaves a line behind.
TEST(ProgressCli, FramesFitTheTerminalWidth) {
  nursery::testing::TempDir dir;
  write(dir / "in/q.txt", "queens 9\n");
  for (int columns : {40, 60, 80}) {
    for (const std::string arguments : {"count 13 --progress", "batch in --progress"}) {
      ::setenv("COLUMNS", std::to_string(columns).c_str(), 1);  // the CLI inherits it
      const CliResult shown = run(dir, arguments);
      ::unsetenv("COLUMNS");
      std::string frames = std::regex_replace(shown.err, std::regex("\033\\[K"), "");
      std::stringstream lines(std::regex_replace(frames, std::regex("\r"), "\n"));
      std::size_t drawn = 0;
      for (std::string frame; std::getline(lines, frame);) {
        if (frame.empty() || frame.find('[') == std::string::npos) continue;
        ++drawn;
        EXPECT_LT(frame.size(), static_cast<std::size_t>(columns)) << arguments << ": " << frame;
      }
      EXPECT_GT(drawn, 0u) << arguments << ": " << shown.err;
    }
  }
}
