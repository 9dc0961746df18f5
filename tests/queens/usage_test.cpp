// The command line as a user meets it, across commands (issue 12):
// positional arguments under the names the usage lines give them (N, FILE,
// ANSWER, PATH), file errors with the OS's reason, control bytes escaped in
// messages, "-" for standard input and output, and a manual page that lists
// every command and option --help does.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "folder_test.hpp"

namespace {

namespace fs = std::filesystem;

using nursery::testing::CliResult;

const char* kBoard = "DFS\n4\n4\n0000\n0000\n0000\n0000\n";
const char* kGameId = "4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2,c1a4b2e2a\n";

class Usage : public nursery::testing::FolderTest {};

//--- Positional arguments under their real names ------------------------------

TEST_F(Usage, MissingPositionalIsNamedAsInTheUsageLine) {
  struct Case {
    const char* args;
    const char* error;
  } cases[] = {
      {"count", "error: count: missing N (usage: nursery count N... [options])\n"},
      {"queens --all", "error: queens: missing N (usage: nursery queens N [options])\n"},
      {"skyscrapers --count",
       "error: skyscrapers: missing FILE (usage: nursery skyscrapers FILE|GAME-ID [options])\n"},
      {"verify board.txt",
       "error: verify: missing ANSWER (usage: nursery verify FILE ANSWER [options])\n"},
      {"verify", "error: verify: missing FILE (usage: nursery verify FILE ANSWER [options])\n"},
      {"batch", "error: batch: missing PATH (usage: nursery batch PATH... [options])\n"},
      {"lizards a.txt b.txt",
       "error: lizards: too many arguments (usage: nursery lizards [FILE] [options])\n"},
  };
  write("board.txt", kBoard);
  for (const auto& c : cases) {
    auto r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_EQ(r.err, c.error) << c.args;
    EXPECT_EQ(r.out, "") << c.args;
  }
}

TEST_F(Usage, BadPositionalValuesNameTheArgument) {
  auto r = run("count eight");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("count: the argument ('eight') for N is invalid"), std::string::npos)
      << r.err;
  r = run("queens -- -1");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: N: expected a number >= 0, found '-1'\n");
  r = run("queens 8 9");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: queens: too many arguments (usage: nursery queens N [options])\n");
  for (const char* args : {"count eight", "queens -- -1", "queens 8 9"})
    EXPECT_EQ(run(args).err.find("--n"), std::string::npos) << args;
}

TEST_F(Usage, HelpListsNoInternalOptionNames) {
  struct Case {
    const char* command;
    std::vector<const char*> hidden;
  } cases[] = {
      {"count", {"--n "}},
      {"queens", {"--n "}},
      {"lizards", {"--input"}},
      {"skyscrapers", {"--input"}},
      {"verify", {"--input", "--output"}},
      {"batch", {"--path"}},
      {"bench", {"--what"}},
  };
  for (const auto& c : cases) {
    auto r = run(std::string(c.command) + " --help");
    EXPECT_EQ(r.status, 0) << c.command;
    EXPECT_NE(r.out.find("usage: nursery " + std::string(c.command)), std::string::npos);
    EXPECT_NE(r.out.find("--help"), std::string::npos) << c.command;  // options still listed
    for (const char* name : c.hidden)
      EXPECT_EQ(r.out.find(name), std::string::npos) << c.command << " --help lists " << name;
  }
  EXPECT_NE(run("verify --help").out.find("usage: nursery verify FILE ANSWER"), std::string::npos);
}

// "Did you mean" names only options a user types, never a positional's
// hidden name (issue 24: `count -1` and `count 8 -o x` suggested --n;
// count has -o now, verify has not).
TEST_F(Usage, SuggestionsNameOnlyVisibleOptions) {
  for (const char* command : {"count -1", "verify a b -o x", "queens 8 -n"}) {
    auto r = run(command);
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_EQ(r.err.find("did you mean '--n'"), std::string::npos) << command << ": " << r.err;
    EXPECT_EQ(r.err.find("did you mean '--input'"), std::string::npos) << command << ": " << r.err;
  }
  auto r = run("count 8 --uniqe");
  EXPECT_NE(r.err.find("did you mean '--unique'"), std::string::npos) << r.err;
  // With or without a suggestion, the error names the command and its usage.
  for (const char* command : {"count -1", "queens 8 --timeot 1", "verify a b --threads 2"}) {
    r = run(command);
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_NE(r.err.find("(usage: nursery "), std::string::npos) << command << ": " << r.err;
  }
}

// Bare `nursery bench` prints its usage (exit 2) instead of starting the
// benchmark, as bare `nursery gen` does.
TEST_F(Usage, BareBenchPrintsItsUsage) {
  auto r = run("bench");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("usage: nursery bench queens"), std::string::npos) << r.out;
}

// bench queens is never silent (issue 35): a line on stderr per run, and
// per program the mean and spread of its runs, as hyperfine prints them.
TEST_F(Usage, BenchSaysEachMeasurement) {
  auto r = run("bench queens --n 7 --no-baseline -t 2 -r 2");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* expected :
       {"bench: N = 7, bitboard, 1 thread: run 1/2", "bench: N = 7, join, 2 threads: run 2/2",
        " wall, CPU ", "(mean \u00b1 \u03c3 of 2 runs; best "})
    EXPECT_NE(r.err.find(expected), std::string::npos) << expected << " in\n" << r.err;
  EXPECT_EQ(r.out.find("bench: N ="), std::string::npos) << r.out;  // stdout: the table only
}

// Errors in one form (issue 35): a bad --timeout names its command and
// usage as every other option's error does; a typo'd command under --json
// still prints the error object; a file of another kind says which
// command reads it.
TEST_F(Usage, ErrorsInOneForm) {
  auto timeout = run("count 8 --timeout -1");
  EXPECT_EQ(timeout.status, 2);
  EXPECT_EQ(timeout.err.rfind("error: count: --timeout: expected seconds", 0), 0u) << timeout.err;
  EXPECT_NE(timeout.err.find("(usage: nursery count"), std::string::npos) << timeout.err;

  auto typo = run("cuont 8 --json");
  EXPECT_EQ(typo.status, 2);
  EXPECT_NE(typo.err.find("did you mean 'count'?"), std::string::npos) << typo.err;
  EXPECT_NE(typo.out.find("\"status\":\"ERROR\""), std::string::npos) << typo.out;
  EXPECT_NE(typo.out.find("unknown command 'cuont'"), std::string::npos) << typo.out;
}

TEST_F(Usage, AFileOfAnotherKindSaysWhichCommandReadsIt) {
  write("board.txt", kBoard);
  write("puzzles.txt", kGameId);
  write("q.txt", "queens 9\n");
  struct Case {
    std::string arguments, hint;
  };
  for (const Case& c :
       {Case{"skyscrapers board.txt", "the file reads as a lizards board: try `nursery lizards "},
        Case{"lizards puzzles.txt",
             "the file reads as Skyscrapers puzzles: try `nursery skyscrapers "},
        Case{"lizards q.txt", "the file reads as a 'queens N' file: try `nursery batch "}}) {
    auto r = run(c.arguments);
    EXPECT_EQ(r.status, 2) << c.arguments;
    EXPECT_NE(r.err.find(c.hint), std::string::npos) << c.arguments << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
  // A broken file of the command's own kind: its error alone.
  write("broken.txt", "DFS\n4\n4\n0000\n00x0\n0000\n0000\n");
  auto broken = run("lizards broken.txt");
  EXPECT_EQ(broken.status, 2);
  EXPECT_EQ(broken.err, "error: broken.txt:5: expected 0 or 2 in column 3, found 'x'\n");
}

//--- File errors with the OS's reason ------------------------------------------

TEST_F(Usage, FileErrorsGiveTheReason) {
  fs::create_directories(dir_ / "folder");
  write("board.txt", kBoard);
  struct Case {
    const char* args;
    const char* error;
  } cases[] = {
      {"lizards missing.txt", "error: missing.txt: No such file or directory\n"},
      {"lizards folder", "error: folder: Is a directory\n"},
      {"skyscrapers missing.txt", "error: missing.txt: No such file or directory\n"},
      {"skyscrapers folder", "error: folder: Is a directory\n"},
      {"verify missing.txt board.txt", "error: missing.txt: No such file or directory\n"},
      {"verify folder board.txt", "error: folder: Is a directory\n"},
      {"verify board.txt missing.txt", "error: missing.txt: No such file or directory\n"},
  };
  for (const auto& c : cases) {
    auto r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_EQ(r.err, c.error) << c.args;
  }
}

TEST_F(Usage, WriteErrorsGiveTheReason) {
  write("board.txt", kBoard);
  auto r = run("lizards board.txt -o nowhere/answer.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("error: nowhere/answer.txt: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(": No such file or directory\n"), std::string::npos) << r.err;
  r = run("gen lizards --n 5 -o nowhere/board.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(": No such file or directory\n"), std::string::npos) << r.err;
}

TEST_F(Usage, ControlBytesInMessagesAreEscaped) {
  write("binary.txt", std::string("DFS\n3\n\x01\x02zz\x1b[2J\n000\n000\n000\n"));
  auto r = run("lizards binary.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("\\x01\\x02zz\\x1b[2J"), std::string::npos) << r.err;
  for (char c : r.err.substr(0, r.err.size() - 1))
    EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 || c == 0x7f) << int(c);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);  // one line
  r = run("$(printf 'cu\\033nt')");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("'cu\\x1bnt'"), std::string::npos) << r.err;
}

//--- "-": standard input and output ----------------------------------------------

TEST_F(Usage, DashReadsStandardInput) {
  write("board.txt", kBoard);
  auto from_file = run("lizards board.txt");
  ASSERT_EQ(from_file.status, 0) << from_file.err;
  auto r = run("lizards - < board.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, from_file.out);

  write("puzzle.txt", kGameId);
  auto sky_file = run("skyscrapers puzzle.txt");
  ASSERT_EQ(sky_file.status, 0) << sky_file.err;
  r = run("skyscrapers - < puzzle.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  // The grid, after the first line (its time differs).
  auto grid = [](const std::string& out) {
    auto start = out.find('\n');
    return out.substr(start, out.find("\n\n") - start);
  };
  EXPECT_EQ(grid(r.out), grid(sky_file.out));
  EXPECT_NE(grid(r.out).find("| 3 2 4 1 |"), std::string::npos) << r.out;

  // verify: the answer from standard input, or the instance.
  write("answer.txt", from_file.out);
  r = run("verify board.txt - < answer.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, run("verify board.txt answer.txt").out);
  r = run("verify - answer.txt < board.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  write("grid.txt", sky_file.out);
  r = run("verify puzzle.txt - < grid.txt");
  EXPECT_EQ(r.status, 0) << r.err << r.out;

  r = run("verify - - < board.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("cannot both be standard input"), std::string::npos) << r.err;
}

TEST_F(Usage, DashOutputIsStandardOutput) {
  write("board.txt", kBoard);
  auto from_file = run("lizards board.txt");
  auto r = run("lizards board.txt -o -");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, from_file.out);
  EXPECT_FALSE(fs::exists(dir_ / "-"));

  auto gen = run("gen lizards --n 6 --p 3 --seed 4");
  r = run("gen lizards --n 6 --p 3 --seed 4 -o -");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, gen.out);
  EXPECT_FALSE(fs::exists(dir_ / "-"));

  // The pipe a user writes: a generated board solved from standard input.
  r = run("gen lizards --n 6 --p 3 --seed 4 -o - | '" + std::string(NURSERY_CLI) + "' lizards -");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("OK\n", 0), 0u) << r.out;
}

//--- The manual page ---------------------------------------------------------------

// Every command of `nursery --help`, and every long option of each
// command's --help, appears in docs/nursery.1 (roff writes '-' as '\-').
TEST_F(Usage, ManualPageListsEveryCommandAndOption) {
  std::string manual = read(fs::path(NURSERY_DATASETS) / ".." / "docs" / "nursery.1");
  ASSERT_FALSE(manual.empty());
  auto general = run("--help");
  ASSERT_EQ(general.status, 0);
  std::regex command_line("^  ([a-z]+) +", std::regex::multiline);
  std::set<std::string> commands;
  for (std::sregex_iterator it(general.out.begin(), general.out.end(), command_line), end;
       it != end; ++it)
    commands.insert((*it)[1]);
  ASSERT_GE(commands.size(), 8u);
  std::regex option("--([a-z][a-z-]*)");
  for (const auto& command : commands) {
    EXPECT_NE(manual.find(".SS " + command), std::string::npos) << command;
    std::vector<std::string> helps;
    if (command == "gen")
      helps = {"gen lizards --help", "gen skyscrapers --help"};
    else
      helps = {command + " --help"};
    for (const auto& args : helps) {
      auto help = run(args);
      ASSERT_EQ(help.status, 0) << args;
      for (std::sregex_iterator it(help.out.begin(), help.out.end(), option), end; it != end;
           ++it) {
        std::string name = (*it)[1];
        std::string roff = "\\-\\-";
        for (char c : name) roff += c == '-' ? std::string("\\-") : std::string(1, c);
        EXPECT_NE(manual.find(roff), std::string::npos)
            << "docs/nursery.1 does not mention --" << name << " (" << args << ")";
      }
    }
  }
}

}  // namespace
