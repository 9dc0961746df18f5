// A small XML well-formedness check, independent of every SVG writer of the
// engine (pictures of boards, benchmark charts): shared by their tests.
#pragma once

#include <string>
#include <vector>

namespace nursery::testing {

// A small XML well-formedness check, independent of the writer: tags
// balance, attribute values are quoted, no raw '<' or '&' in text.
inline bool well_formed(const std::string& xml, std::string& why) {
  std::vector<std::string> open;
  std::size_t i = 0;
  bool root_seen = false;
  while (i < xml.size()) {
    if (xml[i] != '<') {
      if (xml[i] == '&') {
        auto end = xml.find(';', i);
        if (end == std::string::npos || end - i > 6) return why = "bare & at " + std::to_string(i), false;
      }
      ++i;
      continue;
    }
    auto end = xml.find('>', i);
    if (end == std::string::npos) return why = "unclosed tag at " + std::to_string(i), false;
    std::string tag = xml.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.empty()) return why = "empty tag", false;
    if (tag[0] == '?') {
      if (tag.back() != '?') return why = "bad declaration", false;
      continue;
    }
    if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return why = "unbalanced </" + tag.substr(1) + ">", false;
      open.pop_back();
      continue;
    }
    bool closed = tag.back() == '/';
    if (closed) tag.pop_back();
    std::string name = tag.substr(0, tag.find_first_of(" \n\t"));
    // Attributes: name="value" pairs.
    std::size_t quotes = 0;
    for (char c : tag) quotes += c == '"';
    if (quotes % 2 != 0) return why = "unquoted attribute in <" + name + ">", false;
    if (tag.find('<') != std::string::npos) return why = "'<' inside <" + name + ">", false;
    if (open.empty()) {
      if (root_seen) return why = "two roots", false;
      root_seen = true;
    }
    if (!closed) open.push_back(name);
  }
  if (!open.empty()) return why = "unclosed <" + open.back() + ">", false;
  return root_seen || (why = "no root", false);
}

}  // namespace nursery::testing
