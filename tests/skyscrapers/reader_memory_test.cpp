// The Skyscrapers readers hold views of the text, never copies or a string
// per token: a line as long as the file costs the file and a few bytes
// (issue 30, item 19: a 32 MB line took 1.2 GB in verify, 1.7 GB in
// skyscrapers), and a long read looks at the stop.
#include <gtest/gtest.h>

#include <nursery/skyscrapers.hpp>
#include <nursery/stop.hpp>
#include <string>

#include "input_error.hpp"
#include "peak_memory.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace sky = nursery::skyscrapers;
using nursery::testing::input_error;
using nursery::testing::run_measured;
using nursery::testing::TempDir;

constexpr std::size_t kLine = std::size_t{24} << 20;  // one line of 24 MiB

std::string repeated(const std::string& piece, std::size_t bytes) {
  std::string text;
  text.reserve(bytes + piece.size());
  while (text.size() < bytes) text += piece;
  return text;
}

// The peak of `nursery ARGS` less that of the same command on a small file.
std::uint64_t peak(const std::string& arguments) {
  auto run =
      run_measured(std::string("exec '") + NURSERY_CLI + "' " + arguments + " > /dev/null 2>&1");
  EXPECT_EQ(run.signal, 0) << arguments;
  EXPECT_TRUE(run.status >= 0 && run.status <= 2) << arguments << ": " << run.status;
  return run.peak_bytes;
}

// Every shape of a huge line: a game ID of '/', a grid row of a million
// tokens, the line format's info field, a comment above a grid. Each read
// by `skyscrapers` (one copy of the text) and `verify` (two: FILE and
// ANSWER): what either adds to the small file's peak stays under 4 bytes
// a byte of the text (it was 37 to 52).
// Under a sanitizer (7 measured under ASan) the bound is 12, still far
// below the 37 to 52 it was.
constexpr double kBytesPerByte = nursery::testing::kSanitized ? 12 : 4;

TEST(ReaderMemory, AHugeLineCostsAboutItsOwnSize) {
  TempDir dir;
  const std::string small = dir / "small.txt";
  nursery::testing::write(small, "4:" + std::string(15, '/') + "\n");
  const std::uint64_t base =
      std::max(peak("skyscrapers " + small), peak("verify " + small + " " + small));
  const std::string zeros = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0";
  const std::pair<const char*, std::string> shapes[] = {
      {"game_id", "9:" + repeated("/", kLine) + "\n"},
      {"grid_row", repeated("1 ", kLine) + "\n"},
      {"info", "p 4 " + zeros + " - - " + repeated("x ", kLine) + "\n"},
      {"comment", "# " + repeated("a ", kLine) +
                      "\n   . . . .\n . . . . . .\n . . . . . .\n . . . . . .\n . . . . . .\n"
                      "   . . . .\n"},
  };
  for (const auto& [name, text] : shapes) {
    const std::string file = dir / (std::string(name) + ".txt");
    nursery::testing::write(file, text);
    const double size = static_cast<double>(text.size());
    const auto solved = peak("skyscrapers " + file);
    const auto verified = peak("verify " + file + " " + file);
    EXPECT_LT(static_cast<double>(solved) - static_cast<double>(base), kBytesPerByte * size)
        << name << ": skyscrapers peaked at " << solved / 1048576 << " MiB";
    EXPECT_LT(static_cast<double>(verified) - static_cast<double>(base), kBytesPerByte * size)
        << name << ": verify peaked at " << verified / 1048576 << " MiB";
  }
}

// The errors of the huge lines say what they said before: counts, not lists.
TEST(ReaderMemory, HugeLinesAreNamedByTheirCounts) {
  auto e = input_error([&] { sky::parse("9:" + std::string(1000, '/') + "\n", "big.txt"); });
  ASSERT_TRUE(e) << "a game ID of 1001 fields read";
  EXPECT_EQ(e->line, 1u);
  EXPECT_EQ(e->expected, "36 clues separated by '/'");
  EXPECT_EQ(e->found.substr(0, 8), "1001 in ");
  e = input_error([&] { sky::parse(repeated("1 ", 2000) + "\n", "row.txt"); });
  ASSERT_TRUE(e) << "a grid row of 1000 tokens read";
  EXPECT_EQ(e->line, 1u);
  EXPECT_EQ(e->found, "1 lines of which the first has 1000 tokens");
  // A block of more rows than any grid has is refused, its rows counted.
  std::string rows;
  for (int i = 0; i < 5000; ++i) rows += "1 2 3\n";
  e = input_error([&] { sky::read_answer(rows, "tall.txt"); });
  ASSERT_TRUE(e) << "a block of 5000 rows read";
  EXPECT_EQ(e->line, 1u);
  EXPECT_EQ(e->found, "5000 lines of which the first has 3 tokens");
  // Past the rows kept, the first line of neither shape is still named.
  rows.clear();
  for (int i = 1; i <= 40; ++i) rows += i == 30 ? "1 2\n" : "1 2 3\n";
  e = input_error([&] { sky::read_answer(rows, "tall.txt"); });
  ASSERT_TRUE(e) << "a block of 40 rows read";
  EXPECT_EQ(e->line, 30u);
  EXPECT_EQ(e->found, "2 in '1 2'");
  // The last row may be the ring's bottom (two fewer): no break there.
  rows.clear();
  for (int i = 1; i <= 20; ++i) rows += "1 2 3 4\n";
  rows += "1 2\n";
  e = input_error([&] { sky::read_answer(rows, "tall.txt"); });
  ASSERT_TRUE(e) << "a block of 21 rows read";
  EXPECT_EQ(e->line, 1u);
  EXPECT_EQ(e->found, "21 lines of which the first has 4 tokens");
}

// The readers look at their budget every few thousand lines: a stopped
// read ends with ReadStopped, never with a half-read file as an answer.
TEST(ReaderMemory, AStoppedReadEnds) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "# a comment line\n";
  text += "4:" + std::string(15, '/') + "\n";
  nursery::StopSource stop;
  EXPECT_EQ(sky::parse(text, "long.txt", nursery::Budget(&stop)).size(), 1u);
  stop.request(nursery::StopReason::cancelled);
  EXPECT_THROW(sky::parse(text, "long.txt", nursery::Budget(&stop)), nursery::ReadStopped);
  EXPECT_THROW(sky::read_answer(text, "long.txt", nursery::Budget(&stop)), nursery::ReadStopped);
}

}  // namespace
