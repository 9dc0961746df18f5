// One consistent command line across the commands (issue 12): the same JSON
// status words, one line of JSON (indented with --json-pretty), one exit
// status with and without --json (a zero count is a success), statistics
// on stderr, the placement in lizards --json, -t for every solving
// command, and count --help naming only the methods count accepts.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "folder_test.hpp"

namespace {

namespace fs = std::filesystem;

using nursery::testing::CliResult;

// The words every command's JSON "status" takes, by exit status.
const std::map<int, std::string> kWords = {{0, "OK"},      {1, "FAIL"},       {2, "ERROR"},
                                           {3, "TIMEOUT"}, {4, "UNVERIFIED"}, {130, "INTERRUPTED"}};

class Consistency : public nursery::testing::FolderTest {
 protected:
  void SetUp() override {
    // An empty 4x4 board with 4 lizards (4-queens: solvable), one with 5
    // (FAIL), and 2-queens counted (0 placements).
    write("ok.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
    write("fail.txt", "DFS\n4\n5\n0000\n0000\n0000\n0000\n");
    write("zero.txt", "DFS\n2\n2\n00\n00\n");
    write("trees.txt", "DFS\n5\n4\n00200\n00000\n20002\n00000\n00200\n");
    // A unique Skyscrapers puzzle, and one without solution (two 4s seen
    // from both ends of the first row).
    write("sky.txt", "cw4-1 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - 1342421334212134\n");
    write("nosky.txt", "none 4 0,0,0,0,4,0,0,0,0,0,0,0,0,0,0,4 - -\n");
    // Answers to ok.txt: valid, invalid (two in a row); and a FAIL claim on
    // a board beyond what the checker searches (neither proved nor refuted).
    write("valid.txt", "OK\n0100\n0001\n1000\n0010\n");
    write("invalid.txt", "OK\n1100\n0001\n1000\n0000\n");
    write("claim.txt", "FAIL\n");
    std::string big = "DFS\n100\n100\n";
    for (int row = 0; row < 100; ++row) big += std::string(100, '0') + "\n";
    write("big.txt", big);
    write("batch/a/input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
    write("batch/q.txt", "queens 6\n");
  }
};

// Every command that has --json, on inputs that end in each exit status.
const std::vector<std::pair<std::string, int>> kCases = {
    {"count 6", 0},
    {"count 3 --method backtrack", 0},  // zero solutions: a count
    {"count 15 --timeout 0.001 --threads 1 --method backtrack", 3},
    {"queens 8", 0},
    {"queens 3", 1},
    {"queens 3 --all", 1},
    {"queens 5 --all --limit 2", 0},
    {"lizards ok.txt", 0},
    {"lizards fail.txt", 1},
    {"lizards zero.txt --count", 0},  // zero placements: a count
    {"lizards ok.txt --max --timeout 5", 0},
    {"skyscrapers sky.txt", 0},
    {"skyscrapers nosky.txt", 1},
    {"skyscrapers nosky.txt --count", 0},  // zero solutions: a count
    {"skyscrapers sky.txt --limit 2", 0},
    {"verify ok.txt valid.txt", 0},
    {"verify ok.txt invalid.txt", 1},
    {"verify ok.txt claim.txt", 1},
    {"verify big.txt claim.txt", 4},
    {"batch batch --no-progress", 0},
};

TEST_F(Consistency, JsonIsOneLineWithTheStatusWordOfTheExitStatus) {
  for (const auto& [args, expected] : kCases) {
    auto r = run(args + " --json");
    EXPECT_EQ(r.status, expected) << args << "\n" << r.out << r.err;
    ASSERT_FALSE(r.out.empty()) << args;
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << args << ": not one line:\n" << r.out;
    auto json = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(json.is_discarded()) << args << ": " << r.out;
    ASSERT_TRUE(json.contains("status")) << args << ": " << r.out;
    EXPECT_EQ(json["status"], kWords.at(r.status)) << args << ": " << r.out;
  }
}

TEST_F(Consistency, JsonPrettyIsTheSameObjectIndented) {
  for (const auto& [args, expected] : kCases) {
    if (args.find("timeout 0.001") != std::string::npos) continue;  // how far it got varies
    auto pretty = run(args + " --json-pretty");
    EXPECT_EQ(pretty.status, expected) << args;
    EXPECT_NE(pretty.out.find("\n  \"status\": "), std::string::npos) << args << pretty.out;
    auto one_line = run(args + " --json");
    auto a = nlohmann::json::parse(pretty.out, nullptr, false);
    auto b = nlohmann::json::parse(one_line.out, nullptr, false);
    ASSERT_FALSE(a.is_discarded()) << args << pretty.out;
    ASSERT_TRUE(a.is_object() && b.is_object()) << args;
    std::set<std::string> keys_a, keys_b;
    for (auto& [key, value] : a.items()) keys_a.insert(key);
    for (auto& [key, value] : b.items()) keys_b.insert(key);
    EXPECT_EQ(keys_a, keys_b) << args;
    EXPECT_EQ(a["status"], b["status"]) << args;
  }
}

TEST_F(Consistency, ExitStatusIsTheSameWithAndWithoutJson) {
  for (const auto& [args, expected] : kCases) {
    EXPECT_EQ(run(args).status, expected) << args;
    EXPECT_EQ(run(args + " --json").status, expected) << args;
  }
  // A zero count prints 0 and succeeds.
  auto r = run("lizards zero.txt --count");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "0\n");
  r = run("skyscrapers nosky.txt --count");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(", 0 solutions in all"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
  // Bad input: one line naming the file and line, exit 2, --json or not;
  // under --json also an error object on stdout (nothing without).
  write("bad.txt", "DFS\n4\nfour\n0000\n");
  for (const char* args : {"lizards bad.txt", "lizards bad.txt --json"}) {
    r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << r.err;
    EXPECT_NE(r.err.find("bad.txt:3: expected"), std::string::npos) << args << r.err;
  }
  EXPECT_EQ(run("lizards bad.txt").out, "");
  auto error = nlohmann::json::parse(run("lizards bad.txt --json").out);
  EXPECT_EQ(error["status"], "ERROR");
  EXPECT_EQ(error["command"], "lizards");
  EXPECT_NE(error["error"].get<std::string>().find("bad.txt:3: expected"), std::string::npos);
}

TEST_F(Consistency, LizardsJsonHasThePlacementAsZeroBasedRowColumnPairs) {
  for (const char* board : {"ok.txt", "trees.txt"}) {
    auto r = run(std::string("lizards ") + board + " --json");
    ASSERT_EQ(r.status, 0) << r.err;
    auto json = nlohmann::json::parse(r.out);
    const auto& placement = json["placement"];
    ASSERT_TRUE(placement.is_array()) << r.out;
    // The test's own check: p cells, each empty, no two seeing each other
    // along a row, column or diagonal without a tree between them.
    std::vector<std::string> rows;
    std::istringstream lines(read(dir_ / board));
    std::string line;
    std::getline(lines, line);
    std::getline(lines, line);
    const int n = std::stoi(line);
    std::getline(lines, line);
    const std::size_t p = std::stoul(line);
    while (std::getline(lines, line)) rows.push_back(line);
    ASSERT_EQ(placement.size(), p) << r.out;
    std::set<std::pair<int, int>> cells;
    for (const auto& cell : placement) {
      int row = cell.at(0).get<int>(), column = cell.at(1).get<int>();
      ASSERT_TRUE(row >= 0 && row < n && column >= 0 && column < n) << cell;
      EXPECT_EQ(rows[row][column], '0') << cell;
      cells.insert({row, column});
    }
    EXPECT_EQ(cells.size(), p);
    for (auto [r0, c0] : cells)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          if (dr == 0 && dc == 0) continue;
          for (int r1 = r0 + dr, c1 = c0 + dc; r1 >= 0 && r1 < n && c1 >= 0 && c1 < n;
               r1 += dr, c1 += dc) {
            if (rows[r1][c1] == '2') break;
            EXPECT_FALSE(cells.count({r1, c1})) << r0 << "," << c0 << " sees " << r1 << "," << c1;
          }
        }
  }
  // FAIL and counts have no placement.
  EXPECT_FALSE(nlohmann::json::parse(run("lizards fail.txt --json").out).contains("placement"));
  EXPECT_FALSE(
      nlohmann::json::parse(run("lizards ok.txt --count --json").out).contains("placement"));
}

TEST_F(Consistency, StatisticsGoToStderr) {
  for (const char* args : {"count 8", "queens 8", "queens 6 --all", "lizards ok.txt",
                           "skyscrapers sky.txt", "skyscrapers sky.txt --count"}) {
    auto r = run(std::string(args) + " --stats");
    EXPECT_EQ(r.status, 0) << args;
    EXPECT_EQ(r.out.find("nodes"), std::string::npos) << args << ": stdout:\n" << r.out;
    EXPECT_NE(r.err.find("nodes"), std::string::npos) << args << ": stderr:\n" << r.err;
    // With --json as well: the block on stderr, stdout one JSON line.
    r = run(std::string(args) + " --stats --json");
    EXPECT_NE(r.err.find("nodes"), std::string::npos) << args << " --json: " << r.err;
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << args;
  }
}

TEST_F(Consistency, ThreadsOptionWorksForEverySolvingCommand) {
  for (const char* args : {"count 8", "queens 8", "lizards ok.txt", "skyscrapers sky.txt",
                           "batch batch --no-progress"}) {
    for (const char* threads : {" -t 2", " --threads 1", " -t auto"}) {
      auto r = run(std::string(args) + threads);
      EXPECT_EQ(r.status, 0) << args << threads << ": " << r.err;
    }
    auto r = run(std::string(args) + " -t 0");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("--threads: expected a number of threads from 1 to 4096"),
              std::string::npos)
        << args << ": " << r.err;
  }
  // The batch's pool has the threads asked for.
  auto r = run("batch batch --no-progress -t 2 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["threads"], 2);
}

// count --help names the methods count accepts, and no other.
TEST_F(Consistency, CountHelpNamesExactlyTheAcceptedMethods) {
  auto help = run("count --help");
  ASSERT_EQ(help.status, 0);
  auto at = help.out.find("[ --method ]");
  ASSERT_NE(at, std::string::npos);
  auto end = help.out.find("\n  -", at);
  std::string text = std::regex_replace(help.out.substr(at, end - at), std::regex("\\s+"), " ");
  std::regex named("([a-z]+) \\(");
  std::set<std::string> methods;
  for (std::sregex_iterator it(text.begin(), text.end(), named), stop; it != stop; ++it)
    if ((*it)[1] != "arg") methods.insert((*it)[1]);
  EXPECT_EQ(methods, (std::set<std::string>{"auto", "join", "bitboard", "backtrack",
                                            "permutations", "brute"}))
      << text;
  for (const auto& method : methods) {
    auto r = run("count 6 --method " + method);
    EXPECT_EQ(r.status, 0) << method << ": " << r.err;
    EXPECT_EQ(r.out, "4\n") << method;
  }
  // A method it does not accept is refused with the same list.
  auto r = run("count 6 --method dancing-links");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("expected auto, join, bitboard, backtrack, permutations or brute"),
            std::string::npos)
      << r.err;
  // The manual page lists them too.
  std::string manual = read(fs::path(NURSERY_DATASETS) / ".." / "docs" / "nursery.1");
  for (const auto& method : methods)
    EXPECT_NE(manual.find(".B " + method + "\n"), std::string::npos) << method;
}

}  // namespace
