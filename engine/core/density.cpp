// Density pictures of huge boards (density.hpp): blocks of cells shaded
// by their pieces and trees, the rows and columns numbered along the
// sides, a legend of the shades under the board.
#include "core/density.hpp"

#include <algorithm>
#include <cstdio>

namespace nursery::picture {

namespace {

using scene::kMargin;
using scene::kSide;
using scene::kTop;

// A density picture's bands around its board: row numbers on the left,
// column numbers above, the legend below.
constexpr double kRowNumbers = 40, kColumnNumbers = 14, kLegend = 30, kLabel = 10;

// A step between numbered cells, 1, 2 or 5 times a power of ten, that
// numbers the side of n cells about five times.
std::uint32_t tick_step(std::uint32_t n) {
  std::uint64_t step = 1;
  for (;;)
    for (std::uint64_t times : {1, 2, 5})
      if (step * times * 5 >= n)
        return static_cast<std::uint32_t>(step * times);
      else if (times == 5)
        step *= 10;
}

// A text of kLabel units starting at x (the scene centres its texts): a
// character about 0.6 of the font wide.
void label(scene::Scene& out, double x, double y, const std::string& text) {
  const double wide = 0.6 * kLabel * static_cast<double>(text.size());
  out.text(x + wide / 2, y, kLabel, text, "label");
}

// Cells numbered from 0 along both sides of a board drawn from (left,
// top), `scale` units a cell: a tick and its number every tick_step().
void coordinates(scene::Scene& out, std::uint32_t n, double left, double top, double scale) {
  const std::uint32_t step = tick_step(n);
  for (std::uint64_t at = 0; at < n; at += step) {
    const double offset = (static_cast<double>(at) + 0.5) * scale;
    const std::string number = std::to_string(at);
    const double wide = 0.6 * kLabel * static_cast<double>(number.size());
    out.line(left + offset, top - 3, left + offset, top, "#000000", 1, "tick");
    out.text(left + offset, top - 8, kLabel, number, "column-number");
    out.line(left - 3, top + offset, left, top + offset, "#000000", 1, "tick");
    out.text(left - 5 - wide / 2, top + offset, kLabel, number, "row-number");
  }
}

// The colour of a block: its pieces darken it (`dark`, the share of its
// side that holds one), its trees tint it green (`green`, their share of
// its cells).
std::string block_colour(double dark, double green) {
  const int red = static_cast<int>(255 * (1 - dark) * (1 - green));
  const int grn = static_cast<int>(255 * (1 - dark) * (1 - 0.5 * green));
  char colour[8];
  std::snprintf(colour, sizeof colour, "#%02x%02x%02x", red, grn, red);
  return colour;
}

// What the shades mean, under the board: a scale from no piece to one in
// every row of a block, and (a board with trees) the green of a block of
// trees.
void legend(scene::Scene& out, double left, double top, std::uint32_t per, bool trees) {
  const double swatch = 12;
  double x = left;
  label(out, x, top + swatch / 2, "pieces a block:");
  x += 0.6 * kLabel * 16;
  for (std::uint32_t i = 0; i <= 4; ++i) {
    out.rect(x, top, swatch, swatch, block_colour(i / 4.0, 0), "legend");
    out.frame(x, top, swatch, swatch, "#888888");
    x += swatch;
  }
  label(out, x + 4, top + swatch / 2, "0 to " + std::to_string(per));
  if (!trees) return;
  x += 4 + 0.6 * kLabel * 12;
  out.rect(x, top, swatch, swatch, block_colour(0, 1), "legend");
  out.frame(x, top, swatch, swatch, "#888888");
  label(out, x + swatch + 4, top + swatch / 2, "all trees");
}

}  // namespace

scene::Scene density_scene(std::uint32_t n, std::uint32_t per, const std::string& title,
                           const std::vector<std::uint32_t>& pieces,
                           const std::vector<std::uint32_t>& trees) {
  const std::uint32_t count = (n + per - 1) / per;
  const double cell = kSide / count;
  const double left = kMargin + kRowNumbers, top = kTop + kColumnNumbers;
  scene::Scene out{
      left + kSide + 4,
      top + kSide + kLegend,
      title + " (density, " + std::to_string(per) + "x" + std::to_string(per) + " cells a block)",
      {}};
  // The last row and column of blocks may be cut short by the edge.
  auto side = [&](std::uint32_t b) { return std::min(per, n - b * per); };
  for (std::uint32_t br = 0; br < count; ++br)
    for (std::uint32_t bc = 0; bc < count; ++bc) {
      std::size_t block = std::size_t(br) * count + bc;
      const double area = double(side(br)) * side(bc);
      // Pieces are at most one per row of a block, so scale by the side.
      const double dark = std::min(1.0, double(pieces[block]) / per);
      out.rect(left + bc * cell, top + br * cell, cell, cell,
               block_colour(dark, double(trees[block]) / area));
    }
  out.frame(left, top, kSide, kSide, "#000000");
  coordinates(out, n, left, top, cell / per);
  legend(out, left, top + kSide + 10, per,
         std::any_of(trees.begin(), trees.end(), [](std::uint32_t t) { return t > 0; }));
  return out;
}

}  // namespace nursery::picture
