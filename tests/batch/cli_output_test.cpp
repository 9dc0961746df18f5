// What `nursery batch` tells its user (issue 12): each ERROR row's path and
// reason on stderr, where the answers went (or that they were not kept),
// only files counted as skipped, --json (the summary as one line), the CSV's
// verified column empty without --verify, the report on stdout with
// `--report -`, and a zero count as a successful count.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace nursery::testing;

CliResult run(const TempDir& dir, const std::string& args) {
  return nursery::testing::run_in(dir.path(), "batch " + args + " --no-progress");
}

// Two good boards, one malformed, a README (a file, skipped), a directory
// without instances and a broken link (passed over, not files).
void mixed(const TempDir& dir) {
  write(dir.path() / "in/a/input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  write(dir.path() / "in/b/input.txt", "DFS\n5\n4\n00200\n00000\n20002\n00000\n00200\n");
  write(dir.path() / "in/bad/input.txt", "DFS\n4\nfour\n0000\n0000\n0000\n0000\n");
  write(dir.path() / "in/README.md", "# not an instance\n");
  fs::create_directories(dir.path() / "in/empty/deeper");
  fs::create_symlink("missing-target", dir.path() / "in/dangling");
}

TEST(BatchOutput, ErrorRowsArePrintedOnStderrWithPathAndReason) {
  TempDir dir;
  mixed(dir);
  auto r = run(dir, "in");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("ERROR: in/bad/input.txt:3: expected"), std::string::npos) << r.err;
  // One line each: the reason does not spill over.
  auto at = r.err.find("ERROR: ");
  auto line = r.err.substr(at, r.err.find('\n', at) - at);
  EXPECT_NE(line.find("four"), std::string::npos) << line;
  EXPECT_EQ(r.out.find("ERROR: "), std::string::npos) << r.out;
}

TEST(BatchOutput, SaysWhereTheAnswersWent) {
  TempDir dir;
  mixed(dir);
  auto r = run(dir, "in");
  EXPECT_NE(r.err.find("answers: not kept (-o OUTDIR keeps them)\n"), std::string::npos) << r.err;
  r = run(dir, "in -o out --report r.json");
  EXPECT_NE(r.err.find("answers: under out\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("report: r.json\n"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "out/a/output.txt"));
}

TEST(BatchOutput, OnlyFilesCountAsSkipped) {
  TempDir dir;
  mixed(dir);
  auto r = run(dir, "in");
  // The README is the one file skipped; the empty directory and the broken
  // link are warned about but are no files.
  EXPECT_NE(r.out.find("; 1 file skipped;"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("directory without instances"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("broken symbolic link"), std::string::npos) << r.err;
}

TEST(BatchOutput, JsonIsTheSummaryOnOneLine) {
  TempDir dir;
  mixed(dir);
  auto r = run(dir, "in --json -o out --report r.csv");
  EXPECT_EQ(r.status, 2);
  ASSERT_EQ(r.out.find('\n'), r.out.size() - 1) << r.out;
  auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["status"], "ERROR");
  EXPECT_EQ(json["instances"], 3);
  EXPECT_EQ(json["ok"], 2);
  EXPECT_EQ(json["error"], 1);
  EXPECT_EQ(json["skipped"], 1);
  EXPECT_EQ(json["report"], "r.csv");
  EXPECT_EQ(json["output"], "out");
  EXPECT_TRUE(json["seconds"].is_number());
  r = run(dir, "in/a --json");
  json = nlohmann::json::parse(r.out);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(json["status"], "OK");
  EXPECT_TRUE(json["report"].is_null());
  EXPECT_TRUE(json["output"].is_null());
}

// The verified column of each CSV row (the 9th).
std::vector<std::string> verified_column(const std::string& csv) {
  std::vector<std::string> values;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string field;
    for (int i = 0; i < 9; ++i) std::getline(fields, field, ',');
    values.push_back(field);
  }
  return values;
}

TEST(BatchOutput, CsvLeavesVerifiedEmptyWithoutVerify) {
  TempDir dir;
  write(dir.path() / "in/a/input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  write(dir.path() / "in/q.txt", "queens 6\n");
  ASSERT_EQ(run(dir, "in --report r.csv").status, 0);
  EXPECT_EQ(verified_column(read(dir.path() / "r.csv")), (std::vector<std::string>{"", ""}));
  ASSERT_EQ(run(dir, "in --report r.csv --verify").status, 0);
  EXPECT_EQ(verified_column(read(dir.path() / "r.csv")),
            (std::vector<std::string>{"yes", "yes"}));
}

TEST(BatchOutput, ReportDashWritesTheJsonReportToStdout) {
  TempDir dir;
  mixed(dir);
  auto r = run(dir, "in --report -");
  EXPECT_EQ(r.status, 2);
  auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["summary"]["instances"], 3);
  EXPECT_EQ(report["instances"].size(), 4u);  // three instances and the README
  EXPECT_NE(r.err.find("batch: 3 instances: 2 OK"), std::string::npos) << r.err;
  EXPECT_EQ(run(dir, "in --report - --json").status, 2);  // both on stdout: refused
}

TEST(BatchOutput, AZeroCountIsAnOkRow) {
  TempDir dir;
  write(dir.path() / "in/two.txt", "queens 2\n");
  write(dir.path() / "in/c/input.txt", "DFS\n2\n2\n00\n00\n");
  auto r = run(dir, "in --count --report r.json");
  EXPECT_EQ(r.status, 0) << r.err;
  auto report = nlohmann::json::parse(read(dir.path() / "r.json"));
  ASSERT_EQ(report["instances"].size(), 2u);
  for (const auto& row : report["instances"]) {
    EXPECT_EQ(row["status"], "OK") << row.dump();
    EXPECT_EQ(row["total"], 0) << row.dump();
  }
}

}  // namespace

// PATH "-": the paths come from standard input, one a line (find | batch -),
// beside those given; none there is a usage error.
TEST(BatchOutput, DashReadsPathsFromStandardInput) {
  TempDir dir;
  mixed(dir);
  write(dir.path() / "list.txt", "in/a/input.txt\n\nin/b/input.txt\r\n");
  auto r = run(dir, "- --json < list.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  auto summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary["instances"], 2) << r.out;
  EXPECT_EQ(summary["ok"], 2) << r.out;
  write(dir.path() / "empty.txt", "");
  r = run(dir, "- < empty.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("expected paths on standard input"), std::string::npos) << r.err;
}
