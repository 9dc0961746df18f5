// A batch run in BenchExec's result format (its doc/result.dtd), so that
// BenchExec's table-generator reads it unchanged: the <result> element with
// the tool, version, options and limits, the <columns> it reports, one
// <systeminfo>, one <run> per row (status, category, cputime, walltime,
// memory, terminationreason; the row's
// own columns), and the run's whole wall time at the end. Written as the
// rows come, as the JSON and CSV reports are.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "batch/stream.hpp"

namespace nursery::batch {

namespace {

// XML text: the five entities, control bytes (which XML 1.0 cannot hold)
// and bytes that are not UTF-8 as \xNN.
std::string xml_text(const std::string& value) {
  const std::string utf8 = text_of(value);
  std::string out;
  out.reserve(utf8.size());
  for (char c : utf8) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t') {
          char code[8];
          std::snprintf(code, sizeof code, "\\x%02x", static_cast<unsigned char>(c));
          out += code;
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string column(const std::string& title, const std::string& value) {
  return "    <column title=\"" + title + "\" value=\"" + xml_text(value) + "\"/>\n";
}

std::string seconds_value(double seconds) {
  char text[40];
  std::snprintf(text, sizeof text, "%.6fs", seconds);
  return text;
}

// A row's answer in BenchExec's words: the tool's answer (OK, FAIL, a
// count) where the category is correct, wrong, unknown or missing; what went
// wrong where it is error (ERROR), TIMEOUT as BenchExec's own timeouts.
// BenchExec's status words: a CPU limit's timeout is a TIMEOUT there (its
// terminationreason says which limit).
std::string status_of(const Row& row) {
  if (row.status == RowStatus::ok && row.count) return nursery::to_string(*row.count);
  if (row.status == RowStatus::cpu_timeout) return "TIMEOUT";
  return to_string(row.status);
}

// BenchExec's terminationreason: which limit ended a run; empty for a run
// that ended by itself.
std::string termination_of(const Row& row) {
  switch (row.status) {
    case RowStatus::timeout: return "walltime";
    case RowStatus::cpu_timeout: return "cputime";
    case RowStatus::out_of_memory: return "memory";
    default: return {};
  }
}

// ISO 8601 as Python's datetime reads it before 3.11: +00:00, not Z.
std::string iso_time(std::string utc) {
  if (!utc.empty() && utc.back() == 'Z') utc.replace(utc.size() - 1, 1, "+00:00");
  return utc;
}

}  // namespace

std::string xml_head(const Options& options, const std::string& started) {
  const nlohmann::json provenance = provenance_json(options, started);
  const auto& host = provenance["host"];
  std::string command;
  for (const auto& word : options.command_line) command += (command.empty() ? "" : " ") + word;
  const std::string name = options.config.empty() ? "nursery" : options.config;
  std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<!DOCTYPE result PUBLIC \"+//IDN sosy-lab.org//DTD BenchExec result 3.0//EN\" "
      "\"https://www.sosy-lab.org/benchexec/result-3.0.dtd\">\n";
  text += "<result benchmarkname=\"nursery-batch\" name=\"nursery-batch." + xml_text(name) +
          "\" starttime=\"" + iso_time(started) + "\" date=\"" + iso_time(started) +
          "\" tool=\"nursery\" " + "toolmodule=\"nursery\" version=\"" + xml_text(tool_version()) +
          "\" options=\"" + xml_text(command) + "\"" +
          // BenchExec's timelimit is a CPU-time limit: --cpu-limit, else the
          // wall --timeout that stands for it.
          (options.cpu_limit_seconds > 0
               ? " timelimit=\"" + seconds_value(options.cpu_limit_seconds) + "\""
               : (options.timeout_seconds > 0
                      ? " timelimit=\"" + seconds_value(options.timeout_seconds) + "\""
                      : std::string())) +
          (options.memory_limit > 0 ? " memlimit=\"" + std::to_string(options.memory_limit) + "B\""
                                    : std::string()) +
          " cpuCores=\"" + std::to_string(provenance["limits"]["threads"].get<unsigned>()) +
          "\" generator=\"nursery batch\">\n";
  text +=
      "  <columns>\n    <column title=\"status\"/>\n    <column title=\"cputime\"/>\n"
      "    <column title=\"walltime\"/>\n    <column title=\"memory\"/>\n  </columns>\n";
  text += "  <systeminfo hostname=\"" + xml_text(host["name"].get<std::string>()) + "\">\n" +
          "    <os name=\"" + xml_text(host["os"].get<std::string>()) + "\"/>\n" +
          "    <cpu cores=\"" + std::to_string(host["cores"].get<unsigned>()) + "\" model=\"" +
          xml_text(host["cpu"].get<std::string>()) + "\"/>\n" + "    <ram size=\"" +
          std::to_string(host["memory"].get<std::uint64_t>()) + "B\"/>\n" +
          "    <environment/>\n  </systeminfo>\n";
  return text;
}

std::string xml_row(const Row& row) {
  if (row.status == RowStatus::skipped) return {};  // no instance: no run (the JSON lists it)
  const std::string name = row.id.empty() ? row.path : row.path + "#" + row.id;
  std::string text =
      "  <run name=\"" + xml_text(name) + "\" files=\"[" + xml_text(row.path) + "]\"" + ">\n";
  text += column("status", status_of(row));
  text +=
      column("category", row.category == Category::missing ? "missing" : to_string(row.category));
  text += column("cputime", seconds_value(row.cpu_seconds));
  text += column("walltime", seconds_value(row.seconds));
  if (row.peak_memory > 0) text += column("memory", std::to_string(row.peak_memory) + "B");
  if (const std::string reason = termination_of(row); !reason.empty())
    text += column("terminationreason", reason);
  if (!row.expected.empty()) text += column("expected", row.expected);
  text += column("kind", row.kind);
  text += column("size", row.size);
  if (!row.config.empty()) text += column("config", row.config);
  if (!row.message.empty()) text += column("message", row.message);
  return text + "  </run>\n";
}

std::string xml_tail(const Summary& summary) {
  return "  <column title=\"walltime\" value=\"" + seconds_value(summary.seconds) + "\"/>\n" +
         "</result>\n";
}

}  // namespace nursery::batch
