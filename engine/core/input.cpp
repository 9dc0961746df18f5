#include "nursery/input.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace nursery {

InputError::InputError(const std::string& where, const std::string& expected_text,
                       const std::string& found_text)
    : std::runtime_error(where + ": expected " + expected_text + ", found " + found_text),
      file(where),
      expected(expected_text),
      found(found_text) {
  // "file:line": the line is the digits after the last colon.
  const auto colon = where.rfind(':');
  if (colon != std::string::npos && colon + 1 < where.size() &&
      where.find_first_not_of("0123456789", colon + 1) == std::string::npos &&
      where.size() - colon - 1 <= 9) {
    file = where.substr(0, colon);
    line = static_cast<std::size_t>(std::stoul(where.substr(colon + 1)));
  }
}

namespace {

// TEXT read whole by CONVERT (std::stoll, std::stod): nullopt when it
// throws or leaves anything unread.
template <class T, class Convert>
std::optional<T> read_whole(const std::string& text, Convert convert) {
  std::size_t used = 0;
  T value{};
  try {
    value = convert(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used != text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<long long> whole_number(const std::string& text) {
  return read_whole<long long>(
      text, [](const std::string& t, std::size_t* used) { return std::stoll(t, used); });
}

std::optional<double> number_of(const std::string& text) {
  return read_whole<double>(
      text, [](const std::string& t, std::size_t* used) { return std::stod(t, used); });
}

ReadStopped::ReadStopped(const std::string& name)
    : std::runtime_error("stopped while reading " + name) {}

namespace {
std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}
}  // namespace

namespace {

// The length of the UTF-8 sequence at the start of `text`, or 0 when it is
// none (a stray continuation byte, an overlong or surrogate form, a cut).
std::size_t utf8_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t size = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2
                   : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
  if (size == 0 || size > text.size()) return 0;
  for (std::size_t i = 1; i < size; ++i)
    if ((byte(i) & 0xC0) != 0x80) return 0;
  if (size == 3 && lead == 0xE0 && byte(1) < 0xA0) return 0;  // overlong
  if (size == 3 && lead == 0xED && byte(1) >= 0xA0) return 0;  // surrogate
  if (size == 4 && lead == 0xF0 && byte(1) < 0x90) return 0;  // overlong
  if (size == 4 && lead == 0xF4 && byte(1) >= 0x90) return 0;  // past U+10FFFF
  return size;
}

}  // namespace

std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t size = utf8_length(text.substr(i));
    if (size == 0 || c < 0x20 || c == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
      ++i;
    } else {
      out.append(text.substr(i, size));
      i += size;
    }
  }
  return out;
}

bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0, size = 0; i < text.size(); i += size)
    if ((size = utf8_length(text.substr(i))) == 0) return false;
  return true;
}

std::string quoted(std::string_view text, const char* empty) {
  constexpr std::size_t kShown = 40;
  if (text.empty()) return empty;
  // Cut at a sequence's end: 40 bytes, or the rest of the character there.
  std::size_t cut = 0;
  while (cut < text.size() && cut < kShown) cut += std::max<std::size_t>(1, utf8_length(text.substr(cut)));
  // (built with append: GCC 12 warns falsely on "'" + string)
  std::string out(1, '\'');
  out.append(escaped(text.substr(0, cut))).append(cut < text.size() ? "...'" : "'");
  return out;
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

std::vector<std::string_view> tokens_of(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) tokens.push_back(line.substr(start, i - start));
  }
  return tokens;
}

std::string_view skip_byte_order_mark(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

std::vector<std::string_view> meaningful_lines(std::string_view text, std::size_t most) {
  text = skip_byte_order_mark(text);
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size() && lines.size() < most) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    auto line = trim(text.substr(start, end - start));
    if (!line.empty()) lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

bool plain_text(std::string_view head, std::string& why) {
  if (trim(head).empty()) {
    why = "empty file";
    return false;
  }
  head = head.substr(0, 4096);
  std::size_t control = 0;
  for (char c : head) {
    auto u = static_cast<unsigned char>(c);
    if (u == 0) {
      why = "binary data";
      return false;
    }
    if (u < 32 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') ++control;
  }
  if (control * 20 > head.size()) {
    why = "binary data";
    return false;
  }
  return true;
}

}  // namespace nursery
