// Where a batch run came from (the report's "provenance"): the tool's
// version, the command line, the configuration, the limits, the host and
// the times; and the check that keeps a report of another version or
// configuration from passing for a part of this run.
#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <nursery/io.hpp>
#include <nursery/scheduler.hpp>
#include <stdexcept>
#include <thread>

#include "batch/input_file.hpp"
#include "batch/internal.hpp"

#ifndef NURSERY_BUILD
#define NURSERY_BUILD NURSERY_VERSION
#endif

namespace nursery::batch {

namespace {

// The CPU's model name as /proc/cpuinfo gives it (empty elsewhere).
std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
      auto model = line.substr(line.find(':') + 1);
      model.erase(0, model.find_first_not_of(" \t"));
      return model;
    }
  return {};
}

nlohmann::json host() {
  utsname names{};
  std::string os, node;
  if (::uname(&names) == 0) {
    os = std::string(names.sysname) + " " + names.release + " " + names.machine;
    node = names.nodename;
  }
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  const std::uint64_t memory =
      pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
                            : 0;
  return {{"name", text_of(node)},
          {"cpu", text_of(cpu_model())},
          {"cores", std::thread::hardware_concurrency()},
          {"memory", memory},
          {"os", text_of(os)}};
}

}  // namespace

std::string text_of(const std::string& value) {
  return valid_utf8(value) ? value : escaped(value);
}

std::string tool_version() {
  return NURSERY_BUILD;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  ::gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

nlohmann::json configuration_json(const Options& options) {
  nlohmann::json solver = nlohmann::json::object();
  for (const auto& [name, value] : options.settings) solver[text_of(name)] = text_of(value);
  return {{"name", text_of(options.config)}, {"count", options.count}, {"options", solver}};
}

nlohmann::json provenance_json(const Options& options, const std::string& started) {
  nlohmann::json command = nlohmann::json::array();
  for (const auto& word : options.command_line) command.push_back(text_of(word));
  return {{"tool", "nursery"},
          {"format", 1},  // the report format (nursery/compare.hpp: kReportFormat)
          {"version", tool_version()},
          {"command_line", command},
          {"configuration", configuration_json(options)},
          {"limits",
           {{"timeout", options.timeout_seconds},
            {"jobs", options.jobs},
            {"threads", detail::worker_count(options.threads)}}},
          {"host", host()},
          {"started", started}};
}

std::string same_run_of(const nlohmann::json& provenance, const nlohmann::json& mine) {
  if (!provenance.is_object() || !provenance.contains("version"))
    return "no provenance (written by a nursery before 'provenance' was recorded)";
  const auto version = provenance["version"], own_version = mine.value("version", nlohmann::json());
  if (version != own_version) return "version " + version.dump() + ", not " + own_version.dump();
  const auto configuration = provenance.value("configuration", nlohmann::json()),
             own = mine.value("configuration", nlohmann::json());
  if (configuration != own) return "configuration " + configuration.dump() + ", not " + own.dump();
  return {};
}

void refuse_other_run(const Options& options) {
  if (!options.resume || options.report.empty() || options.report.extension() != ".json") return;
  std::string text, error;
  if (!read_input_file(options.report, std::uint64_t{1} << 32, text, error)) return;  // none yet
  const auto report = nlohmann::json::parse(text, nullptr, false);
  if (report.is_discarded() || !report.is_object() || !report.contains("instances") ||
      !report.contains("summary"))
    return;  // no batch report: replaced, as without --resume
  const std::string why =
      same_run_of(report.value("provenance", nlohmann::json()), provenance_json(options, {}));
  if (!why.empty())
    throw std::invalid_argument("--resume: " + options.report.string() +
                                " is the report of another run (" + why +
                                "): resume a run with its own version and configuration, or "
                                "choose another --report");
}

}  // namespace nursery::batch
