// How many times WHAT stands in TEXT (overlapping ones counted).
#pragma once

#include <cstddef>
#include <string>

namespace nursery::testing {

inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++found;
  return found;
}

}  // namespace nursery::testing
