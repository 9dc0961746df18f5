// The three ways to write a solution.
#include "nursery/queens.hpp"

namespace nursery::queens {

std::string format_string(std::span<const std::uint32_t> placement) {
  static constexpr char kDigits[] = "123456789abcdefghijklmnopqrstuvwxyz";
  std::string text = "*";
  for (std::uint32_t row : placement) text.push_back(row < 35 ? kDigits[row] : '?');
  return text;
}

std::string format_rows(std::span<const std::uint32_t> placement) {
  std::string text;
  text.reserve(placement.size() * 8);
  for (std::size_t c = 0; c < placement.size(); ++c) {
    if (c != 0) text.push_back(' ');
    text += std::to_string(placement[c]);
  }
  return text;
}

std::string format_board(std::span<const std::uint32_t> placement) {
  const std::size_t n = placement.size();
  std::string text;
  text.reserve(n * (n + 1));
  for (std::size_t row = 0; row < n; ++row) {
    for (std::size_t c = 0; c < n; ++c) text.push_back(placement[c] == row ? 'Q' : '.');
    text.push_back('\n');
  }
  return text;
}

}  // namespace nursery::queens
