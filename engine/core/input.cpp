#include "nursery/input.hpp"

#include <algorithm>
#include <cctype>

namespace nursery {

namespace {
std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}
}  // namespace

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

std::vector<std::string_view> meaningful_lines(std::string_view text, std::size_t most) {
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
