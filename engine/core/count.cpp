#include "nursery/count.hpp"

#include <algorithm>

#include "nursery/input.hpp"

namespace nursery {

std::string to_string(Count value) {
  if (value == 0) return "0";
  std::string digits;
  while (value != 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::optional<Count> parse_count(const std::string& s) {
  if (s.empty()) return std::nullopt;
  Count value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    Count times_ten;
    if (__builtin_mul_overflow(value, Count{10}, &times_ten)) return std::nullopt;
    if (__builtin_add_overflow(times_ten, Count(c - '0'), &value)) return std::nullopt;
  }
  return value;
}

std::optional<Count> read_count(std::string_view text) {
  auto lines = meaningful_lines(text, 2);
  if (lines.size() != 1 || !all_digits(lines[0])) return {};
  return parse_count(std::string(lines[0]));
}

}  // namespace nursery
