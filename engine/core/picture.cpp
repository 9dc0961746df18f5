// SVG pictures of boards (nursery/picture.hpp).
#include "nursery/picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace nursery::picture {

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out;
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

std::string header(double width, double height, const std::string& title) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) + "\" height=\"" +
         number(height) + "\" viewBox=\"0 0 " + number(width) + " " + number(height) + "\">\n" +
         "<title>" + escape(title) + "</title>\n" +
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" +
         "<text x=\"4\" y=\"16\" font-family=\"sans-serif\" font-size=\"13\">" + escape(title) +
         "</text>\n";
}

constexpr double kTop = 24;  // room for the title
constexpr double kSide = 640;  // the board's drawn width, whatever n

// Cell by cell: a checkered board, trees as green squares, pieces as
// circles, and the chosen piece's lines of sight.
std::string cells(const Board& board, const Options& options) {
  const std::uint32_t n = board.n;
  const double cell = std::max(4.0, kSide / n);
  const double side = cell * n;
  std::string out = header(side + 8, side + kTop + 4, board.title);
  out += "<g transform=\"translate(4," + number(kTop) + ")\">\n";
  for (std::uint32_t r = 0; r < n; ++r)
    for (std::uint32_t c = 0; c < n; ++c)
      if ((r + c) % 2 == 1)
        out += "<rect x=\"" + number(c * cell) + "\" y=\"" + number(r * cell) + "\" width=\"" +
               number(cell) + "\" height=\"" + number(cell) + "\" fill=\"#eee\"/>\n";
  out += "<rect width=\"" + number(side) + "\" height=\"" + number(side) +
         "\" fill=\"none\" stroke=\"black\"/>\n";
  auto at = [&](std::uint32_t r, std::uint32_t c) { return board.marks[std::size_t(r) * n + c]; };
  if (options.attacks_of && options.attacks_of->first < n && options.attacks_of->second < n) {
    const auto [row, column] = *options.attacks_of;
    static constexpr int kSteps[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0},
                                         {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (const auto& step : kSteps) {
      std::int64_t r = row, c = column;
      for (;;) {
        std::int64_t nr = r + step[0], nc = c + step[1];
        if (nr < 0 || nc < 0 || nr >= n || nc >= n || at(nr, nc) == kTree) break;
        r = nr;
        c = nc;
      }
      if (r == row && c == column) continue;
      out += "<line class=\"attack\" x1=\"" + number((column + 0.5) * cell) + "\" y1=\"" +
             number((row + 0.5) * cell) + "\" x2=\"" + number((c + 0.5) * cell) + "\" y2=\"" +
             number((r + 0.5) * cell) + "\" stroke=\"#d33\" stroke-width=\"" +
             number(std::max(1.0, cell / 10)) + "\"/>\n";
    }
  }
  for (std::uint32_t r = 0; r < n; ++r)
    for (std::uint32_t c = 0; c < n; ++c) {
      if (at(r, c) == kTree)
        out += "<rect class=\"tree\" x=\"" + number(c * cell + cell * 0.1) + "\" y=\"" +
               number(r * cell + cell * 0.1) + "\" width=\"" + number(cell * 0.8) +
               "\" height=\"" + number(cell * 0.8) + "\" fill=\"#2a7d2a\"/>\n";
      else if (at(r, c) == kPiece)
        out += "<circle class=\"piece\" cx=\"" + number((c + 0.5) * cell) + "\" cy=\"" +
               number((r + 0.5) * cell) + "\" r=\"" + number(cell * 0.35) +
               "\" fill=\"#223\"/>\n";
    }
  return out + "</g>\n</svg>\n";
}

// Blocks of cells for huge boards: each block's pieces darken it, its
// trees tint it green.
std::string density(const Board& board, const Options& options) {
  const std::uint32_t n = board.n;
  const std::uint32_t blocks = options.most_cells;
  const std::uint32_t per = (n + blocks - 1) / blocks;  // cells per block side
  const std::uint32_t count = (n + per - 1) / per;
  const double cell = kSide / count;
  std::string out = header(kSide + 8, kSide + kTop + 4,
                           board.title + " (density, " + std::to_string(per) + "x" +
                               std::to_string(per) + " cells a block)");
  out += "<g transform=\"translate(4," + number(kTop) + ")\">\n";
  std::vector<std::uint32_t> pieces(std::size_t(count) * count), trees(pieces.size()),
      area(pieces.size());
  for (std::uint32_t r = 0; r < n; ++r)
    for (std::uint32_t c = 0; c < n; ++c) {
      std::size_t block = std::size_t(r / per) * count + c / per;
      ++area[block];
      pieces[block] += board.marks[std::size_t(r) * n + c] == kPiece;
      trees[block] += board.marks[std::size_t(r) * n + c] == kTree;
    }
  for (std::uint32_t br = 0; br < count; ++br)
    for (std::uint32_t bc = 0; bc < count; ++bc) {
      std::size_t block = std::size_t(br) * count + bc;
      // Pieces are at most one per row of a block, so scale by the side.
      double dark = std::min(1.0, double(pieces[block]) / per);
      double green = double(trees[block]) / area[block];
      int red = static_cast<int>(255 * (1 - dark) * (1 - green));
      int blue = red;
      int grn = static_cast<int>(255 * (1 - dark) * (1 - 0.5 * green));
      char colour[8];
      std::snprintf(colour, sizeof colour, "#%02x%02x%02x", red, grn, blue);
      out += "<rect x=\"" + number(bc * cell) + "\" y=\"" + number(br * cell) + "\" width=\"" +
             number(cell) + "\" height=\"" + number(cell) + "\" fill=\"" + colour + "\"/>\n";
    }
  out += "<rect width=\"" + number(kSide) + "\" height=\"" + number(kSide) +
         "\" fill=\"none\" stroke=\"black\"/>\n";
  return out + "</g>\n</svg>\n";
}

}  // namespace

std::string svg(const Board& board, const Options& options) {
  return board.n > options.most_cells ? density(board, options) : cells(board, options);
}

std::string svg_skyscrapers(int size, const std::vector<int>& clues,
                            const std::vector<int>& heights, const std::string& title) {
  const double cell = 48;
  const double side = cell * (size + 2);
  std::string out = header(side + 8, side + kTop + 4, title);
  out += "<g transform=\"translate(4," + number(kTop) + ")\" font-family=\"sans-serif\" "
         "text-anchor=\"middle\" dominant-baseline=\"central\">\n";
  out += "<rect x=\"" + number(cell) + "\" y=\"" + number(cell) + "\" width=\"" +
         number(cell * size) + "\" height=\"" + number(cell * size) +
         "\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n";
  auto text = [&](double x, double y, int value, const char* css) {
    out += "<text class=\"" + std::string(css) + "\" x=\"" + number(x) + "\" y=\"" + number(y) +
           "\" font-size=\"" + number(cell * 0.5) + "\">" + std::to_string(value) + "</text>\n";
  };
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) {
      out += "<rect x=\"" + number((c + 1) * cell) + "\" y=\"" + number((r + 1) * cell) +
             "\" width=\"" + number(cell) + "\" height=\"" + number(cell) +
             "\" fill=\"none\" stroke=\"#999\"/>\n";
      int height = heights.empty() ? 0 : heights[std::size_t(r) * size + c];
      if (height != 0) text((c + 1.5) * cell, (r + 1.5) * cell, height, "height");
    }
  for (int i = 0; i < 4 * size && i < static_cast<int>(clues.size()); ++i) {
    if (clues[i] == 0) continue;
    double x, y;
    if (i < size) x = (i + 1.5) * cell, y = 0.5 * cell;                       // top
    else if (i < 2 * size) x = (size + 1.5) * cell, y = (i - size + 1.5) * cell;  // right
    else if (i < 3 * size) x = (3 * size - i + 0.5) * cell, y = (size + 1.5) * cell;  // bottom
    else x = 0.5 * cell, y = (4 * size - i + 0.5) * cell;                      // left
    text(x, y, clues[i], "clue");
  }
  return out + "</g>\n</svg>\n";
}

std::string svg_chart(const Chart& chart) {
  // The plot area inside margins for the axis labels and the legend.
  constexpr double kWidth = 720, kHeight = 440, kLeft = 72, kRight = 200, kBottom = 56;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - 16 - kBottom;
  const double top = kTop + 16;
  double x_min = 0, x_max = 1, y_min = 1, y_max = 10;
  bool any = false;
  for (const auto& series : chart.series)
    for (const auto& [x, y] : series.points) {
      if (!(y > 0)) continue;
      if (!any) x_min = x_max = x, y_min = y_max = y;
      x_min = std::min(x_min, x), x_max = std::max(x_max, x);
      y_min = std::min(y_min, y), y_max = std::max(y_max, y);
      any = true;
    }
  if (x_max <= x_min) x_min -= 1, x_max += 1;
  // Whole decades around the data.
  const int low = static_cast<int>(std::floor(std::log10(y_min)));
  int high = static_cast<int>(std::ceil(std::log10(y_max)));
  if (high <= low) high = low + 1;
  auto px = [&](double x) { return kLeft + (x - x_min) / (x_max - x_min) * plot_w; };
  auto py = [&](double y) {
    return top + plot_h - (std::log10(y) - low) / (high - low) * plot_h;
  };
  std::string out = header(kWidth, kHeight, chart.title);
  out += "<g font-family=\"sans-serif\" font-size=\"12\">\n";
  out += "<rect class=\"plot\" x=\"" + number(kLeft) + "\" y=\"" + number(top) + "\" width=\"" +
         number(plot_w) + "\" height=\"" + number(plot_h) +
         "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int decade = low; decade <= high; ++decade) {
    const double y = py(std::pow(10.0, decade));
    out += "<line x1=\"" + number(kLeft) + "\" y1=\"" + number(y) + "\" x2=\"" +
           number(kLeft + plot_w) + "\" y2=\"" + number(y) + "\" stroke=\"#ddd\"/>\n";
    char label[32];
    std::snprintf(label, sizeof label, "%g", std::pow(10.0, decade));
    out += "<text x=\"" + number(kLeft - 6) + "\" y=\"" + number(y + 4) +
           "\" text-anchor=\"end\">" + label + "</text>\n";
  }
  const double x_step = std::max(1.0, std::ceil((x_max - x_min) / 12));
  for (double x = std::ceil(x_min); x <= x_max + 1e-9; x += x_step) {
    out += "<line x1=\"" + number(px(x)) + "\" y1=\"" + number(top + plot_h) + "\" x2=\"" +
           number(px(x)) + "\" y2=\"" + number(top + plot_h + 5) + "\" stroke=\"black\"/>\n";
    char label[32];
    std::snprintf(label, sizeof label, "%g", x);
    out += "<text x=\"" + number(px(x)) + "\" y=\"" + number(top + plot_h + 20) +
           "\" text-anchor=\"middle\">" + label + "</text>\n";
  }
  out += "<text class=\"x-label\" x=\"" + number(kLeft + plot_w / 2) + "\" y=\"" +
         number(kHeight - 12) + "\" text-anchor=\"middle\">" + escape(chart.x_label) +
         "</text>\n";
  out += "<text class=\"y-label\" x=\"16\" y=\"" + number(top + plot_h / 2) +
         "\" text-anchor=\"middle\" transform=\"rotate(-90 16 " + number(top + plot_h / 2) +
         ")\">" + escape(chart.y_label) + "</text>\n";
  static constexpr const char* kColors[] = {"#000000", "#1f77b4", "#ff7f0e", "#2ca02c",
                                            "#d62728", "#9467bd", "#8c564b", "#e377c2"};
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    const auto& series = chart.series[i];
    const std::string color = kColors[i % (sizeof kColors / sizeof *kColors)];
    out += "<g class=\"series\" stroke=\"" + color + "\" fill=\"" + color + "\">\n";
    std::string path;
    for (const auto& [x, y] : series.points)
      if (y > 0) {
        if (!path.empty()) path += ' ';
        path += number(px(x));
        path += ',';
        path += number(py(y));
      }
    if (!path.empty())
      out += "<polyline fill=\"none\" stroke-width=\"1.5\" points=\"" + path + "\"/>\n";
    for (const auto& [x, y] : series.points)
      if (y > 0)
        out += "<circle class=\"point\" cx=\"" + number(px(x)) + "\" cy=\"" + number(py(y)) +
               "\" r=\"3\"><title>" + escape(series.name) + ": " + number(y) + "</title></circle>\n";
    const double ly = top + 8 + 18 * static_cast<double>(i);
    out += "<line x1=\"" + number(kLeft + plot_w + 12) + "\" y1=\"" + number(ly) + "\" x2=\"" +
           number(kLeft + plot_w + 32) + "\" y2=\"" + number(ly) + "\" stroke-width=\"1.5\"/>\n";
    out += "<text class=\"legend\" x=\"" + number(kLeft + plot_w + 38) + "\" y=\"" +
           number(ly + 4) + "\" stroke=\"none\">" + escape(series.name) + "</text>\n";
    out += "</g>\n";
  }
  return out + "</g>\n</svg>\n";
}

}  // namespace nursery::picture
