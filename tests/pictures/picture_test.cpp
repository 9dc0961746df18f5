// Pictures: every SVG is well-formed XML, with one mark per piece and per
// tree; every PNG decodes (libpng's reader) to the drawn size, one disc per
// piece in its cell, one green square per tree, digits where the clues are;
// huge boards become density pictures; the CLI draws queens, lizards
// answers (with the lines one lizard sees) and Skyscrapers grids.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nursery/lizards.hpp>
#include <nursery/picture.hpp>
#include <string>
#include <vector>

#include "occurrences.hpp"
#include "png_read.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"
#include "xml_check.hpp"

namespace {

namespace picture = nursery::picture;
using nursery::testing::occurrences;
using nursery::testing::well_formed;

// Pieces at (0, 0) and (2, 3), trees at (1, 2) and (4, 4).
picture::Board five_by_five(const std::string& title) {
  picture::Board board{5, std::vector<std::uint8_t>(25, picture::kEmpty), title};
  board.marks[0] = picture::kPiece;
  board.marks[7] = picture::kTree;
  board.marks[13] = picture::kPiece;
  board.marks[24] = picture::kTree;
  return board;
}

TEST(Picture, OneMarkPerPieceAndTreeAndWellFormed) {
  picture::Board board = five_by_five("a <small> & odd title");
  picture::Options options;
  options.attacks_of = std::make_pair(0u, 0u);
  std::string svg = picture::svg(board, options);
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(occurrences(svg, "<circle class=\"piece\""), 2u);
  EXPECT_EQ(occurrences(svg, "class=\"tree\""), 2u);
  // From the corner: along the row, the column and the diagonal, which the
  // tree at (4,4) stops at (3,3).
  EXPECT_EQ(occurrences(svg, "class=\"attack\""), 3u);
  EXPECT_NE(svg.find("x2=\"452.00\" y2=\"472.00\""), std::string::npos) << svg;  // (3.5, 3.5) cells from the corner at (4, 24)
}

TEST(Picture, HugeBoardsAreDensityPictures) {
  const std::uint32_t n = 1000;
  picture::Board board{n, std::vector<std::uint8_t>(std::size_t(n) * n, picture::kEmpty), "huge"};
  for (std::uint32_t r = 0; r < n; ++r) board.marks[std::size_t(r) * n + (r * 7) % n] = picture::kPiece;
  std::string svg = picture::svg(board);
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(occurrences(svg, "<circle"), 0u);
  EXPECT_NE(svg.find("density"), std::string::npos);
  EXPECT_LT(svg.size(), 8u << 20);  // 200 x 200 blocks, not a million cells
  // Rows and columns numbered from 0 every 200 cells, and a legend that
  // says what the shades are (blocks of 5 x 5 cells: 0 to 5 pieces).
  for (const char* number : {">0<", ">200<", ">400<", ">600<", ">800<"})
    EXPECT_NE(svg.find(number), std::string::npos) << number;
  EXPECT_EQ(occurrences(svg, "class=\"row-number\""), 5u);
  EXPECT_EQ(occurrences(svg, "class=\"column-number\""), 5u);
  EXPECT_EQ(svg.find(">1000<"), std::string::npos);  // no cell 1000 on a board of 1000
  EXPECT_NE(svg.find(">pieces a block:<"), std::string::npos);
  EXPECT_NE(svg.find(">0 to 5<"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "class=\"legend\""), 5u);
  EXPECT_EQ(svg.find(">all trees<"), std::string::npos);  // a board without trees
}

TEST(Picture, DensityNumbersStandBesideTheirCells) {
  // 999 cells in blocks of 5, numbered every 200: the column numbered
  // 400 is drawn at the centre of cell 400, the board's 640 units spread
  // over 200 blocks (and the row numbered 400 at the same height).
  const std::uint32_t n = 999;
  picture::Board board{n, std::vector<std::uint8_t>(std::size_t(n) * n, picture::kEmpty), "odd"};
  board.marks[12345] = picture::kTree;
  const std::string svg = picture::svg(board);
  EXPECT_NE(svg.find(">all trees<"), std::string::npos);  // the legend of a board with trees
  EXPECT_EQ(occurrences(svg, "class=\"legend\""), 6u);
  const double left = 4 + 40, scale = 640.0 / 200 / 5;
  char x[64];
  std::snprintf(x, sizeof x, "x=\"%.2f\"", left + 400.5 * scale);
  const std::string column = std::string("class=\"column-number\" ") + x;
  ASSERT_NE(svg.find(column), std::string::npos);
  EXPECT_EQ(svg.substr(svg.find('>', svg.find(column)), 5), ">400<");
  char y[64];
  std::snprintf(y, sizeof y, "y=\"%.2f\"", 24 + 14 + 400.5 * scale);
  const auto row = svg.find(y, svg.find("class=\"row-number\""));
  ASSERT_NE(row, std::string::npos);
  EXPECT_EQ(svg.substr(svg.find('>', row), 5), ">400<");
}

TEST(Picture, SkyscrapersGridWithItsClues) {
  std::vector<int> clues = {2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3};
  std::vector<int> heights = {1, 3, 4, 2, 4, 2, 1, 3, 3, 4, 2, 1, 2, 1, 3, 4};
  std::string svg = picture::svg_skyscrapers(4, clues, heights, "cw4-1");
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(occurrences(svg, "class=\"clue\""), 16u);
  EXPECT_EQ(occurrences(svg, "class=\"height\""), 16u);
}

TEST(PictureCli, QueensLizardsAndSkyscrapersAreDrawn) {
  auto run = nursery::testing::run_cli("queens 8 --format svg", false);
  ASSERT_EQ(run.status, 0);
  std::string why;
  EXPECT_TRUE(well_formed(run.output, why)) << why;
  EXPECT_EQ(occurrences(run.output, "<circle class=\"piece\""), 8u);  // one mark per queen

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
  EXPECT_EQ(occurrences(run.output, "<circle class=\"piece\""), 4u);
  EXPECT_EQ(occurrences(run.output, "class=\"tree\""), 2u);

  run = nursery::testing::run_cli(
      "draw '" + std::string(NURSERY_DATASETS) + "/skyscrapers/codewars.txt' -o " + (dir / "sky.svg"));
  ASSERT_EQ(run.status, 0) << run.output;
  std::ifstream drawn(dir / "sky.svg");
  std::string svg((std::istreambuf_iterator<char>(drawn)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_GT(occurrences(svg, "class=\"clue\""), 0u);

  EXPECT_EQ(nursery::testing::run_cli("draw " + (dir / "board.txt") + " --attacks x").status, 2);
  EXPECT_EQ(nursery::testing::run_cli("queens 8 --all --format svg").status, 2);
  // A cell off the board is refused, not ignored (issue 24).
  run = nursery::testing::run_cli("draw " + (dir / "board.txt") + " --attacks 5,0");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("5x5 board"), std::string::npos) << run.output;
  // An output named for another format is refused (nothing written) unless
  // --format says what goes there.
  run = nursery::testing::run_cli("draw " + (dir / "board.txt") + " -o " + (dir / "b.gif"));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find(".svg or .png"), std::string::npos) << run.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "b.gif"));
  EXPECT_EQ(nursery::testing::run_cli("draw " + (dir / "board.txt") + " -o " + (dir / "b.gif") +
                                      " --format svg")
                .status,
            0);
  EXPECT_TRUE(std::filesystem::exists(dir / "b.gif"));
}

// The PNG's layout: the board 640 pixels wide (cells at least 4), 4 from
// the left and 16 from the top (the PNG's caption band, narrower than the
// SVG's 24).
constexpr double kLeft = 4, kTop = 16;
double cell_side(std::uint32_t n) { return std::max(4.0, 640.0 / n); }

bool piece_pixel(nursery::testing::Pixels::Pixel p) { return p.r < 160 && p.b > p.r + 4; }  // #222233
bool tree_pixel(nursery::testing::Pixels::Pixel p) { return p.g > p.r + 40 && p.g > p.b + 40; }  // #2a7d2a

TEST(PicturePng, OneDiscPerPieceInItsCellAndOneSquarePerTree) {
  picture::Board board = five_by_five("five <cells>");
  picture::Options options;
  options.attacks_of = std::make_pair(0u, 0u);
  nursery::testing::Pixels pixels;
  std::string why;
  ASSERT_TRUE(nursery::testing::read_png(picture::png(board, options), pixels, why)) << why;
  const double cell = cell_side(5);
  EXPECT_EQ(pixels.width, static_cast<int>(cell * 5 + 8));
  EXPECT_EQ(pixels.height, static_cast<int>(cell * 5 + kTop + 4));
  EXPECT_EQ(pixels.title, "five <cells>");
  auto discs = nursery::testing::blobs(pixels, piece_pixel);
  ASSERT_EQ(discs.size(), 2u);
  std::vector<std::pair<int, int>> cells;
  for (auto [x, y] : discs) cells.push_back({int((y - kTop) / cell), int((x - kLeft) / cell)});
  std::sort(cells.begin(), cells.end());
  EXPECT_EQ(cells, (std::vector<std::pair<int, int>>{{0, 0}, {2, 3}}));
  EXPECT_EQ(nursery::testing::blobs(pixels, tree_pixel).size(), 2u);
  // The corner lizard's diagonal is drawn (red) through cell (2, 2) and
  // stops at the tree at (4, 4): nothing red in cell (4, 4)'s centre.
  auto red = [](nursery::testing::Pixels::Pixel p) { return p.r > 180 && p.g < 120 && p.b < 120; };
  EXPECT_TRUE(red(pixels.at(int(kLeft + 2.5 * cell), int(kTop + 2.5 * cell))));
  EXPECT_FALSE(red(pixels.at(int(kLeft + 4.5 * cell), int(kTop + 4.5 * cell))));
}

TEST(PicturePng, HugeBoardsAreDensityPicturesOfTheSameSize) {
  const std::uint32_t n = 1000;
  picture::Board board{n, std::vector<std::uint8_t>(std::size_t(n) * n, picture::kEmpty), "huge"};
  for (std::uint32_t r = 0; r < n; ++r) board.marks[std::size_t(r) * n + r] = picture::kPiece;
  nursery::testing::Pixels pixels;
  std::string why;
  ASSERT_TRUE(nursery::testing::read_png(picture::png(board), pixels, why)) << why;
  // The board's 640 and margins, the row numbers' band on the left, and
  // above and below it the caption, the column numbers and the legend.
  EXPECT_EQ(pixels.width, 4 + 40 + 640 + 4);
  EXPECT_EQ(pixels.height, 16 + 14 + 640 + 30);
  EXPECT_NE(pixels.title.find("density"), std::string::npos);
  // The diagonal's blocks are dark, the corner blocks off it white.
  auto dark = [](nursery::testing::Pixels::Pixel p) { return p.r + p.g + p.b < 3 * 200; };
  const double left = kLeft + 40, top = kTop + 14;
  EXPECT_TRUE(dark(pixels.at(int(left + 320), int(top + 320))));
  EXPECT_FALSE(dark(pixels.at(int(left + 600), int(top + 40))));
  // The legend's darkest swatch under the board is dark; the row numbers'
  // band holds black digits and nothing of the board.
  EXPECT_TRUE(dark(pixels.at(int(left + 96 + 4 * 12 + 6), int(top + 640 + 16))));
  int inked = 0;
  for (int y = int(top); y < int(top + 640); ++y)
    for (int x = int(kLeft); x < int(left - 4); ++x) inked += dark(pixels.at(x, y));
  EXPECT_GT(inked, 5 * 8);  // five numbers of a few dots each
}

TEST(PicturePngCli, QueensDiscsSitOnTheSolutionsCells) {
  auto text = nursery::testing::run_cli("queens 8 --format rows", false);
  ASSERT_EQ(text.status, 0);
  std::vector<int> rows;  // the row of each column's queen
  for (std::size_t at = 0; at < text.output.size();) {
    while (at < text.output.size() && !std::isdigit(static_cast<unsigned char>(text.output[at]))) ++at;
    if (at == text.output.size()) break;
    rows.push_back(std::stoi(text.output.substr(at)));
    while (at < text.output.size() && std::isdigit(static_cast<unsigned char>(text.output[at]))) ++at;
  }
  ASSERT_EQ(rows.size(), 8u) << text.output;
  auto run = nursery::testing::run_cli("queens 8 --format png", false);
  ASSERT_EQ(run.status, 0);
  nursery::testing::Pixels pixels;
  std::string why;
  ASSERT_TRUE(nursery::testing::read_png(run.output, pixels, why)) << why;
  const double cell = cell_side(8);
  std::vector<int> drawn(8, -1);
  auto discs = nursery::testing::blobs(pixels, piece_pixel);
  ASSERT_EQ(discs.size(), 8u);  // one disc per queen
  for (auto [x, y] : discs) drawn[std::size_t((x - kLeft) / cell)] = int((y - kTop) / cell);
  EXPECT_EQ(drawn, rows);
  EXPECT_EQ(nursery::testing::run_cli("queens 8 --all --format png").status, 2);
}

TEST(PicturePngCli, DrawPicksPngByTheNameAndDigitsFillTheClueRing) {
  nursery::testing::TempDir dir;
  const std::string puzzles = std::string(NURSERY_DATASETS) + "/skyscrapers/codewars.txt";
  auto run = nursery::testing::run_cli("draw '" + puzzles + "' -o " + (dir / "sky.png"));
  ASSERT_EQ(run.status, 0) << run.output;
  std::ifstream drawn(dir / "sky.png", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(drawn)), std::istreambuf_iterator<char>());
  nursery::testing::Pixels pixels;
  std::string why;
  ASSERT_TRUE(nursery::testing::read_png(bytes, pixels, why)) << why;
  // cw4-1, the file's first puzzle: 4 x 4, all 16 clues given. A clue's
  // cell has dark pixels; a corner of the ring and an empty grid cell none.
  const double cell = 48;
  EXPECT_EQ(pixels.width, static_cast<int>(cell * 6 + 8));
  auto ink = [&](double column, double row) {
    int dark = 0;
    for (int y = int(kTop + row * cell + 8); y < int(kTop + (row + 1) * cell - 8); ++y)
      for (int x = int(kLeft + column * cell + 8); x < int(kLeft + (column + 1) * cell - 8); ++x)
        dark += pixels.at(x, y).r < 100;
    return dark;
  };
  EXPECT_GT(ink(1, 0), 10);  // the top clue of column 1
  EXPECT_GT(ink(0, 1), 10);  // the left clue of row 1
  EXPECT_EQ(ink(0, 0), 0);   // a corner of the ring: never a clue
  EXPECT_EQ(ink(2, 2), 0);   // no heights without an answer
  // -f svg wins over the name; an unknown format is refused.
  run = nursery::testing::run_cli("draw '" + puzzles + "' -f svg -o " + (dir / "sky.png"));
  ASSERT_EQ(run.status, 0) << run.output;
  std::ifstream svg_file(dir / "sky.png");
  std::string svg((std::istreambuf_iterator<char>(svg_file)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(well_formed(svg, why)) << why;
  run = nursery::testing::run_cli("draw '" + puzzles + "' -f gif");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("--format: expected svg or png, found 'gif'"), std::string::npos) << run.output;
}

// draw picks the kind through the registry (nursery/registry.hpp), as batch
// and verify do: a kind's own option on another kind's file is refused,
// and a kind it does not draw is named with where its pictures come from.
TEST(PictureCli, TheRegistryPicksTheKindDrawn) {
  nursery::testing::TempDir dir;
  nursery::testing::write(dir.path() / "board.txt", "5\n4\n00000\n00200\n00000\n20000\n00000\n");
  nursery::testing::write(dir.path() / "q.txt", "queens 8\n");
  nursery::testing::write(dir.path() / "notes.txt", "hello\n");
  const std::string sky = "'" + std::string(NURSERY_DATASETS) + "/skyscrapers/codewars.txt'";
  // A bare board (no algorithm line) is drawn as the board it is.
  auto run = nursery::testing::run_cli("draw " + (dir / "board.txt"), false);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "class=\"tree\""), 2u);
  run = nursery::testing::run_cli("draw " + (dir / "board.txt") + " --id cw4-1");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("--id: names a Skyscrapers puzzle; " + (dir / "board.txt") +
                            " holds a lizards board"),
            std::string::npos)
      << run.output;
  run = nursery::testing::run_cli("draw " + sky + " --attacks 0,0");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("--attacks: draws what a lizard sees;"), std::string::npos)
      << run.output;
  run = nursery::testing::run_cli("draw " + (dir / "q.txt"));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("found a queens file (nursery queens N --format svg|png)"),
            std::string::npos)
      << run.output;
  run = nursery::testing::run_cli("draw " + (dir / "notes.txt"));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("expected a lizards board or Skyscrapers puzzles, found not an "
                            "instance (no 'queens N', no DFS/BFS/SA line"),
            std::string::npos)
      << run.output;
}

}  // namespace

namespace {

// --attacks draws what a lizard sees: a tree or an empty cell is refused
// in one line, exit 2, nothing drawn (issue 35, item 6).
TEST(PictureCli, AttacksAreALizardsOnly) {
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "board.txt", "DFS\n4\n1\n0000\n0200\n0000\n0000\n");
  nursery::testing::write(dir / "answer.txt", "OK\n1000\n0200\n0000\n0000\n");
  // The answer is valid, by the independent checker.
  ASSERT_TRUE(nursery::lizards::verify("DFS\n4\n1\n0000\n0200\n0000\n0000\n",
                                       "OK\n1000\n0200\n0000\n0000\n")
                  .valid);
  const std::string draw = "draw " + dir / "board.txt" + " " + dir / "answer.txt";
  auto drawn = nursery::testing::run_cli(draw + " --attacks 0,0", false);
  EXPECT_EQ(drawn.status, 0);
  EXPECT_EQ(occurrences(drawn.output, "<circle class=\"piece\""), 1u);
  for (const auto& [cell, found] : std::initializer_list<std::pair<std::string, std::string>>{
           {"1,1", "found a tree"}, {"2,3", "found an empty cell"}}) {
    nursery::testing::TempDir here;
    auto refused = nursery::testing::run_in(here.path(), draw + " --attacks " + cell);
    EXPECT_EQ(refused.status, 2) << cell;
    EXPECT_EQ(refused.out, "") << cell;
    EXPECT_EQ(refused.err.rfind("error: draw: --attacks: expected a lizard at row ", 0), 0u)
        << refused.err;
    EXPECT_NE(refused.err.find(found), std::string::npos) << refused.err;
    EXPECT_EQ(refused.err.find('\n'), refused.err.size() - 1) << refused.err;
  }
  // Without an answer the board has no lizard to look from.
  auto bare = nursery::testing::run_in(dir.path(), "draw board.txt --attacks 0,0");
  EXPECT_EQ(bare.status, 2);
  EXPECT_NE(bare.err.find("no ANSWER given"), std::string::npos) << bare.err;
}

}  // namespace

namespace {

// The caption's text and font size, from the SVG.
struct Drawn {
  std::string caption;
  double font = 0, width = 0;
};
Drawn caption_of(const std::string& svg) {
  Drawn drawn;
  const auto start = svg.find("<text class=\"caption\"");
  if (start == std::string::npos) return drawn;
  const auto size = svg.find("font-size=\"", start) + 11;
  drawn.font = std::stod(svg.substr(size));
  const auto open = svg.find('>', start) + 1;
  drawn.caption = svg.substr(open, svg.find("</text>", open) - open);
  const auto width = svg.find("width=\"") + 7;
  drawn.width = std::stod(svg.substr(width));
  return drawn;
}

// A small puzzle's caption fits its picture (a smaller font, then the
// start of a long path left out), and keeps the puzzle's id (issue 35,
// item 6).
TEST(Picture, TheCaptionFitsAndKeepsTheId) {
  const std::vector<int> clues(16, 0), heights(16, 0);
  const auto short_one = caption_of(picture::svg_skyscrapers(4, clues, heights, "a.txt: p1"));
  EXPECT_EQ(short_one.caption, "a.txt: p1");
  EXPECT_EQ(short_one.font, 13);
  for (const std::string& title :
       {std::string("datasets/skyscrapers/tatham_unreasonable_4.txt: 4:2/2/1/3/1/3/3/2"),
        std::string(300, 'x') + "/puzzles.txt: the-id-kept"}) {
    const auto drawn = caption_of(picture::svg_skyscrapers(4, clues, heights, title));
    EXPECT_LT(drawn.font, 13) << title;
    EXPECT_GE(drawn.font, 8) << title;
    // 0.6 of the font a character: within the picture, its 4-unit margins left.
    EXPECT_LE(0.6 * drawn.font * static_cast<double>(drawn.caption.size()), drawn.width - 8)
        << drawn.caption;
    const std::string id = title.substr(title.rfind(": ") + 2);
    EXPECT_EQ(drawn.caption.substr(drawn.caption.size() - id.size()), id) << drawn.caption;
  }
}

// Givens stand apart from the heights a solver filled in: another class,
// a grey cell behind each, another colour.
TEST(Picture, SkyscrapersGivensAreDistinct) {
  const std::vector<int> clues(16, 0);
  std::vector<int> givens(16, 0), heights = {1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1};
  givens[0] = 1, givens[5] = 1, givens[15] = 1;
  const std::string svg = picture::svg_skyscrapers(4, clues, heights, "t", givens);
  EXPECT_EQ(occurrences(svg, "class=\"given\""), 3u);
  EXPECT_EQ(occurrences(svg, "class=\"given-cell\""), 3u);
  EXPECT_EQ(occurrences(svg, "class=\"height\""), 13u);
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  // Without givens every height is a solver's.
  EXPECT_EQ(occurrences(picture::svg_skyscrapers(4, clues, heights, "t"), "class=\"given\""), 0u);
  // The PNG draws the same cells: its size does not change.
  EXPECT_EQ(picture::png_skyscrapers(4, clues, heights, "t", givens).substr(16, 8),
            picture::png_skyscrapers(4, clues, heights, "t").substr(16, 8));
}

// draw shows a puzzle file's givens as givens.
TEST(PictureCli, DrawnSkyscrapersShowTheirGivens) {
  nursery::testing::TempDir dir;
  ASSERT_EQ(nursery::testing::run_cli(
                "gen skyscrapers --n 4 --puzzles 1 --givens 3 -o " + dir / "p.txt", false)
                .status,
            0);
  auto drawn = nursery::testing::run_cli("draw " + dir / "p.txt", false);
  ASSERT_EQ(drawn.status, 0) << drawn.output;
  EXPECT_EQ(occurrences(drawn.output, "class=\"given\""), 3u) << drawn.output;
  EXPECT_EQ(occurrences(drawn.output, "class=\"height\""), 0u) << drawn.output;
}

}  // namespace

namespace {

// An invalid lizards answer shows its conflicting pairs in red: a line a
// pair (along a row, column or diagonal with no tree between), a ring a
// lizard in one; a valid answer has none (issue 35, item 6).
TEST(PictureCli, AnInvalidAnswerMarksItsConflictsInRed) {
  nursery::testing::TempDir dir;
  const std::string board = "DFS\n4\n3\n0000\n0200\n0000\n0000\n";
  nursery::testing::write(dir / "board.txt", board);
  // (0,0)-(0,3) see each other along row 0; (0,0)-(2,2) are split by the
  // tree at (1,1); (2,2)-(0,3)? not in line; (2,2)-(3,3) on a diagonal.
  const std::string invalid = "OK\n1001\n0200\n0010\n0001\n";
  nursery::testing::write(dir / "invalid.txt", invalid);
  EXPECT_FALSE(nursery::lizards::verify(board, invalid).valid);
  auto drawn = nursery::testing::run_cli("draw " + dir / "board.txt " + dir / "invalid.txt", false);
  ASSERT_EQ(drawn.status, 0) << drawn.output;
  EXPECT_EQ(occurrences(drawn.output, "class=\"conflict\""), 3u) << drawn.output;  // + (0,3)-(3,3)
  EXPECT_EQ(occurrences(drawn.output, "class=\"conflicting\""), 4u) << drawn.output;
  std::string why;
  EXPECT_TRUE(well_formed(drawn.output, why)) << why;
  const std::string valid = "OK\n1000\n0210\n0000\n0100\n";
  nursery::testing::write(dir / "valid.txt", valid);
  ASSERT_TRUE(nursery::lizards::verify("DFS\n4\n3\n0000\n0200\n0000\n0000\n", valid).valid);
  drawn = nursery::testing::run_cli("draw " + dir / "board.txt " + dir / "valid.txt", false);
  ASSERT_EQ(drawn.status, 0) << drawn.output;
  EXPECT_EQ(occurrences(drawn.output, "class=\"conflict"), 0u);
  // A valid queens solution has none either.
  EXPECT_EQ(occurrences(nursery::testing::run_cli("queens 8 --format svg", false).output,
                        "class=\"conflict"),
            0u);
}

}  // namespace

namespace {

// The PNG draws its caption too, in its top band, and a long one keeps its
// end within the picture (issue 35, item 6).
TEST(PicturePng, TheCaptionIsDrawnInItsBand) {
  const std::vector<int> clues(16, 0), heights(16, 0);
  auto ink = [](const nursery::testing::Pixels& pixels, int x0, int x1) {
    int dark = 0;
    for (int y = 0; y < 16; ++y)
      for (int x = x0; x < x1 && x < pixels.width; ++x)
        dark += pixels.at(x, y).r + pixels.at(x, y).g + pixels.at(x, y).b < 3 * 128;
    return dark;
  };
  nursery::testing::Pixels titled, untitled, long_one;
  std::string why;
  ASSERT_TRUE(nursery::testing::read_png(picture::png_skyscrapers(4, clues, heights, "p.txt: p1"),
                                         titled, why))
      << why;
  ASSERT_TRUE(
      nursery::testing::read_png(picture::png_skyscrapers(4, clues, heights, ""), untitled, why))
      << why;
  EXPECT_EQ(titled.title, "p.txt: p1");
  EXPECT_GT(ink(titled, 4, 4 + 6 * 9), 20);  // nine characters of ink
  EXPECT_EQ(ink(untitled, 0, untitled.width), 0);
  EXPECT_EQ(titled.height, untitled.height);
  // Longer than the 296-pixel picture: its end (the id) is drawn at the right.
  ASSERT_TRUE(nursery::testing::read_png(
      picture::png_skyscrapers(4, clues, heights, std::string(100, 'x') + ": the-id"), long_one,
      why))
      << why;
  EXPECT_GT(ink(long_one, long_one.width - 60, long_one.width - 4), 20);
}

}  // namespace
