// batch --merge-reports: the JSON reports of a run's parts joined into the
// report one run would have written.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <nursery/io.hpp>
#include <stdexcept>

#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

// The walk's order: directory by directory, names in natural order (a path
// compares component by component); rows of one file keep their order.
void sort_by_path(nlohmann::json& rows) {
  std::stable_sort(rows.begin(), rows.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
    return walk_less(a.value("path", ""), b.value("path", ""));
  });
}

nlohmann::json read_report(const std::string& path) {
  std::string text, error;
  if (!read_file(path, 0, text, error)) throw std::invalid_argument(path + ": " + error);
  nlohmann::json report = nlohmann::json::parse(text, nullptr, false);
  if (report.is_discarded() || !report.is_object() || !report.contains("instances") ||
      !report["instances"].is_array() || !report.contains("summary") ||
      !report["summary"].is_object())
    throw std::invalid_argument(path +
                                ":1: expected a batch report (--report FILE.json), found other "
                                "text");
  return report;
}

}  // namespace

Summary merge_reports(const std::vector<std::string>& reports, const fs::path& out) {
  if (out.extension() != ".json")
    throw std::invalid_argument("--merge-reports: expected --report FILE.json for the result, found '" +
                                out.string() + "'");
  nlohmann::json instances = nlohmann::json::array(), skipped = nlohmann::json::array();
  Summary total;
  for (const auto& path : reports) {
    auto report = read_report(path);
    for (auto& row : report["instances"]) instances.push_back(std::move(row));
    if (report.contains("skipped") && report["skipped"].is_array())
      for (auto& skip : report["skipped"]) skipped.push_back(std::move(skip));
    const auto& s = report["summary"];
    auto add = [&](std::size_t& field, const char* name) { field += s.value(name, std::size_t{0}); };
    add(total.instances, "instances");
    add(total.ok, "ok");
    add(total.fail, "fail");
    add(total.timeout, "timeout");
    add(total.error, "error");
    add(total.unfinished, "unfinished");
    add(total.verified, "verified");
    add(total.mismatches, "mismatches");
    add(total.resumed, "resumed");
    add(total.skipped, "skipped");
    total.seconds = std::max(total.seconds, s.value("seconds", 0.0));
    total.jobs += s.value("jobs", 0u);
    total.threads += s.value("threads", 0u);
    total.interrupted = total.interrupted || s.value("interrupted", false);
  }
  sort_by_path(instances);
  sort_by_path(skipped);
  nlohmann::json merged = nlohmann::json::parse(report_json({}, {}, total));
  merged["instances"] = std::move(instances);
  merged["skipped"] = std::move(skipped);
  write_atomically(out, merged.dump(1) + "\n");
  return total;
}

}  // namespace nursery::batch
