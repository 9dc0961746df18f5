// The ranges of the number options every command shares: --threads,
// --timeout, and `within` for any other number option.
#include <tbb/info.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "cli/cli.hpp"

namespace nursery::cli {

namespace {

// A number as the user would write it back: the shortest text that reads
// as the same double (1000001, not printf's %g 1e+06; 0.1, not
// 0.10000000000000001), in plain notation up to 1e21.
std::string exactly(double value) {
  char text[64];
  const auto fixed = std::to_chars(text, text + sizeof text, value, std::chars_format::fixed);
  if (fixed.ec == std::errc() && fixed.ptr - text <= 24) return std::string(text, fixed.ptr);
  const auto shortest = std::to_chars(text, text + sizeof text, value);
  return std::string(text, shortest.ec == std::errc() ? shortest.ptr : text);
}

}  // namespace

std::function<void(const double&)> within(const char* option, const char* unit, double low,
                                          double high) {
  return [=](const double& value) {
    if (std::isfinite(value) && value >= low && value <= high) return;
    throw usage_error(std::string(option) + ": expected " + unit + " from " + exactly(low) +
                      " to " + exactly(high) + ", found " + exactly(value));
  };
}

unsigned parse_threads(const std::string& text) {
  if (text == "auto" || text == "all") return 0;
  const long long value = whole_number(text).value_or(-1);
  if (value < 1 || value > 4096)
    throw usage_error("--threads: expected a number of threads from 1 to 4096 or 'auto', found '" +
                      text + "'");
  return static_cast<unsigned>(value);
}

unsigned parse_jobs(const std::string& text) {
  try {
    return parse_threads(text);
  } catch (const UsageError&) {
    throw UsageError(
        "--jobs: expected a number of instances at once from 1 to 4096 or 'auto', found '" + text +
        "'");
  }
}

std::uint64_t parse_memory(const std::string& text, const char* option) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const std::string unit = text.substr(used);
  double scale = 1;
  if (unit == "K" || unit == "k")
    scale = 1024.0;
  else if (unit == "M" || unit == "m")
    scale = 1024.0 * 1024;
  else if (unit == "G" || unit == "g")
    scale = 1024.0 * 1024 * 1024;
  else if (unit == "T" || unit == "t")
    scale = 1024.0 * 1024 * 1024 * 1024;
  else if (!unit.empty())
    used = 0;
  // (A size past 2^63 bytes is no machine's and would not fit the count.)
  if (used == 0 || !(value > 0) || !std::isfinite(value) || value * scale >= 0x1p63)
    throw usage_error(std::string(option) +
                      ": expected a size such as 8G, 512M or 1048576, found '" + text + "'");
  return static_cast<std::uint64_t>(value * scale);
}

double parse_timeout(const std::string& text) {
  // Seconds, or a number with GNU timeout's suffixes: s, m, h, d.
  std::string number = text;
  double unit = 1;
  if (!text.empty() && std::string_view("smhd").find(text.back()) != std::string_view::npos) {
    unit = text.back() == 'm' ? 60 : text.back() == 'h' ? 3600 : text.back() == 'd' ? 86400 : 1;
    number.pop_back();
  }
  const double value = number.empty() ? -1 : number_of(number).value_or(-1) * unit;
  if (!std::isfinite(value) || value < 0 || value > kMaxTimeout) {
    char range[96];
    std::snprintf(range, sizeof range, "seconds from 0 to %.0f (0: none; or 30s, 5m, 2h, 1d)",
                  kMaxTimeout);
    throw usage_error(std::string("--timeout: expected ") + range + ", found '" + text + "'");
  }
  return value;
}

unsigned usable_threads(unsigned asked) {
  // More threads than the cores (as oneTBB counts them: the process's
  // affinity mask) run on the cores: a CPU-bound search gains nothing from
  // more, and thousands of threads on two cores made every set-up, frontier
  // and stop slower than the deadline (--threads 4096 --timeout 1 took 18 s).
  const auto cores = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  return asked == 0 ? 0 : std::min(asked, cores);
}
}  // namespace nursery::cli
