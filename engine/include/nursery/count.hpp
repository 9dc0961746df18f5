// Exact solution counts: 128-bit, with overflow detected rather than wrapped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nursery {

using Count = unsigned __int128;

// a += b; false (and a unchanged) when the sum does not fit in 128 bits.
inline bool add_checked(Count& a, Count b) {
  Count sum;
  if (__builtin_add_overflow(a, b, &sum)) return false;
  a = sum;
  return true;
}

std::string to_string(Count value);                      // decimal digits
std::optional<Count> parse_count(const std::string& s);  // decimal digits only
// A count file read back: a decimal count alone on its text (blank lines
// aside); nothing otherwise.
std::optional<Count> read_count(std::string_view text);

}  // namespace nursery
