// nursery batch as a user runs it: a directory of good, malformed, empty,
// huge-p, junk and timed-out files gives exactly the expected rows; the
// answers match single-instance runs; a batch killed with SIGKILL leaves no
// half-written answer and --resume finishes the rest.
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
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "run_cli.hpp"
#include "spawn_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nursery::testing::spawn_cli;
using namespace nursery::testing;

nlohmann::json read_json(const fs::path& path) {
  return nlohmann::json::parse(read(path));
}

// "relative path[#id]" -> status, from a JSON report.
std::map<std::string, std::string> statuses(const nlohmann::json& report, const fs::path& root) {
  std::map<std::string, std::string> rows;
  for (const auto& row : report["instances"]) {
    auto path = fs::path(row["path"].get<std::string>()).lexically_relative(root).string();
    if (row.contains("id")) path.append(1, '#').append(row["id"].get<std::string>());
    rows[path] = row["status"].get<std::string>();
  }
  return rows;
}

const char* kCw4 =
    "# id N clues givens solution\n"
    "cw4-1 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - 1342421334212134\n"
    "cw4-2 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - 2143341242311324\n";

// Good, malformed, empty, huge-p, junk and linked files, and a directory
// with nothing to solve.
void write_mixed_directory(const fs::path& in) {
  write(in / "good/input.txt", "DFS\n5\n4\n00200\n00000\n20002\n00000\n00200\n");
  {
    std::string board = "SA\n6\n6\n";
    for (int r = 0; r < 6; ++r) board += "000000\n";
    write(in / "good/queens.txt", board);
  }
  write(in / "malformed/input.txt", "DFS\n4\nfour\n0000\n0000\n0000\n0000\n");
  write(in / "empty/input.txt", "");
  write(in / "empty/notes.txt", "");
  write(in / "hugep/input.txt", "DFS\n3\n2000000000\n000\n000\n000\n");
  write(in / "hugep/beyond32bits.txt", "DFS\n3\n1000000000000\n000\n000\n000\n");
  write(in / "puzzles.txt", kCw4);
  write(in / "eight.txt", "queens 8\n");
  write(in / "README.md", "# not an instance\n");
  write(in / "junk.bin", std::string("\x7f"
                                     "ELF\0\0\1\2\3",
                                     9));
  write(in / "nothing/notes.md", "nothing to solve here\n");
  fs::create_directory_symlink("..", in / "good/loop");
  fs::create_symlink("missing-target", in / "dangling");
}

// The mixed directory's report: each file's row and status, verified
// answers, and the parser's own one-line message for the malformed board.
void expect_mixed_rows(const nlohmann::json& json, const fs::path& in) {
  std::map<std::string, std::string> expected = {
      {"good/input.txt", "OK"},
      {"good/queens.txt", "OK"},
      {"malformed/input.txt", "ERROR"},
      {"empty/input.txt", "ERROR"},
      {"hugep/input.txt", "FAIL"},
      {"hugep/beyond32bits.txt", "ERROR"},
      {"puzzles.txt#cw4-1", "OK"},
      {"puzzles.txt#cw4-2", "OK"},
      {"eight.txt", "OK"},
      {"empty/notes.txt", "ERROR"},
      {"README.md", "SKIPPED"},
      {"junk.bin", "SKIPPED"},
      {"nothing/notes.md", "SKIPPED"},
  };
  EXPECT_EQ(statuses(json, in), expected) << json.dump(1);
  for (const auto& row : json["instances"]) {
    auto status = row["status"].get<std::string>();
    EXPECT_EQ(row["verified"].get<bool>(), status == "OK" || status == "FAIL") << row.dump();
    if (status == "ERROR") {
      EXPECT_FALSE(row["message"].get<std::string>().empty());
    }
  }
  // The parser's own one-line message, with the file and the line.
  for (const auto& row : json["instances"]) {
    if (row["path"].get<std::string>().find("malformed") != std::string::npos) {
      EXPECT_NE(row["message"].get<std::string>().find("input.txt:3:"), std::string::npos)
          << row.dump();
    }
  }
  EXPECT_EQ(json["summary"]["mismatches"], 0);
}

// Answers mirror the tree; nothing for ERROR rows, no temporary files; the
// answers pass the single-file checker too.
void expect_mixed_answers(const fs::path& in, const fs::path& out) {
  EXPECT_TRUE(fs::exists(out / "good/output.txt"));
  EXPECT_TRUE(fs::exists(out / "good/queens.txt.out"));
  EXPECT_TRUE(fs::exists(out / "hugep/output.txt"));
  EXPECT_TRUE(fs::exists(out / "puzzles.txt.out"));
  EXPECT_TRUE(fs::exists(out / "eight.txt.out"));
  EXPECT_FALSE(fs::exists(out / "malformed/output.txt"));
  EXPECT_FALSE(fs::exists(out / "empty/output.txt"));
  EXPECT_EQ(read(out / "hugep/output.txt"), "FAIL\n");
  for (const auto& entry : fs::recursive_directory_iterator(out))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos);
  EXPECT_EQ(run_cli("verify " + (in / "good/input.txt").string() + " " +
                    (out / "good/output.txt").string())
                .status,
            0);
  EXPECT_EQ(
      run_cli("verify " + (in / "puzzles.txt").string() + " " + (out / "puzzles.txt.out").string())
          .status,
      0);
}

TEST(Batch, MixedDirectoryGivesExactlyTheExpectedRows) {
  TempDir dir;
  auto in = dir.path() / "in";
  write_mixed_directory(in);
  auto out = dir.path() / "out";
  auto report = dir.path() / "report.json";
  auto run = run_cli("batch " + in.string() + " -o " + out.string() + " --report " +
                     report.string() + " --verify --no-progress");
  EXPECT_EQ(run.status, 2) << run.output;  // ERROR rows
  // Every regular file has its row: the empty notes.txt is an ERROR too, and
  // README.md, junk.bin and nothing/notes.md are SKIPPED (issue 11, item 7).
  EXPECT_NE(run.output.find("batch: 10 instances: 5 OK, 1 FAIL, 0 TIMEOUT, 4 ERROR"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("; 3 files skipped"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("symbolic link loop"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("broken symbolic link"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("nothing: directory without instances"), std::string::npos)
      << run.output;
  expect_mixed_rows(read_json(report), in);
  expect_mixed_answers(in, out);
}

TEST(Batch, CsvReportHasOneRowPerInstance) {
  TempDir dir;
  write(dir.path() / "in/puzzles.txt", kCw4);
  write(dir.path() / "in/b/input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  auto run = run_cli("batch " + (dir / "in") + " --report " + (dir / "r.csv") + " --no-progress");
  EXPECT_EQ(run.status, 0) << run.output;
  auto csv = read(dir.path() / "r.csv");
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line,
            "path,id,kind,size,status,total,seconds,nodes,verified,resumed,message,cpu_seconds,"
            "peak_memory,config,category,expected");
  int rows = 0;
  while (std::getline(lines, line)) {
    ++rows;
    EXPECT_NE(line.find(",OK,"), std::string::npos) << line;
  }
  EXPECT_EQ(rows, 3);
}

std::string open_latin9() {
  // An empty 9x9 Skyscrapers grid: counting its Latin squares never ends.
  std::string zeros = "0";
  for (int i = 1; i < 36; ++i) zeros += ",0";
  return "open9 9 " + zeros + " - -\n";
}

TEST(Batch, TimeoutIsItsOwnRowAndSiblingsFinish) {
  TempDir dir;
  write(dir.path() / "in/latin9.txt", open_latin9());
  write(dir.path() / "in/puzzles.txt", kCw4);
  write(dir.path() / "in/b/input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  write(dir.path() / "in/c/input.txt", "DFS\n3\n2\n000\n000\n000\n");
  auto start = std::chrono::steady_clock::now();
  auto run = run_cli("batch " + (dir / "in") + " --count --timeout 0.5 --report " +
                     (dir / "r.json") + " --no-progress");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.status, 3) << run.output;
  EXPECT_LT(seconds, 20);
  auto json = read_json(dir.path() / "r.json");
  std::map<std::string, std::string> expected = {{"latin9.txt#open9", "TIMEOUT"},
                                                 {"puzzles.txt#cw4-1", "OK"},
                                                 {"puzzles.txt#cw4-2", "OK"},
                                                 {"b/input.txt", "OK"},
                                                 {"c/input.txt", "OK"}};
  EXPECT_EQ(statuses(json, dir.path() / "in"), expected) << json.dump(1);
  // Unique puzzles count 1; 4 queens: 2 placements; 2 lizards on an open
  // 3x3: 8; a timed-out count is no number.
  std::multiset<std::string> counts;
  for (const auto& row : json["instances"]) {
    if (row["status"] == "TIMEOUT") {
      EXPECT_FALSE(row.contains("total")) << row.dump();
    } else {
      counts.insert(row["total"].dump());
    }
  }
  EXPECT_EQ(counts, (std::multiset<std::string>{"1", "1", "2", "8"}));
}

// Writes `count` generated lizards boards (14 x 14, some trees, one lizard
// more than the greedy places: a real search each) under `root`.
void generate_boards(const fs::path& root, int count) {
  for (int k = 0; k < count; ++k) {
    nursery::lizards::GenerateOptions options;
    options.n = 14;
    options.trees = 0.12;
    options.p = -2;
    options.seed = static_cast<std::uint64_t>(k + 1);
    write(root / ("set" + std::to_string(k % 10)) / ("board" + std::to_string(k) + ".txt"),
          nursery::lizards::format_instance(nursery::lizards::generate(options)));
  }
}

TEST(Batch, OutputsMatchSingleInstanceRuns) {
  TempDir dir;
  generate_boards(dir.path() / "in", 12);
  write(dir.path() / "in/puzzles.txt", kCw4);
  auto out = dir.path() / "out";
  auto run = run_cli("batch " + (dir / "in") + " -o " + out.string() +
                     " --jobs 1 --threads 1 --verify --no-progress");
  ASSERT_EQ(run.status, 0) << run.output;
  for (int k = 0; k < 12; ++k) {
    auto relative = fs::path("set" + std::to_string(k % 10)) / ("board" + std::to_string(k));
    auto input = (dir.path() / "in" / relative).string() + ".txt";
    auto single = run_cli("lizards " + input + " --threads 1", false);
    EXPECT_EQ(read(out / (relative.string() + ".txt.out")), single.output) << input;
  }
  // Skyscrapers: the same grids as the single-file command prints.
  auto single = run_cli("skyscrapers " + (dir / "in/puzzles.txt") + " --threads 1", false);
  auto batch = read(out / "puzzles.txt.out");
  for (const char* grid : {"3 | 1 3 4 2 | 2", "1 | 4 2 1 3 | 2"}) {
    EXPECT_NE(single.output.find(grid), std::string::npos);
    EXPECT_NE(batch.find(grid), std::string::npos);
  }
}

std::size_t answers_in(const fs::path& out) {
  std::size_t count = 0;
  std::error_code error;
  for (fs::recursive_directory_iterator it(out, error), end; !error && it != end;
       it.increment(error))
    if (it->is_regular_file() && it->path().extension() == ".out") ++count;
  return count;
}

TEST(Batch, KilledBatchLeavesNoPartialAnswersAndResumeFinishes) {
  TempDir dir;
  constexpr int kBoards = 400;
  generate_boards(dir.path() / "in", kBoards);
  auto out = dir.path() / "out";
  pid_t pid = spawn_cli(
      {"batch", dir / "in", "-o", out.string(), "--jobs", "1", "--threads", "1", "--no-progress"});
  ASSERT_GT(pid, 0);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (answers_in(out) < 20 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the batch ended before it was killed";
  std::size_t before = answers_in(out);
  EXPECT_LT(before, static_cast<std::size_t>(kBoards));

  // Every answer there is whole: the independent checker accepts it.
  for (const auto& entry : fs::recursive_directory_iterator(out)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".out") continue;
    auto relative = entry.path().lexically_relative(out);
    auto input = dir.path() / "in" / relative;
    input.replace_extension();  // board7.txt.out answers board7.txt
    auto verdict = nursery::lizards::verify(read(input), read(entry.path()));
    EXPECT_TRUE(verdict.valid) << entry.path() << ": " << verdict.reason;
  }

  auto report = dir.path() / "resume.json";
  auto run = run_cli("batch " + (dir / "in") + " -o " + out.string() + " --resume --report " +
                     report.string() + " --no-progress");
  EXPECT_EQ(run.status, 0) << run.output;
  auto json = read_json(report);
  EXPECT_EQ(json["summary"]["instances"], kBoards);
  EXPECT_EQ(json["summary"]["resumed"].get<std::size_t>(), before);
  EXPECT_EQ(answers_in(out), static_cast<std::size_t>(kBoards));
  for (const auto& entry : fs::recursive_directory_iterator(out))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
}

TEST(Batch, InterruptWritesTheReportOfWhatFinished) {
  TempDir dir;
  write(dir.path() / "in/latin9.txt", open_latin9());
  for (int k = 0; k < 20; ++k)
    write(dir.path() / "in" / ("small" + std::to_string(k)) / "input.txt",
          "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  auto report = dir.path() / "r.json";
  pid_t pid = spawn_cli({"batch", dir / "in", "--count", "--jobs", "2", "--threads", "2",
                         "--no-progress", "--report", report.string()});
  ASSERT_GT(pid, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  auto json = read_json(report);
  EXPECT_TRUE(json["summary"]["interrupted"].get<bool>());
  EXPECT_LE(json["instances"].size(), 20u);
  // Only what finished: the endless count is no row, neither TIMEOUT nor a number.
  for (const auto& row : json["instances"]) {
    EXPECT_EQ(row["status"], "OK") << row.dump();
    EXPECT_EQ(row["total"], 2) << row.dump();
  }
}

TEST(Batch, ResumeSolvesAgainWhatDoesNotVerify) {
  TempDir dir;
  write(dir.path() / "in/a/input.txt", "DFS\n5\n4\n00200\n00000\n20002\n00000\n00200\n");
  write(dir.path() / "in/b/input.txt", "DFS\n4\n3\n0000\n0200\n0000\n0000\n");
  write(dir.path() / "in/puzzles.txt", kCw4);
  auto out = dir.path() / "out";
  ASSERT_EQ(run_cli("batch " + (dir / "in") + " -o " + out.string() + " --no-progress").status, 0);
  auto good = read(out / "a/output.txt");
  // A wrong answer (every cell a lizard) and a puzzle grid broken in place.
  write(out / "a/output.txt", "OK\n11211\n11111\n21112\n11111\n11211\n");
  auto puzzles = read(out / "puzzles.txt.out");
  auto row = puzzles.find("3 | 1 3 4 2 | 2");
  ASSERT_NE(row, std::string::npos);
  puzzles.replace(row, 15, "3 | 1 1 4 2 | 2");
  write(out / "puzzles.txt.out", puzzles);
  auto report = dir.path() / "r.json";
  auto run = run_cli("batch " + (dir / "in") + " -o " + out.string() + " --resume --report " +
                     report.string() + " --no-progress");
  EXPECT_EQ(run.status, 0) << run.output;
  auto json = read_json(report);
  std::map<std::string, bool> resumed;
  for (const auto& entry : json["instances"])
    resumed[fs::path(entry["path"].get<std::string>()).parent_path().filename().string() +
            entry.value("id", "")] = entry["resumed"].get<bool>();
  std::map<std::string, bool> expected = {
      {"a", false}, {"b", true}, {"incw4-1", false}, {"incw4-2", true}};
  EXPECT_EQ(resumed, expected) << json.dump(1);
  EXPECT_TRUE(nursery::lizards::verify(read(dir.path() / "in/a/input.txt"),
                                              read(out / "a/output.txt"))
                  .valid);
  EXPECT_EQ(run_cli("verify " + (dir / "in/puzzles.txt") + " " + (out / "puzzles.txt.out").string())
                .status,
            0);
}

TEST(Batch, BadUsageIsOneLine) {
  EXPECT_EQ(run_cli("batch").status, 2);
  EXPECT_EQ(run_cli("batch /tmp --report r.txt").status, 2);
  EXPECT_EQ(run_cli("batch /tmp --resume").status, 2);
  auto run = run_cli("batch /no/such/dir --no-progress");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("no such file or directory"), std::string::npos);
}

}  // namespace
