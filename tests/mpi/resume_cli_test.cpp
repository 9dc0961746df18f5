// nursery count with --checkpoint / --resume / --part / --merge, as a user runs
// it, including a count killed with SIGKILL and resumed. (--mpi itself runs
// under mpirun in .ci/mpi_tests.sh.)
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nursery::testing::run_cli;

class ResumeCli : public ::testing::Test {
 protected:
  std::string file(const std::string& name) const { return directory_ / name; }

 public:
  static std::size_t records_in(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::size_t records = 0;
    // Whole lines only: a kill in the middle of a write leaves a torn one.
    while (std::getline(in, line) && !in.eof())
      if (line.rfind("done ", 0) == 0) ++records;
    return records;
  }

 protected:
  nursery::testing::TempDir directory_;  // a fresh directory per test, removed afterwards
};

TEST_F(ResumeCli, CheckpointedCountPrintsTheSameNumber) {
  auto run = run_cli("count 12 --checkpoint " + file("c.ckpt"), false);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output, "14200\n");
  EXPECT_GT(records_in(file("c.ckpt")), 0u);
  // A finished checkpoint resumes to the same answer without counting again.
  auto again = run_cli("count 12 --unique --checkpoint " + file("c.ckpt") + " --resume", false);
  EXPECT_EQ(again.status, 0);
  EXPECT_EQ(again.output, "total  14200\nunique 1787\n");
}

TEST_F(ResumeCli, JsonNamesTheCheckpoint) {
  auto run = run_cli("count 10 --json --subproblems 50 --checkpoint " + file("j.ckpt"), false);
  ASSERT_EQ(run.status, 0);
  auto json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["total"], 724);
  EXPECT_EQ(json["complete"], true);
  EXPECT_EQ(json["split_target"], 50);
  EXPECT_EQ(json["checkpoint"]["resumed"], 0);
}

TEST_F(ResumeCli, ExistingCheckpointNeedsResume) {
  ASSERT_EQ(run_cli("count 10 --checkpoint " + file("x.ckpt")).status, 0);
  auto run = run_cli("count 10 --checkpoint " + file("x.ckpt"));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("already exists (add --resume"), std::string::npos) << run.output;
}

TEST_F(ResumeCli, CheckpointOfAnotherRunIsRefused) {
  ASSERT_EQ(run_cli("count 11 --checkpoint " + file("n.ckpt")).status, 0);
  auto other_n = run_cli("count 12 --checkpoint " + file("n.ckpt") + " --resume");
  EXPECT_EQ(other_n.status, 2);
  EXPECT_NE(other_n.output.find("N is 11 in the file, 12 in this run"), std::string::npos)
      << other_n.output;
  auto other_split =
      run_cli("count 11 --subproblems 7 --checkpoint " + file("n.ckpt") + " --resume");
  EXPECT_EQ(other_split.status, 2);
  EXPECT_NE(other_split.output.find("split target"), std::string::npos) << other_split.output;
}

TEST_F(ResumeCli, CorruptedCheckpointIsRefused) {
  ASSERT_EQ(run_cli("count 11 --checkpoint " + file("k.ckpt")).status, 0);
  std::string text;
  {
    std::ifstream in(file("k.ckpt"));
    std::ostringstream all;
    all << in.rdbuf();
    text = all.str();
  }
  auto at = text.find("\ndone ", text.size() / 2);
  ASSERT_NE(at, std::string::npos);
  text[at + 6] = text[at + 6] == '9' ? '8' : '9';  // another id, same checksum
  std::ofstream(file("k.ckpt"), std::ios::trunc) << text;
  auto run = run_cli("count 11 --checkpoint " + file("k.ckpt") + " --resume");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("damaged record"), std::string::npos) << run.output;
}

TEST_F(ResumeCli, PartsMergeToTheWhole) {
  for (int part = 1; part <= 3; ++part) {
    auto run = run_cli("count 13 --part " + std::to_string(part) + "/3 --checkpoint " +
                           file("p" + std::to_string(part) + ".ckpt"),
                       false);
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("part " + std::to_string(part) + "/3: total"), std::string::npos);
  }
  auto merged = run_cli(
      "count --unique --merge " + file("p1.ckpt") + " " + file("p2.ckpt") + " " + file("p3.ckpt"),
      false);
  EXPECT_EQ(merged.status, 0);
  EXPECT_EQ(merged.output, "total  73712\nunique 9233\n");

  auto missing = run_cli("count --merge " + file("p1.ckpt") + " " + file("p3.ckpt"));
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("a part is missing"), std::string::npos) << missing.output;
  // A data problem, not a usage one: the command named, no usage hint.
  EXPECT_NE(missing.output.find("error: count: --merge: "), std::string::npos) << missing.output;
  EXPECT_EQ(missing.output.find("(usage: "), std::string::npos) << missing.output;

  ASSERT_EQ(run_cli("count 12 --part 2/3 --checkpoint " + file("q2.ckpt")).status, 0);
  auto foreign = run_cli("count --merge " + file("p1.ckpt") + " " + file("q2.ckpt"));
  EXPECT_EQ(foreign.status, 2);
  EXPECT_NE(foreign.output.find("N is 12 in the file, 13 in this run"), std::string::npos)
      << foreign.output;
}

TEST_F(ResumeCli, UsageErrors) {
  EXPECT_EQ(run_cli("count 10 --resume").status, 2);
  EXPECT_EQ(run_cli("count 10 --part 1/2").status, 2);
  EXPECT_EQ(run_cli("count 10 --part 3/2 --checkpoint " + file("u.ckpt")).status, 2);
  EXPECT_EQ(run_cli("count 10 --method backtrack --checkpoint " + file("u.ckpt")).status, 2);
  EXPECT_EQ(run_cli("count --merge").status, 2);
  EXPECT_FALSE(fs::exists(file("u.ckpt")));
}

// Killed with SIGKILL in the middle of a count, then resumed: the exact total.
void kill_and_resume(const std::string& checkpoint, const std::string& n, const std::string& method,
                     std::uint64_t expected_total) {
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execl(NURSERY_CLI, NURSERY_CLI, "count", n.c_str(), "--method", method.c_str(), "--threads",
            "1", "--no-progress", "--checkpoint", checkpoint.c_str(), "--checkpoint-interval",
            "0.2", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Wait for the first synced batch, then kill.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(40);
  bool finished = false;
  while (ResumeCli::records_in(checkpoint) == 0 && std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (::waitpid(child, &status, WNOHANG) == child) {
      finished = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_FALSE(finished) << "the count ended before the first checkpoint batch";
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  const std::size_t at_kill = ResumeCli::records_in(checkpoint);
  ASSERT_GT(at_kill, 0u);

  auto resumed = run_cli("count " + n + " --method " + method +
                             " --threads 2 --no-progress --json --unique --checkpoint " +
                             checkpoint + " --resume",
                         false);
  ASSERT_EQ(resumed.status, 0) << resumed.output;
  auto json = nlohmann::json::parse(resumed.output);
  EXPECT_EQ(json["total"], expected_total);
  EXPECT_EQ(json["method"], method);
  EXPECT_EQ(json["checkpoint"]["resumed"], at_kill);
  // The kill happened midway: something was left to count.
  EXPECT_LT(at_kill, json["frontier"].get<std::size_t>());
  EXPECT_EQ(ResumeCli::records_in(checkpoint), json["frontier"].get<std::size_t>());
}

TEST_F(ResumeCli, ResumeAfterSigkillGivesTheExactTotal) {
  kill_and_resume(file("kill.ckpt"), "16", "bitboard", 14772512);
}

TEST_F(ResumeCli, JoinResumeAfterSigkillGivesTheExactTotal) {
  kill_and_resume(file("join.ckpt"), "17", "join", 95815104);
}

// The join's parts carry totals only; merged, the classes follow (Burnside).
TEST_F(ResumeCli, JoinPartsMergeToTheWhole) {
  for (int part = 1; part <= 3; ++part) {
    auto run = run_cli("count 14 --method join --part " + std::to_string(part) +
                           "/3 --checkpoint " + file("j" + std::to_string(part) + ".ckpt"),
                       false);
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("part " + std::to_string(part) + "/3: total"), std::string::npos);
  }
  auto merged = run_cli("count --unique --json --merge " + file("j1.ckpt") + " " + file("j2.ckpt") +
                            " " + file("j3.ckpt"),
                        false);
  ASSERT_EQ(merged.status, 0) << merged.output;
  auto json = nlohmann::json::parse(merged.output);
  EXPECT_EQ(json["total"], 365596);
  EXPECT_EQ(json["unique"], 45752);
  EXPECT_EQ(json["method"], "join");
  // A bitboard checkpoint is another count: the join refuses to resume it.
  ASSERT_EQ(run_cli("count 11 --method bitboard --checkpoint " + file("b.ckpt")).status, 0);
  auto other = run_cli("count 11 --method join --checkpoint " + file("b.ckpt") + " --resume");
  EXPECT_EQ(other.status, 2);
}

}  // namespace
