// JSON for what every command and the batch report print: counts and
// statistics, the same way everywhere (header-only: nlohmann-json is the
// includer's dependency).
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>

#include "nursery/batch.hpp"
#include "nursery/count.hpp"
#include "nursery/input.hpp"
#include "nursery/stats.hpp"

namespace nursery {

// JavaScript, jq and most JSON readers hold numbers as doubles, exact only
// up to 2^53: counts up to 2^53 go out as numbers, larger ones as decimal
// strings (N-queens totals from N = 26 on), so that no reader loses a digit.
constexpr std::uint64_t kMaxJsonInteger = std::uint64_t{1} << 53;
inline nlohmann::json count_json(Count value) {
  if (value <= kMaxJsonInteger) return static_cast<std::uint64_t>(value);
  return to_string(value);
}

inline nlohmann::json stats_json(const Stats& stats) {
  nlohmann::json out = {{"nodes", stats.nodes},
                        {"nodes_per_second", stats.nodes_per_second()},
                        {"subproblems", stats.subproblems},
                        {"subproblems_done", stats.subproblems_done},
                        {"threads", stats.threads},
                        {"split_seconds", stats.split_seconds},
                        {"wall_seconds", stats.wall_seconds},
                        {"cpu_seconds", stats.cpu_seconds}};
  if (stats.isa != nullptr) out["isa"] = stats.isa;
  return out;
}

// A batch's summary: counts per status, time, jobs and threads (the
// report's "summary", and `nursery batch --json`).
inline nlohmann::json summary_json(const batch::Summary& s) {
  nlohmann::json roots = nlohmann::json::array();  // UTF-8, as every JSON string
  for (const auto& root : s.roots) roots.push_back(valid_utf8(root) ? root : escaped(root));
  nlohmann::json wrong_rows = nlohmann::json::array();
  for (const auto& row : s.wrong_rows) wrong_rows.push_back(valid_utf8(row) ? row : escaped(row));
  return {{"instances", s.instances},
          {"ok", s.ok},
          {"fail", s.fail},
          {"timeout", s.timeout},
          {"error", s.error},
          {"cpu_timeout", s.cpu_timeout},
          {"out_of_memory", s.out_of_memory},
          {"unfinished", s.unfinished},
          {"verified", s.verified},
          {"mismatches", s.mismatches},
          {"resumed", s.resumed},
          {"skipped", s.skipped},
          {"seconds", s.seconds},
          {"cpu_seconds", s.cpu_seconds},
          {"peak_memory", s.peak_memory},
          {"instances_per_second", s.rate()},
          {"jobs", s.jobs},
          {"threads", s.threads},
          {"interrupted", s.interrupted},
          {"part", std::to_string(s.part) + "/" + std::to_string(s.parts)},
          {"roots", roots},
          // Rows against their expected answers (batch --expected, index.csv).
          {"correct", s.correct},
          {"wrong", s.wrong},
          {"wrong_rows", wrong_rows},
          {"started", s.started},
          {"ended", s.ended}};
}

}  // namespace nursery
