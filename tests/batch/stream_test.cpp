// The batch's streaming pieces, in process: the walk's natural order, the
// reorder buffer and its bound, a report written as rows finish, and runs
// that share the files (as --mpi ranks do) giving the rows of one run.
#include <gtest/gtest.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <nursery/batch.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../../engine/batch/stream.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace batch = nursery::batch;

using namespace nursery::testing;  // read, write, TempDir

const std::string kTreeBoard = "BFS\n3\n2\n000\n020\n000\n";
const std::string kNoRoom = "DFS\n2\n2\n00\n00\n";

// Every entry of a walk: files as their display path, directories with a
// trailing '/'.
std::vector<std::string> walk_all(batch::Walk& walk, std::vector<std::string>* outputs = nullptr) {
  std::vector<std::string> seen;
  for (batch::Entry entry; walk.next(entry);) {
    seen.push_back(entry.source.display + (entry.directory ? "/" : ""));
    if (outputs != nullptr && !entry.directory) outputs->push_back(entry.source.output);
  }
  return seen;
}

TEST(BatchStream, NamesCompareNaturally) {
  EXPECT_LT(batch::natural_compare("b2", "b10"), 0);
  EXPECT_GT(batch::natural_compare("b10", "b9"), 0);
  EXPECT_LT(batch::natural_compare("b1", "b1a"), 0);
  EXPECT_LT(batch::natural_compare("a99", "b1"), 0);
  EXPECT_LT(batch::natural_compare("x007y", "x8y"), 0);
  // Equal as numbers: the bytes decide, so the order is total and the same
  // for every process.
  EXPECT_NE(batch::natural_compare("b01", "b1"), 0);
  EXPECT_EQ(batch::natural_compare("b01", "b1"), -batch::natural_compare("b1", "b01"));
  EXPECT_EQ(batch::natural_compare("same", "same"), 0);
  EXPECT_TRUE(batch::walk_less("d/b2/z", "d/b10/a"));
  EXPECT_TRUE(batch::walk_less("d/a", "d/a/b"));
  EXPECT_FALSE(batch::walk_less("d/a/b", "d/a"));
  EXPECT_TRUE(batch::walk_less("d/x.txt", "d/x1"));  // '.' sorts before digits
}

TEST(BatchStream, WalkIsDepthFirstInNaturalOrderWithCollisionFreeOutputs) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  for (const char* name : {"b10.txt", "b2.txt", "b1.txt", "a.txt", "a.dat", ".hidden",
                           "sub10/x.txt", "sub9/y.txt", "sub9/input.txt"})
    write(in / name, kTreeBoard);
  fs::create_directories(in / "empty");
  batch::Walk walk({in.string()}, dir.path() / "out");
  std::vector<std::string> outputs;
  auto seen = walk_all(walk, &outputs);
  const std::string r = in.string();
  std::vector<std::string> expected = {
      r + "/",           r + "/a.dat",      r + "/a.txt",       r + "/b1.txt",          r + "/b2.txt",
      r + "/b10.txt",    r + "/empty/",      r + "/sub9/",           r + "/sub9/input.txt",
      r + "/sub9/y.txt", r + "/sub10/",      r + "/sub10/x.txt"};
  EXPECT_EQ(seen, expected);
  const std::string o = (dir.path() / "out").string();
  // Each answer is its file's whole name and .out, so a.dat and a.txt never
  // meet. input.txt's output.txt is the lane's choice, once its kind is known.
  std::vector<std::string> named = {
      o + "/a.dat.out",   o + "/a.txt.out",          o + "/b1.txt.out",     o + "/b2.txt.out",
      o + "/b10.txt.out", o + "/sub9/input.txt.out", o + "/sub9/y.txt.out", o + "/sub10/x.txt.out"};
  EXPECT_EQ(outputs, named);

  // Parts walk the same order and split the files between them.
  std::vector<std::string> joined;
  for (unsigned part = 1; part <= 3; ++part) {
    batch::Walk shard({in.string()}, {}, part, 3);
    for (const auto& path : walk_all(shard))
      if (path.back() != '/') joined.push_back(path);
  }
  std::sort(joined.begin(), joined.end(), [](const std::string& a, const std::string& b) {
    return batch::walk_less(a, b);
  });
  std::vector<std::string> files;
  for (const auto& path : expected)
    if (path.back() != '/') files.push_back(path);
  EXPECT_EQ(joined, files);
}

TEST(BatchStream, AFileReachedTwiceIsListedOnce) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  write(in / "a.txt", kTreeBoard);
  write(in / "b.txt", kTreeBoard);
  fs::create_symlink(in / "a.txt", in / "z-link.txt");  // after its target
  fs::create_symlink(in / "b.txt", in / "0-link.txt");  // before it
  batch::Walk walk({in.string(), (in / "a.txt").string()}, {});
  auto seen = walk_all(walk);
  std::size_t files = 0;
  for (const auto& path : seen) files += path.back() != '/';
  EXPECT_EQ(files, 2u) << ::testing::PrintToString(seen);
  std::size_t twice = 0;
  for (const auto& skip : walk.skipped()) twice += skip.reason == "already listed";
  EXPECT_EQ(twice, 3u);
}

batch::Options options_over(const fs::path& root) {
  batch::Options options;
  options.paths = {root.string()};
  options.threads = 2;
  return options;
}

// Rows handed back in any order reach the report in walk order, and a lane
// takes no file more than kWindow places past the oldest unfinished one.
TEST(BatchStream, ReorderBufferWritesRowsInWalkOrderAndIsBounded) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  const std::size_t files = batch::Feed::kWindow + 5;
  for (std::size_t i = 0; i < files; ++i) write(in / (std::to_string(i) + ".txt"), "x");
  auto options = options_over(in);
  options.report = dir.path() / "report.csv";
  nursery::StopSource stop;
  batch::Feed feed(options, 2, stop, nullptr);
  auto row_of = [](const batch::LaneFile& taken) {
    batch::Row row;
    row.path = taken.source.display;
    row.status = batch::RowStatus::skipped;
    return std::vector<batch::Row>{row};
  };
  batch::LaneFile oldest;
  ASSERT_TRUE(feed.take(oldest));
  std::vector<batch::LaneFile> rest(batch::Feed::kWindow - 1);
  for (auto& taken : rest) ASSERT_TRUE(feed.take(taken));
  for (auto it = rest.rbegin(); it != rest.rend(); ++it) feed.finish(it->seq, row_of(*it), false);
  EXPECT_EQ(feed.buffered_peak(), batch::Feed::kWindow);
  // The window is full while the oldest is out: the next take waits for it.
  auto next = std::async(std::launch::async, [&] {
    batch::LaneFile taken;
    EXPECT_TRUE(feed.take(taken));
    return taken;
  });
  EXPECT_EQ(next.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
  feed.finish(oldest.seq, row_of(oldest), false);
  auto taken = next.get();
  EXPECT_EQ(taken.seq, oldest.seq + batch::Feed::kWindow);
  feed.finish(taken.seq, row_of(taken), false);
  for (batch::LaneFile more; feed.take(more);) feed.finish(more.seq, row_of(more), false);
  auto summary = feed.close(false);
  feed.write_report(summary);
  EXPECT_EQ(summary.skipped, files);
  std::vector<std::string> paths;
  std::istringstream lines(read(options.report));
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) paths.push_back(line.substr(0, line.find(',')));
  ASSERT_EQ(paths.size(), files);
  for (std::size_t i = 0; i < files; ++i) EXPECT_EQ(paths[i], (in / (std::to_string(i) + ".txt")).string());
}

// The whole flow keeps nothing per file: the heap holds as much after
// 18,000 files as after 1,000 (the directory's listing aside, held from the
// start), where a kilobyte a file would be 17 MB.
TEST(BatchStream, TwentyThousandFilesKeepNoPerFileState) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  fs::create_directories(in);
  for (int i = 0; i < 20000; ++i) {
    std::ofstream(in / ("board" + std::to_string(i) + ".txt")) << "not a board\n";
  }
  auto options = options_over(in);
  options.report = dir.path() / "report.json";
  nursery::StopSource stop;
  batch::Feed feed(options, 2, stop, nullptr);
  std::size_t heap_at_1000 = 0, heap_at_18000 = 0, n = 0;
  for (batch::LaneFile taken; feed.take(taken);) {
    batch::Row row;
    row.path = taken.source.display;
    row.status = batch::RowStatus::skipped;
    row.message = "not an instance";
    feed.finish(taken.seq, {row}, false);
    ++n;
    if (n == 1000) heap_at_1000 = mallinfo2().uordblks;
    if (n == 18000) heap_at_18000 = mallinfo2().uordblks;
  }
  if (heap_at_1000 == 0) GTEST_SKIP() << "mallinfo2 says nothing under this allocator";
  EXPECT_EQ(n, 20000u);
  EXPECT_LT(heap_at_18000, heap_at_1000 + 64 * 1024)
      << "after 1,000 files " << heap_at_1000 << " bytes, after 18,000 " << heap_at_18000;
  EXPECT_LE(feed.buffered_peak(), 2u);
  auto summary = feed.close(false);
  feed.write_report(summary);
  auto report = nlohmann::json::parse(read(options.report));
  EXPECT_EQ(report["instances"].size(), 20000u);
  EXPECT_EQ(report["instances"][9]["path"], (in / "board9.txt").string());
  EXPECT_EQ(report["instances"][10]["path"], (in / "board10.txt").string());
}

std::vector<std::string> row_keys(const fs::path& report) {
  std::vector<std::string> keys;
  auto parsed = nlohmann::json::parse(read(report));  // (kept: a range-for over a member of a
  for (const auto& row : parsed["instances"])           // temporary would dangle)
    keys.push_back(row["path"].get<std::string>() + "#" + row.value("id", "") + " " +
                   row["kind"].get<std::string>() + " " + row["size"].get<std::string>() + " " +
                   row["status"].get<std::string>() + " " + (row["verified"].get<bool>() ? "v" : "-"));
  return keys;
}

// Many lanes finishing out of order write the rows a run of one lane at a
// time writes, in the same order.
TEST(BatchStream, ManyLanesWriteTheRowsOfOneLaneAtATime) {
  TempDir dir;
  auto one = options_over(NURSERY_DATASETS);
  one.threads = 1;
  one.jobs = 1;
  one.verify = true;
  one.report = dir.path() / "one.json";
  batch::run(one);
  auto many = options_over(NURSERY_DATASETS);
  many.jobs = 6;
  many.verify = true;
  many.report = dir.path() / "many.json";
  batch::run(many);
  auto a = row_keys(one.report), b = row_keys(many.report);
  EXPECT_GT(a.size(), 100u);
  EXPECT_EQ(a, b);
  EXPECT_EQ(nlohmann::json::parse(read(one.report))["skipped"],
            nlohmann::json::parse(read(many.report))["skipped"]);
}

// Two runs handed file indices from one counter (as --mpi ranks are from
// rank 0) each walk to the indices they get; together they give one run's
// rows, and the same answers.
TEST(BatchStream, RunsSharingOneCounterGiveTheRowsOfOneRun) {
  TempDir dir;
  fs::path in = dir.path() / "in";
  for (int i = 0; i < 40; ++i)
    write(in / std::to_string(i % 3) / (std::to_string(i) + ".txt"), i % 2 ? kTreeBoard : kNoRoom);
  write(in / "README.md", "# not a board\n");
  auto one = options_over(in);
  one.report = dir.path() / "one.json";
  one.outdir = dir.path() / "one";
  auto whole = batch::run(one);
  std::atomic<std::size_t> counter{0};
  std::vector<std::string> reports;
  std::vector<std::future<batch::Summary>> ranks;
  for (int rank = 0; rank < 2; ++rank) {
    auto options = options_over(in);
    options.threads = 1;
    options.report = dir.path() / ("rank" + std::to_string(rank) + ".json");
    options.outdir = dir.path() / "ranks";
    options.clean_outdir = false;
    options.walk_report = rank == 0;
    options.next_file = [&counter] { return counter.fetch_add(1); };
    reports.push_back(options.report.string());
    ranks.push_back(std::async(std::launch::async, [options] { return batch::run(options); }));
  }
  std::size_t instances = 0, skipped = 0;
  for (auto& rank : ranks) {
    auto summary = rank.get();
    instances += summary.instances;
    skipped += summary.skipped;
  }
  EXPECT_EQ(instances, whole.instances);
  EXPECT_EQ(skipped, whole.skipped);
  batch::merge_reports(reports, dir.path() / "merged.json", false);  // ranks, as --mpi joins them
  EXPECT_EQ(row_keys(dir.path() / "merged.json"), row_keys(one.report));
  for (const auto& entry : fs::recursive_directory_iterator(one.outdir)) {
    if (!entry.is_regular_file()) continue;
    auto mirror = dir.path() / "ranks" / fs::relative(entry.path(), one.outdir);
    EXPECT_EQ(read(mirror), read(entry.path())) << mirror;
  }
}

}  // namespace
