// The batch report: one row per finished instance, as JSON or CSV, and the
// summary line.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include <nursery/json.hpp>

#include "batch/internal.hpp"

namespace nursery::batch {

const char* to_string(Status status) {
  switch (status) {
    case Status::ok:
      return "OK";
    case Status::fail:
      return "FAIL";
    case Status::timeout:
      return "TIMEOUT";
    case Status::error:
      return "ERROR";
    case Status::skipped:
      return "SKIPPED";
    default:
      return "PENDING";
  }
}

double Summary::rate() const {
  std::size_t solved = instances - unfinished - resumed;
  return seconds > 0 ? solved / seconds : 0;
}

Summary summarize(const std::vector<const Row*>& rows) {
  Summary summary;
  for (const Row* row : rows) {
    if (row->status == Status::skipped) {
      ++summary.skipped;
      continue;
    }
    ++summary.instances;
    switch (row->status) {
      case Status::ok:
        ++summary.ok;
        break;
      case Status::fail:
        ++summary.fail;
        break;
      case Status::timeout:
        ++summary.timeout;
        break;
      case Status::error:
        ++summary.error;
        break;
      default:
        ++summary.unfinished;
        break;
    }
    summary.verified += row->verified;
    summary.mismatches += row->mismatch;
    summary.resumed += row->resumed;
  }
  return summary;
}

std::string summary_line(const Summary& s) {
  char time[96];
  std::snprintf(time, sizeof time, "%.2f s, %.1f instances/s", s.seconds, s.rate());
  std::ostringstream out;
  out << "batch: " << s.instances << (s.instances == 1 ? " instance: " : " instances: ") << s.ok
      << " OK, " << s.fail << " FAIL, " << s.timeout << " TIMEOUT, " << s.error << " ERROR";
  if (s.unfinished) out << ", " << s.unfinished << " unfinished";
  if (s.verified || s.mismatches)
    out << "; " << s.verified << " verified, " << s.mismatches << " mismatches";
  if (s.resumed) out << "; " << s.resumed << " resumed";
  if (s.skipped) out << "; " << s.skipped << (s.skipped == 1 ? " file" : " files") << " skipped";
  if (s.write_errors) out << "; " << s.write_errors << " answers NOT WRITTEN";
  out << "; " << time << " (jobs " << s.jobs << ", threads " << s.threads << ")";
  if (s.interrupted) out << "; INTERRUPTED";
  return out.str();
}

namespace {

nlohmann::json row_json(const Row& row) {
  nlohmann::json j = {{"path", row.path},         {"kind", row.kind},
                      {"size", row.size},         {"status", to_string(row.status)},
                      {"seconds", row.seconds},   {"nodes", row.nodes},
                      {"verified", row.verified}, {"resumed", row.resumed}};
  if (!row.id.empty()) j["id"] = row.id;
  if (row.count) j["count"] = count_json(*row.count);
  if (row.mismatch) j["mismatch"] = true;
  if (!row.message.empty()) j["message"] = row.message;
  return j;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

}  // namespace

std::string report_json(const std::vector<const Row*>& rows, const std::vector<Skipped>& skipped,
                        const Summary& s) {
  nlohmann::json instances = nlohmann::json::array();
  for (const Row* row : rows)
    if (row->status != Status::pending) instances.push_back(row_json(*row));
  nlohmann::json passed = nlohmann::json::array();
  for (const auto& skip : skipped) passed.push_back({{"path", skip.path}, {"reason", skip.reason}});
  nlohmann::json summary = {{"instances", s.instances},
                            {"ok", s.ok},
                            {"fail", s.fail},
                            {"timeout", s.timeout},
                            {"error", s.error},
                            {"unfinished", s.unfinished},
                            {"verified", s.verified},
                            {"mismatches", s.mismatches},
                            {"resumed", s.resumed},
                            {"skipped", s.skipped},
                            {"seconds", s.seconds},
                            {"instances_per_second", s.rate()},
                            {"jobs", s.jobs},
                            {"threads", s.threads},
                            {"interrupted", s.interrupted}};
  nlohmann::json report = {{"instances", instances}, {"skipped", passed}, {"summary", summary}};
  return report.dump(1) + "\n";
}

std::string report_csv(const std::vector<const Row*>& rows) {
  std::string text = "path,id,kind,size,status,count,seconds,nodes,verified,resumed,message\n";
  char seconds[32];
  for (const Row* row : rows) {
    if (row->status == Status::pending) continue;
    std::snprintf(seconds, sizeof seconds, "%.6f", row->seconds);
    text += csv_field(row->path) + ',' + csv_field(row->id) + ',' + row->kind + ',' +
            csv_field(row->size) + ',' + to_string(row->status) + ',' +
            (row->count ? nursery::to_string(*row->count) : std::string()) + ',' + seconds + ',' +
            std::to_string(row->nodes) + ',' + (row->verified ? "yes" : "no") + ',' +
            (row->resumed ? "yes" : "no") + ',' + csv_field(row->message) + '\n';
  }
  return text;
}

}  // namespace nursery::batch
