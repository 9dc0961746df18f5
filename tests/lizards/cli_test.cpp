// The CLI as a user meets it: exit statuses, line numbers in errors, the
// homework's input.txt/output.txt mode, and the acceptance pipeline.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nursery/lizards.hpp>
#include <sstream>
#include <utility>
#include <vector>

#include "folder_test.hpp"

namespace {

namespace fs = std::filesystem;

using nursery::testing::CliResult;

class LizardsCli : public nursery::testing::FolderTest {};

TEST_F(LizardsCli, MalformedInputsExitTwoWithTheLine) {
  struct Case {
    const char* text;
    const char* where;
  } cases[] = {
      {"DFS\n3\n1\n000\n00\n000\n", "bad.txt:5:"},       // short row
      {"DFS\n3\n1\n000\n010\n000\n", "bad.txt:5:"},      // a 1 in the input
      {"DFS\n3\n1\n000\n000\n", "bad.txt:6:"},           // a row missing
      {"DFS\nthree\n1\n000\n000\n000\n", "bad.txt:2:"},  // n not a number
      {"DFS\n3\n-1\n000\n000\n000\n", "bad.txt:3:"},     // p not positive
      {"DFS\n3\n99999999999\n000\n000\n000\n", "bad.txt:3:"},
      {"ABC\n3\n1\n000\n000\n000\n", "bad.txt:1:"},  // unknown algorithm
      {"DFS\n100000\n1\n0\n", "bad.txt:2:"},         // n too large for memory
  };
  for (const auto& c : cases) {
    write("bad.txt", c.text);
    auto r = run("lizards bad.txt");
    EXPECT_EQ(r.status, 2) << c.text;
    EXPECT_NE(r.err.find(c.where), std::string::npos) << c.text << " -> " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
}

TEST_F(LizardsCli, HomeworkModeReadsInputWritesOutput) {
  write("input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  auto r = run("lizards");
  EXPECT_EQ(r.status, 0) << r.err;
  auto answer = read("output.txt");
  EXPECT_EQ(answer.substr(0, 3), "OK\n");
  EXPECT_EQ(run("verify input.txt output.txt").status, 0);

  write("input.txt", "BFS\n2\n2\n00\n00");
  r = run("lizards");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(read("output.txt"), "FAIL\n");
}

TEST_F(LizardsCli, PBeyondTheBoardIsFailAtOnce) {
  write("in.txt", "DFS\n2\n2147483647\n00\n00\n");
  auto r = run("lizards in.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "FAIL\n");
}

TEST_F(LizardsCli, CountsAndJson) {
  write("in.txt",
        "DFS\n8\n8\n00000000\n00000000\n00000000\n00000000\n00000000\n00000000\n"
        "00000000\n00000000\n");
  auto r = run("lizards in.txt --count");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "92\n");
  r = run("lizards in.txt --count --json --threads 1");
  EXPECT_NE(r.out.find("\"total\":92"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"upper\""), std::string::npos) << "a count has no bounds: " << r.out;
  r = run("lizards in.txt --stats -o out.txt");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("nodes"), std::string::npos) << r.err;
  EXPECT_EQ(run("verify in.txt out.txt").out.substr(0, 5), "valid");
}

TEST_F(LizardsCli, TimeoutSaysUnknown) {
  std::string board = "DFS\n17\n17\n";
  for (int i = 0; i < 17; ++i) board += std::string(17, '0') + "\n";
  write("in.txt", board);
  auto r = run("lizards in.txt --count --timeout 0.05");
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos);
  EXPECT_NE(r.err.find("timeout: no count (after "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("upper bound 0"), std::string::npos) << "a count has no bounds: " << r.err;
}

TEST_F(LizardsCli, AcceptancePipeline) {
  auto r = run("gen lizards --n 200 --trees 0.25 --p auto --seed 1 > big.txt && '" +
               std::string(NURSERY_CLI) + "' lizards big.txt -o out.txt && '" + NURSERY_CLI +
               "' verify big.txt out.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 6), "valid:") << r.out;
  r = run("gen lizards --n 100 --trees 0.1 --p auto+1 --seed 2 -o hard.txt");
  EXPECT_EQ(r.status, 0);
  r = run("lizards hard.txt -o out.txt");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(run("verify hard.txt out.txt").status, 0);
}

TEST_F(LizardsCli, VerifySaysInvalidAndWhy) {
  write("in.txt", "DFS\n2\n2\n00\n00\n");
  write("out.txt", "OK\n11\n00\n");
  auto r = run("verify in.txt out.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("invalid"), std::string::npos) << r.out;
}

}  // namespace

// Files with lone-CR line ends, or without the algorithm line (both occur in
// the public test cases), reach the lizards checker, not the Skyscrapers one.
TEST_F(LizardsCli, VerifyRecognisesLizardsWithoutAlgorithmLineOrWithCrEnds) {
  write("cr.txt", "DFS\r4\r2\r0000\r0200\r0000\r0000\r");
  write("bare.txt", "4\n2\n0000\n0200\n0000\n0000\n");
  write("good.txt", "OK\n1000\n0201\n0000\n0000\n");
  write("bad.txt", "OK\n1100\n0200\n0000\n0000\n");
  for (const char* input : {"cr.txt", "bare.txt"}) {
    auto r = run(std::string("verify ") + input + " good.txt");
    EXPECT_EQ(r.status, 0) << input << ": " << r.out << r.err;
    r = run(std::string("verify ") + input + " bad.txt");
    EXPECT_EQ(r.status, 1) << input << ": " << r.out << r.err;
    EXPECT_NE(r.out.find("invalid"), std::string::npos) << r.out;
  }
  write("junk.txt", "hello\n");
  auto r = run("verify junk.txt good.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("junk.txt:1:"), std::string::npos) << r.err;
}

namespace {

std::string empty_board(int n, int p) {
  std::string text = "DFS\n" + std::to_string(n) + "\n" + std::to_string(p) + "\n";
  for (int r = 0; r < n; ++r) text += std::string(static_cast<std::size_t>(n), '0') + "\n";
  return text;
}

// A FAIL answer is valid only when proved; a FAIL for a board that has a
// solution is refuted, and one the checker can neither prove nor refute is
// "unverified" with its own exit status (issue 11, item 4).
TEST_F(LizardsCli, VerifyProvesRefutesOrLeavesFailUnverified) {
  write("fail.txt", "FAIL\n");
  write("open8.txt", empty_board(8, 8));  // 8-queens has solutions
  auto r = run("verify open8.txt fail.txt");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("invalid: FAIL claimed, but 8 lizards fit"), std::string::npos) << r.out;

  write("ring.txt", "DFS\n3\n4\n000\n020\n000\n");  // four lizards never fit round one tree
  r = run("verify ring.txt fail.txt");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("valid: FAIL, proved"), std::string::npos) << r.out;

  write("q3.txt", "3\n3\n000\n000\n000\n");  // 3-queens, without the algorithm line
  r = run("verify q3.txt fail.txt");
  EXPECT_EQ(r.status, 0) << r.out;

  write("big.txt", empty_board(100, 100));  // beyond what the checker searches
  r = run("verify big.txt fail.txt");
  EXPECT_EQ(r.status, 4) << r.out;
  EXPECT_NE(r.out.find("unverified: FAIL claimed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the board is beyond its exhaustive search (64 x 64 at most)"),
            std::string::npos)
      << r.out;
  // A board of any size where the checker's own greedy placement reaches p:
  // a FAIL refuted, not left unverified.
  write("wide.txt", empty_board(65, 1));
  r = run("verify wide.txt fail.txt");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("invalid: FAIL claimed, but 1 lizards fit (the checker's greedy"),
            std::string::npos)
      << r.out;
  write("half.txt", empty_board(100, 40));
  EXPECT_EQ(run("verify half.txt fail.txt").status, 1);
  r = run("verify big.txt fail.txt --json");
  EXPECT_NE(r.out.find("\"unproved\":true"), std::string::npos) << r.out;
}

}  // namespace

namespace {

// A reader takes no more than a board of its n can hold: /dev/zero is
// refused at once instead of read until memory runs out, and a file far
// larger than its n allows is refused by name (issue 11, item 11).
TEST_F(LizardsCli, InputsAreReadOnlyAsFarAsTheirBoardAllows) {
  auto r = run("lizards /dev/zero");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/dev/zero:1: expected DFS, BFS or SA"), std::string::npos) << r.err;
  std::string padded = "DFS\n2\n1\n00\n00\n";
  padded += std::string(200000, '\n');
  write("padded.txt", padded);
  r = run("lizards padded.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("larger than the board its n describes can be"), std::string::npos) << r.err;
  // verify: the answer is bounded by the board's n, and a board of short
  // lines claiming n = 65535 (131 KB) is refused before n*n bytes are taken.
  write("small.txt", "DFS\n2\n1\n00\n00\n");
  r = run("verify small.txt /dev/zero");
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  std::string short_lines = "DFS\n65535\n1\n";
  for (int i = 0; i < 65535; ++i) short_lines += "0\n";
  write("short.txt", short_lines);
  write("fail.txt", "FAIL\n");
  r = run("verify short.txt fail.txt");  // bad input, as the solver reads it
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("short.txt:4:"), std::string::npos) << r.err;
  // The checker alone (as batch calls it) refuses it before taking n*n bytes.
  const auto alone = nursery::lizards::verify(short_lines, "FAIL\n");
  EXPECT_FALSE(alone.valid);
  EXPECT_NE(alone.reason.find("too short for 65535 rows"), std::string::npos) << alone.reason;
}

// verify judges only boards the solver reads: a board it refuses is bad
// input (exit 2, its file and line), never "valid" or "invalid"; a
// byte-order mark is read past, by the checker and the certificate's
// reader as by the solver.
TEST_F(LizardsCli, VerifyJudgesOnlyBoardsTheSolverReads) {
  write("fail.txt", "FAIL\n");
  write("ok0.txt", "OK\n000\n000\n000\n");
  for (const auto& [text, where] : std::vector<std::pair<std::string, std::string>>{
           {"DFS\n3\n5000000000\n000\n000\n000\n", "bad.txt:3:"},
           {"DFS\n3\n0\n000\n000\n000\n", "bad.txt:3:"},
           {"DFS\n3\n1\n010\n000\n000\n", "bad.txt:4:"},
           {"DFS\n3\n1\n000\n000\n", "bad.txt:6:"}}) {
    write("bad.txt", text);
    for (const char* answer : {"fail.txt", "ok0.txt"}) {
      auto r = run(std::string("verify bad.txt ") + answer);
      EXPECT_EQ(r.status, 2) << text << r.out << r.err;
      EXPECT_NE(r.err.find(where), std::string::npos) << text << r.err;
      EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    }
  }
  // Standard input named twice, by any of its names: bad usage, not "invalid".
  write("b4.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  for (const char* both : {"- /dev/stdin", "/dev/stdin -", "/dev/fd/0 /dev/stdin"}) {
    auto r = run(std::string("verify ") + both + " < b4.txt");
    EXPECT_EQ(r.status, 2) << both << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("cannot both be standard input"), std::string::npos) << r.err;
  }
  write("bom.txt",
        "\xEF\xBB\xBF"
        "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  ASSERT_EQ(run("lizards bom.txt -o bom.out").status, 0);
  auto r = run("verify bom.txt bom.out");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  ASSERT_EQ(run("lizards bom.txt --max --timeout 5 --certificate bom.cert -o max.out").status, 0);
  r = run("verify bom.txt --bound bom.cert");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
}

}  // namespace
