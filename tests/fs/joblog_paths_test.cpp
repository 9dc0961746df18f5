// The files around a batch that are not its instances: a --joblog that
// names an instance, the report, or the --rerun-failed report is refused
// before anything is written, and the file is left as it was; an earlier
// joblog is appended to. The report replaces no manifest of expected
// answers the run reads; compare's two plots may not share a file.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace nursery::testing;  // read, write, run_cli, TempDir

namespace {

std::string batch(const fs::path& in, const std::string& rest) {
  return "batch " + in.string() + " --no-progress " + rest;
}

// A run refused with exit 2, a message naming `flag`, and `file` unchanged.
void expect_refused(const std::string& args, const fs::path& file, const std::string& flag) {
  const std::string before = read(file);
  const auto run = run_cli(args);
  EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
  EXPECT_NE(run.output.find(flag), std::string::npos) << args << "\n" << run.output;
  EXPECT_EQ(read(file), before) << args;
}

// DIR/in holding a `queens 6` file.
fs::path queens_input(const TempDir& dir) {
  write(dir.path() / "in" / "q6.txt", "queens 6\n");
  return dir.path() / "in";
}

// DIR/r.json, the report of counting IN.
fs::path counted(const TempDir& dir, const fs::path& in) {
  const auto report = dir.path() / "r.json";
  EXPECT_EQ(run_cli(batch(in, "--count --report " + report.string())).status, 0);
  return report;
}

TEST(JoblogPaths, AnotherFileOfTheRunIsRefusedAndLeftAsItWas) {
  TempDir dir;
  const auto in = queens_input(dir);
  write(in / "q7.txt", "queens 7\n");
  const auto report = counted(dir, in);
  ASSERT_FALSE(HasFailure());
  // An instance of the input, the rerun's report, the report being written.
  expect_refused(batch(in, "--joblog " + (in / "q6.txt").string()), in / "q6.txt", "--joblog");
  expect_refused(batch(in, "--rerun-failed " + report.string() + " --joblog " + report.string()),
                 report, "--joblog");
  expect_refused(batch(in, "--report " + report.string() + " --joblog " + report.string()), report,
                 "--joblog");
  // A new joblog, then the same one again: the second run's rows follow the first's.
  const auto log = dir.path() / "runs.log";
  ASSERT_EQ(run_cli(batch(in, "--joblog " + log.string())).status, 0);
  const auto first = read(log);
  ASSERT_EQ(run_cli(batch(in, "--joblog " + log.string())).status, 0);
  const auto both = read(log);
  EXPECT_EQ(both.substr(0, first.size()), first);
  EXPECT_GT(both.size(), first.size());
}

TEST(JoblogPaths, TheReportReplacesNoManifest) {
  TempDir dir;
  const auto in = queens_input(dir);
  write(in / "index.csv", "file,expected\nq6.txt,4\n");
  const auto manifest = dir.path() / "expected.csv";
  write(manifest, "file,expected\nin/q6.txt,4\n");
  expect_refused(
      batch(in, "--count --expected " + manifest.string() + " --report " + manifest.string()),
      manifest, "--report");
  expect_refused(batch(in, "--count --report " + (in / "index.csv").string()), in / "index.csv",
                 "--report");
  // Nor through a link to it.
  fs::create_symlink(in / "index.csv", dir.path() / "r.csv");
  expect_refused(batch(in, "--count --report " + (dir.path() / "r.csv").string()), in / "index.csv",
                 "--report");
  // With --no-index an index.csv is a file like any other.
  EXPECT_EQ(run_cli(batch(in, "--count --no-index --report " + (in / "index.csv").string())).status,
            0);
}

TEST(JoblogPaths, ComparePlotsMayNotShareAFile) {
  TempDir dir;
  const auto report = counted(dir, queens_input(dir));
  ASSERT_FALSE(HasFailure());
  const auto plot = dir.path() / "plot.svg";
  write(plot, "kept");
  expect_refused("compare " + report.string() + " " + report.string() + " --cactus " +
                     plot.string() + " --scatter " + plot.string(),
                 plot, "--scatter");
  // Nor a report compare reads: named, or through a link.
  const auto other = dir.path() / "other.json";
  fs::copy_file(report, other);
  expect_refused(
      "compare " + report.string() + " " + other.string() + " --scatter " + other.string(), other,
      "--scatter");
  const auto link = dir.path() / "link.svg";
  fs::create_symlink(report, link);
  expect_refused("compare " + report.string() + " " + other.string() + " --cactus " + link.string(),
                 report, "--cactus");
}

// An answer under -o never replaces the run's own joblog: the answer is not
// written (exit 2, said), and the joblog keeps its row.
TEST(JoblogPaths, NoAnswerReplacesTheJoblog) {
  TempDir dir;
  const auto in = queens_input(dir);
  const auto out = dir.path() / "out";
  const auto joblog = out / "q6.txt.out";  // where q6.txt's answer would go
  auto run = run_cli(batch(in, "-o " + out.string() + " --joblog " + joblog.string()));
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("--joblog"), std::string::npos) << run.output;
  EXPECT_NE(read(joblog).find("\"status\""), std::string::npos) << read(joblog);
}

// The files a run reads beside its instances are regular files: a device or
// a FIFO is refused at once in one line (exit 2), never read without end or
// waited on.
TEST(JoblogPaths, AFifoOrADeviceIsNoFileToRead) {
  TempDir dir;
  const auto in = queens_input(dir);
  const auto report = counted(dir, in);
  ASSERT_FALSE(HasFailure());
  const auto fifo = dir.path() / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& input : {std::string("/dev/zero"), fifo.string()}) {
    for (const std::string& args :
         {batch(in, "--count --expected " + input), batch(in, "--count --rerun-failed " + input),
          "compare " + report.string() + " " + input, "compare " + input + " " + report.string()}) {
      const auto run = run_cli(args);
      EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
      EXPECT_NE(run.output.find("not a regular file"), std::string::npos) << args << "\n"
                                                                          << run.output;
      EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
    }
  }
}

// A joblog the disk refuses is said, and the run exits 2 (its report holds
// every row).
TEST(JoblogPaths, AJoblogThatCannotBeWrittenIsSaid) {
  TempDir dir;
  const auto in = queens_input(dir);
  const auto report = dir.path() / "r.json";
  const auto run = run_cli(batch(in, "--count --joblog /dev/full --report " + report.string()));
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("joblog"), std::string::npos) << run.output;
  EXPECT_EQ(nlohmann::json::parse(read(report))["instances"].size(), 1u);
}

}  // namespace
