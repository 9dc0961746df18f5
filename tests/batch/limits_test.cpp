// nursery batch with limits per instance and isolated children: a memory hog
// ends OUT OF MEMORY while every other row is right; a CPU-bound instance
// ends within its CPU limit and the grace; a batch killed with SIGKILL
// leaves no child running and --resume (with its joblog) gives the same
// report; --rerun-failed solves again only what failed; bad limits exit 2.
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <nursery/lizards.hpp>
#include <nursery/skyscrapers.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "run_cli.hpp"
#include "sanitized.hpp"
#include "spawn_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nursery::testing::read;
using nursery::testing::run_cli;
using nursery::testing::spawn_cli;
using nursery::testing::TempDir;
using nursery::testing::write;

#ifdef NURSERY_TEST_SANITIZED
constexpr bool kSanitized = true;  // their shadow memory needs terabytes of address space
#else
constexpr bool kSanitized = false;
#endif

// N-queens totals (OEIS A000170), to check the counts rows carry.
const std::map<int, std::string> kQueens = {{6, "4"},      {7, "40"},    {8, "92"},
                                            {9, "352"},    {10, "724"},  {11, "2680"},
                                            {12, "14200"}, {13, "73712"}};

nlohmann::json read_json(const fs::path& path) {
  return nlohmann::json::parse(read(path));
}

// "file name[#id]" -> the row.
std::map<std::string, nlohmann::json> rows_of(const nlohmann::json& report) {
  std::map<std::string, nlohmann::json> rows;
  for (const auto& row : report["instances"]) {
    auto name = fs::path(row["path"].get<std::string>()).filename().string();
    if (row.contains("id")) name += "#" + row["id"].get<std::string>();
    rows[name] = row;
  }
  return rows;
}

std::string total_of(const nlohmann::json& row) {
  if (!row.contains("total")) return "";
  return row["total"].is_string() ? row["total"].get<std::string>() : row["total"].dump();
}

const char* kCw4 =
    "# id N clues givens solution\n"
    "cw4-1 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - 1342421334212134\n"
    "cw4-2 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - 2143341242311324\n";

// An empty n x n lizards board: its text alone is n*n bytes.
std::string empty_board(int n, int p) {
  std::string row(static_cast<std::size_t>(n), '0');
  std::string text = "DFS\n" + std::to_string(n) + "\n" + std::to_string(p) + "\n";
  text.reserve(text.size() + static_cast<std::size_t>(n) * (n + 1));
  for (int r = 0; r < n; ++r) text += row + "\n";
  return text;
}

TEST(BatchLimits, MemoryHogIsOutOfMemoryAndEveryOtherRowIsRight) {
  if (kSanitized) GTEST_SKIP() << "a sanitizer's shadow memory cannot live under RLIMIT_AS";
  TempDir dir;
  auto in = dir.path() / "in";
  // 6000 x 6000: 36 MB of text, more than the whole child may map.
  write(in / "hog/input.txt", empty_board(6000, 6000));
  write(in / "good/input.txt", "DFS\n5\n4\n00200\n00000\n20002\n00000\n00200\n");
  write(in / "puzzles.txt", kCw4);
  write(in / "q8.txt", "queens 8\n");
  auto report = dir.path() / "r.json";
  auto run = run_cli("batch " + in.string() + " -o " + (dir / "out") +
                     " --verify --memory-limit 48M --report " + report.string() + " --no-progress");
  EXPECT_EQ(run.status, 3) << run.output;  // a limit reached
  const auto rows = read_json(report)["instances"];
  ASSERT_EQ(rows.size(), 5u) << run.output;
  std::size_t out_of_memory = 0;
  for (const auto& row : rows) {
    const std::string path = row["path"];
    if (path.find("/hog/") != std::string::npos) {
      EXPECT_EQ(row["status"], "OUT OF MEMORY") << row.dump();
      EXPECT_LE(row["peak_memory"].get<std::uint64_t>(), std::uint64_t{48} << 20) << row.dump();
      ++out_of_memory;
      continue;
    }
    EXPECT_EQ(row["status"], "OK") << row.dump();
    EXPECT_TRUE(row["verified"].get<bool>()) << row.dump();
    EXPECT_GT(row["cpu_seconds"].get<double>(), 0.0) << row.dump();
    EXPECT_GT(row["peak_memory"].get<std::uint64_t>(), 0u) << row.dump();
  }
  EXPECT_EQ(out_of_memory, 1u);
  // The answers the children wrote check, independently of the run's --verify.
  auto verdict = nursery::lizards::verify(read(in / "good/input.txt"),
                                          read(dir.path() / "out/good/output.txt"));
  EXPECT_TRUE(verdict.valid) << verdict.reason;
  EXPECT_FALSE(fs::exists(dir.path() / "out/hog/output.txt"));
}

TEST(BatchLimits, CpuBoundInstanceEndsWithinItsLimitAndTheGrace) {
  TempDir dir;
  write(dir.path() / "in/q20.txt", "queens 20\n");  // hours of CPU
  write(dir.path() / "in/q9.txt", "queens 9\n");
  auto report = dir.path() / "r.json";
  const auto start = std::chrono::steady_clock::now();
  auto run = run_cli("batch " + (dir / "in") + " --count --cpu-limit 1 --report " +
                     report.string() + " --no-progress");
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.status, 3) << run.output;
  auto rows = rows_of(read_json(report));
  ASSERT_EQ(rows.size(), 2u) << run.output;
  EXPECT_EQ(rows["q20.txt"]["status"], "TIMEOUT (cpu)") << rows["q20.txt"].dump();
  EXPECT_EQ(rows["q20.txt"]["category"], "unknown") << rows["q20.txt"].dump();
  EXPECT_FALSE(rows["q20.txt"].contains("total"));
  const double cpu = rows["q20.txt"]["cpu_seconds"].get<double>();
  EXPECT_GE(cpu, 0.9);
  // The watchdog stops it at 1 s; the kernel's backstop (SIGXCPU at 2 s,
  // SIGKILL at 3 s) bounds a child that did not stop.
  EXPECT_LE(cpu, 3.0);
  EXPECT_LT(wall, 120.0);
  EXPECT_EQ(rows["q9.txt"]["status"], "OK");
  EXPECT_EQ(total_of(rows["q9.txt"]), kQueens.at(9));
}

// The processes whose command line holds `needle` (isolated children of a
// batch over a test's own directory).
std::vector<pid_t> processes_with(const std::string& needle) {
  std::vector<pid_t> found;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const auto name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (char& c : cmdline)
      if (c == '\0') c = ' ';
    if (cmdline.find("--isolated-child") != std::string::npos &&
        cmdline.find(needle) != std::string::npos)
      found.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return found;
}

std::size_t lines_in(const fs::path& file) {
  std::error_code error;
  if (!fs::exists(file, error)) return 0;
  const std::string text = read(file);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// (status, total) of every row, by name.
std::map<std::string, std::pair<std::string, std::string>> outcome(const fs::path& report) {
  std::map<std::string, std::pair<std::string, std::string>> rows;
  for (const auto& [name, row] : rows_of(read_json(report)))
    rows[name] = {row["status"].get<std::string>(), total_of(row)};
  return rows;
}

TEST(BatchLimits, KilledIsolatedBatchLeavesNoChildAndResumesToTheSameReport) {
  TempDir dir;
  auto in = dir.path() / "in";
  for (int n = 6; n <= 12; ++n)
    write(in / ("a" + std::to_string(n) + ".txt"), "queens " + std::to_string(n) + "\n");
  write(in / "b_slow.txt", "queens 21\n");  // still counting when it is killed
  write(in / "c13.txt", "queens 13\n");
  const std::vector<std::string> common = {
      "--count", "--isolate", "--jobs", "1", "--threads", "1", "--timeout", "3", "--no-progress"};
  auto out = dir.path() / "out";
  auto joblog = dir.path() / "jobs.log";
  std::vector<std::string> arguments = {"batch",      in.string(), "-o",
                                        out.string(), "--joblog",  joblog.string()};
  arguments.insert(arguments.end(), common.begin(), common.end());
  pid_t pid = spawn_cli(arguments);
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while ((lines_in(joblog) < 7 || processes_with((in / "b_slow.txt").string()).empty()) &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_FALSE(processes_with((in / "b_slow.txt").string()).empty()) << "no child to kill";
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the batch ended before it was killed";
  // Its children die with it (PR_SET_PDEATHSIG).
  const auto gone = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!processes_with(in.string()).empty() && std::chrono::steady_clock::now() < gone)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(processes_with(in.string()).empty()) << "a child outlived the killed batch";
  EXPECT_GE(lines_in(joblog), 7u);
  for (const auto& line : [&] {
         std::vector<std::string> lines;
         std::istringstream text(read(joblog));
         for (std::string line; std::getline(text, line);) lines.push_back(line);
         return lines;
       }())
    EXPECT_FALSE(nlohmann::json::parse(line, nullptr, false).is_discarded()) << line;

  auto resumed = dir.path() / "resumed.json";
  std::string command = "batch " + in.string() + " -o " + out.string() + " --resume --joblog " +
                        joblog.string() + " --report " + resumed.string();
  for (const auto& word : common) command += " " + word;
  auto run = run_cli(command);
  EXPECT_EQ(run.status, 3) << run.output;  // the slow one's TIMEOUT
  auto whole = dir.path() / "whole.json";
  auto again = run_cli("batch " + in.string() + " --count --timeout 3 --report " + whole.string() +
                       " --no-progress");
  EXPECT_EQ(again.status, 3) << again.output;
  auto rows = outcome(resumed);
  EXPECT_EQ(rows, outcome(whole));
  for (const auto& [n, total] : kQueens)
    if (n >= 6 && n <= 12) {
      EXPECT_EQ(rows["a" + std::to_string(n) + ".txt"].second, total) << n;
    }
  EXPECT_EQ(rows["c13.txt"].second, kQueens.at(13));
  EXPECT_EQ(rows["b_slow.txt"].first, "TIMEOUT");
  EXPECT_GE(read_json(resumed)["summary"]["resumed"].get<std::size_t>(), 7u);

  // The joblog alone reruns what it does not hold answered: the same report.
  auto rerun = dir.path() / "rerun.json";
  auto logged = run_cli("batch " + in.string() + " --count --timeout 3 --rerun-failed " +
                        joblog.string() + " --report " + rerun.string() + " --no-progress");
  EXPECT_EQ(logged.status, 3) << logged.output;
  EXPECT_EQ(outcome(rerun), outcome(whole));
  EXPECT_GE(read_json(rerun)["summary"]["resumed"].get<std::size_t>(), 7u);
}

TEST(BatchLimits, RerunFailedSolvesOnlyWhatFailedAndKeepsTheRest) {
  TempDir dir;
  auto in = dir.path() / "in";
  write(in / "q8.txt", "queens 8\n");
  write(in / "puzzles.txt", kCw4);
  write(in / "broken/input.txt", "DFS\n4\nfour\n0000\n0000\n0000\n0000\n");
  auto first = dir.path() / "first.json";
  auto run =
      run_cli("batch " + in.string() + " --verify --report " + first.string() + " --no-progress");
  EXPECT_EQ(run.status, 2) << run.output;  // the ERROR row
  // The broken board is mended; the rerun solves it alone.
  write(in / "broken/input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  auto second = dir.path() / "second.json";
  run = run_cli("batch " + in.string() + " --verify --rerun-failed " + first.string() +
                " --report " + second.string() + " --no-progress");
  EXPECT_EQ(run.status, 0) << run.output;
  auto before = rows_of(read_json(first));
  auto after = rows_of(read_json(second));
  ASSERT_EQ(after.size(), 4u);
  EXPECT_EQ(after["input.txt"]["status"], "OK");
  EXPECT_TRUE(after["input.txt"]["verified"].get<bool>());
  EXPECT_FALSE(after["input.txt"]["resumed"].get<bool>());
  for (const char* kept : {"q8.txt", "puzzles.txt#cw4-1", "puzzles.txt#cw4-2"}) {
    EXPECT_TRUE(after[kept]["resumed"].get<bool>()) << kept;
    EXPECT_EQ(after[kept]["status"], before[kept]["status"]) << kept;
    EXPECT_EQ(after[kept]["nodes"], before[kept]["nodes"]) << kept;
    // A kept row keeps its category, and the summary counts it.
    EXPECT_EQ(after[kept]["category"], before[kept]["category"]) << kept;
  }
  EXPECT_EQ(after["q8.txt"]["category"], "correct");
  EXPECT_EQ(read_json(second)["summary"]["correct"], read_json(first)["summary"]["correct"]);
  // A row of the wrong shape (seconds as text, a negative total, a path's
  // bytes not in hex) is refused in one line naming the report, exit 2.
  auto base = read_json(first);
  for (const auto& [key, value] : std::vector<std::pair<std::string, nlohmann::json>>{
           {"seconds", "fast"}, {"total", -4}, {"path_bytes", "zz"}, {"peak_memory", 1.5}}) {
    auto bent = base;
    bent["instances"][0][key] = value;
    auto hostile = dir.path() / "hostile.json";
    write(hostile, bent.dump());
    auto refused =
        run_cli("batch " + in.string() + " --rerun-failed " + hostile.string() + " --no-progress");
    EXPECT_EQ(refused.status, 2) << key << ": " << refused.output;
    EXPECT_NE(refused.output.find(hostile.string()), std::string::npos) << key << refused.output;
  }
  // A report over other paths is refused.
  auto other = run_cli("batch " + (in / "broken").string() + " --rerun-failed " + first.string() +
                       " --no-progress");
  EXPECT_EQ(other.status, 2) << other.output;
  EXPECT_NE(other.output.find("--rerun-failed"), std::string::npos) << other.output;
  auto junk = dir.path() / "junk.json";
  write(junk, "[1, 2]\n");
  auto refused =
      run_cli("batch " + in.string() + " --rerun-failed " + junk.string() + " --no-progress");
  EXPECT_EQ(refused.status, 2) << refused.output;
}

// A rerun stopped by Ctrl-C keeps every row it was to keep: the files it
// never reached keep their earlier answers in the report, even when the
// report it writes is the one it reruns.
TEST(BatchLimits, AnInterruptedRerunLosesNoKeptRow) {
  TempDir dir;
  auto in = dir.path() / "in";
  write(in / "a_slow.txt", "queens 21\n");  // an hour of counting: still running at the stop
  for (int k = 1; k <= 12; ++k) write(in / ("b" + std::to_string(k) + ".txt"), "queens 8\n");
  auto report = dir.path() / "r.json";
  const std::string common =
      " --count --jobs 1 --threads 1 --no-progress --report " + report.string();
  auto first = run_cli("batch " + in.string() + common + " --timeout 0.05");
  ASSERT_EQ(first.status, 3) << first.output;  // a_slow's TIMEOUT
  ASSERT_EQ(rows_of(read_json(report)).size(), 13u);
  auto joblog = dir.path() / "j.log";
  pid_t pid = spawn_cli({"batch", in.string(), "--count", "--jobs", "1", "--threads", "1",
                         "--no-progress", "--report", report.string(), "--rerun-failed",
                         report.string(), "--joblog", joblog.string()});
  ASSERT_GT(pid, 0);
  // The joblog opens once the earlier report is read: the run is under way.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!fs::exists(joblog) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const auto json = read_json(report);
  auto rows = rows_of(json);
  // The slow file, stopped in flight, is counted unfinished (no row).
  EXPECT_EQ(rows.size(), 12u) << json.dump();
  EXPECT_EQ(json["summary"]["instances"], 13) << json.dump();
  EXPECT_EQ(json["summary"]["unfinished"], 1) << json.dump();
  for (int k = 1; k <= 12; ++k) {
    const auto& row = rows["b" + std::to_string(k) + ".txt"];
    EXPECT_EQ(row["status"], "OK") << row.dump();
    EXPECT_TRUE(row["resumed"].get<bool>()) << row.dump();
    EXPECT_EQ(total_of(row), "92");
  }
  EXPECT_TRUE(json["summary"]["interrupted"].get<bool>());
}

// A limit reached is no answer: its row is "unknown" against the expected
// count, never "wrong", and the run exits 3 (a limit), not 1.
TEST(BatchLimits, ALimitReachedIsNoWrongAnswer) {
  if (kSanitized) GTEST_SKIP() << "a sanitizer's shadow memory cannot live under RLIMIT_AS";
  TempDir dir;
  write(dir.path() / "in/q20.txt", "queens 20\n");  // needs more than 64 MiB
  auto report = dir.path() / "r.json";
  auto run = run_cli("batch " + (dir / "in") + " --count --memory-limit 64M --report " +
                     report.string() + " --no-progress");
  EXPECT_EQ(run.status, 3) << run.output;
  auto rows = rows_of(read_json(report));
  EXPECT_EQ(rows["q20.txt"]["status"], "OUT OF MEMORY") << rows["q20.txt"].dump();
  EXPECT_EQ(rows["q20.txt"]["category"], "unknown") << rows["q20.txt"].dump();
}

// A puzzle's id that is no UTF-8 reaches the parent from an isolated child
// (as U+FFFD): the row is the in-process run's, not an ERROR.
TEST(BatchLimits, AnIdThatIsNoUtf8ComesBackFromTheChild) {
  TempDir dir;
  write(dir.path() / "in/p.txt",
        "p\xa9"
        "1 4 0,0,2,2,0,0,1,2,0,0,0,0,0,3,0,2 - -\n");
  for (const char* mode : {"", " --isolate"}) {
    auto report = dir.path() / "r.json";
    auto run =
        run_cli("batch " + (dir / "in") + mode + " --report " + report.string() + " --no-progress");
    EXPECT_EQ(run.status, 0) << mode << run.output;
    auto rows = read_json(report)["instances"];
    ASSERT_EQ(rows.size(), 1u) << mode;
    EXPECT_EQ(rows[0]["status"], "OK") << mode << rows[0].dump();
  }
}

TEST(BatchLimits, BadLimitsAreOneLineAndExitTwo) {
  TempDir dir;
  write(dir.path() / "in/q8.txt", "queens 8\n");
  for (const std::string limit :
       {"--cpu-limit 0", "--cpu-limit -1", "--cpu-limit nan", "--cpu-limit inf", "--cpu-limit abc",
        "--memory-limit 0", "--memory-limit -5M", "--memory-limit nan", "--memory-limit 1e30T",
        "--memory-limit 10K", "--memory-limit 12Q"}) {
    auto run = run_cli("batch " + (dir / "in") + " " + limit + " --no-progress");
    EXPECT_EQ(run.status, 2) << limit << ": " << run.output;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << limit << run.output;
    EXPECT_NE(run.output.find(limit.substr(0, limit.find(' '))), std::string::npos) << run.output;
  }
}

TEST(BatchLimits, IsolatedRowsMatchInProcessRowsAndTheJoblogHasEveryRow) {
  TempDir dir;
  auto in = dir.path() / "in";
  write(in / "q7.txt", "queens 7\n");
  write(in / "puzzles.txt", kCw4);
  write(in / "good/input.txt", "DFS\n5\n4\n00200\n00000\n20002\n00000\n00200\n");
  auto isolated = dir.path() / "isolated.json";
  auto joblog = dir.path() / "jobs.log";
  auto run = run_cli("batch " + in.string() + " --verify --isolate --joblog " + joblog.string() +
                     " --report " + isolated.string() + " --no-progress");
  EXPECT_EQ(run.status, 0) << run.output;
  auto plain = dir.path() / "plain.json";
  run = run_cli("batch " + in.string() + " --verify --report " + plain.string() + " --no-progress");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(outcome(isolated), outcome(plain));
  for (const auto& [name, row] : rows_of(read_json(isolated)))
    EXPECT_TRUE(row["verified"].get<bool>()) << name;
  EXPECT_EQ(lines_in(joblog), 4u);
}

}  // namespace
