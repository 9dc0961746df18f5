// batch --resume trusts nothing it did not check (issue 30, items 1-5):
// every answer carries its puzzle's content hash, an answer of a changed
// input (or of none: planted by hand) is solved again, and with --verify
// what no checker can vouch for (a Skyscrapers "no solution", a count
// beyond a table) is solved again too. The reproductions of the issue, run
// through the CLI as a user runs them.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <nursery/stamp.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace nursery::testing;

// A solvable 4x4 (one solution) and the empty 4x4 (576 Latin squares).
const char* kSolvable = "a 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n";
const char* kEmpty = "z 4 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 - -\n";
// The corner cell would be 1 (4 seen from the top) and 4 (1 seen from the left).
const char* kUnsolvable = "u 4 4,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 - -\n";

struct Row {
  std::string status;
  bool resumed = false;
  bool verified = false;
  std::string total;  // empty: none
  std::string message;
};

// Runs `batch ARGS --report r.json` in `dir`; the rows by "file#id".
struct Run {
  int status = -1;
  std::string err;
  std::map<std::string, Row> rows;
};
Run batch(const TempDir& dir, const std::string& arguments) {
  auto result = run_in(dir.path(), "batch " + arguments + " --no-progress --report r.json");
  Run run;
  run.status = result.status;
  run.err = result.err;
  if (!fs::exists(dir.path() / "r.json")) return run;
  auto json = nlohmann::json::parse(read(dir.path() / "r.json"));
  std::map<std::string, int> seen;
  for (const auto& entry : json["instances"]) {
    std::string key = fs::path(entry["path"].get<std::string>()).filename().string();
    if (entry.contains("id")) key += "#" + entry["id"].get<std::string>();
    if (seen[key]++) key += "+" + std::to_string(seen[key] - 1);  // a repeated id
    Row row;
    row.status = entry["status"];
    row.resumed = entry["resumed"];
    row.verified = entry["verified"];
    if (entry.contains("total")) row.total = entry["total"].dump();
    row.message = entry.value("message", "");
    run.rows[key] = row;
  }
  return run;
}

int verify(const TempDir& dir, const std::string& input, const std::string& answer) {
  return run_in(dir.path(), "verify " + input + " " + answer).status;
}

// Item 1: a planted "no solution" for a solvable puzzle is solved again,
// with --verify or without (it carries no hash), and the answer on disk is
// the grid.
TEST(ResumeTrust, APlantedNoSolutionIsSolvedAgain) {
  for (const char* verify_flag : {" --verify", ""}) {
    TempDir dir;
    write(dir.path() / "in/s.txt", kSolvable);
    ASSERT_EQ(batch(dir, "in -o o").status, 0);
    write(dir.path() / "o/s.txt.out", "# a: no solution\n");
    auto run = batch(dir, std::string("in -o o --resume") + verify_flag);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.rows["s.txt#a"].status, "OK") << verify_flag;
    EXPECT_FALSE(run.rows["s.txt#a"].resumed);
    EXPECT_EQ(verify(dir, "in/s.txt", "o/s.txt.out"), 0) << read(dir.path() / "o/s.txt.out");
  }
}

// Item 1: a planted count (999 for the empty 4x4, whose true count is 576)
// is counted again.
TEST(ResumeTrust, APlantedCountIsCountedAgain) {
  TempDir dir;
  write(dir.path() / "in/e.txt", kEmpty);
  ASSERT_EQ(batch(dir, "in -o o --count").status, 0);
  write(dir.path() / "o/e.txt.out", "# z: 999 solutions\n");
  auto run = batch(dir, "in -o o --resume --count");
  EXPECT_EQ(run.rows["e.txt#z"].total, "576");
  EXPECT_FALSE(run.rows["e.txt#z"].resumed);
}

// What the batch wrote itself for an unchanged puzzle, but no checker can
// vouch for, is kept (not verified, and the row says why) without --verify,
// and solved again with it.
TEST(ResumeTrust, WhatNoCheckerVouchesForIsSolvedAgainUnderVerify) {
  TempDir dir;
  write(dir.path() / "in/e.txt", kEmpty);
  write(dir.path() / "in/u.txt", kUnsolvable);
  ASSERT_EQ(batch(dir, "in -o o --count").status, 0);
  auto run = batch(dir, "in -o o --resume --count");
  EXPECT_TRUE(run.rows["e.txt#z"].resumed);
  EXPECT_FALSE(run.rows["e.txt#z"].verified);
  EXPECT_EQ(run.rows["e.txt#z"].total, "576");
  EXPECT_NE(run.rows["e.txt#z"].message.find("unverified"), std::string::npos);
  run = batch(dir, "in -o o --resume --count --verify");
  EXPECT_FALSE(run.rows["e.txt#z"].resumed);
  EXPECT_EQ(run.rows["e.txt#z"].total, "576");

  fs::remove_all(dir.path() / "o");
  ASSERT_EQ(batch(dir, "in -o o").status, 0);
  run = batch(dir, "in -o o --resume");
  EXPECT_EQ(run.rows["u.txt#u"].status, "FAIL");
  EXPECT_TRUE(run.rows["u.txt#u"].resumed);
  EXPECT_FALSE(run.rows["u.txt#u"].verified);
  EXPECT_TRUE(run.rows["e.txt#z"].resumed);  // a grid: checked
  EXPECT_TRUE(run.rows["e.txt#z"].verified);
  run = batch(dir, "in -o o --resume --verify");
  EXPECT_EQ(run.rows["u.txt#u"].status, "FAIL");
  EXPECT_FALSE(run.rows["u.txt#u"].resumed);
  EXPECT_TRUE(run.rows["e.txt#z"].resumed);
  EXPECT_TRUE(run.rows["e.txt#z"].verified);
}

// An answer whose puzzle changed is solved again: a lizards count kept
// from before its board changed, and in a file of Skyscrapers puzzles only
// the puzzle edited.
TEST(ResumeTrust, AnAnswerWhoseInputChangedIsSolvedAgain) {
  TempDir dir;
  write(dir.path() / "in/l/input.txt", "DFS\n5\n4\n00000\n00000\n00200\n00000\n00000\n");
  write(dir.path() / "in/s.txt", std::string(kSolvable) + kEmpty);
  ASSERT_EQ(batch(dir, "in -o o --count").status, 0);
  const std::string before = read(dir.path() / "o/l/output.txt");
  // The tree moves: a board with another count.
  write(dir.path() / "in/l/input.txt", "DFS\n5\n4\n00000\n00200\n00000\n00000\n00000\n");
  write(dir.path() / "in/s.txt",
        std::string(kSolvable) + "z 4 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 - -\n");
  TempDir fresh;
  write(fresh.path() / "in/l/input.txt", read(dir.path() / "in/l/input.txt"));
  write(fresh.path() / "in/s.txt", read(dir.path() / "in/s.txt"));
  auto truth = batch(fresh, "in --count");
  ASSERT_NE(truth.rows["input.txt"].total, "");
  auto run = batch(dir, "in -o o --resume --count");
  EXPECT_FALSE(run.rows["input.txt"].resumed);
  EXPECT_EQ(run.rows["input.txt"].total, truth.rows["input.txt"].total);
  EXPECT_NE(read(dir.path() / "o/l/output.txt"), before);
  EXPECT_TRUE(run.rows["s.txt#a"].resumed);  // unchanged
  EXPECT_FALSE(run.rows["s.txt#z"].resumed);
  EXPECT_EQ(run.rows["s.txt#z"].total, truth.rows["s.txt#z"].total);
  EXPECT_NE(run.rows["s.txt#z"].total, "576");
}

// Items 2 and 4: a lizards answer with a tree deleted, or with more than p
// lizards, is no answer to the board: solved again.
TEST(ResumeTrust, ALizardsAnswerOffTheBoardIsSolvedAgain) {
  TempDir dir;
  write(dir.path() / "in/t/input.txt", "DFS\n4\n2\n0000\n0200\n0000\n0000\n");
  write(dir.path() / "in/m/input.txt", "DFS\n3\n1\n000\n020\n000\n");
  ASSERT_EQ(batch(dir, "in -o o").status, 0);
  write(dir.path() / "o/t/output.txt", "OK\n1000\n0000\n0100\n0000\n");  // the tree deleted
  write(dir.path() / "o/m/output.txt", "OK\n100\n020\n001\n");           // two where p = 1
  EXPECT_EQ(verify(dir, "in/t/input.txt", "o/t/output.txt"), 1);
  EXPECT_EQ(verify(dir, "in/m/input.txt", "o/m/output.txt"), 1);
  EXPECT_EQ(run_in(dir.path(), "verify in/m/input.txt o/m/output.txt --at-least").status, 0);
  auto run = batch(dir, "in -o o --resume");
  EXPECT_FALSE(run.rows["input.txt"].resumed);
  EXPECT_FALSE(run.rows["input.txt+1"].resumed);
  EXPECT_EQ(verify(dir, "in/t/input.txt", "o/t/output.txt"), 0);
  EXPECT_EQ(verify(dir, "in/m/input.txt", "o/m/output.txt"), 0);
}

// Item 5: a count past the table (N >= 28) cannot be checked: planted, it
// is counted again (here: until the timeout, a TIMEOUT row and never OK;
// by the bitboard, as `nursery count 28` would refuse the join's memory);
// written by the batch for this N, it is kept unverified, and with
// --verify counted again.
TEST(ResumeTrust, AQueensCountPastTheTableIsNotKeptAsChecked) {
  TempDir dir;
  write(dir.path() / "in/q.txt", "queens 28\n");
  write(dir.path() / "o/q.txt.out", "999\n");
  auto run = batch(dir, "in -o o --resume --count --timeout 0.2 --method bitboard");
  EXPECT_EQ(run.rows["q.txt"].status, "TIMEOUT");
  EXPECT_FALSE(run.rows["q.txt"].resumed);
  // The line the batch writes for queens 28 (as though it had counted it).
  const auto stamp = nursery::stamp_line(nursery::ContentHash().add("queens 28"));
  write(dir.path() / "o/q.txt.out", stamp + "234907967154122528\n");
  run = batch(dir, "in -o o --resume --count --timeout 0.2 --method bitboard");
  EXPECT_EQ(run.rows["q.txt"].status, "OK");
  EXPECT_TRUE(run.rows["q.txt"].resumed);
  EXPECT_FALSE(run.rows["q.txt"].verified);
  EXPECT_NE(run.rows["q.txt"].message.find("unverified"), std::string::npos);
  run = batch(dir, "in -o o --resume --count --verify --timeout 0.2 --method bitboard");
  EXPECT_EQ(run.rows["q.txt"].status, "TIMEOUT");
  EXPECT_FALSE(run.rows["q.txt"].resumed);
  // A count within the table: checked against it, hash or no hash aside.
  write(dir.path() / "in/q.txt", "queens 8\n");
  write(dir.path() / "o/q.txt.out",
        nursery::stamp_line(nursery::ContentHash().add("queens 8")) + "93\n");
  // (one configuration for the whole test: --resume refuses a report of another)
  run = batch(dir, "in -o o --resume --count --method bitboard");
  EXPECT_FALSE(run.rows["q.txt"].resumed);
  EXPECT_EQ(run.rows["q.txt"].total, "92");
  run = batch(dir, "in -o o --resume --count --verify --method bitboard");
  EXPECT_TRUE(run.rows["q.txt"].resumed);
  EXPECT_TRUE(run.rows["q.txt"].verified);
}

// A queens answer carries the hash and still verifies; one without it (an
// older build's, or typed by hand) is solved again.
TEST(ResumeTrust, QueensAnswersCarryTheirHash) {
  TempDir dir;
  write(dir.path() / "in/q.txt", "queens 6\n");
  ASSERT_EQ(batch(dir, "in -o o").status, 0);
  const std::string answer = read(dir.path() / "o/q.txt.out");
  EXPECT_EQ(answer.rfind("# input fnv1a64 ", 0), 0u) << answer;
  EXPECT_EQ(verify(dir, "in/q.txt", "o/q.txt.out"), 0);
  EXPECT_TRUE(batch(dir, "in -o o --resume --verify").rows["q.txt"].resumed);
  write(dir.path() / "o/q.txt.out", answer.substr(answer.find('\n') + 1));
  EXPECT_EQ(verify(dir, "in/q.txt", "o/q.txt.out"), 0);
  EXPECT_FALSE(batch(dir, "in -o o --resume").rows["q.txt"].resumed);
}

// Item 3: a file that repeats an id. The solver's own output, batch's
// answers, batch --verify and --resume agree: answers go by order.
TEST(ResumeTrust, RepeatedIdsAgreeEverywhere) {
  TempDir dir;
  write(dir.path() / "in/s.txt",
        "a 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n"
        "a 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - -\n"
        "b 4 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 - -\n");
  auto solved = run_in(dir.path(), "skyscrapers in/s.txt -o solved.txt");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(verify(dir, "in/s.txt", "solved.txt"), 0);
  auto run = batch(dir, "in -o o --verify");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(run.rows["s.txt#a"].verified);
  EXPECT_TRUE(run.rows["s.txt#a+1"].verified);
  EXPECT_EQ(verify(dir, "in/s.txt", "o/s.txt.out"), 0);
  run = batch(dir, "in -o o --resume --verify");
  EXPECT_EQ(run.status, 0) << run.err;
  for (const char* key : {"s.txt#a", "s.txt#a+1", "s.txt#b"}) {
    EXPECT_TRUE(run.rows[key].resumed) << key;
    EXPECT_TRUE(run.rows[key].verified) << key;
  }
  // The two answers of `a` swapped: each is the other puzzle's, so both are
  // wrong for verify and solved again by --resume.
  const std::string answers = read(dir.path() / "o/s.txt.out");
  const auto second = answers.find("# input", 1), third = answers.find("# input", second + 1);
  ASSERT_NE(third, std::string::npos);
  write(dir.path() / "o/s.txt.out",
        answers.substr(second, third - second) + answers.substr(0, second) + answers.substr(third));
  EXPECT_EQ(verify(dir, "in/s.txt", "o/s.txt.out"), 1);
  run = batch(dir, "in -o o --resume --verify");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_FALSE(run.rows["s.txt#a"].resumed);
  EXPECT_FALSE(run.rows["s.txt#a+1"].resumed);
  EXPECT_TRUE(run.rows["s.txt#b"].resumed);
  EXPECT_EQ(verify(dir, "in/s.txt", "o/s.txt.out"), 0);
}

}  // namespace
