// Durations as a person reads them, for every progress line and ETA.
#include "nursery/progress.hpp"

#include <cmath>
#include <cstdio>

namespace nursery {

std::string duration_text(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "--";
  constexpr double kMinute = 60, kHour = 3600, kDay = 86400, kYear = 365.25 * kDay;
  char text[48];
  if (seconds >= 100 * kYear) {
    std::snprintf(text, sizeof text, "%.2g years", seconds / kYear);
    return text;
  }
  const auto s = static_cast<long long>(seconds + 0.5);
  if (seconds >= kYear)
    std::snprintf(text, sizeof text, "%lldy%03lldd", s / static_cast<long long>(kYear),
                  s % static_cast<long long>(kYear) / 86400);
  else if (seconds >= kDay)
    std::snprintf(text, sizeof text, "%lldd%02lldh", s / 86400, s / 3600 % 24);
  else if (seconds >= kHour)
    std::snprintf(text, sizeof text, "%lldh%02lldm", s / 3600, s / 60 % 60);
  else if (seconds >= kMinute)
    std::snprintf(text, sizeof text, "%lldm%02llds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%llds", s);
  return text;
}

}  // namespace nursery
