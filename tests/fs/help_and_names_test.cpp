// Issue 30, item 23: what the CLI writes besides answers. --help and
// --version into a full disk (/dev/full) must fail, not exit 0; batch -o -
// (stdout is no directory) is refused without making a directory named
// "-"; a number out of range is echoed as given, not as printf's %g
// rounds it (1000001, not 1e+06).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace nursery::testing;  // run_in, read, write, CliResult, TempDir

namespace {

int lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// `nursery ARGS` with stdout on /dev/full (a disk that is full): its exit
// status and stderr.
CliResult into_full_disk(const fs::path& folder, const std::string& arguments) {
  const std::string command = "cd '" + folder.string() + "' && '" + NURSERY_CLI + "' " + arguments +
                              " > /dev/full 2> .stderr";
  CliResult result;
  result.status = exit_status(command);
  result.err = read(folder / ".stderr");
  return result;
}

TEST(HelpAndVersion, AWriteThatFailsIsAnError) {
  TempDir dir;
  for (const std::string arguments :
       {"--help", "-h", "help", "--version", "-V", "version", "count --help", "help count",
        "count --version", "gen --help", "queens -h"}) {
    const auto full = into_full_disk(dir.path(), arguments);
    EXPECT_EQ(full.status, 2) << arguments;
    EXPECT_EQ(lines(full.err), 1) << arguments << ": " << full.err;
    EXPECT_NE(full.err.find("stdout"), std::string::npos) << arguments << ": " << full.err;
    // Where the write can go, the same command succeeds.
    const auto fine = run_in(dir.path(), arguments);
    EXPECT_EQ(fine.status, 0) << arguments << ": " << fine.err;
    EXPECT_FALSE(fine.out.empty()) << arguments;
  }
}

TEST(BatchOutput, DashIsNoDirectory) {
  TempDir dir;
  fs::create_directories(dir.path() / "in");
  write(dir.path() / "in" / "input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  for (const std::string output : {"-", "''"}) {
    const auto refused = run_in(dir.path(), "batch in -o " + output + " --no-progress");
    EXPECT_EQ(refused.status, 2) << output << ": " << refused.err;
    EXPECT_EQ(lines(refused.err), 1) << refused.err;
    // "-" is no directory; an empty path is no path at all.
    EXPECT_NE(refused.err.find(output == "-" ? "-o: expected a directory" : "-o: expected a path"),
              std::string::npos)
        << refused.err;
    EXPECT_FALSE(fs::exists(dir.path() / "-"));
    EXPECT_EQ(refused.out, "");
  }
  // A directory named on purpose ./- is still a directory.
  const auto named = run_in(dir.path(), "batch in -o ./- --no-progress");
  EXPECT_EQ(named.status, 0) << named.err;
  EXPECT_TRUE(fs::is_directory(dir.path() / "-"));
}

TEST(NumberEcho, ValuesAreEchoedExactly) {
  TempDir dir;
  write(dir.path() / "b.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  const auto big = run_in(dir.path(), "lizards b.txt --bfs-memory 1000001");
  EXPECT_EQ(big.status, 2);
  EXPECT_NE(big.err.find("from 0.001 to 1000000, found 1000001"), std::string::npos) << big.err;
  EXPECT_EQ(big.err.find("e+"), std::string::npos) << big.err;
  const auto small = run_in(dir.path(), "lizards b.txt --bfs-memory 0.0001");
  EXPECT_EQ(small.status, 2);
  EXPECT_NE(small.err.find("found 0.0001"), std::string::npos) << small.err;
  const auto fraction = run_in(dir.path(), "gen lizards --n 4 --trees 1.25");
  EXPECT_EQ(fraction.status, 2);
  EXPECT_NE(fraction.err.find("from 0 to 1, found 1.25"), std::string::npos) << fraction.err;
  const auto interval = run_in(dir.path(), "count 8 --checkpoint-interval 12345678.5");
  EXPECT_EQ(interval.status, 2);
  EXPECT_NE(interval.err.find("found 12345678.5"), std::string::npos) << interval.err;
}

}  // namespace
