// Issue 30, items 6-13, 17 and 22: one output rule for every path the tool
// writes. Nothing it did not create is removed or truncated (a checkpoint
// on a device node, a descriptor opened for appending), no output replaces
// an input (by name, through links, through standard input, inside an
// input tree, the report, the merged report), every answer has a name of
// its own, an empty path is an error, repeated listed paths cost linear
// time, and file names reach the terminal escaped.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace nursery::testing;  // read, write, run_in, TempDir

namespace {

// 4 lizards on an empty 4 x 4 board: solvable, and its answer starts "OK".
const char* kBoard = "DFS\n4\n4\n0000\n0000\n0000\n0000\n";
// A Skyscrapers puzzle in the line format (a puzzle file named .csv).
const char* kLinePuzzle = "a 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n";

nlohmann::json rows_of(const fs::path& report) {
  return nlohmann::json::parse(read(report))["instances"];
}

std::size_t lines_in(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The exit status of `nursery ARGS` run by the shell in `folder`, with the
// redirections ARGS makes and no others (run_in's own 2> would win).
int run_redirected(const fs::path& folder, const std::string& arguments) {
  return nursery::testing::exit_status("cd '" + folder.string() + "' && '" + NURSERY_CLI + "' " +
                                       arguments + " >/dev/null");
}

// `nursery ARGS` in DIR refused (exit 2, its error saying SAYS when that is
// not empty), and KEPT still holding TEXT.
void expect_refused(const TempDir& dir, const std::string& args, const std::string& says,
                    const std::string& kept, const std::string& text) {
  const auto run = run_in(dir.path(), args);
  EXPECT_EQ(run.status, 2) << args << ": " << run.out << run.err;
  if (!says.empty()) {
    EXPECT_NE(run.err.find(says), std::string::npos) << args << ": " << run.err;
  }
  EXPECT_EQ(read(dir.path() / kept), text) << args;
}

// BEFORE + n + AFTER (appended: GCC 12 warns falsely on "text" + string).
std::string numbered(const char* before, int n, const char* after = "") {
  return std::string(before).append(std::to_string(n)).append(after);
}

}  // namespace

// Item 6: a checkpoint that is no regular file is refused and left alone;
// before, the failed creation unlinked whatever the path was.
TEST(NothingLost, ACheckpointOnADeviceNodeIsRefusedAndTheNodeKept) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod of a private /dev/null copy needs root";
  TempDir dir;
  ASSERT_EQ(::mknod((dir / "nul").c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  auto run = run_in(dir.path(), "count 10 --checkpoint nul");
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("expected a regular checkpoint file, found a character device"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(lines_in(run.err), 1u) << run.err;
  struct stat st {};
  ASSERT_EQ(::lstat((dir / "nul").c_str(), &st), 0) << "the device node was deleted";
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(st.st_rdev, makedev(1, 3));
}

TEST(NothingLost, ACheckpointLinkToADescriptorIsRefusedAndTheLinkKept) {
  TempDir dir;
  fs::create_symlink("/proc/self/fd/1", dir.path() / "link");
  auto run = run_in(dir.path(), "count 10 --checkpoint link");
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  // Refused by count's up-front check or by the checkpoint writer: either
  // names the path as no regular file.
  EXPECT_TRUE(run.err.find("expected a regular checkpoint file") != std::string::npos ||
              run.err.find("not a regular file") != std::string::npos)
      << run.err;
  EXPECT_TRUE(fs::is_symlink(dir.path() / "link")) << "the link was deleted";
  EXPECT_EQ(run.out, "") << "a checkpoint header went to stdout";
}

TEST(NothingLost, AnEmptyFileTakesTheCheckpointAndALinkIsFollowed) {
  TempDir dir;
  write(dir / "empty.ckpt", "");
  auto run = run_in(dir.path(), "count 10 --checkpoint empty.ckpt");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read(dir.path() / "empty.ckpt").rfind("nursery-checkpoint 1\n", 0), 0u);
  fs::create_symlink("real.ckpt", dir.path() / "via.ckpt");
  run = run_in(dir.path(), "count 10 --checkpoint via.ckpt");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::is_symlink(dir.path() / "via.ckpt"));
  EXPECT_EQ(read(dir.path() / "real.ckpt").rfind("nursery-checkpoint 1\n", 0), 0u);
  EXPECT_EQ(run_in(dir.path(), "count --merge via.ckpt").out, "724\n");
}

// Item 7: the report never replaces an input.
TEST(NothingLost, AReportNamingAnInputIsRefused) {
  TempDir dir;
  write(dir / "puz.csv", kLinePuzzle);
  expect_refused(dir, "batch puz.csv --report puz.csv --no-progress", "is the input puz.csv",
                 "puz.csv", kLinePuzzle);
  // Through a link, and as a file in an input tree that a kind reads.
  fs::create_symlink("puz.csv", dir.path() / "r.csv");
  expect_refused(dir, "batch puz.csv --report r.csv --no-progress", "", "puz.csv", kLinePuzzle);
  write(dir / "in/puz.csv", kLinePuzzle);
  write(dir / "in/q.txt", "queens 5\n");
  expect_refused(dir, "batch in --report in/puz.csv --no-progress",
                 "skyscrapers file of the input in", "in/puz.csv", kLinePuzzle);
  // A report of an earlier run kept in the input tree is replaced as before.
  for (int again = 0; again < 2; ++again) {
    const auto run = run_in(dir.path(), "batch in --report in/r.csv --no-progress");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(lines_in(read(dir.path() / "in/r.csv")), 3u);  // header, two rows
  }
}

// Item 8: every file's answer has a name of its own, and --resume finds it.
TEST(NothingLost, AnswersOfFilesOfOneStemNeverShareAName) {
  TempDir dir;
  const std::vector<std::pair<std::string, int>> files = {
      {"b.txt", 5},     {"b.dat", 6}, {"b.txt.txt", 7}, {"a.dat", 4},  {"a.out", 8},
      {"a.out.out", 9}, {"x", 10},    {"x.", 11},       {"x..out", 12}};
  for (const auto& [name, n] : files)
    write(dir / ("in/" + name), numbered("queens ", n, "\n"));
  // A directory named like an answer, beside the file whose answer it would be.
  write(dir / "in/x.out/q.txt", "queens 13\n");
  auto run = run_in(dir.path(), "batch in -o o --report r.json --no-progress");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(rows_of(dir.path() / "r.json").size(), files.size() + 1);
  for (const auto& [name, n] : files) {
    // n rows of a board of n columns: each answer is its own file's.
    // (after the line holding the hash of its input, which --resume checks)
    std::string answer = read(dir.path() / "o" / (name + ".out"));
    ASSERT_EQ(answer.rfind("# input fnv1a64 ", 0), 0u) << name;
    answer.erase(0, answer.find('\n') + 1);
    EXPECT_EQ(lines_in(answer), static_cast<std::size_t>(n)) << name;
    EXPECT_EQ(answer.find('\n'), static_cast<std::size_t>(n)) << name;
  }
  EXPECT_EQ(lines_in(read(dir.path() / "o/x.out.d/q.txt.out")), 14u);  // the hash line, 13 rows
  run = run_in(dir.path(), "batch in -o o --resume --report r.json --no-progress");
  ASSERT_EQ(run.status, 0) << run.err;
  for (const auto& row : rows_of(dir.path() / "r.json")) EXPECT_TRUE(row["resumed"]) << row.dump();
}

// Item 9: a descriptor opened for appending is appended to.
TEST(NothingLost, AnAppendModeDescriptorIsAppendedTo) {
  TempDir dir;
  write(dir / "b.txt", kBoard);
  write(dir / "err.log", "old\n");
  EXPECT_EQ(run_redirected(dir.path(), "lizards b.txt -o /dev/stderr 2>>err.log"), 0);
  std::string log = read(dir.path() / "err.log");
  EXPECT_EQ(log.rfind("old\nOK\n", 0), 0u) << log;
  write(dir / "fd.log", "old\n");
  auto run = run_in(dir.path(), "lizards b.txt -o /dev/fd/3 3>>fd.log");
  EXPECT_EQ(run.status, 0) << run.err;
  log = read(dir.path() / "fd.log");
  EXPECT_EQ(log.rfind("old\nOK\n", 0), 0u) << log;
  run = run_in(dir.path(), "count 8 -o /proc/self/fd/3 3>>fd.log");
  EXPECT_EQ(run.status, 0) << run.err;
  log = read(dir.path() / "fd.log");
  EXPECT_EQ(log.rfind("old\nOK\n", 0), 0u) << log;
  EXPECT_EQ(log.substr(log.size() - 3), "92\n") << log;
  write(dir / "two.log", "old\n");
  EXPECT_EQ(run_redirected(dir.path(), "lizards b.txt -o /dev/fd/2 2>>two.log"), 0);
  EXPECT_EQ(read(dir.path() / "two.log").rfind("old\nOK\n", 0), 0u);
  // A link to a descriptor is the descriptor too.
  fs::create_symlink("/dev/stderr", dir.path() / "to-stderr");
  write(dir / "link.log", "old\n");
  EXPECT_EQ(run_redirected(dir.path(), "lizards b.txt -o to-stderr 2>>link.log"), 0);
  EXPECT_EQ(read(dir.path() / "link.log").rfind("old\nOK\n", 0), 0u);
  EXPECT_TRUE(fs::is_symlink(dir.path() / "to-stderr"));
}

// Item 10: an answer path that is a link into the input replaces nothing.
TEST(NothingLost, AnAnswerLinkIntoTheInputIsNotFollowedOverIt) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 6\n");
  fs::create_directories(dir.path() / "out");
  fs::create_symlink("../in/q.txt", dir.path() / "out/q.txt.out");
  auto run = run_in(dir.path(), "batch in -o out --no-progress");
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("lies inside the input in"), std::string::npos) << run.err;
  EXPECT_EQ(read(dir.path() / "in/q.txt"), "queens 6\n");
  EXPECT_TRUE(fs::is_symlink(dir.path() / "out/q.txt.out"));
  // A file root, through a link beside the answers.
  write(dir / "r.txt", "queens 6\n");
  fs::create_directories(dir.path() / "o2");
  fs::create_symlink("../r.txt", dir.path() / "o2/r.txt.out");
  run = run_in(dir.path(), "batch r.txt -o o2 --no-progress");
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("is the input r.txt"), std::string::npos) << run.err;
  EXPECT_EQ(read(dir.path() / "r.txt"), "queens 6\n");
}

// Item 11: an input inside OUTDIR keeps its files.
TEST(NothingLost, AnswersNeverLandInAnInputInsideOutdir) {
  TempDir dir;
  write(dir / "o/in/in/q.txt", "queens 8\n");
  write(dir / "o/in/q.out", "notes\n");
  write(dir / "o/in/q.txt.out", "more notes\n");
  auto run = run_in(dir.path(), "batch o/in -o o --report r.json --no-progress");
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(read(dir.path() / "o/in/q.out"), "notes\n");
  EXPECT_EQ(read(dir.path() / "o/in/q.txt.out"), "more notes\n");
  EXPECT_NE(run.err.find("lies inside the input o/in"), std::string::npos) << run.err;
  // An answers folder inside the input is still fine.
  write(dir / "in2/q.txt", "queens 8\n");
  run = run_in(dir.path(), "batch in2 -o in2/answers --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(lines_in(read(dir.path() / "in2/answers/q.txt.out")), 9u);  // the hash line, 8 rows
}

// Item 12: an empty path is an error, never "none".
TEST(NothingLost, AnEmptyPathIsAnError) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 5\n");
  for (const char* line :
       {"count 12 --part 1/2 --checkpoint ''", "batch in -o ''", "batch in --report ''",
        "count 8 -o ''", "lizards in/q.txt -o ''", "batch --merge a.json --report ''",
        "queens 8 -o ''", "bench queens --n 8 --no-baseline --plot ''", "count --merge ''"}) {
    auto run = run_in(dir.path(), line);
    EXPECT_EQ(run.status, 2) << line << "\n" << run.out << run.err;
    EXPECT_NE(run.err.find("expected a path, found an empty one"), std::string::npos)
        << line << "\n"
        << run.err;
    EXPECT_EQ(lines_in(run.err), 1u) << line << "\n" << run.err;
  }
}

// Item 13: the merged report never replaces a part; standard input is an input.
TEST(NothingLost, TheMergedReportAndStandardInputAreInputs) {
  TempDir dir;
  for (int i = 1; i <= 4; ++i) write(dir / numbered("in/q", i, ".txt"), "queens 6\n");
  for (int part = 1; part <= 2; ++part)
    ASSERT_EQ(run_in(dir.path(), numbered("batch in --no-progress --part ", part, "/2") +
                                     numbered(" --report p", part, ".json"))
                  .status,
              0);
  const std::string part1 = read(dir.path() / "p1.json");
  expect_refused(dir, "batch --merge p1.json p2.json --report p1.json", "", "p1.json", part1);
  fs::create_symlink("p2.json", dir.path() / "via.json");
  auto run = run_in(dir.path(), "batch --merge p1.json p2.json --report via.json");
  EXPECT_EQ(run.status, 2) << run.err;
  run = run_in(dir.path(), "batch --merge p1.json p2.json --report all.json");
  EXPECT_EQ(run.status, 0) << run.err;

  write(dir / "b.txt", kBoard);
  expect_refused(dir, "lizards - -o b.txt < b.txt", "standard input", "b.txt", kBoard);
  fs::create_symlink("b.txt", dir.path() / "b-link.txt");
  expect_refused(dir, "lizards - -o b-link.txt < b.txt", "", "b.txt", kBoard);
  // Another file is fine.
  run = run_in(dir.path(), "lizards - -o a.txt < b.txt");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read(dir.path() / "a.txt").rfind("OK\n", 0), 0u);
}

// Item 17: a path listed 25,000 times costs linear time (it took 132 s).
TEST(NothingLost, RepeatedListedPathsCostLinearTime) {
  TempDir dir;
  write(dir / "q.txt", "queens 6\n");
  std::string list;
  for (int i = 0; i < 25000; ++i) list += "q.txt\n";
  write(dir / "list", list);
  const auto start = std::chrono::steady_clock::now();
  auto run = run_in(dir.path(), "batch - -o out --report r.json --no-progress < list");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.status, 0) << run.err.substr(0, 2000);
  EXPECT_LT(seconds, 30.0) << "quadratic in the repeated paths again";
  EXPECT_EQ(rows_of(dir.path() / "r.json").size(), 1u);
  EXPECT_TRUE(fs::exists(dir.path() / "out/q.txt.out"));
  // Distinct files of one name: each its own place, in linear time too.
  for (int i = 0; i < 300; ++i) write(dir / numbered("d", i, "/q.txt"), "queens 4\n");
  list.clear();
  for (int i = 0; i < 300; ++i) list += numbered("d", i, "/q.txt\n");
  write(dir / "list2", list);
  run = run_in(dir.path(), "batch - -o out2 --no-progress < list2");
  EXPECT_EQ(run.status, 0) << run.err.substr(0, 2000);
  EXPECT_TRUE(fs::exists(dir.path() / "out2/q.txt.out"));
  EXPECT_TRUE(fs::exists(dir.path() / "out2/q.300.txt.out"));
  EXPECT_FALSE(fs::exists(dir.path() / "out2/q.301.txt.out"));
}

// Item 22: names reach the terminal escaped, as the docs promise.
TEST(NothingLost, ErrorAndWarningLinesEscapeTheBytesOfNames) {
  TempDir dir;
  write(dir / "in/\x1b]0;pwned\x07input.txt", "DFS\n4\nfour\n");  // an ERROR row
  write(dir / "in/evil\nERROR: forged\xfe.bin", std::string("\x00\x01\x02binary", 9));
  auto run = run_in(dir.path(), "batch in --no-progress");
  EXPECT_EQ(run.status, 2) << run.err;
  for (char raw : {'\x1b', '\x07', '\xfe'})
    EXPECT_EQ(run.err.find(raw), std::string::npos) << "raw byte " << int(raw) << " in:\n"
                                                    << run.err;
  EXPECT_NE(run.err.find("ERROR: in/\\x1b]0;pwned\\x07input.txt"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("warning: in/evil\\nERROR: forged\\xfe.bin"), std::string::npos)
      << run.err;
  // No line of stderr was forged by a name.
  EXPECT_EQ(run.err.find("\nERROR: forged"), std::string::npos) << run.err;
}
