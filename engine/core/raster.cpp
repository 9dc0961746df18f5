// Scenes as PNG pixels (scene.hpp): shapes are filled with their coverage
// of each pixel (axis-aligned rectangles exactly, discs and lines from 4x4
// samples a pixel), text from a built-in 5x7 font (font.hpp), and the pixels
// encoded by libpng into memory.
#include <png.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/font.hpp"
#include "core/scene.hpp"

namespace nursery::picture::scene {

namespace {

struct Colour {
  double r = 0, g = 0, b = 0;
};

std::optional<Colour> colour(const std::string& text) {
  if (text.size() != 7 || text[0] != '#') return std::nullopt;  // "none"
  auto channel = [&](std::size_t at) { return std::stoi(text.substr(at, 2), nullptr, 16) / 255.0; };
  return Colour{channel(1), channel(3), channel(5)};
}

class Canvas {
 public:
  Canvas(int width, int height)
      : width_(width), height_(height), pixels_(std::size_t(width) * height * 3, 255) {}

  int width() const { return width_; }
  int height() const { return height_; }
  const std::uint8_t* row(int y) const { return &pixels_[std::size_t(y) * width_ * 3]; }

  // Covers a share (0..1) of pixel (x, y) with the colour.
  void blend(int x, int y, const Colour& paint, double share) {
    if (x < 0 || y < 0 || x >= width_ || y >= height_ || share <= 0) return;
    share = std::min(1.0, share);
    std::uint8_t* at = &pixels_[(std::size_t(y) * width_ + x) * 3];
    const double channels[3] = {paint.r, paint.g, paint.b};
    for (int i = 0; i < 3; ++i)
      at[i] = static_cast<std::uint8_t>(std::lround(at[i] * (1 - share) + 255 * channels[i] * share));
  }

  // An axis-aligned rectangle: each pixel gets its exact overlap.
  void fill_rect(double x0, double y0, double x1, double y1, const Colour& paint) {
    for (int y = std::max(0, int(std::floor(y0))); y < std::min(height_, int(std::ceil(y1))); ++y) {
      const double dy = std::min(y1, y + 1.0) - std::max(y0, double(y));
      for (int x = std::max(0, int(std::floor(x0))); x < std::min(width_, int(std::ceil(x1))); ++x)
        blend(x, y, paint, dy * (std::min(x1, x + 1.0) - std::max(x0, double(x))));
    }
  }

  // Any shape given by an inside test over its bounding box: 4x4 samples a pixel.
  template <typename Inside>
  void fill(double x0, double y0, double x1, double y1, const Colour& paint, Inside inside) {
    for (int y = std::max(0, int(std::floor(y0))); y < std::min(height_, int(std::ceil(y1))); ++y)
      for (int x = std::max(0, int(std::floor(x0))); x < std::min(width_, int(std::ceil(x1))); ++x) {
        int hits = 0;
        for (int sy = 0; sy < 4; ++sy)
          for (int sx = 0; sx < 4; ++sx) hits += inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4);
        blend(x, y, paint, hits / 16.0);
      }
  }

 private:
  int width_, height_;
  std::vector<std::uint8_t> pixels_;  // RGB rows
};

// Text centred on (x, y), about 80% of the font size tall (font.hpp);
// anything but printable ASCII is a blank of a glyph's width.
void draw_text(Canvas& canvas, const Item& item, const Colour& paint) {
  const double dot = std::max(1.0, std::round(item.h * 0.8 / 7));  // one font pixel
  const double advance = 6 * dot;
  const double left = item.x - (advance * static_cast<double>(item.text.size()) - dot) / 2;
  const double top = item.y - 3.5 * dot;
  for (std::size_t i = 0; i < item.text.size(); ++i) {
    const char c = item.text[i];
    if (c < kFirstGlyph || c > kLastGlyph) continue;
    for (int row = 0; row < 7; ++row)
      for (int column = 0; column < 5; ++column)
        if (kGlyphs[static_cast<std::size_t>(c - kFirstGlyph)][row] >> (4 - column) & 1) {
          const double x = left + advance * static_cast<double>(i) + column * dot, y = top + row * dot;
          canvas.fill_rect(x, y, x + dot, y + dot, paint);
        }
  }
}

void draw(Canvas& canvas, const Item& item) {
  const auto fill = colour(item.fill), stroke = colour(item.stroke);
  switch (item.shape) {
    case Shape::rect:
      if (fill) canvas.fill_rect(item.x, item.y, item.x + item.w, item.y + item.h, *fill);
      if (stroke) {  // four bands of the stroke's width centred on the edges
        const double half = item.stroke_width / 2, x1 = item.x + item.w, y1 = item.y + item.h;
        canvas.fill_rect(item.x - half, item.y - half, x1 + half, item.y + half, *stroke);
        canvas.fill_rect(item.x - half, y1 - half, x1 + half, y1 + half, *stroke);
        canvas.fill_rect(item.x - half, item.y + half, item.x + half, y1 - half, *stroke);
        canvas.fill_rect(x1 - half, item.y + half, x1 + half, y1 - half, *stroke);
      }
      break;
    case Shape::circle:
      if (fill) {
        const double r = item.w;
        canvas.fill(item.x - r, item.y - r, item.x + r, item.y + r, *fill, [&](double x, double y) {
          return (x - item.x) * (x - item.x) + (y - item.y) * (y - item.y) <= r * r;
        });
      }
      break;
    case Shape::line:
      if (stroke) {
        const double half = item.stroke_width / 2, dx = item.w - item.x, dy = item.h - item.y;
        const double length2 = std::max(1e-12, dx * dx + dy * dy);
        canvas.fill(std::min(item.x, item.w) - half, std::min(item.y, item.h) - half,
                    std::max(item.x, item.w) + half, std::max(item.y, item.h) + half, *stroke,
                    [&](double x, double y) {
                      // Distance to the segment (butt ends).
                      const double t = ((x - item.x) * dx + (y - item.y) * dy) / length2;
                      if (t < 0 || t > 1) return false;
                      const double cross = (x - item.x) * dy - (y - item.y) * dx;
                      return cross * cross <= half * half * length2;
                    });
      }
      break;
    case Shape::text:
      if (fill) draw_text(canvas, item, *fill);
      break;
  }
}

// The caption across the top band, one font pixel a pixel (6 a
// character) from the left margin; wider than the picture, its start is
// left out ("..."), never its end (the puzzle's id).
void draw_caption(Canvas& canvas, const std::string& title) {
  if (title.empty()) return;
  const auto room = static_cast<std::size_t>(std::max(0, (canvas.width() - 8) / 6));
  Item caption;
  caption.shape = Shape::text;
  caption.text = title;
  if (title.size() > room)
    caption.text = "..." + title.substr(title.size() - (room > 3 ? room - 3 : 0));
  caption.h = 8.75;  // a font pixel of one pixel (draw_text)
  caption.x = 4 + (6 * static_cast<double>(caption.text.size()) - 1) / 2;
  caption.y = kPngTop / 2;
  draw_text(canvas, caption, Colour{0, 0, 0});
}

void append(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), length);
}
void flush(png_structp) {}

// libpng reports its errors by longjmp: nothing here has a destructor.
bool encode(std::string* out, int width, int height, const png_const_bytep* rows, png_text* text) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, out, append, flush);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_text(png, info, text, 1);
  png_write_info(png, info);
  png_write_rows(png, const_cast<png_bytepp>(rows), static_cast<png_uint_32>(height));
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

std::string png(const Scene& scene) {
  const double up = kTop - kPngTop;  // the caption band, left out
  Canvas canvas(static_cast<int>(std::ceil(scene.width)),
                static_cast<int>(std::ceil(scene.height - up)));
  for (Item item : scene.items) {
    item.y -= up;
    if (item.shape == Shape::line) item.h -= up;  // a line's end point
    draw(canvas, item);
  }

  // tEXt is Latin-1: other bytes become '?'.
  std::string title = scene.title;
  for (char& c : title)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
  draw_caption(canvas, title);
  char key[] = "Title";
  png_text text{};
  text.compression = PNG_TEXT_COMPRESSION_NONE;
  text.key = key;
  text.text = title.data();
  text.text_length = title.size();
  std::vector<png_const_bytep> rows(static_cast<std::size_t>(canvas.height()));
  for (int y = 0; y < canvas.height(); ++y) rows[static_cast<std::size_t>(y)] = canvas.row(y);
  std::string out;
  if (!encode(&out, canvas.width(), canvas.height(), rows.data(), &text))
    throw std::runtime_error("PNG: the picture could not be encoded");
  return out;
}

}  // namespace nursery::picture::scene
