// batch and the file system: what it may delete (only its own stale
// temporaries), where each root's answers go, an OUTDIR inside the input,
// names no report may lose, listed paths that are gone, a report inside the
// input, merged parts, resumed counts, and a kill -9 followed by --resume.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using nursery::testing::read;
using nursery::testing::run_in;
using nursery::testing::shell;
using nursery::testing::TempDir;
using nursery::testing::write;

namespace {

nlohmann::json rows_of(const fs::path& report) {
  return nlohmann::json::parse(read(report))["instances"];
}

}  // namespace

TEST(BatchFs, DeletesOnlyItsOwnTemporariesOfProcessesThatAreGone) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 6\n");
  // A user's file of a look-alike name, a live process's temporary (PID 1
  // always runs), and a dead run's (no PID this large is running).
  write(dir / "out/.notes.tmp.keep", "mine\n");
  write(dir / "out/.q.out.tmp.1.3", "live\n");
  write(dir / "out/.q.out.tmp.4194304", "stale\n");
  write(dir / "out/.r.json.tmp.4194304.7", "stale\n");
  write(dir / ".r.json.tmp.4194304", "stale report\n");
  write(dir / ".other.json.tmp.4194304", "not this report's\n");
  auto run = run_in(dir.path(), "batch in -o out --report r.json --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::exists(dir.path() / "out/.notes.tmp.keep"));
  EXPECT_TRUE(fs::exists(dir.path() / "out/.q.out.tmp.1.3"));
  EXPECT_FALSE(fs::exists(dir.path() / "out/.q.out.tmp.4194304"));
  EXPECT_FALSE(fs::exists(dir.path() / "out/.r.json.tmp.4194304.7"));
  EXPECT_FALSE(fs::exists(dir.path() / ".r.json.tmp.4194304"));
  EXPECT_TRUE(fs::exists(dir.path() / ".other.json.tmp.4194304"));
}

TEST(BatchFs, TwoBatchesIntoOneOutdirBothWriteEverything) {
  TempDir dir;
  for (int i = 1; i <= 30; ++i) write(dir / ("a/q" + std::to_string(i) + ".txt"), "queens 10\n");
  for (int i = 1; i <= 30; ++i) write(dir / ("b/q" + std::to_string(i) + ".txt"), "queens 11\n");
  EXPECT_EQ(shell(dir.path(),
                  std::string("'") + NURSERY_CLI + "' batch a -o out --report ra.json --no-progress & '" +
                      NURSERY_CLI + "' batch b -o out/b --report rb.json --no-progress; s=$?; wait $! || s=1; exit $s"),
            0);
  EXPECT_EQ(rows_of(dir.path() / "ra.json").size(), 30u);
  EXPECT_EQ(rows_of(dir.path() / "rb.json").size(), 30u);
  EXPECT_TRUE(fs::exists(dir.path() / "out/q30.txt.out"));
  EXPECT_TRUE(fs::exists(dir.path() / "out/b/q30.txt.out"));
}

TEST(BatchFs, RootsOfOneNameGetPlacesOfTheirOwn) {
  TempDir dir;
  write(dir / "a/in/q.txt", "queens 6\n");
  write(dir / "b/in/q.txt", "queens 8\n");
  auto run = run_in(dir.path(), "batch a/in b/in -o out --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  // Six rows of '.' and 'Q' for n = 6, eight for n = 8 (after the line
  // holding the hash of the input).
  auto board = [](const std::string& answer) { return answer.substr(answer.find('\n') + 1); };
  EXPECT_EQ(board(read(dir.path() / "out/in/q.txt.out")).find('\n'), 6u);
  EXPECT_EQ(board(read(dir.path() / "out/in.2/q.txt.out")).find('\n'), 8u);
  run = run_in(dir.path(), "batch a/in/q.txt b/in/q.txt -o files --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(board(read(dir.path() / "files/q.txt.out")).find('\n'), 6u);
  EXPECT_EQ(board(read(dir.path() / "files/q.2.txt.out")).find('\n'), 8u);
}

TEST(BatchFs, AnOutdirInsideTheInputIsRefusedNeverDroppingInstances) {
  TempDir dir;
  write(dir / "in/a.txt", "queens 5\n");
  write(dir / "in/sub/b.txt", "queens 7\n");
  for (const char* outdir : {"in", "in/sub", "./in"}) {
    auto run = run_in(dir.path(), std::string("batch in -o ") + outdir + " --no-progress");
    EXPECT_EQ(run.status, 2) << outdir;
    EXPECT_NE(run.err.find("-o " + std::string(outdir)), std::string::npos) << run.err;
  }
  EXPECT_FALSE(fs::exists(dir.path() / "in/a.txt.out"));
  // An answers folder inside the input is fine: it holds answers only.
  auto run = run_in(dir.path(), "batch in -o in/answers --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  run = run_in(dir.path(), "batch in -o in/answers --no-progress --resume");
  EXPECT_EQ(run.status, 0) << run.err;
}

TEST(BatchFs, NamesOfAnyBytesKeepTheReportWhole) {
  TempDir dir;
  write(dir / "in/q\xff.txt", "queens 6\n");
  write(dir / "in/-dash.txt", "queens 5\n");
  write(dir / "in/new\nline.txt", "queens 4\n");
  write(dir / "in/sp ace.txt", "queens 7\n");
  write(dir / "in/bad.txt", "DFS\n4\n4\n00\xff" "0\n0000\n0000\n0000\n");
  auto run = run_in(dir.path(), "batch in -o out --report r.json --no-progress");
  EXPECT_EQ(run.status, 2) << run.err;  // bad.txt is an ERROR row
  auto rows = rows_of(dir.path() / "r.json");  // parses: valid UTF-8
  ASSERT_EQ(rows.size(), 5u);
  bool named = false;
  for (const auto& row : rows)
    if (row.contains("path_bytes")) {
      named = true;
      EXPECT_EQ(row["path"], "in/q\\xff.txt");
      EXPECT_EQ(row["path_bytes"], "696e2f71ff2e747874");
      EXPECT_EQ(row["status"], "OK");
    }
  EXPECT_TRUE(named);
  EXPECT_TRUE(fs::exists(dir.path() / "out/q\xff.txt.out"));
  EXPECT_TRUE(fs::exists(dir.path() / "out/new\nline.txt.out"));
  // CSV keeps the raw bytes, quoted where they hold a comma, quote or break.
  run = run_in(dir.path(), "batch in --report r.csv --no-progress");
  const std::string csv = read(dir.path() / "r.csv");
  EXPECT_NE(csv.find("\nin/q\xff.txt,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n\"in/new\nline.txt\","), std::string::npos) << csv;
}

TEST(BatchFs, AListedPathThatIsGoneIsAnErrorRow) {
  TempDir dir;
  write(dir / "q.txt", "queens 6\n");
  write(dir / "list", "q.txt\nnonexist.txt\n");
  auto run = run_in(dir.path(), "batch - --report r.json --no-progress < list");
  EXPECT_EQ(run.status, 2) << run.err;
  auto rows = rows_of(dir.path() / "r.json");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["status"], "OK");
  EXPECT_EQ(rows[1]["status"], "ERROR");
  EXPECT_NE(rows[1]["message"].get<std::string>().find("nonexist.txt"), std::string::npos);
}

TEST(BatchFs, AReportInsideTheInputIsNoInstanceOfTheNextRun) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 6\n");
  for (int run_number = 0; run_number < 2; ++run_number) {
    auto run = run_in(dir.path(), "batch in --report in/r.json --no-progress");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(rows_of(dir.path() / "in/r.json").size(), 1u) << read(dir.path() / "in/r.json");
  }
}

TEST(BatchFs, MergeRefusesDuplicatesOverlapsAndGaps) {
  TempDir dir;
  for (int i = 1; i <= 9; ++i) write(dir / ("in/q" + std::to_string(i) + ".txt"), "queens 6\n");
  for (int part = 1; part <= 3; ++part)
    ASSERT_EQ(run_in(dir.path(), "batch in --no-progress --part " + std::to_string(part) +
                                     "/3 --report p" + std::to_string(part) + ".json")
                  .status,
              0);
  ASSERT_EQ(run_in(dir.path(), "batch in --no-progress --report whole.json").status, 0);
  auto merged = run_in(dir.path(), "batch --merge p1.json p2.json p3.json --report m.json");
  EXPECT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(rows_of(dir.path() / "m.json").size(), 9u);
  auto summary = nlohmann::json::parse(read(dir.path() / "m.json"))["summary"];
  EXPECT_EQ(summary["instances"], 9);
  EXPECT_EQ(summary["threads"], nlohmann::json::parse(read(dir.path() / "p1.json"))["summary"]["threads"]);
  for (const char* reports : {"p1.json p1.json p2.json p3.json", "whole.json p1.json",
                              "p1.json p2.json", "p2.json p3.json"}) {
    auto run = run_in(dir.path(), std::string("batch --merge ") + reports + " --report bad.json");
    EXPECT_EQ(run.status, 2) << reports;
    EXPECT_FALSE(fs::exists(dir.path() / "bad.json")) << reports;
  }
}

TEST(BatchFs, ResumedQueensCountsAreCheckedAgainstThePublishedTotals) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 10\n");
  ASSERT_EQ(run_in(dir.path(), "batch in --count -o out --no-progress").status, 0);
  // The count after the line holding the hash of its input (for --resume).
  const std::string answer = read(dir.path() / "out/q.txt.out");
  ASSERT_EQ(answer.rfind("# input fnv1a64 ", 0), 0u) << answer;
  EXPECT_EQ(answer.substr(answer.find('\n') + 1), "724\n");
  // Damaged under the right hash: the table refuses it, counted again.
  write(dir / "out/q.txt.out", answer.substr(0, answer.find('\n') + 1) + "725\n");
  auto run = run_in(dir.path(), "batch in --count -o out --resume --report r.json --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  auto rows = rows_of(dir.path() / "r.json");
  EXPECT_EQ(rows[0]["total"], 724);
  EXPECT_EQ(rows[0]["resumed"], false);
  EXPECT_EQ(read(dir.path() / "out/q.txt.out"), answer);
  run = run_in(dir.path(), "batch in --count -o out --resume --report r.json --no-progress");
  rows = rows_of(dir.path() / "r.json");
  EXPECT_EQ(rows[0]["resumed"], true);
  EXPECT_EQ(rows[0]["verified"], true);
}

TEST(BatchFs, AKilledBatchResumedEqualsAnUninterruptedRun) {
  TempDir dir;
  // Enough work that the kill lands mid-run (about a second on two cores).
  for (int i = 1; i <= 40; ++i)
    write(dir / ("in/q" + std::to_string(i) + ".txt"), "queens " + std::to_string(10 + i % 4) + "\n");
  ASSERT_EQ(run_in(dir.path(), "batch in --count -o whole --report whole.json --no-progress").status, 0);
  shell(dir.path(), std::string("'") + NURSERY_CLI +
                        "' batch in --count -o part --no-progress & sleep 0.3; kill -9 $!; wait");
  // Only whole answers are in place: every .out there is a right count.
  for (const auto& entry : fs::directory_iterator(dir.path() / "part")) {
    if (entry.path().extension() != ".out") continue;
    EXPECT_EQ(read(entry.path()), read(dir.path() / "whole" / entry.path().filename()))
        << entry.path();
  }
  auto run = run_in(dir.path(), "batch in --count -o part --resume --report part.json --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  auto whole = rows_of(dir.path() / "whole.json"), resumed = rows_of(dir.path() / "part.json");
  ASSERT_EQ(whole.size(), resumed.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    EXPECT_EQ(whole[i]["path"], resumed[i]["path"]);
    EXPECT_EQ(whole[i]["status"], resumed[i]["status"]);
    EXPECT_EQ(whole[i]["total"], resumed[i]["total"]) << whole[i]["path"];
  }
  for (const auto& entry : fs::directory_iterator(dir.path() / "part"))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
}
