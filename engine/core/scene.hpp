// A picture as a list of shapes in picture units (one unit = one pixel of
// the PNG), drawn two ways: as SVG text (picture.cpp) and as PNG pixels
// (raster.cpp). Layout happens once, here: the writers only draw.
#pragma once

#include <string>
#include <vector>

namespace nursery::picture::scene {

enum class Shape { rect, circle, line, text };

// Colours are "#rrggbb" or "none".
struct Item {
  Shape shape = Shape::rect;
  const char* css = nullptr;  // the SVG class ("piece", "tree", "attack", "clue", ...)
  // rect: corner (x, y), size (w, h); circle: centre (x, y), radius w;
  // line: from (x, y) to (w, h); text: centred on (x, y), font size h.
  double x = 0, y = 0, w = 0, h = 0;
  std::string fill = "none", stroke = "none";
  double stroke_width = 1;
  std::string text;
};

struct Scene {
  double width = 0, height = 0;
  std::string title;  // SVG: <title> and a caption at the top; PNG: a tEXt "Title" chunk
  std::vector<Item> items;

  Item& rect(double x, double y, double w, double h, const std::string& fill,
             const char* css = nullptr) {
    Item& item = add(Shape::rect, css, x, y, w, h);
    item.fill = fill;
    return item;
  }
  Item& frame(double x, double y, double w, double h, const std::string& stroke,
              double stroke_width = 1) {
    Item& item = add(Shape::rect, nullptr, x, y, w, h);
    item.stroke = stroke;
    item.stroke_width = stroke_width;
    return item;
  }
  Item& circle(double x, double y, double r, const std::string& fill, const char* css) {
    Item& item = add(Shape::circle, css, x, y, r, 0);
    item.fill = fill;
    return item;
  }
  Item& line(double x1, double y1, double x2, double y2, const std::string& stroke,
             double stroke_width, const char* css) {
    Item& item = add(Shape::line, css, x1, y1, x2, y2);
    item.stroke = stroke;
    item.stroke_width = stroke_width;
    return item;
  }
  Item& text(double x, double y, double size, const std::string& digits, const char* css) {
    Item& item = add(Shape::text, css, x, y, 0, size);
    item.fill = "#000000";
    item.text = digits;
    return item;
  }

 private:
  Item& add(Shape shape, const char* css, double x, double y, double w, double h) {
    Item& item = items.emplace_back();
    item.shape = shape;
    item.css = css;
    item.x = x, item.y = y, item.w = w, item.h = h;
    return item;
  }
};

// The room above the drawing for the SVG caption. The PNG draws its
// caption in the built-in 5x7 font (6 pixels a character) in a narrower
// band, kPngTop, and keeps the title in a tEXt chunk too.
constexpr double kTop = 24;
// Left of a board's drawing, and its drawn width whatever n.
constexpr double kMargin = 4;
constexpr double kSide = 640;
constexpr double kPngTop = 16;

std::string svg(const Scene& scene);
// PNG bytes (8-bit RGB), the caption in its band of kPngTop (its start
// left out, "...", where it is wider than the picture: its end names the
// puzzle); text items are drawn from the built-in font (font.hpp), the
// title goes into a tEXt chunk as well.
std::string png(const Scene& scene);

}  // namespace nursery::picture::scene
