// --max-board never writes a board no command reads back (issue 30, item
// 25): a board's p is at least 1, so a board without an empty cell (the
// best is 0) is refused before the run, and no file is written.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using namespace nursery::testing;

TEST(MaxBoard, AllTreesIsRefusedAndNothingWritten) {
  TempDir dir;
  write(dir / "trees.txt", "DFS\n2\n1\n22\n22\n");
  auto run = run_in(dir.path(),
                    "lizards trees.txt --max --max-board max.txt "
                    "-o out.txt");
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(run.err.find("error: --max-board: trees.txt has no empty cell"), 0u) << run.err;
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "max.txt"));
  // Without --max-board the same run answers 0.
  auto plain = run_cli("lizards " + dir / "trees.txt" + " --max", false);
  EXPECT_EQ(plain.status, 0) << plain.output;
  // A board with room: the board written reads back and verifies.
  write(dir / "room.txt", "DFS\n2\n1\n02\n22\n");
  ASSERT_EQ(run_cli("lizards " + dir / "room.txt" + " --max --max-board " + dir / "max.txt" +
                        " -o " + dir / "out.txt",
                    false)
                .status,
            0);
  EXPECT_EQ(run_cli("verify " + dir / "max.txt " + dir / "out.txt", false).status, 0);
  EXPECT_EQ(run_cli("lizards " + dir / "max.txt", false).status, 0);
}

}  // namespace
