// The batch report: one row per finished instance, as JSON or CSV, and the
// summary line.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sstream>

#include "batch/stream.hpp"

namespace nursery::batch {

namespace {

// Each status in the enum's order: its word in a report and the summary's
// count of its rows (a pending row is unfinished; skipped rows are not
// instances).
struct StatusEntry {
  RowStatus status;
  const char* word;
  std::size_t Summary::*rows;
};
constexpr StatusEntry kStatuses[] = {
    {RowStatus::pending, "PENDING", &Summary::unfinished},
    {RowStatus::ok, "OK", &Summary::ok},
    {RowStatus::fail, "FAIL", &Summary::fail},
    {RowStatus::timeout, "TIMEOUT", &Summary::timeout},
    {RowStatus::error, "ERROR", &Summary::error},
    {RowStatus::skipped, "SKIPPED", &Summary::skipped},
    {RowStatus::cpu_timeout, "TIMEOUT (cpu)", &Summary::cpu_timeout},
    {RowStatus::out_of_memory, "OUT OF MEMORY", &Summary::out_of_memory},
};
constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < std::size(kStatuses); ++i)
    if (static_cast<std::size_t>(kStatuses[i].status) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kStatuses[i] is status i: to_string looks it up by index");

const StatusEntry& entry(RowStatus status) {
  const auto index = static_cast<std::size_t>(status);
  return index < std::size(kStatuses) ? kStatuses[index] : kStatuses[0];
}

}  // namespace

const char* to_string(RowStatus status) {
  return entry(status).word;
}

std::optional<RowStatus> row_status(std::string_view word) {
  for (const auto& status : kStatuses)
    if (word == status.word) return status.status;
  return std::nullopt;
}

double Summary::rate() const {
  std::size_t solved = instances - unfinished - resumed;
  return seconds > 0 ? solved / seconds : 0;
}

void count_row(Summary& summary, const Row& row) {
  ++(summary.*entry(row.status).rows);
  if (row.status == RowStatus::skipped) return;
  ++summary.instances;
  summary.verified += row.verified;
  summary.mismatches += row.mismatch;
  summary.resumed += row.resumed;
  summary.cpu_seconds += row.cpu_seconds;
  summary.peak_memory = std::max(summary.peak_memory, row.peak_memory);
  summary.correct += row.category == Category::correct;
  if (row.category == Category::wrong) {
    if (summary.wrong++ < Summary::kWrongNamed)
      summary.wrong_rows.push_back(row.id.empty() ? row.path : row.path + "#" + row.id);
  }
}

Summary summarize(const std::vector<const Row*>& rows) {
  Summary summary;
  for (const Row* row : rows) count_row(summary, *row);
  return summary;
}

std::string summary_line(const Summary& s) {
  char time[96];
  std::snprintf(time, sizeof time, "%.2f s, %.1f instances/s", s.seconds, s.rate());
  std::ostringstream out;
  out << "batch: ";
  // A wrong answer comes first: it is what a benchmark run must not miss.
  if (s.wrong) {
    // (--mpi without --report: the ranks' rows, and their names, stay theirs.)
    out << s.wrong << " WRONG";
    for (std::size_t i = 0; i < s.wrong_rows.size(); ++i)
      out << (i ? ", " : " (") << s.wrong_rows[i];
    if (!s.wrong_rows.empty()) out << (s.wrong > s.wrong_rows.size() ? ", ...)" : ")");
    out << "; ";
  }
  out << s.instances << (s.instances == 1 ? " instance: " : " instances: ") << s.ok << " OK, "
      << s.fail << " FAIL, " << s.timeout << " TIMEOUT, " << s.error << " ERROR";
  if (s.cpu_timeout) out << ", " << s.cpu_timeout << " TIMEOUT (cpu)";
  if (s.out_of_memory) out << ", " << s.out_of_memory << " OUT OF MEMORY";
  if (s.unfinished) out << ", " << s.unfinished << " unfinished";
  if (s.verified || s.mismatches)
    out << "; " << s.verified << " verified, " << s.mismatches << " mismatches";
  if (s.correct || s.wrong) out << "; " << s.correct << " correct, " << s.wrong << " wrong";
  if (s.resumed) out << "; " << s.resumed << " resumed";
  if (s.skipped) out << "; " << s.skipped << (s.skipped == 1 ? " file" : " files") << " skipped";
  if (s.write_errors) out << "; " << s.write_errors << " answers NOT WRITTEN";
  if (!s.report_error.empty()) out << "; report NOT WRITTEN";
  if (!s.joblog_error.empty()) out << "; joblog NOT WRITTEN";
  char measured[96];
  std::snprintf(measured, sizeof measured, "; CPU %.2f s, peak memory %.1f MiB", s.cpu_seconds,
                static_cast<double>(s.peak_memory) / (1 << 20));
  out << "; " << time << " (jobs " << s.jobs << ", threads " << s.threads << ")" << measured;
  if (s.interrupted) out << "; INTERRUPTED";
  return out.str();
}

// The same text the streamed report has (stream.cpp), from rows in memory.
std::string report_json(const std::vector<const Row*>& rows, const std::vector<Skipped>& skipped,
                        const Summary& s) {
  std::string text = "{\n \"instances\": [";
  bool first = true;
  for (const Row* row : rows)
    if (row->status != RowStatus::pending) {
      text += json_row_text(*row, first);
      first = false;
    }
  return text + json_tail(skipped, s, !first);
}

std::string report_csv(const std::vector<const Row*>& rows) {
  std::string text = csv_header();
  for (const Row* row : rows)
    if (row->status != RowStatus::pending) text += csv_row_text(*row);
  return text;
}

}  // namespace nursery::batch
