// The homework format: real-world quirks accepted, everything else an error
// naming the line.
#include <gtest/gtest.h>

#include "input_error.hpp"
#include "support.hpp"

namespace {

using namespace lizards_test;

std::string parse_error(const std::string& text) {
  return nursery::testing::input_error_text([&] { lz::parse(text, "in.txt"); });
}

TEST(LizardsFormat, AcceptsLineEndsAndBlanksOfRealFiles) {
  for (std::string text :
       {"BFS\n2\n1\n00\n02\n", "BFS\r\n2\r\n1\r\n00\r\n02", "BFS\r2\r1\r00\r02\r",
        "BFS\r2\n1 \n00\n02\n\nextra lines\n", "2\n1\n00\n02\n"}) {
    auto board = lz::parse(text, "in.txt");
    EXPECT_EQ(board.n, 2u);
    EXPECT_EQ(board.p, 1u);
    EXPECT_EQ(board.cells, (std::vector<std::uint8_t>{0, 0, 0, 2})) << text;
  }
  EXPECT_EQ(lz::parse("SA\n1\n1\n0", "x").algorithm, lz::Algorithm::sa);
}

TEST(LizardsFormat, ErrorsNameTheLine) {
  EXPECT_EQ(parse_error("DFX\n2\n1\n00\n00\n"), "in.txt:1: expected DFS, BFS or SA, found 'DFX'");
  EXPECT_EQ(parse_error("DFS\nfour\n1\n"),
            "in.txt:2: expected n as a positive 32-bit integer, found 'four'");
  EXPECT_EQ(parse_error("DFS\n2\n0\n00\n00\n"),
            "in.txt:3: expected p as a positive 32-bit integer, found '0'");
  EXPECT_EQ(parse_error("DFS\n2\n4294967296\n00\n00\n"),
            "in.txt:3: expected p as a positive 32-bit integer, found '4294967296'");
  EXPECT_EQ(parse_error("DFS\n2\n1\n00\n0\n"),
            "in.txt:5: expected a row of 2 cells, found 1 characters");
  EXPECT_EQ(parse_error("DFS\n2\n1\n00\n01\n"), "in.txt:5: expected 0 or 2 in column 2, found '1'");
  EXPECT_EQ(parse_error("DFS\n3\n1\n000\n000\n"),
            "in.txt:6: expected row 3 of 3, found the end of the file");
  EXPECT_EQ(parse_error("DFS\n70000\n1\n0\n"),
            "in.txt:2: expected n at most 65535 (n*n cells must fit in memory and 32 bits), found "
            "70000");
  EXPECT_EQ(parse_error(""), "in.txt:1: expected DFS, BFS or SA, found an empty file");
  EXPECT_EQ(parse_error("DFS\n2\n"), "in.txt:3: expected p, found the end of the file");
  // n far larger than the text: no huge allocation, the missing row is named.
  EXPECT_EQ(parse_error("DFS\n60000\n1\n"),
            "in.txt:4: expected row 1 of 60000, found the end of the file");
}

TEST(LizardsFormat, AnswerKeepsTreesAndMarksLizards) {
  auto board = make_board(3, 2, {"000", "020", "000"});
  lz::Placement placement{0, 8};
  EXPECT_EQ(lz::format(board, &placement), "OK\n100\n020\n001\n");
  EXPECT_EQ(lz::format(board, nullptr), "FAIL\n");
  EXPECT_EQ(lz::format_instance(board), "DFS\n3\n2\n000\n020\n000\n");
}

}  // namespace
