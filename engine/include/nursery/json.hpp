// JSON for what every command and the batch report print: counts and
// statistics, the same way everywhere (header-only: nlohmann-json is the
// includer's dependency).
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>

#include "nursery/count.hpp"
#include "nursery/stats.hpp"

namespace nursery {

// JSON cannot hold 128-bit integers exactly: counts that exceed 2^53 would
// lose digits in most readers, so counts go out as numbers when they fit in
// 64 bits and as decimal strings beyond.
inline nlohmann::json count_json(Count value) {
  if (value <= std::numeric_limits<std::uint64_t>::max()) return static_cast<std::uint64_t>(value);
  return to_string(value);
}

inline nlohmann::json stats_json(const Stats& stats) {
  return {{"nodes", stats.nodes},
          {"nodes_per_second", stats.nodes_per_second()},
          {"subproblems", stats.subproblems},
          {"subproblems_done", stats.subproblems_done},
          {"threads", stats.threads},
          {"split_seconds", stats.split_seconds},
          {"wall_seconds", stats.wall_seconds},
          {"cpu_seconds", stats.cpu_seconds}};
}

}  // namespace nursery
