// Notes on stderr go through one stream (cli::notes()) that --quiet
// silences; results and errors stay (issue 35, items 3 and 4).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::TempDir;

// stdout a terminal (a pseudo-terminal this test holds the other end of),
// stderr a file: what `nursery ARGS` says on stderr.
struct OnTerminal {
  int status = -1;
  std::string out, err;
};
OnTerminal on_terminal(const std::string& arguments) {
  OnTerminal seen;
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return seen;
  const char* terminal = ::ptsname(master);
  TempDir dir;
  const std::string command =
      std::string(NURSERY_CLI) + " " + arguments + " > " + terminal + " 2> '" + (dir / "err") + "'";
  const int raw = std::system(command.c_str());
  seen.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  // What the command wrote to the terminal (a few hundred bytes, within
  // its buffer): read without waiting.
  ::fcntl(master, F_SETFL, O_NONBLOCK);
  char buffer[4096];
  for (ssize_t n; (n = ::read(master, buffer, sizeof buffer)) > 0;) seen.out.append(buffer, n);
  ::close(master);
  seen.err = nursery::testing::read(dir / "err");
  return seen;
}

TEST(Notes, QueensBeyond32SaysItsFormatUnlessQuiet) {
  const OnTerminal said = on_terminal("queens 40");
  ASSERT_EQ(said.status, 0) << said.err;
  EXPECT_NE(said.err.find("note: N > 32: the solution as 0-based rows"), std::string::npos)
      << said.err;
  EXPECT_NE(said.out.find(' '), std::string::npos) << "40 rows: " << said.out;
  for (const char* quiet : {" --quiet", " -q"}) {
    const OnTerminal silent = on_terminal(std::string("queens 40") + quiet);
    EXPECT_EQ(silent.status, 0) << silent.err;
    EXPECT_EQ(silent.err, "") << quiet;
    EXPECT_NE(silent.out.find(' '), std::string::npos) << quiet << ": " << silent.out;
  }
}

}  // namespace
