// The batch engine in-process (nursery::batch::run), so its lanes, writer
// thread and report also run under ThreadSanitizer: a mixed directory gives
// the expected rows and answers that an independent checker (written here
// from the rules, sharing no code with the engine) accepts; every dataset
// file gets the verdict its kind's own solve() gives; stops, resumes and
// write failures are accounted for.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <nursery/batch.hpp>
#include <nursery/lizards.hpp>
#include <nursery/skyscrapers.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace batch = nursery::batch;

using nursery::testing::read;
using nursery::testing::TempDir;
using nursery::testing::write;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// The lizards rules, from scratch: the input is "ALG / n / p / n rows of 0
// and 2", the answer "OK" then n rows with 1 on the lizards, or "FAIL".
// True when the OK answer places p lizards on empty cells, no two seeing
// each other along a row, column or diagonal without a tree between.
bool lizards_answer_valid(const std::string& input, const std::string& answer) {
  auto in = lines_of(input);
  auto out = lines_of(answer);
  if (in.size() < 3 || out.empty() || out[0] != "OK") return false;
  int n = std::stoi(in[1]);
  long p = std::stol(in[2]);
  if (static_cast<int>(out.size()) != n + 1) return false;
  long placed = 0;
  for (int r = 0; r < n; ++r) {
    if (static_cast<int>(out[r + 1].size()) != n) return false;
    for (int c = 0; c < n; ++c) {
      char cell = out[r + 1][c], given = in[3 + r][c];
      if (cell == '1') {
        if (given != '0') return false;
        ++placed;
      } else if (cell != given) {
        return false;
      }
    }
  }
  if (placed != p) return false;
  const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (out[r + 1][c] != '1') continue;
      for (const auto& step : steps)
        for (int rr = r + step[0], cc = c + step[1]; rr < n && cc >= 0 && cc < n;
             rr += step[0], cc += step[1]) {
          if (out[rr + 1][cc] == '2') break;
          if (out[rr + 1][cc] == '1') return false;
        }
    }
  return true;
}

struct Collected {
  std::mutex mutex;
  std::vector<std::string> lines;
};

batch::Options options_for(const fs::path& root, Collected* collected = nullptr) {
  batch::Options options;
  options.paths = {root.string()};
  options.threads = 2;
  if (collected != nullptr)
    options.message = [collected](const std::string& line) {
      std::lock_guard lock(collected->mutex);
      collected->lines.push_back(line);
    };
  return options;
}

std::map<std::string, nlohmann::json> rows_by_path(const fs::path& report) {
  std::map<std::string, nlohmann::json> rows;
  auto parsed = nlohmann::json::parse(read(report));
  for (const auto& row : parsed["instances"]) {
    std::string key = row["path"].get<std::string>();
    if (row.contains("id")) key += "#" + row["id"].get<std::string>();
    rows[key] = row;
  }
  return rows;
}

const std::string kOpenBoard = "DFS\n4\n4\n0000\n0000\n0000\n0000\n";
const std::string kTreeBoard = "BFS\n3\n2\n000\n020\n000\n";
const std::string kNoRoom = "DFS\n2\n2\n00\n00\n";

TEST(BatchEngine, MixedDirectoryGivesTheExpectedRowsAndCheckedAnswers) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  write(in / "open" / "input.txt", kOpenBoard);
  write(in / "tree.txt", kTreeBoard);
  write(in / "none.txt", kNoRoom);
  write(in / "q8.txt", "queens 8\n");
  write(in / "sky.txt", read(fs::path(NURSERY_DATASETS) / "skyscrapers" / "codewars.txt"));
  write(in / "bad" / "input.txt", "DFS\nx\n1\n");
  write(in / "README.md", "Some words about these boards.\n");
  Collected said;
  auto options = options_for(in, &said);
  options.outdir = dir.path() / "out";
  options.report = dir.path() / "report.json";
  options.verify = true;
  auto summary = batch::run(options);

  auto rows = rows_by_path(options.report);
  auto status = [&](const std::string& name) {
    return rows.at((in / name).string())["status"].get<std::string>();
  };
  EXPECT_EQ(status("open/input.txt"), "OK");
  EXPECT_EQ(status("tree.txt"), "OK");
  EXPECT_EQ(status("none.txt"), "FAIL");
  EXPECT_EQ(status("q8.txt"), "OK");
  EXPECT_EQ(status("bad/input.txt"), "ERROR");
  EXPECT_NE(rows.at((in / "bad/input.txt").string())["message"].get<std::string>().find(
                "input.txt:2: expected"),
            std::string::npos);
  auto puzzles = nursery::skyscrapers::parse(read(in / "sky.txt"), "sky.txt");
  EXPECT_EQ(summary.instances, 5 + puzzles.size());
  EXPECT_EQ(summary.error, 1u);
  EXPECT_EQ(summary.fail, 1u);
  EXPECT_EQ(summary.ok, 3 + puzzles.size());
  EXPECT_EQ(summary.mismatches, 0u);
  EXPECT_EQ(summary.skipped, 1u);  // README.md
  EXPECT_EQ(batch::exit_code(summary), 2);

  // Answers, checked here from the rules.
  EXPECT_TRUE(lizards_answer_valid(kOpenBoard, read(options.outdir / "open" / "output.txt")));
  EXPECT_TRUE(lizards_answer_valid(kTreeBoard, read(options.outdir / "tree.txt.out")));
  EXPECT_EQ(lines_of(read(options.outdir / "none.txt.out")), std::vector<std::string>{"FAIL"});
  auto queens = lines_of(read(options.outdir / "q8.txt.out"));
  // The answer leads with the hash of its input (for --resume), then the board.
  ASSERT_EQ(queens.size(), 9u);
  EXPECT_EQ(queens.front().rfind("# input fnv1a64 ", 0), 0u) << queens.front();
  queens.erase(queens.begin());
  std::vector<int> column_of_row;
  for (const auto& line : queens) column_of_row.push_back(static_cast<int>(line.find('Q')));
  for (int a = 0; a < 8; ++a)
    for (int b = a + 1; b < 8; ++b) {
      EXPECT_NE(column_of_row[a], column_of_row[b]);
      EXPECT_NE(std::abs(column_of_row[a] - column_of_row[b]), b - a);
    }
  auto grids =
      nursery::skyscrapers::read_answer(read(options.outdir / "sky.txt.out"), "sky.txt.out");
  ASSERT_EQ(grids.size(), puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    if (!puzzles[i].solution.empty()) {
      EXPECT_EQ(grids[i].heights, puzzles[i].solution);
    }
  EXPECT_FALSE(fs::exists(options.outdir / "bad"));  // no answer for an ERROR row
}

// The acceptance rule of the one-engine design: a file gets the same
// verdict under its kind's own solve() as under batch.
TEST(BatchEngine, EveryDatasetFileGetsTheVerdictOfItsKindsOwnSolve) {
  TempDir dir;
  auto options = options_for(NURSERY_DATASETS);
  options.report = dir.path() / "report.json";
  auto summary = batch::run(options);
  EXPECT_EQ(summary.error, 0u);
  EXPECT_EQ(summary.timeout, 0u);
  auto rows = rows_by_path(options.report);
  std::size_t lizards = 0, puzzles = 0;
  for (const auto& [key, row] : rows) {
    std::string kind = row["kind"];
    std::string path = row["path"];
    if (kind == "lizards") {
      auto board = nursery::lizards::parse(read(path), path);
      auto report = nursery::lizards::solve(board, {});
      EXPECT_EQ(row["status"].get<std::string>(), nursery::lizards::to_string(report.verdict))
          << path;
      ++lizards;
    } else if (kind == "skyscrapers") {
      for (const auto& puzzle : nursery::skyscrapers::parse(read(path), path)) {
        if (path + "#" + puzzle.id != key) continue;
        nursery::skyscrapers::SolveOptions run;
        run.mode = nursery::Mode::first;
        auto solved = nursery::skyscrapers::solve(puzzle, run);
        EXPECT_EQ(row["status"].get<std::string>(), solved.solution ? "OK" : "FAIL") << key;
        ++puzzles;
      }
    }
  }
  EXPECT_GT(lizards, 100u);
  EXPECT_GT(puzzles, 100u);
}

// The grid form with its `+---+` borders and `|` bars is read by
// `nursery skyscrapers`; batch finds it the same way (the kind's sniff).
TEST(BatchEngine, BorderedSkyscrapersGridIsAnInstance) {
  TempDir dir;
  const std::string bordered =
      "    . . 1 2\n  +---------+\n. | . . . . | 2\n. | . . . . | .\n"
      ". | . . . . | .\n. | . . . . | .\n  +---------+\n    3 . . .\n";
  write(dir.path() / "in" / "bordered.txt", bordered);
  auto options = options_for(dir.path() / "in");
  options.outdir = dir.path() / "out";
  options.verify = true;
  auto summary = batch::run(options);
  EXPECT_EQ(summary.instances, 1u);
  EXPECT_EQ(summary.ok, 1u);
  EXPECT_EQ(summary.verified, 1u);
  auto puzzles = nursery::skyscrapers::parse(bordered, "bordered.txt");
  auto answers =
      nursery::skyscrapers::read_answer(read(dir.path() / "out" / "bordered.txt.out"), "answer");
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_TRUE(nursery::skyscrapers::verify(puzzles[0], answers[0].heights).valid);
}

// A board file is read no further than its n allows, in batch as in the
// lizards command: a file padded far beyond its board is an ERROR row, and
// the batch goes on (issue 11, item 11).
TEST(BatchEngine, AFileLargerThanItsBoardIsAnErrorRow) {
  TempDir dir;
  write(dir.path() / "in" / "ok.txt", kOpenBoard);
  write(dir.path() / "in" / "padded.txt", kNoRoom + std::string(200000, '\n'));
  auto options = options_for(dir.path() / "in");
  options.report = dir.path() / "report.json";
  auto summary = batch::run(options);
  EXPECT_EQ(summary.ok, 1u);
  EXPECT_EQ(summary.error, 1u);
  auto rows = rows_by_path(options.report);
  const auto& row = rows.at((dir.path() / "in" / "padded.txt").string());
  EXPECT_NE(row["message"].get<std::string>().find("larger than the board its n describes"),
            std::string::npos)
      << row.dump();
}

TEST(BatchEngine, StopBeforeTheStartLeavesEveryInstanceUnfinished) {
  TempDir dir;
  for (int i = 0; i < 5; ++i) write(dir.path() / "in" / (std::to_string(i) + ".txt"), kTreeBoard);
  nursery::StopSource stop;
  stop.request(nursery::StopReason::cancelled);
  auto options = options_for(dir.path() / "in");
  options.outdir = dir.path() / "out";
  options.stop = &stop;
  auto summary = batch::run(options);
  EXPECT_TRUE(summary.interrupted);
  EXPECT_EQ(summary.instances, 5u);
  EXPECT_EQ(summary.unfinished, 5u);
  EXPECT_EQ(batch::exit_code(summary), 130);
  EXPECT_FALSE(fs::exists(dir.path() / "out" / "0.txt.out"));
}

TEST(BatchEngine, ResumeKeepsAnswersThatVerifyAndSolvesTheRestAgain) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  for (int i = 0; i < 4; ++i) write(in / (std::to_string(i) + ".txt"), kOpenBoard);
  auto options = options_for(in);
  options.outdir = dir.path() / "out";
  EXPECT_EQ(batch::run(options).ok, 4u);
  write(options.outdir / "2.txt.out", "OK\n1111\n0000\n0000\n0000\n");  // planted, invalid
  write(options.outdir / "3.txt.out", "FAIL\n");  // planted: the board has solutions
  options.resume = true;
  auto summary = batch::run(options);
  EXPECT_EQ(summary.ok, 4u);
  EXPECT_EQ(summary.resumed, 2u);
  EXPECT_TRUE(lizards_answer_valid(kOpenBoard, read(options.outdir / "2.txt.out")));
  EXPECT_TRUE(lizards_answer_valid(kOpenBoard, read(options.outdir / "3.txt.out")));
}

TEST(BatchEngine, AnAnswerThatCannotBeWrittenIsCountedAndSaid) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  write(in / "sub" / "a.txt", kTreeBoard);
  write(in / "b.txt", kTreeBoard);
  write(dir.path() / "out" / "sub", "a file where a directory must go\n");
  Collected said;
  auto options = options_for(in, &said);
  options.outdir = dir.path() / "out";
  auto summary = batch::run(options);
  EXPECT_EQ(summary.write_errors, 1u);
  EXPECT_EQ(batch::exit_code(summary), 2);
  EXPECT_TRUE(lizards_answer_valid(kTreeBoard, read(options.outdir / "b.txt.out")));
  bool told = false;
  for (const auto& line : said.lines) told = told || line.find("output not written") != std::string::npos;
  EXPECT_TRUE(told);
}

// Many small files over more lanes than threads: the lanes, the writer's
// group commits and the report under contention (ThreadSanitizer runs it).
TEST(BatchEngine, ManySmallFilesOverManyLanes) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  for (int i = 0; i < 120; ++i)
    write(in / std::to_string(i % 7) / (std::to_string(i) + ".txt"),
          i % 3 == 0 ? kNoRoom : (i % 3 == 1 ? kTreeBoard : kOpenBoard));
  auto options = options_for(in);
  options.outdir = dir.path() / "out";
  options.report = dir.path() / "report.csv";
  options.jobs = 4;
  options.verify = true;
  batch::Tally tally;
  auto summary = batch::run(options, &tally);
  EXPECT_EQ(summary.instances, 120u);
  EXPECT_EQ(summary.fail, 40u);
  EXPECT_EQ(summary.ok, 80u);
  EXPECT_EQ(summary.verified, 120u);
  EXPECT_EQ(tally.files_done.load(), 120u);
  EXPECT_EQ(lines_of(read(options.report)).size(), 121u);  // header + one row each
}

// Batch's lanes are the scheduler's (run_lanes): with threads 0 they and
// every instance's nested run take the caller's arena, whatever its size
// (one more than the machine's cores here), and open none of their own;
// lizards decisions (a local search racing the proof in rounds) run nested
// beside the other lanes like any other kind.
TEST(BatchEngine, LanesAndTheirNestedRunsTakeTheCallersArena) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  for (int i = 0; i < 24; ++i)
    write(in / (std::to_string(i) + ".txt"),
          i % 3 == 0 ? "queens 9\n" : (i % 3 == 1 ? kTreeBoard : kOpenBoard));
  auto options = options_for(in);
  options.threads = 0;  // the current arena
  options.verify = true;
  const int size = tbb::this_task_arena::max_concurrency() + 1;
  tbb::task_arena caller(size);
  batch::Summary summary;
  caller.execute([&] { summary = batch::run(options); });
  EXPECT_EQ(summary.threads, static_cast<unsigned>(size));  // the caller's arena's workers
  EXPECT_EQ(summary.instances, 24u);
  EXPECT_EQ(summary.ok, 24u);
  EXPECT_EQ(summary.verified, 24u);  // every answer passed the independent checker
}

// A Slurm-style job array: K parts cover every file once, and their merged
// report has the rows one run gives, in the same order.
TEST(BatchEngine, ThreePartsAndTheirMergeEqualOneRun) {
  TempDir dir;
  auto one = options_for(NURSERY_DATASETS);
  one.report = dir.path() / "one.json";
  auto whole = batch::run(one);
  std::vector<std::string> parts;
  std::size_t instances = 0;
  for (unsigned part = 1; part <= 3; ++part) {
    auto options = options_for(NURSERY_DATASETS);
    options.part = part;
    options.parts = 3;
    options.report = dir.path() / ("part" + std::to_string(part) + ".json");
    auto summary = batch::run(options);
    EXPECT_GT(summary.instances, 0u) << "part " << part << " of 3 got no file";
    instances += summary.instances;
    parts.push_back(options.report.string());
  }
  EXPECT_EQ(instances, whole.instances);
  auto merged = batch::merge_reports(parts, dir.path() / "all.json");
  EXPECT_EQ(merged.instances, whole.instances);
  EXPECT_EQ(merged.ok, whole.ok);
  EXPECT_EQ(merged.fail, whole.fail);
  EXPECT_EQ(merged.skipped, whole.skipped);
  auto a = nlohmann::json::parse(read(dir.path() / "all.json"));
  auto b = nlohmann::json::parse(read(one.report));
  ASSERT_EQ(a["instances"].size(), b["instances"].size());
  for (std::size_t i = 0; i < a["instances"].size(); ++i) {
    const auto& x = a["instances"][i];
    const auto& y = b["instances"][i];
    EXPECT_EQ(x["path"], y["path"]);
    EXPECT_EQ(x.value("id", ""), y.value("id", ""));
    EXPECT_EQ(x["status"], y["status"]) << x["path"];
  }
  EXPECT_EQ(a["skipped"], b["skipped"]);
  EXPECT_THROW(batch::merge_reports({(dir.path() / "one.json").string(), NURSERY_DATASETS},
                                    dir.path() / "bad.json"),
               std::invalid_argument);
}

TEST(BatchEngine, OptionsThatCannotWorkTogetherAreRefused) {
  TempDir dir;
  auto options = options_for(dir.path());
  options.resume = true;
  EXPECT_THROW(batch::run(options), std::invalid_argument);
  options = options_for(dir.path());
  options.report = dir.path() / "report.txt";
  EXPECT_THROW(batch::run(options), std::invalid_argument);
  options = options_for(dir.path() / "missing");
  EXPECT_THROW(batch::run(options), std::invalid_argument);
  options = options_for(dir.path());
  options.part = 4;
  options.parts = 3;
  EXPECT_THROW(batch::run(options), std::invalid_argument);
}

}  // namespace
