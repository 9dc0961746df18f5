// Durations as a person reads them, for every progress line and ETA.
#include "nursery/progress.hpp"

#include <algorithm>
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

double Eta::seconds(double elapsed, double share) {
  if (!(share > 0) || share >= 1 || !(elapsed > 0)) {
    if (share >= 1) shown_ = -1;
    return -1;
  }
  const double raw = elapsed * (1 - share) / share;
  if (shown_ < 0 || elapsed <= at_) {
    if (shown_ < 0) shown_ = raw, at_ = elapsed;
    return shown_;
  }
  const double step = elapsed - at_;
  const double counted_down = std::max(shown_ - step, 1e-3);
  const double constant = std::clamp(elapsed / 3, 1.0, 60.0);
  const double pull = 1 - std::exp(-step / constant);
  shown_ = std::exp(std::log(counted_down) +
                    pull * (std::log(std::max(raw, 1e-3)) - std::log(counted_down)));
  at_ = elapsed;
  return shown_;
}

}  // namespace nursery
