// The independent checkers' own reading of text (lizards::verify,
// batch::verify_bound): a field trimmed, a decimal number. Shared by the
// checkers only, never by a solver's reader, so that a bug in a reader
// cannot hide itself in the check of what its solver wrote.
#pragma once

#include <cstdint>
#include <string_view>

namespace nursery::checker_text {

// `s` without its leading and trailing spaces and tabs.
inline std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A decimal number of 18 digits at most (below 10^18: sums of a few stay
// far from overflow), digits only; false for anything else.
inline bool decimal(std::string_view s, std::uint64_t& value) {
  if (s.empty() || s.size() > 18) return false;
  value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return true;
}

}  // namespace nursery::checker_text
