// `nursery queens N`'s choices, the command's: list or find, N's range for
// each, the format (by the output's name, string up to N = 32, rows beyond)
// and what it allows, the window of a listing. The CLI reads its options
// into a ShowRequest and prints what queens::list or queens::find_one give.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "nursery/queens.hpp"

namespace nursery::queens {

// The largest N nursery queens finds one for (the construction).
constexpr std::uint32_t kMaxShowN = 100'000'000;

struct ShowRequest {
  std::uint32_t n = 0;
  bool all = false;                   // --all
  bool first = false;                 // --first
  std::optional<std::string> format;  // --format; none: chosen
  std::string output = "-";           // -o
  bool json = false;
};

// The format, checked with N and the request (cli::UsageError in nursery
// queens' words): --all and --first, N's range, -o and the pictures for one
// solution only, --format string up to N = 35.
std::string show_format(const ShowRequest& request);

// --skip, --limit and --nth as a listing's window (--nth K: skip K - 1,
// limit 1); `given`: --skip or --limit was given; cli::UsageError without
// --all or for a window that contradicts itself.
ListOptions list_window(bool all, bool given, std::uint64_t skip, std::uint64_t limit,
                        std::optional<std::uint64_t> nth);

}  // namespace nursery::queens
