// batch --merge: the JSON reports of a run's parts joined into the
// report one run would have written.
#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <nursery/io.hpp>
#include <stdexcept>

#include "batch/input_file.hpp"
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
  if (!read_input_file(path, 0, text, error)) throw std::invalid_argument(path + ": " + error);
  nlohmann::json report = nlohmann::json::parse(text, nullptr, false);
  if (report.is_discarded() || !report.is_object() || !report.contains("instances") ||
      !report["instances"].is_array() || !report.contains("summary") ||
      !report["summary"].is_object())
    throw std::invalid_argument(path +
                                ":1: expected a batch report (--report FILE.json), found other "
                                "text");
  return report;
}

// The summary's counts a part's rows decide.
constexpr std::pair<const char*, std::size_t Summary::*> kSummaryCounts[] = {
    {"instances", &Summary::instances},
    {"ok", &Summary::ok},
    {"fail", &Summary::fail},
    {"timeout", &Summary::timeout},
    {"error", &Summary::error},
    {"cpu_timeout", &Summary::cpu_timeout},
    {"out_of_memory", &Summary::out_of_memory},
    {"unfinished", &Summary::unfinished},
    {"verified", &Summary::verified},
    {"mismatches", &Summary::mismatches},
    {"resumed", &Summary::resumed},
    {"skipped", &Summary::skipped},
    {"correct", &Summary::correct},
    {"wrong", &Summary::wrong}};

// A part's rows counted as its run counted them (count_row), from the
// report's JSON; a row that is none is refused naming the report.
Summary counted_rows(const nlohmann::json& rows, const std::string& path) {
  Summary counted;
  for (const auto& entry : rows) {
    auto row = row_from_json(entry);
    if (!row)
      throw std::invalid_argument(path + ": expected batch rows, found " +
                                  nursery::quoted(entry.dump()));
    row->resumed = entry.value("resumed", false);
    const std::string category = entry.value("category", "");
    row->category = category == "correct" ? Category::correct
                    : category == "wrong" ? Category::wrong
                                          : Category::missing;
    count_row(counted, *row);
  }
  return counted;
}

// "I/K" of a report's summary; a report of before parts were recorded is a
// whole run's (1/1).
std::pair<unsigned, unsigned> part_of(const std::string& path, const nlohmann::json& summary) {
  if (!summary.contains("part")) return {1, 1};
  const auto& value = summary["part"];
  unsigned part = 0, parts = 0;
  char extra = 0;
  if (!value.is_string() ||
      std::sscanf(value.get_ref<const std::string&>().c_str(), "%u/%u%c", &part, &parts, &extra) != 2 ||
      parts < 1 || part < 1 || part > parts)
    throw std::invalid_argument(path + ": expected \"part\": \"I/K\" in its summary, found " +
                                value.dump());
  return {part, parts};
}

// The reports must be the parts 1..K of one run, each once.
void check_parts_of_one_run(const std::vector<std::string>& reports,
                            const std::vector<nlohmann::json>& summaries) {
  std::map<unsigned, std::string> seen;
  unsigned parts = 0;
  nlohmann::json roots;
  std::string first;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto [part, of] = part_of(reports[i], summaries[i]);
    const auto name = std::to_string(part) + "/" + std::to_string(of);
    const nlohmann::json these = summaries[i].value("roots", nlohmann::json());
    if (i == 0) {
      parts = of;
      roots = these;
      first = reports[i] + " (part " + name + ")";
    } else if (of != parts) {
      throw std::invalid_argument("--merge: " + reports[i] + " is part " + name + ", " + first +
                                  " is not of " + std::to_string(of) +
                                  " parts: parts of different runs");
    } else if (these != roots) {
      throw std::invalid_argument("--merge: " + reports[i] + " covers " + these.dump() + ", " +
                                  first + " covers " + roots.dump() + ": parts of different runs");
    }
    auto [at, fresh] = seen.emplace(part, reports[i]);
    if (!fresh)
      throw std::invalid_argument("--merge: " + at->second + " and " + reports[i] +
                                  " are both part " + name + " (each part once)");
    if (of == 1 && reports.size() > 1)
      throw std::invalid_argument("--merge: " + reports[i] +
                                  " is a whole run's report (part 1/1); it overlaps the others");
  }
  std::string missing;
  for (unsigned part = 1; part <= parts; ++part)
    if (seen.count(part) == 0)
      missing += (missing.empty() ? "" : ", ") + std::to_string(part) + "/" + std::to_string(parts);
  if (!missing.empty())
    throw std::invalid_argument("--merge: part " + missing + " missing (merge every part of " +
                                std::to_string(parts) + ")");
}

}  // namespace

Summary merge_reports(const std::vector<std::string>& reports, const fs::path& out,
                      bool check_parts) {
  if (out.extension() != ".json")
    throw std::invalid_argument("--merge: expected --report FILE.json for the result, found '" +
                                out.string() + "'");
  // The merged report never replaces a part it is made of (links and other
  // spellings of one file included).
  if (const auto target = replaced_file(out))
    for (const auto& report : reports)
      if (file_id(report) == target)
        throw std::invalid_argument("--report " + out.string() + ": is the part report " + report +
                                    ", which the merged report would replace (choose another "
                                    "name)");
  if (reports.empty()) throw std::invalid_argument("--merge: expected part reports, found none");
  std::vector<nlohmann::json> loaded;
  for (const auto& path : reports) loaded.push_back(read_report(path));
  std::vector<nlohmann::json> summaries;
  for (const auto& report : loaded) summaries.push_back(report["summary"]);
  if (check_parts) check_parts_of_one_run(reports, summaries);
  // One run's parts: one version and one configuration, as each recorded it.
  const nlohmann::json provenance = loaded[0].value("provenance", nlohmann::json());
  for (std::size_t i = 0; i < loaded.size(); ++i)
    if (const std::string why =
            same_run_of(loaded[i].value("provenance", nlohmann::json()), provenance);
        !why.empty())
      throw std::invalid_argument("--merge: " + reports[i] + " is not a part of the run " +
                                  reports[0] + " is (" + why + ")");
  nlohmann::json instances = nlohmann::json::array(), skipped = nlohmann::json::array();
  Summary total;
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    auto& report = loaded[i];
    const auto& s = report["summary"];
    // The counts are the rows' own, counted again: a summary edited, or a
    // row cut out, is refused, never trusted.
    Summary counted = counted_rows(report["instances"], reports[i]);
    const auto claims = [&](const char* name) { return s.value(name, std::size_t{0}); };
    // Files a stop left unstarted have no row: the summary's instances and
    // unfinished exceed the rows' by their number.
    bool agree = claims("instances") >= counted.instances;
    const std::size_t never_started = agree ? claims("instances") - counted.instances : 0;
    counted.instances += never_started;
    counted.unfinished += never_started;
    for (const auto& [name, field] : kSummaryCounts)
      agree = agree && claims(name) == counted.*field;
    if (!agree)
      throw std::invalid_argument("--merge: " + reports[i] +
                                  ": its summary does not add up to its rows (an edited or " +
                                  "cut report); merge the parts as their runs wrote them");
    for (auto& row : report["instances"]) instances.push_back(std::move(row));
    if (report.contains("skipped") && report["skipped"].is_array())
      for (auto& skip : report["skipped"]) skipped.push_back(std::move(skip));
    for (const auto& [name, field] : kSummaryCounts) total.*field += counted.*field;
    for (auto& row : counted.wrong_rows)
      if (total.wrong_rows.size() < Summary::kWrongNamed) total.wrong_rows.push_back(row);
    total.seconds = std::max(total.seconds, s.value("seconds", 0.0));
    total.cpu_seconds += s.value("cpu_seconds", 0.0);
    total.peak_memory = std::max(total.peak_memory, s.value("peak_memory", std::uint64_t{0}));
    // Parts run side by side on machines of their own: one part's pool.
    total.jobs = std::max(total.jobs, s.value("jobs", 0u));
    total.threads = std::max(total.threads, s.value("threads", 0u));
    if (total.roots.empty() && s.contains("roots") && s["roots"].is_array())
      for (const auto& root : s["roots"])
        if (root.is_string()) total.roots.push_back(root.get<std::string>());
    total.interrupted = total.interrupted || s.value("interrupted", false);
  }
  sort_by_path(instances);
  sort_by_path(skipped);
  nlohmann::json merged = nlohmann::json::parse(report_json({}, {}, total));
  merged["instances"] = std::move(instances);
  merged["skipped"] = std::move(skipped);
  merged["provenance"] = provenance;
  write_atomically(out, merged.dump(1) + "\n");
  return total;
}

}  // namespace nursery::batch
