// Pictures of boards (nursery/picture.hpp): the layout of boards and
// Skyscrapers grids as scenes, their SVG writer, and the benchmark chart.
#include "nursery/picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include "core/density.hpp"
#include "core/scene.hpp"

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

// The caption drawn above a picture `width` wide: its font shrunk (13 down
// to 8) until the text fits, and beyond that the text's start left out
// ("..."), never its end, which names the puzzle (its id). A sans-serif
// character is taken as 0.6 of the font size wide, a little wider than
// most are.
struct Caption {
  double font = 13;
  std::string text;
};
Caption fitted(const std::string& title, double width) {
  constexpr double kWidest = 13, kSmallest = 8, kCharacter = 0.6;
  const double room = std::max(1.0, width - 8);
  Caption caption{kWidest, title};
  const auto wide = [&](std::size_t characters, double font) {
    return static_cast<double>(characters) * kCharacter * font;
  };
  if (wide(title.size(), kWidest) <= room) return caption;
  caption.font = std::max(kSmallest, room / (kCharacter * static_cast<double>(title.size())));
  if (wide(title.size(), caption.font) <= room) return caption;
  std::size_t keep = static_cast<std::size_t>(room / (kCharacter * kSmallest));
  keep = keep > 3 ? keep - 3 : 0;
  std::size_t from = title.size() - std::min(keep, title.size());
  // Not in the middle of a UTF-8 character.
  while (from < title.size() && (static_cast<unsigned char>(title[from]) & 0xC0) == 0x80) ++from;
  caption.text = "..." + title.substr(from);
  return caption;
}

std::string header(double width, double height, const std::string& title) {
  const Caption caption = fitted(title, width);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         number(width) + "\" height=\"" + number(height) + "\" viewBox=\"0 0 " + number(width) +
         " " + number(height) + "\">\n" + "<title>" + escape(title) + "</title>\n" +
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" +
         "<text class=\"caption\" x=\"4\" y=\"16\" font-family=\"sans-serif\" font-size=\"" +
         number(caption.font) + "\">" + escape(caption.text) + "</text>\n";
}

using scene::kMargin;
using scene::kSide;
using scene::kTop;

// Pieces that see each other (an answer that is not valid: along a row, a
// column or a diagonal with no tree between them): a red line between each
// such pair and a red ring around each piece in one. `at(r, c)` is a
// cell's mark; `centre(r, c)` its centre in picture units.
template <class At, class Centre>
void mark_conflicts(scene::Scene& out, std::uint32_t n, double cell, At at, Centre centre) {
  static constexpr int kForward[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ringed;
  for (std::uint32_t r = 0; r < n; ++r)
    for (std::uint32_t c = 0; c < n; ++c) {
      if (at(r, c) != kPiece) continue;
      for (const auto& step : kForward) {
        std::int64_t nr = r + step[0], nc = c + step[1];
        while (nr >= 0 && nc >= 0 && nr < n && nc < n && at(nr, nc) == kEmpty)
          nr += step[0], nc += step[1];
        if (nr < 0 || nc < 0 || nr >= n || nc >= n || at(nr, nc) != kPiece) continue;
        const auto [x0, y0] = centre(r, c);
        const auto [x1, y1] = centre(nr, nc);
        out.line(x0, y0, x1, y1, "#e00000", std::max(1.5, cell / 8), "conflict");
        ringed.emplace_back(r, c);
        ringed.emplace_back(static_cast<std::uint32_t>(nr), static_cast<std::uint32_t>(nc));
      }
    }
  std::sort(ringed.begin(), ringed.end());
  ringed.erase(std::unique(ringed.begin(), ringed.end()), ringed.end());
  for (const auto& [r, c] : ringed) {
    const auto [x, y] = centre(r, c);
    out.circle(x, y, cell * 0.45, "#e00000", "conflicting");
  }
}

// Cell by cell: a checkered board, trees as green squares, pieces as
// discs, the chosen piece's lines of sight, and pieces that see each
// other in red.
scene::Scene cells(const Board& board, const Options& options) {
  const std::uint32_t n = board.n;
  const double cell = std::max(4.0, kSide / n);
  const double side = cell * n;
  scene::Scene out{side + 8, side + kTop + 4, board.title, {}};
  auto x_of = [&](double column) { return kMargin + column * cell; };
  auto y_of = [&](double row) { return kTop + row * cell; };
  for (std::uint32_t r = 0; r < n; ++r)
    for (std::uint32_t c = 0; c < n; ++c)
      if ((r + c) % 2 == 1) out.rect(x_of(c), y_of(r), cell, cell, "#eeeeee");
  out.frame(kMargin, kTop, side, side, "#000000");
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
      out.line(x_of(column + 0.5), y_of(row + 0.5), x_of(c + 0.5), y_of(r + 0.5), "#dd3333",
               std::max(1.0, cell / 10), "attack");
    }
  }
  mark_conflicts(out, n, cell, at, [&](double r, double c) {
    return std::pair{x_of(c + 0.5), y_of(r + 0.5)};
  });
  for (std::uint32_t r = 0; r < n; ++r)
    for (std::uint32_t c = 0; c < n; ++c) {
      if (at(r, c) == kTree)
        out.rect(x_of(c + 0.1), y_of(r + 0.1), cell * 0.8, cell * 0.8, "#2a7d2a", "tree");
      else if (at(r, c) == kPiece)
        out.circle(x_of(c + 0.5), y_of(r + 0.5), cell * 0.35, "#222233", "piece");
    }
  return out;
}

// Blocks of cells for huge boards (density.cpp draws them): `each_mark(add)`
// calls add(row, column, mark) for every piece and tree, so a board known
// by its pieces alone (N queens, one a column) costs O(N) and the blocks,
// never N*N.
template <class EachMark>
scene::Scene density(std::uint32_t n, const std::string& title, const Options& options,
                     EachMark each_mark) {
  const std::uint32_t blocks = options.most_cells;
  const std::uint32_t per = (n + blocks - 1) / blocks;  // cells per block side
  const std::uint32_t count = (n + per - 1) / per;
  std::vector<std::uint32_t> pieces(std::size_t(count) * count), trees(pieces.size());
  each_mark([&](std::uint32_t r, std::uint32_t c, std::uint8_t mark) {
    std::size_t block = std::size_t(r / per) * count + c / per;
    pieces[block] += mark == kPiece;
    trees[block] += mark == kTree;
  });
  return density_scene(n, per, title, pieces, trees);
}

scene::Scene density(const Board& board, const Options& options) {
  const std::uint32_t n = board.n;
  return density(n, board.title, options, [&](auto add) {
    for (std::uint32_t r = 0; r < n; ++r)
      for (std::uint32_t c = 0; c < n; ++c)
        if (const auto mark = board.marks[std::size_t(r) * n + c]; mark != kEmpty) add(r, c, mark);
  });
}

// N queens, one a column: cell by cell when small, else blocks from the
// pieces alone.
scene::Scene queens_scene(const std::vector<std::uint32_t>& row_of_column, const std::string& title,
                          const Options& options) {
  const auto n = static_cast<std::uint32_t>(row_of_column.size());
  if (n > options.most_cells)
    return density(n, title, options, [&](auto add) {
      for (std::uint32_t c = 0; c < n; ++c) add(row_of_column[c], c, kPiece);
    });
  Board board{n, std::vector<std::uint8_t>(std::size_t(n) * n, kEmpty), title};
  for (std::uint32_t c = 0; c < n; ++c) board.marks[std::size_t(row_of_column[c]) * n + c] = kPiece;
  return cells(board, options);
}

scene::Scene board_scene(const Board& board, const Options& options) {
  return board.n > options.most_cells ? density(board, options) : cells(board, options);
}

// The grid (heights, 0: empty) inside its ring of clues (0: none),
// clockwise from the top-left corner.
scene::Scene skyscrapers_scene(int size, const std::vector<int>& clues,
                               const std::vector<int>& heights, const std::string& title,
                               const std::vector<int>& givens) {
  const double cell = 48;
  const double side = cell * (size + 2);
  scene::Scene out{side + 8, side + kTop + 4, title, {}};
  auto x_of = [&](double column) { return kMargin + column * cell; };
  auto y_of = [&](double row) { return kTop + row * cell; };
  const auto given = [&](int r, int c) {
    const std::size_t at = std::size_t(r) * size + c;
    return at < givens.size() && givens[at] != 0;
  };
  // The givens on grey in black, the heights a solver put in, blue on white.
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) {
      if (given(r, c)) out.rect(x_of(c + 1), y_of(r + 1), cell, cell, "#dddddd", "given-cell");
      out.frame(x_of(c + 1), y_of(r + 1), cell, cell, "#999999");
    }
  out.frame(x_of(1), y_of(1), cell * size, cell * size, "#000000", 2);
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) {
      int height = heights.empty() ? 0 : heights[std::size_t(r) * size + c];
      if (height == 0) continue;
      if (given(r, c))
        out.text(x_of(c + 1.5), y_of(r + 1.5), cell * 0.5, std::to_string(height), "given");
      else
        out.text(x_of(c + 1.5), y_of(r + 1.5), cell * 0.5, std::to_string(height), "height").fill =
            "#1f4fbf";
    }
  for (int i = 0; i < 4 * size && i < static_cast<int>(clues.size()); ++i) {
    if (clues[i] == 0) continue;
    double column, row;
    if (i < size) column = i + 1.5, row = 0.5;                                // top
    else if (i < 2 * size) column = size + 1.5, row = i - size + 1.5;          // right
    else if (i < 3 * size) column = 3 * size - i + 0.5, row = size + 1.5;      // bottom
    else column = 0.5, row = 4 * size - i + 0.5;                               // left
    out.text(x_of(column), y_of(row), cell * 0.5, std::to_string(clues[i]), "clue");
  }
  return out;
}

}  // namespace

std::string scene::svg(const Scene& scene) {
  std::string out = header(scene.width, scene.height, scene.title);
  auto css = [](const Item& item) {
    return item.css ? " class=\"" + std::string(item.css) + "\"" : std::string();
  };
  auto paint = [](const Item& item) {
    std::string attributes = " fill=\"" + item.fill + "\"";
    if (item.stroke != "none")
      attributes += " stroke=\"" + item.stroke + "\" stroke-width=\"" + number(item.stroke_width) + "\"";
    return attributes;
  };
  for (const Item& item : scene.items) {
    switch (item.shape) {
      case Shape::rect:
        out += "<rect" + css(item) + " x=\"" + number(item.x) + "\" y=\"" + number(item.y) +
               "\" width=\"" + number(item.w) + "\" height=\"" + number(item.h) + "\"" +
               paint(item) + "/>\n";
        break;
      case Shape::circle:
        out += "<circle" + css(item) + " cx=\"" + number(item.x) + "\" cy=\"" + number(item.y) +
               "\" r=\"" + number(item.w) + "\"" + paint(item) + "/>\n";
        break;
      case Shape::line:
        out += "<line" + css(item) + " x1=\"" + number(item.x) + "\" y1=\"" + number(item.y) +
               "\" x2=\"" + number(item.w) + "\" y2=\"" + number(item.h) + "\" stroke=\"" +
               item.stroke + "\" stroke-width=\"" + number(item.stroke_width) + "\"/>\n";
        break;
      case Shape::text:
        out += "<text" + css(item) + " x=\"" + number(item.x) + "\" y=\"" + number(item.y) +
               "\" font-size=\"" + number(item.h) +
               "\" font-family=\"sans-serif\" text-anchor=\"middle\" "
               "dominant-baseline=\"central\">" +
               escape(item.text) + "</text>\n";
        break;
    }
  }
  return out + "</svg>\n";
}

std::string svg(const Board& board, const Options& options) {
  return scene::svg(board_scene(board, options));
}

std::string png(const Board& board, const Options& options) {
  return scene::png(board_scene(board, options));
}

std::string svg_queens(const std::vector<std::uint32_t>& row_of_column, const std::string& title,
                       const Options& options) {
  return scene::svg(queens_scene(row_of_column, title, options));
}

std::string png_queens(const std::vector<std::uint32_t>& row_of_column, const std::string& title,
                       const Options& options) {
  return scene::png(queens_scene(row_of_column, title, options));
}

std::string svg_skyscrapers(int size, const std::vector<int>& clues,
                            const std::vector<int>& heights, const std::string& title,
                            const std::vector<int>& givens) {
  return scene::svg(skyscrapers_scene(size, clues, heights, title, givens));
}

std::string png_skyscrapers(int size, const std::vector<int>& clues,
                            const std::vector<int>& heights, const std::string& title,
                            const std::vector<int>& givens) {
  return scene::png(skyscrapers_scene(size, clues, heights, title, givens));
}

namespace {

// A chart's plot area: the data's range (x linear, y over whole decades)
// and where a point lands inside margins for the axis labels and legend.
struct ChartFrame {
  static constexpr double kWidth = 720, kHeight = 440, kLeft = 72, kRight = 200, kBottom = 56;
  double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - 16 - kBottom;
  double top = kTop + 16;
  double x_min = 0, x_max = 1;
  int low = 0, high = 1;  // decades of y
  bool log_x = false;
  int x_low = 0, x_high = 1;  // decades of x, on a log x

  bool shown(double x, double y) const { return y > 0 && (!log_x || x > 0); }

  explicit ChartFrame(const Chart& chart) : log_x(chart.log_x) {
    double y_min = 1, y_max = 10;
    bool any = false;
    for (const auto& series : chart.series)
      for (const auto& [x, y] : series.points) {
        if (!shown(x, y)) continue;
        if (!any) x_min = x_max = x, y_min = y_max = y;
        x_min = std::min(x_min, x), x_max = std::max(x_max, x);
        y_min = std::min(y_min, y), y_max = std::max(y_max, y);
        any = true;
      }
    if (x_max <= x_min) x_min -= 1, x_max += 1;
    // Whole decades around the data.
    low = static_cast<int>(std::floor(std::log10(y_min)));
    high = static_cast<int>(std::ceil(std::log10(y_max)));
    if (high <= low) high = low + 1;
    if (log_x) {
      x_low = any ? static_cast<int>(std::floor(std::log10(x_min))) : 0;
      x_high = any ? static_cast<int>(std::ceil(std::log10(x_max))) : 1;
      if (x_high <= x_low) x_high = x_low + 1;
    }
  }
  double px(double x) const {
    if (log_x) return kLeft + (std::log10(x) - x_low) / (x_high - x_low) * plot_w;
    return kLeft + (x - x_min) / (x_max - x_min) * plot_w;
  }
  double py(double y) const { return top + plot_h - (std::log10(y) - low) / (high - low) * plot_h; }
};

// The x axis's ticks, the same in the SVG and the PNG: each decade on a
// log axis, else whole numbers, about 12 of them.
std::vector<double> x_ticks(const ChartFrame& f) {
  std::vector<double> ticks;
  if (f.log_x)
    for (int decade = f.x_low; decade <= f.x_high; ++decade)
      ticks.push_back(std::pow(10.0, decade));
  else
    for (double x = std::ceil(f.x_min), step = std::max(1.0, std::ceil((f.x_max - f.x_min) / 12));
         x <= f.x_max + 1e-9; x += step)
      ticks.push_back(x);
  return ticks;
}

// The frame, a grid line and label per decade, x ticks and axis labels.
std::string chart_axes(const Chart& chart, const ChartFrame& f) {
  using F = ChartFrame;
  std::string out = "<rect class=\"plot\" x=\"" + number(F::kLeft) + "\" y=\"" + number(f.top) +
                    "\" width=\"" + number(f.plot_w) + "\" height=\"" + number(f.plot_h) +
                    "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int decade = f.low; decade <= f.high; ++decade) {
    const double y = f.py(std::pow(10.0, decade));
    out += "<line x1=\"" + number(F::kLeft) + "\" y1=\"" + number(y) + "\" x2=\"" +
           number(F::kLeft + f.plot_w) + "\" y2=\"" + number(y) + "\" stroke=\"#ddd\"/>\n";
    char label[32];
    std::snprintf(label, sizeof label, "%g", std::pow(10.0, decade));
    out += "<text x=\"" + number(F::kLeft - 6) + "\" y=\"" + number(y + 4) +
           "\" text-anchor=\"end\">" + label + "</text>\n";
  }
  const double bottom = f.top + f.plot_h;
  const std::vector<double> ticks = x_ticks(f);
  for (double x : ticks) {
    out += "<line x1=\"" + number(f.px(x)) + "\" y1=\"" + number(bottom) + "\" x2=\"" +
           number(f.px(x)) + "\" y2=\"" + number(bottom + 5) + "\" stroke=\"black\"/>\n";
    char label[32];
    std::snprintf(label, sizeof label, "%g", x);
    out += "<text x=\"" + number(f.px(x)) + "\" y=\"" + number(bottom + 20) +
           "\" text-anchor=\"middle\">" + label + "</text>\n";
  }
  out += "<text class=\"x-label\" x=\"" + number(F::kLeft + f.plot_w / 2) + "\" y=\"" +
         number(F::kHeight - 12) + "\" text-anchor=\"middle\">" + escape(chart.x_label) +
         "</text>\n";
  out += "<text class=\"y-label\" x=\"16\" y=\"" + number(f.top + f.plot_h / 2) +
         "\" text-anchor=\"middle\" transform=\"rotate(-90 16 " + number(f.top + f.plot_h / 2) +
         ")\">" + escape(chart.y_label) + "</text>\n";
  return out;
}

// Series `i`: its line, a point per value (with a tooltip) and its legend entry.
std::string chart_series(const Series& series, std::size_t i, const ChartFrame& f) {
  using F = ChartFrame;
  static constexpr const char* kColors[] = {"#000000", "#1f77b4", "#ff7f0e", "#2ca02c",
                                            "#d62728", "#9467bd", "#8c564b", "#e377c2"};
  const std::string color = kColors[i % (sizeof kColors / sizeof *kColors)];
  std::string out = "<g class=\"series\" stroke=\"" + color + "\" fill=\"" + color + "\">\n";
  std::string path;
  for (const auto& [x, y] : series.points)
    if (series.line && f.shown(x, y)) {
      if (!path.empty()) path += ' ';
      path += number(f.px(x));
      path += ',';
      path += number(f.py(y));
    }
  if (!path.empty())
    out += "<polyline fill=\"none\" stroke-width=\"1.5\" points=\"" + path + "\"/>\n";
  for (const auto& [x, y] : series.points)
    if (f.shown(x, y))
      out += "<circle class=\"point\" cx=\"" + number(f.px(x)) + "\" cy=\"" + number(f.py(y)) +
             "\" r=\"3\"><title>" + escape(series.name) + ": " + number(y) + "</title></circle>\n";
  const double ly = f.top + 8 + 18 * static_cast<double>(i);
  out += "<line x1=\"" + number(F::kLeft + f.plot_w + 12) + "\" y1=\"" + number(ly) + "\" x2=\"" +
         number(F::kLeft + f.plot_w + 32) + "\" y2=\"" + number(ly) + "\" stroke-width=\"1.5\"/>\n";
  out += "<text class=\"legend\" x=\"" + number(F::kLeft + f.plot_w + 38) + "\" y=\"" +
         number(ly + 4) + "\" stroke=\"none\">" + escape(series.name) + "</text>\n";
  return out + "</g>\n";
}

// The PNG's chart: the SVG's layout as a scene (scene.hpp), its text in
// the 5x7 font (6 pixels a character), the y label above the plot (the
// raster draws no rotated text), the title in the PNG's Title chunk.
constexpr double kChartFont = 12;  // one font pixel a pixel: 6 pixels a character

double text_width(const std::string& text) {
  return 6.0 * static_cast<double>(text.size());
}

void chart_scene_axes(scene::Scene& picture, const Chart& chart, const ChartFrame& f) {
  using F = ChartFrame;
  picture.frame(F::kLeft, f.top, f.plot_w, f.plot_h, "#000000");
  for (int decade = f.low; decade <= f.high; ++decade) {
    const double y = f.py(std::pow(10.0, decade));
    picture.line(F::kLeft, y, F::kLeft + f.plot_w, y, "#dddddd", 1, nullptr);
    char label[32];
    std::snprintf(label, sizeof label, "%g", std::pow(10.0, decade));
    picture.text(F::kLeft - 6 - text_width(label) / 2, y, kChartFont, label, nullptr);
  }
  const double bottom = f.top + f.plot_h;
  const std::vector<double> ticks = x_ticks(f);
  for (double x : ticks) {
    picture.line(f.px(x), bottom, f.px(x), bottom + 5, "#000000", 1, nullptr);
    char label[32];
    std::snprintf(label, sizeof label, "%g", x);
    picture.text(f.px(x), bottom + 14, kChartFont, label, nullptr);
  }
  picture.text(F::kLeft + f.plot_w / 2, F::kHeight - 14, kChartFont, chart.x_label, nullptr);
  picture.text(F::kLeft + text_width(chart.y_label) / 2 - 40, f.top - 8, kChartFont, chart.y_label,
               nullptr);
}

void chart_scene_series(scene::Scene& picture, const Series& series, std::size_t i,
                        const ChartFrame& f) {
  using F = ChartFrame;
  static constexpr const char* kColors[] = {"#000000", "#1f77b4", "#ff7f0e", "#2ca02c",
                                            "#d62728", "#9467bd", "#8c564b", "#e377c2"};
  const std::string color = kColors[i % (sizeof kColors / sizeof *kColors)];
  std::optional<std::pair<double, double>> last;
  for (const auto& [x, y] : series.points) {
    if (!f.shown(x, y)) continue;
    if (series.line && last)
      picture.line(last->first, last->second, f.px(x), f.py(y), color, 1.5, nullptr);
    last = std::make_pair(f.px(x), f.py(y));
  }
  for (const auto& [x, y] : series.points)
    if (f.shown(x, y)) picture.circle(f.px(x), f.py(y), 3, color, nullptr);
  const double ly = f.top + 8 + 18 * static_cast<double>(i);
  picture.line(F::kLeft + f.plot_w + 12, ly, F::kLeft + f.plot_w + 32, ly, color, 1.5, nullptr);
  picture.text(F::kLeft + f.plot_w + 38 + text_width(series.name) / 2, ly, kChartFont, series.name,
               nullptr);
}

}  // namespace

std::string png_chart(const Chart& chart) {
  const ChartFrame frame(chart);
  scene::Scene picture;
  picture.width = ChartFrame::kWidth;
  picture.height = ChartFrame::kHeight;
  picture.title = chart.title;
  picture.rect(0, 0, ChartFrame::kWidth, ChartFrame::kHeight, "#ffffff");
  chart_scene_axes(picture, chart, frame);
  for (std::size_t i = 0; i < chart.series.size(); ++i)
    chart_scene_series(picture, chart.series[i], i, frame);
  return scene::png(picture);
}

std::string svg_chart(const Chart& chart) {
  const ChartFrame frame(chart);
  std::string out = header(ChartFrame::kWidth, ChartFrame::kHeight, chart.title);
  out += "<g font-family=\"sans-serif\" font-size=\"12\">\n";
  out += chart_axes(chart, frame);
  for (std::size_t i = 0; i < chart.series.size(); ++i)
    out += chart_series(chart.series[i], i, frame);
  return out + "</g>\n</svg>\n";
}

}  // namespace nursery::picture
