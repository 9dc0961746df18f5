// What the single-file commands do to the file system around them: an
// output path that is a device, a FIFO, a link or a directory; an output
// that names an input; inputs that can be read only once; numbers out of
// range; an empty checkpoint. Each case runs the CLI as a user would.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace nursery::testing;  // read, write, run_in, shell, TempDir

namespace {

// 4 lizards on an empty 4 x 4 board: solvable, and its answer starts "OK".
const char* kBoard = "DFS\n4\n4\n0000\n0000\n0000\n0000\n";

std::string cli() {
  return std::string("'") + NURSERY_CLI + "'";
}

}  // namespace

TEST(OutputPath, CharacterDeviceIsWrittenInPlaceNeverReplaced) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod of a private /dev/null copy needs root";
  TempDir dir;
  write(dir / "b.txt", kBoard);
  ASSERT_EQ(::mknod((dir / "null").c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  auto run = run_in(dir.path(), "lizards b.txt -o null");
  EXPECT_EQ(run.status, 0) << run.err;
  struct stat st {};
  ASSERT_EQ(::lstat((dir / "null").c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device was replaced by a file";
  EXPECT_EQ(st.st_rdev, makedev(1, 3));
}

TEST(OutputPath, FifoIsWrittenInPlace) {
  TempDir dir;
  write(dir / "b.txt", kBoard);
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0644), 0);
  EXPECT_EQ(shell(dir.path(), "cat pipe > got & " + cli() + " lizards b.txt -o pipe; s=$?; wait; exit $s"), 0);
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir.path() / "pipe")));
  EXPECT_EQ(read(dir.path() / "got").rfind("OK\n", 0), 0u) << read(dir.path() / "got");
}

TEST(OutputPath, DevStdoutIsStandardOutput) {
  TempDir dir;
  write(dir / "b.txt", kBoard);
  auto run = run_in(dir.path(), "lizards b.txt -o /dev/stdout");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out.rfind("OK\n", 0), 0u) << run.out;
}

TEST(OutputPath, SymbolicLinkIsFollowedAndKept) {
  TempDir dir;
  write(dir / "b.txt", kBoard);
  write(dir / "target.txt", "old\n");
  ASSERT_EQ(::chmod((dir / "target.txt").c_str(), 0600), 0);
  fs::create_symlink("target.txt", dir.path() / "link.txt");
  auto run = run_in(dir.path(), "lizards b.txt -o link.txt");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir.path() / "link.txt")));
  EXPECT_EQ(read(dir.path() / "target.txt").rfind("OK\n", 0), 0u);
  // The replaced file keeps its permissions, as cp onto it would.
  EXPECT_EQ(fs::status(dir.path() / "target.txt").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  // A dangling link names the file to create.
  fs::create_symlink("new.txt", dir.path() / "dangling");
  run = run_in(dir.path(), "lizards b.txt -o dangling");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir.path() / "dangling")));
  EXPECT_EQ(read(dir.path() / "new.txt").rfind("OK\n", 0), 0u);
  // No temporary is left beside either.
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
}

TEST(OutputPath, DirectoryOrLinkToOneIsRefused) {
  TempDir dir;
  write(dir / "b.txt", kBoard);
  fs::create_directory(dir.path() / "d");
  fs::create_directory_symlink("d", dir.path() / "dirlink");
  for (const char* target : {"d", "dirlink"}) {
    auto run = run_in(dir.path(), std::string("lizards b.txt -o ") + target);
    EXPECT_EQ(run.status, 2) << target;
    EXPECT_NE(run.err.find(std::string(target) + ": is a directory"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << "one line: " << run.err;
  }
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir.path() / "dirlink")));
  EXPECT_TRUE(fs::is_empty(dir.path() / "d"));
  // draw and gen write through the same path.
  EXPECT_EQ(run_in(dir.path(), "draw b.txt -o dirlink").status, 2);
  EXPECT_EQ(run_in(dir.path(), "gen lizards --n 4 -o dirlink").status, 2);
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir.path() / "dirlink")));
}

TEST(OutputPath, AnOutputNamingTheInputOrAnotherOutputIsRefused) {
  TempDir dir;
  write(dir / "c.txt", kBoard);
  auto run = run_in(dir.path(), "lizards c.txt -o ./c.txt");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("is the input"), std::string::npos) << run.err;
  EXPECT_EQ(read(dir.path() / "c.txt"), kBoard);
  run = run_in(dir.path(), "lizards c.txt --max --timeout 5 -o X --max-board ./X");
  EXPECT_EQ(run.status, 2);
  EXPECT_FALSE(fs::exists(dir.path() / "X"));
  run = run_in(dir.path(), "draw c.txt -o c.txt");
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(read(dir.path() / "c.txt"), kBoard);
}

TEST(InputOnce, PipesAndProcessSubstitutionsAreReadOnce) {
  TempDir dir;
  write(dir / "b.txt", kBoard);
  EXPECT_EQ(shell(dir.path(), "cat b.txt | " + cli() + " lizards /dev/stdin | grep -q ^OK"), 0);
  EXPECT_EQ(shell(dir.path(), cli() + " lizards <(cat b.txt) | grep -q ^OK"), 0);
  ASSERT_EQ(run_in(dir.path(), "lizards b.txt -o a.txt").status, 0);
  // A valid answer read through a pipe is valid (it was "invalid" when the
  // second open of the pipe found it empty).
  EXPECT_EQ(shell(dir.path(), cli() + " verify <(cat b.txt) a.txt"), 0);
  EXPECT_EQ(shell(dir.path(), cli() + " verify b.txt <(cat a.txt)"), 0);
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0644), 0);
  EXPECT_EQ(shell(dir.path(), "cat b.txt > pipe & " + cli() + " lizards pipe | grep -q ^OK"), 0);
}

TEST(InputOnce, AFailedReadInVerifyIsBadInputNeverInvalid) {
  TempDir dir;
  write(dir / "b.txt", kBoard);
  fs::create_directory(dir.path() / "d");
  auto run = run_in(dir.path(), "verify b.txt d");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.err.find("d: "), std::string::npos) << run.err;
  EXPECT_EQ(run.out.find("invalid"), std::string::npos);
}

TEST(InputOnce, SigtermDuringABlockedOpenExits143) {
  TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0644), 0);
  // No writer ever comes: the open blocks until SIGTERM.
  EXPECT_EQ(shell(dir.path(), "timeout --preserve-status -s TERM 0.5 " + cli() + " lizards pipe"), 143);
  write(dir / "b.txt", kBoard);
  EXPECT_EQ(shell(dir.path(), "timeout --preserve-status -s TERM 0.5 " + cli() + " lizards b.txt -o pipe"), 143);
}

TEST(Numbers, NonFiniteAndOutOfRangeValuesAreRefused) {
  TempDir dir;
  for (const char* arguments :
       {"count 8 --checkpoint c.ck --checkpoint-interval inf", "count 8 --checkpoint-interval nan",
        "count 8 --checkpoint-interval 1e300", "count 10 --estimate 1e300",
        "count 10 --estimate 1e10", "count 10 --estimate 0.000001",
        "count 8 --mpi --progress-interval -1", "gen lizards --n 4 --trees 1.5",
        "gen lizards --n 4 --trees nan", "lizards x.txt --bfs-memory inf"}) {
    auto run = run_in(dir.path(), arguments);
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.err;
    EXPECT_NE(run.err.find("expected"), std::string::npos) << arguments << ": " << run.err;
  }
  EXPECT_FALSE(fs::exists(dir.path() / "c.ck"));
}

TEST(Checkpoint, AnEmptyFileUnderResumeIsNoCheckpointYet) {
  TempDir dir;
  write(dir / "c.ck", "");  // a run killed between creating it and writing its header
  auto run = run_in(dir.path(), "count 10 --checkpoint c.ck --resume --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "724\n");
  // And the rerun resumes from what that one wrote.
  run = run_in(dir.path(), "count 10 --checkpoint c.ck --resume --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "724\n");
}

TEST(SkyscrapersVerify, ASecondAnswerForOnePuzzleIsInvalid) {
  TempDir dir;
  // A 4 x 4 puzzle with its solution (Tatham's generator, datasets/skyscrapers).
  write(dir / "p.txt", "p1 4 0,0,3,0,3,3,0,0,0,2,0,3,0,0,0,0 - 4312342112432134\n");
  const std::string right = "4 3 1 2\n3 4 2 1\n1 2 4 3\n2 1 3 4\n";
  const std::string wrong = "3 4 1 2\n4 3 2 1\n1 2 4 3\n2 1 3 4\n";
  write(dir / "right.txt", right);
  write(dir / "both.txt", wrong + "\n" + right);
  EXPECT_EQ(run_in(dir.path(), "verify p.txt right.txt").status, 0);
  auto run = run_in(dir.path(), "verify p.txt both.txt");
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("second answer"), std::string::npos) << run.out;
}

TEST(Numbers, TimeoutTakesGnuSuffixes) {
  TempDir dir;
  for (const char* timeout : {"30s", "2m", "1h", "1d", "0.5m"}) {
    auto run = run_in(dir.path(), std::string("count 8 --timeout ") + timeout);
    EXPECT_EQ(run.status, 0) << timeout << ": " << run.err;
    EXPECT_EQ(run.out, "92\n");
  }
  for (const char* timeout : {"3x", "1ms", "inf", "-1s", "1e7"})
    EXPECT_EQ(run_in(dir.path(), std::string("count 8 --timeout ") + timeout).status, 2) << timeout;
}

TEST(Resources, GenStreamsItsRowsAndASigtermLeavesNothing) {
  TempDir dir;
  // The same bytes as a board held whole (the streamed rows are the drawn rows).
  ASSERT_EQ(run_in(dir.path(), "gen lizards --n 300 --trees 0.1 --p 77 --seed 9 -o a.txt").status, 0);
  auto whole = run_in(dir.path(), "gen lizards --n 300 --trees 0.1 --p 77 --seed 9");
  EXPECT_EQ(whole.out, read(dir.path() / "a.txt"));
  EXPECT_EQ(whole.out.size(), 4 + 4 + 3 + 300u * 301);  // "DFS\n300\n77\n", 300 rows
  // 400 MB of rows (seconds): SIGTERM lands while they are written.
  EXPECT_EQ(shell(dir.path(), "timeout --preserve-status -s TERM 0.3 " + cli() +
                                  " gen lizards --n 20000 --trees 0.1 --p 5 -o big.txt"),
            143);
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find("big"), std::string::npos) << entry.path();
}

TEST(Resources, PicturesOfHugeNAreBinnedFromTheQueens) {
  TempDir dir;
  // 300,000 x 300,000 cells would be 90 GB as a board; the density picture
  // is binned from the 300,000 queens (it was std::bad_alloc).
  auto run = run_in(dir.path(), "queens 300000 --format svg");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("300000 queens (density, 1500x1500 cells a block)"), std::string::npos);
  EXPECT_LT(run.out.size(), 8u << 20);
  run = run_in(dir.path(), "queens 300000 --format png");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out.substr(1, 3), "PNG");
}
