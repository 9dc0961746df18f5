// Pictures (SVG): every picture is well-formed XML, with one mark per piece
// and per tree; huge boards become density pictures; the CLI draws queens,
// lizards answers (with the lines one lizard sees) and Skyscrapers grids.
#include <gtest/gtest.h>

#include <fstream>
#include <nursery/picture.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"
#include "xml_check.hpp"

namespace {

namespace picture = nursery::picture;
using nursery::testing::well_formed;

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++found;
  return found;
}

TEST(Picture, OneMarkPerPieceAndTreeAndWellFormed) {
  picture::Board board{5, std::vector<std::uint8_t>(25, picture::kEmpty), "a <small> & odd title"};
  board.marks[0] = picture::kPiece;
  board.marks[7] = picture::kTree;
  board.marks[13] = picture::kPiece;
  board.marks[24] = picture::kTree;
  picture::Options options;
  options.attacks_of = std::make_pair(0u, 0u);
  std::string svg = picture::svg(board, options);
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(count(svg, "<circle class=\"piece\""), 2u);
  EXPECT_EQ(count(svg, "class=\"tree\""), 2u);
  // From the corner: along the row, the column and the diagonal, which the
  // tree at (4,4) stops at (3,3).
  EXPECT_EQ(count(svg, "class=\"attack\""), 3u);
  EXPECT_NE(svg.find("x2=\"448.00\" y2=\"448.00\""), std::string::npos) << svg;
}

TEST(Picture, HugeBoardsAreDensityPictures) {
  const std::uint32_t n = 1000;
  picture::Board board{n, std::vector<std::uint8_t>(std::size_t(n) * n, picture::kEmpty), "huge"};
  for (std::uint32_t r = 0; r < n; ++r) board.marks[std::size_t(r) * n + (r * 7) % n] = picture::kPiece;
  std::string svg = picture::svg(board);
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(count(svg, "<circle"), 0u);
  EXPECT_NE(svg.find("density"), std::string::npos);
  EXPECT_LT(svg.size(), 8u << 20);  // 200 x 200 blocks, not a million cells
}

TEST(Picture, SkyscrapersGridWithItsClues) {
  std::vector<int> clues = {2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3};
  std::vector<int> heights = {1, 3, 4, 2, 4, 2, 1, 3, 3, 4, 2, 1, 2, 1, 3, 4};
  std::string svg = picture::svg_skyscrapers(4, clues, heights, "cw4-1");
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(count(svg, "class=\"clue\""), 16u);
  EXPECT_EQ(count(svg, "class=\"height\""), 16u);
}

TEST(PictureCli, QueensLizardsAndSkyscrapersAreDrawn) {
  auto run = nursery::testing::run_cli("queens 8 --format svg", false);
  ASSERT_EQ(run.status, 0);
  std::string why;
  EXPECT_TRUE(well_formed(run.output, why)) << why;
  EXPECT_EQ(count(run.output, "<circle class=\"piece\""), 8u);  // one mark per queen

  nursery::testing::TempDir dir;
  {
    std::ofstream board(dir / "board.txt");
    board << "DFS\n5\n4\n00000\n00200\n00000\n20000\n00000\n";
  }
  ASSERT_EQ(nursery::testing::run_cli("lizards " + (dir / "board.txt") + " -o " + (dir / "out.txt")).status, 0);
  run = nursery::testing::run_cli("draw " + (dir / "board.txt") + " " + (dir / "out.txt") +
                                      " --attacks 0,0",
                                  false);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(well_formed(run.output, why)) << why;
  EXPECT_EQ(count(run.output, "<circle class=\"piece\""), 4u);
  EXPECT_EQ(count(run.output, "class=\"tree\""), 2u);

  run = nursery::testing::run_cli(
      "draw '" + std::string(NURSERY_DATASETS) + "/skyscrapers/codewars.txt' -o " + (dir / "sky.svg"));
  ASSERT_EQ(run.status, 0) << run.output;
  std::ifstream drawn(dir / "sky.svg");
  std::string svg((std::istreambuf_iterator<char>(drawn)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_GT(count(svg, "class=\"clue\""), 0u);

  EXPECT_EQ(nursery::testing::run_cli("draw " + (dir / "board.txt") + " --attacks x").status, 2);
  EXPECT_EQ(nursery::testing::run_cli("queens 8 --all --format svg").status, 2);
}

}  // namespace
