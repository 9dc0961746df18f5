// Decodes PNG bytes with libpng's own reader (not the engine's writer):
// for the picture tests, which look at pixels.
#pragma once

#include <png.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nursery::testing {

struct Pixels {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  // rows of R, G, B
  std::string title;              // the "Title" text chunk, if any
  struct Pixel {
    int r, g, b;
  };
  Pixel at(int x, int y) const {
    const std::uint8_t* p = &rgb[(std::size_t(y) * width + x) * 3];
    return {p[0], p[1], p[2]};
  }
};

// False (and `why`) when the bytes are not a PNG libpng can read.
inline bool read_png(const std::string& bytes, Pixels& out, std::string& why) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size()))
    return why = image.message, false;
  image.format = PNG_FORMAT_RGB;
  out.width = static_cast<int>(image.width);
  out.height = static_cast<int>(image.height);
  out.rgb.assign(PNG_IMAGE_SIZE(image), 0);
  if (!png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr))
    return why = image.message, false;
  // The title: a tEXt chunk is its length, "tEXt", the key "Title", a NUL,
  // the text and a CRC.
  const std::string key = "tEXtTitle";
  const auto at = bytes.find(key);
  if (at != std::string::npos && at >= 4) {
    const auto* length_bytes = reinterpret_cast<const unsigned char*>(bytes.data() + at - 4);
    const std::size_t length = (std::size_t(length_bytes[0]) << 24) | (std::size_t(length_bytes[1]) << 16) |
                               (std::size_t(length_bytes[2]) << 8) | length_bytes[3];
    const std::size_t text_at = at + key.size() + 1;  // the key's NUL
    if (length >= 6 && text_at + length - 6 <= bytes.size()) out.title = bytes.substr(text_at, length - 6);
  }
  return true;
}

// The 4-connected groups of pixels `wanted` picks: their centres.
template <typename Wanted>
std::vector<std::pair<double, double>> blobs(const Pixels& pixels, Wanted wanted) {
  std::vector<std::pair<double, double>> centres;
  std::vector<char> seen(std::size_t(pixels.width) * pixels.height, 0);
  std::vector<std::pair<int, int>> stack;
  for (int y = 0; y < pixels.height; ++y)
    for (int x = 0; x < pixels.width; ++x) {
      if (seen[std::size_t(y) * pixels.width + x] || !wanted(pixels.at(x, y))) continue;
      double sx = 0, sy = 0, count = 0;
      stack.push_back({x, y});
      seen[std::size_t(y) * pixels.width + x] = 1;
      while (!stack.empty()) {
        auto [cx, cy] = stack.back();
        stack.pop_back();
        sx += cx, sy += cy, ++count;
        const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (const auto& step : steps) {
          int nx = cx + step[0], ny = cy + step[1];
          if (nx < 0 || ny < 0 || nx >= pixels.width || ny >= pixels.height) continue;
          auto& mark = seen[std::size_t(ny) * pixels.width + nx];
          if (mark || !wanted(pixels.at(nx, ny))) continue;
          mark = 1;
          stack.push_back({nx, ny});
        }
      }
      centres.push_back({sx / count + 0.5, sy / count + 0.5});
    }
  return centres;
}

}  // namespace nursery::testing
