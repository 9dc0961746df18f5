// Issue 30, items 14 and 17: SIGHUP and SIGQUIT stop a batch as Ctrl-C
// does (the report written, interrupted, exit 128 + the signal), a report
// that cannot be written says why and the summary still comes, and a
// signal while batch reads its paths from standard input ends it. Bounds
// are generous: the tests also run under sanitizers on a loaded machine.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <nursery/background.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cpu_seconds.hpp"
#include "run_cli.hpp"
#include "spawn_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace nursery::testing;  // read, write, run_in, TempDir
using nursery::SteadyClock;

// The CLI in `folder` with `arguments`; stdin from `in` (-1: /dev/null),
// stdout and stderr to .stdout and .stderr there; `nohup`: SIGHUP ignored.
pid_t spawn_in(const fs::path& folder, const std::vector<std::string>& arguments, int in = -1,
               bool nohup = false) {
  return spawn_cli(
      arguments,
      {.folder = folder.string(), .out = ".stdout", .err = ".stderr", .in = in, .nohup = nohup});
}

using nursery::testing::cpu_seconds;

// Waits for `pid` at most `seconds`; its exit status, -signal when a
// signal killed it, -1000 when it was still running (then it is killed).
int wait_for(pid_t pid, double seconds) {
  const auto give_up = SteadyClock::now() + std::chrono::duration<double>(seconds);
  int raw = 0;
  while (SteadyClock::now() < give_up) {
    if (::waitpid(pid, &raw, WNOHANG) == pid)
      return WIFEXITED(raw) ? WEXITSTATUS(raw) : -WTERMSIG(raw);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &raw, 0);
  return -1000;
}

// A batch of counts that runs for many seconds on two cores.
void long_batch(const TempDir& dir) {
  for (int i = 1; i <= 200; ++i) write(dir / ("in/q" + std::to_string(i) + ".txt"), "queens 14\n");
}

}  // namespace

TEST(BatchReportSignals, SighupAndSigquitWriteTheReportAndExitWith128PlusTheSignal) {
  for (int signal : {SIGHUP, SIGQUIT}) {
    TempDir dir;
    long_batch(dir);
    pid_t pid = spawn_in(dir.path(), {"batch", "in", "--count", "--threads", "2", "-o", "out",
                                      "--report", "r.json", "--no-progress"});
    ASSERT_GT(pid, 0);
    const auto give_up = SteadyClock::now() + std::chrono::seconds(60);
    while (cpu_seconds(pid) < 0.3 && SteadyClock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(pid, signal);
    const int status = wait_for(pid, 60);
    EXPECT_EQ(status, 128 + signal) << "signal " << signal << "\n" << read(dir.path() / ".stderr");
    ASSERT_TRUE(fs::exists(dir.path() / "r.json")) << "signal " << signal;
    auto report = nlohmann::json::parse(read(dir.path() / "r.json"));
    EXPECT_EQ(report["summary"]["interrupted"], true);
    EXPECT_LT(report["instances"].size(), 200u) << "the run was not stopped";
    // Every file is accounted for: finished rows, and the rest unfinished.
    EXPECT_EQ(report["summary"]["instances"], 200);
    EXPECT_EQ(report["summary"]["unfinished"].get<std::size_t>() + report["instances"].size(),
              200u);
    for (const auto& entry : fs::directory_iterator(dir.path()))
      EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
  }
}

// nohup's SIGHUP ignored on entry stays ignored: the batch goes on.
TEST(BatchReportSignals, SighupIgnoredOnEntryStaysIgnored) {
  TempDir dir;
  long_batch(dir);
  pid_t pid = spawn_in(dir.path(), {"batch", "in", "--count", "--threads", "2", "--report", "r.json",
                                    "--no-progress"},
                       -1, /*nohup=*/true);
  ASSERT_GT(pid, 0);
  const auto give_up = SteadyClock::now() + std::chrono::seconds(60);
  while (cpu_seconds(pid) < 0.3 && SteadyClock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(pid, SIGHUP);
  EXPECT_EQ(wait_for(pid, 1.0), -1000) << "a SIGHUP under nohup ended the batch";
}

TEST(BatchReportSignals, AReportThatCannotBeWrittenSaysWhyAfterTheSummary) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 6\n");
  fs::create_symlink("/dev/full", dir.path() / "r.json");
  auto run = run_in(dir.path(), "batch in --report r.json --no-progress");
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_NE(run.out.find("batch: 1 instance: 1 OK"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("error: report not written: r.json"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("No space left on device"), std::string::npos) << run.err;
  EXPECT_TRUE(fs::is_symlink(dir.path() / "r.json"));
  run = run_in(dir.path(), "batch in --report r.json --json --no-progress");
  EXPECT_EQ(run.status, 2);
  auto summary = nlohmann::json::parse(run.out);
  EXPECT_EQ(summary["status"], "ERROR");
  EXPECT_NE(summary["report_error"].get<std::string>().find("No space left on device"),
            std::string::npos);
}

// A signal while the paths are read from standard input ends the run (it
// used to end the read as an end of file, and the batch went on).
TEST(BatchReportSignals, SigtermWhileReadingListedPathsEndsTheRun) {
  TempDir dir;
  write(dir / "q.txt", "queens 6\n");
  int pipe_ends[2];
  ASSERT_EQ(::pipe(pipe_ends), 0);
  pid_t pid = spawn_in(dir.path(), {"batch", "-", "--no-progress"}, pipe_ends[0]);
  ::close(pipe_ends[0]);
  const std::string lines = "q.txt\nq.txt\n";
  ASSERT_EQ(::write(pipe_ends[1], lines.data(), lines.size()), static_cast<ssize_t>(lines.size()));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // it waits for more lines
  ::kill(pid, SIGTERM);
  const int status = wait_for(pid, 30);
  ::close(pipe_ends[1]);
  EXPECT_EQ(status, 143) << read(dir.path() / ".stderr");
  EXPECT_EQ(read(dir.path() / ".stdout"), "") << "the batch ran on a cut list";
}
