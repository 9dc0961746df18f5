// Batch reports read back for nursery compare (nursery/compare.hpp): the
// JSON report or the CSV one, by content; anything else refused in one line.
#include <cmath>
#include <nlohmann/json.hpp>
#include <nursery/compare.hpp>
#include <nursery/input.hpp>
#include <nursery/io.hpp>
#include <nursery/registry.hpp>

#include "batch/csv.hpp"
#include "batch/input_file.hpp"

namespace nursery::compare {

namespace {

// The most bytes a report may hold (a million rows are about 300 MB).
constexpr std::uint64_t kMostBytes = std::uint64_t{1} << 31;

[[noreturn]] void refuse(const std::string& where, const std::string& expected,
                         const std::string& found) {
  throw InputError(where, expected, found);
}

// A row's kind is one nursery knows (the registry's).
void check_kind(const std::string& kind, const std::string& where) {
  bool known = false;
  Kinds::for_each([&]<class K>() { known = known || kind == K::name; });
  if (!known)
    refuse(where, "a kind nursery knows (" + Kinds::described() + ")", "'" + escaped(kind) + "'");
}

void check_status(const std::string& status, const std::string& where) {
  if (status != "OK" && status != "FAIL" && status != "TIMEOUT" && status != "ERROR")
    refuse(where, "a status OK, FAIL, TIMEOUT, ERROR or SKIPPED", "'" + escaped(status) + "'");
}

void check_category(const std::string& category, const std::string& where) {
  if (!category.empty() && category != "correct" && category != "wrong" && category != "unknown" &&
      category != "error")
    refuse(where, "a category correct, wrong, unknown or error", "'" + escaped(category) + "'");
}

double seconds_of(const std::string& text, const std::string& where) {
  const double value = number_of(text).value_or(-1);
  if (!std::isfinite(value) || value < 0)
    refuse(where, "seconds as a number >= 0", "'" + escaped(text) + "'");
  return value;
}

std::string name_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string string_member(const nlohmann::json& row, const char* key, const std::string& where,
                          bool required) {
  if (!row.contains(key)) {
    if (required) refuse(where, std::string("a row with \"") + key + "\"", "none");
    return {};
  }
  if (!row[key].is_string())
    refuse(where, std::string("\"") + key + "\" as a string", row[key].dump());
  return row[key].get<std::string>();
}

void read_provenance(const nlohmann::json& report, Run& run) {
  if (!report.contains("provenance")) return;  // a report of before provenance: format 0
  const auto& provenance = report["provenance"];
  const std::string where = run.path + ": provenance";
  if (!provenance.is_object()) refuse(where, "an object", provenance.dump().substr(0, 40));
  if (provenance.contains("tool") && provenance["tool"] != "nursery")
    refuse(where, "a report of nursery", "one of " + provenance["tool"].dump().substr(0, 40));
  if (provenance.contains("format")) {
    const auto& format = provenance["format"];
    if (!format.is_number_integer())
      refuse(where, "\"format\" as an integer", format.dump().substr(0, 40));
    if (format.get<std::int64_t>() > kReportFormat)
      refuse(
          where,
          "a report format up to " + std::to_string(kReportFormat) + " (a newer nursery wrote it)",
          format.dump());
  }
  if (provenance.contains("version") && provenance["version"].is_string())
    run.version = provenance["version"].get<std::string>();
  if (provenance.contains("configuration") && provenance["configuration"].is_object()) {
    const auto& configuration = provenance["configuration"];
    if (configuration.contains("name") && configuration["name"].is_string())
      run.config = configuration["name"].get<std::string>();
  }
}

void read_json(const std::string& text, Run& run) {
  const auto report = nlohmann::json::parse(text, nullptr, false);
  if (report.is_discarded() || !report.is_object() || !report.contains("instances") ||
      !report["instances"].is_array() || !report.contains("summary"))
    refuse(run.path + ":1", "a nursery batch report (JSON with \"instances\" and \"summary\")",
           "other JSON");
  read_provenance(report, run);
  std::size_t index = 0;
  for (const auto& row : report["instances"]) {
    const std::string where = run.path + ": instances[" + std::to_string(index++) + "]";
    if (!row.is_object()) refuse(where, "an object", row.dump().substr(0, 40));
    Instance instance;
    instance.status = string_member(row, "status", where, true);
    if (instance.status == "SKIPPED") continue;
    check_status(instance.status, where);
    instance.path = string_member(row, "path", where, true);
    instance.id = string_member(row, "id", where, false);
    instance.kind = string_member(row, "kind", where, true);
    if (instance.kind != "-") check_kind(instance.kind, where);
    instance.size = string_member(row, "size", where, false);
    instance.category = string_member(row, "category", where, false);
    check_category(instance.category, where);
    if (!row.contains("seconds") || !row["seconds"].is_number() ||
        !std::isfinite(row["seconds"].get<double>()) || row["seconds"].get<double>() < 0)
      refuse(where, "\"seconds\" as a number >= 0", row.value("seconds", nlohmann::json()).dump());
    instance.seconds = row["seconds"].get<double>();
    run.instances.push_back(std::move(instance));
  }
}

void read_csv_report(const std::string& text, Run& run) {
  const auto records = batch::read_csv(text, run.path);
  const batch::CsvColumns columns{records.at(0).fields};
  const std::size_t path = columns.index("path"), id = columns.index("id"),
                    kind = columns.index("kind"), size = columns.index("size"),
                    status = columns.index("status"), seconds = columns.index("seconds"),
                    category = columns.index("category"), config = columns.index("config");
  if (path != 0 || kind == columns.npos || status == columns.npos || seconds == columns.npos)
    refuse(run.path + ":1", "a nursery batch report's header (path,id,kind,size,status,...)",
           "'" + escaped(text.substr(0, std::min<std::size_t>(text.find('\n'), 60))) + "'");
  auto field = [&](const batch::CsvRecord& record, std::size_t at) {
    return at == columns.npos ? std::string() : record.fields[at];
  };
  for (std::size_t r = 1; r < records.size(); ++r) {
    const auto& record = records[r];
    const std::string where = run.path + ":" + std::to_string(record.line);
    if (record.fields.size() != columns.names.size())
      refuse(where, std::to_string(columns.names.size()) + " fields",
             std::to_string(record.fields.size()));
    Instance instance;
    instance.status = field(record, status);
    if (instance.status == "SKIPPED") continue;
    check_status(instance.status, where);
    instance.path = field(record, path);
    instance.id = field(record, id);
    instance.kind = field(record, kind);
    if (instance.kind != "-") check_kind(instance.kind, where);
    instance.size = field(record, size);
    instance.category = field(record, category);
    check_category(instance.category, where);
    instance.seconds = seconds_of(field(record, seconds), where);
    if (run.config.empty()) run.config = field(record, config);
    run.instances.push_back(std::move(instance));
  }
}

}  // namespace

Run read_run_text(const std::string& text, const std::string& path) {
  Run run;
  run.path = path;
  const auto start = text.find_first_not_of(" \t\r\n");
  if (start != std::string::npos && text[start] == '{')
    read_json(text, run);
  else if (text.rfind("path,", 0) == 0)
    read_csv_report(text, run);
  else if (text.rfind("<?xml", 0) == 0 || (start != std::string::npos && text[start] == '<'))
    refuse(path + ":1", "a nursery batch report (JSON or CSV; compare reads no XML)", "XML");
  else
    refuse(path + ":1", "a nursery batch report (JSON or CSV)",
           "'" + escaped(text.substr(0, std::min<std::size_t>(text.find('\n'), 40))) + "'");
  run.name = !run.config.empty() ? run.config : name_of(path);
  return run;
}

Run read_run(const std::string& path) {
  std::string text, error;
  if (!batch::read_input_file(path, kMostBytes, text, error))
    throw InputError(path, "a batch report", error);
  if (text.size() >= kMostBytes) throw InputError(path, "a report under 2 GiB", "more");
  return read_run_text(text, path);
}

}  // namespace nursery::compare
