// Pictures of boards as SVG text or PNG bytes (no I/O here): queens and
// lizards with their trees, the attack lines of one piece on small boards,
// a density picture of huge boards, and Skyscrapers grids inside their
// clue ring. Both formats draw the same layout; the PNG (8-bit RGB, one
// pixel per SVG unit) draws the caption too, in the built-in font, and
// carries it as its "Title" text chunk. A caption fits the picture's
// width: a smaller font (SVG), then its start left out ("..."), never its
// end (the puzzle's id).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nursery::picture {

enum Mark : std::uint8_t { kEmpty = 0, kPiece = 1, kTree = 2 };

struct Board {
  std::uint32_t n = 0;
  std::vector<std::uint8_t> marks;  // n*n row-major Marks
  std::string title;                // drawn above the board
};

struct Options {
  // Draw the lines this piece (row, column) sees along, up to a tree or the
  // edge (boards up to kMostCells per side).
  std::optional<std::pair<std::uint32_t, std::uint32_t>> attacks_of;
  // Boards wider than this are drawn as a density picture: blocks of
  // cells, shaded by the share of pieces (dark) and trees (green), with
  // the rows and columns numbered from 0 along the sides and a legend of
  // the shades under the board.
  std::uint32_t most_cells = 200;
};

// One <circle> per piece and one <rect class="tree"> per tree when the
// board is drawn cell by cell.
std::string svg(const Board& board, const Options& options = {});
std::string png(const Board& board, const Options& options = {});
// N queens given by their rows, one a column (row_of_column[c]): beyond
// most_cells the density picture is binned straight from the N pieces
// (O(N) time, memory by the picture's blocks), never an N x N board.
std::string svg_queens(const std::vector<std::uint32_t>& row_of_column, const std::string& title,
                       const Options& options = {});
std::string png_queens(const std::vector<std::uint32_t>& row_of_column, const std::string& title,
                       const Options& options = {});

// A Skyscrapers grid: heights (0: empty) inside the clue ring (clues
// clockwise from the top-left corner, 0: none). The puzzle's givens (0:
// none) stand apart from the heights a solver put in: black on a grey cell
// (SVG class "given", the cell "given-cell"), the others blue ("height").
std::string svg_skyscrapers(int size, const std::vector<int>& clues,
                            const std::vector<int>& heights, const std::string& title,
                            const std::vector<int>& givens = {});
std::string png_skyscrapers(int size, const std::vector<int>& clues,
                            const std::vector<int>& heights, const std::string& title,
                            const std::vector<int>& givens = {});

// A chart of measurements (benchmark times against N): one line per
// series through its points, y on a log scale (decades marked), x linear
// (or log too: a scatter plot of two runs' times), axis labels and a
// legend. Points with y <= 0 (or x <= 0 on a log x) are left out.
struct Series {
  std::string name;
  std::vector<std::pair<double, double>> points;  // (x, y)
  bool line = true;                               // joined by a line; false: points only
};
struct Chart {
  std::string title, x_label, y_label;
  std::vector<Series> series;
  bool log_x = false;
};
// One <circle class="point"> per point drawn, one <g class="series"> per series.
std::string svg_chart(const Chart& chart);
// The same chart as PNG: its title in the Title chunk, the y label above
// the plot.
std::string png_chart(const Chart& chart);

}  // namespace nursery::picture
