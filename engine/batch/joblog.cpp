// The records of earlier runs that batch reads back: the joblog (--joblog,
// appended as rows finish) and a report (--rerun-failed), as rows by path.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <nursery/background.hpp>
#include <nursery/input.hpp>
#include <nursery/io.hpp>
#include <set>
#include <stdexcept>

#include "batch/input_file.hpp"
#include "batch/stream.hpp"

namespace nursery::batch {

namespace {

// The raw bytes of a path the report had to escape (its "path_bytes", two
// hex digits a byte), or nullopt for anything else.
std::optional<std::string> from_hex(const std::string& hex) {
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int high = digit(hex[i]), low = digit(hex[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes += static_cast<char>(high * 16 + low);
  }
  return bytes;
}

// A field that must be a number of seconds (finite, not negative), or absent.
bool seconds_field(const nlohmann::json& j, const char* key, double& into) {
  if (!j.contains(key)) return true;
  if (!j[key].is_number()) return false;
  into = j[key].get<double>();
  return std::isfinite(into) && into >= 0;
}

// A field that must be a whole number (not negative), or absent.
template <class Whole>
bool whole_field(const nlohmann::json& j, const char* key, Whole& into) {
  if (!j.contains(key)) return true;
  if (!j[key].is_number_unsigned()) return false;
  into = j[key].get<Whole>();
  return true;
}

bool answered(const Row& row) {
  return (row.status == RowStatus::ok || row.status == RowStatus::fail) && !row.mismatch;
}

// Every file's rows in a joblog's lines (a later run's replace an earlier's).
TakenBack logged_rows(const std::string& text, const std::string& name) {
  TakenBack logged;
  std::size_t line_number = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    ++line_number;
    if (end == std::string::npos) break;  // cut short by a kill: never logged
    const auto line = text.substr(at, end - at);
    at = end + 1;
    if (line.empty()) continue;
    const auto row = row_from_json(nlohmann::json::parse(line, nullptr, false));
    if (!row)
      throw InputError(name + ":" + std::to_string(line_number), "a batch row as JSON (--joblog)",
                       nursery::quoted(line));
    // A file's rows are logged together: a row seen again starts a later run's.
    auto& file = logged[row->path];
    for (const Row& earlier : file)
      if (earlier.id == row->id) {
        file.clear();
        break;
      }
    file.push_back(*row);
  }
  return logged;
}

}  // namespace

// A report's or a joblog's row (stream.cpp's row_json), or nullopt for
// anything else: a field of the wrong type or out of range refuses the row.
std::optional<Row> row_from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("path") || !j["path"].is_string() || !j.contains("status") ||
      !j["status"].is_string())
    return std::nullopt;
  const auto status = row_status(j["status"].get<std::string>());
  if (!status) return std::nullopt;
  for (const char* text : {"path_bytes", "id", "kind", "size", "message", "expected"})
    if (j.contains(text) && !j[text].is_string()) return std::nullopt;
  for (const char* flag : {"verified", "mismatch"})
    if (j.contains(flag) && !j[flag].is_boolean()) return std::nullopt;
  Row row;
  if (j.contains("path_bytes")) {
    const auto bytes = from_hex(j["path_bytes"].get<std::string>());
    if (!bytes) return std::nullopt;
    row.path = *bytes;
  } else {
    row.path = j["path"].get<std::string>();
  }
  row.id = j.value("id", "");
  row.kind = j.value("kind", "-");
  row.size = j.value("size", "");
  row.status = *status;
  if (!seconds_field(j, "seconds", row.seconds) ||
      !seconds_field(j, "cpu_seconds", row.cpu_seconds) ||
      !whole_field(j, "peak_memory", row.peak_memory) || !whole_field(j, "nodes", row.nodes))
    return std::nullopt;
  row.verified = j.value("verified", false);
  row.checked = row.verified;
  row.mismatch = j.value("mismatch", false);
  row.message = j.value("message", "");
  row.expected = j.value("expected", "");  // its category is made again (run.cpp)
  if (j.contains("total")) {
    const auto& total = j["total"];
    if (total.is_string())
      row.count = parse_count(total.get<std::string>());
    else if (total.is_number_unsigned())
      row.count = Count(total.get<std::uint64_t>());
    if (!row.count) return std::nullopt;
  }
  row.resumed = true;  // taken from an earlier run
  return row;
}

TakenBack stopped_rows_of_joblog(const fs::path& joblog) {
  TakenBack rows;
  std::error_code exists_error;
  if (!fs::exists(joblog, exists_error)) return rows;
  std::string text, error;
  if (!read_input_file(joblog.string(), 0, text, error))
    throw std::invalid_argument("--joblog " + joblog.string() + ": " + error);
  for (auto& [path, file] : logged_rows(text, joblog.string())) {
    bool stopped = true;
    for (const Row& row : file)
      stopped = stopped && !answered(row) && row.status != RowStatus::pending &&
                row.status != RowStatus::skipped;
    if (stopped) rows.emplace(path, std::move(file));
  }
  return rows;
}

TakenBack finished_rows_of_report(const fs::path& report, const Options& options) {
  const std::vector<std::string>& roots = options.paths;
  std::string text, error;
  if (!read_input_file(report.string(), 0, text, error))
    throw std::invalid_argument("--rerun-failed " + report.string() + ": " + error);
  const auto json = nlohmann::json::parse(text, nullptr, false);
  const auto first_line = nlohmann::json::parse(text.substr(0, text.find('\n')), nullptr, false);
  const bool report_like = json.is_object() && json.contains("instances");
  if (!report_like && first_line.is_object() && first_line.contains("path") &&
      first_line.contains("status")) {
    // A joblog (one row a line, as a killed run left it): its answered files.
    TakenBack rows = logged_rows(text, report.string());
    std::erase_if(rows, [](const auto& file) {
      return !std::all_of(file.second.begin(), file.second.end(), answered);
    });
    return rows;
  }
  if (json.is_discarded() || !json.is_object() || !json.contains("instances") ||
      !json["instances"].is_array() || !json.contains("summary") || !json["summary"].is_object())
    throw InputError(report.string() + ":1", "a batch report (--report FILE.json)",
                     nursery::quoted(text));
  const auto given = json["summary"].value("roots", nlohmann::json::array());
  if (given != nlohmann::json(roots))
    throw std::invalid_argument("--rerun-failed " + report.string() + ": a report over " +
                                given.dump() + ", not over the paths given " +
                                nlohmann::json(roots).dump() + " (give the same paths)");
  // Its rows are kept under this run's configuration: they must have been
  // made with it (a report of no provenance, an older nursery's, is taken).
  if (json.contains("provenance") && json["provenance"].is_object()) {
    const auto theirs = json["provenance"].value("configuration", nlohmann::json());
    const auto mine = configuration_json(options);
    if (theirs != mine)
      throw std::invalid_argument(
          "--rerun-failed " + report.string() + ": the report of another configuration (" +
          theirs.dump() + ", not " + mine.dump() + "): rerun with the options it was made with");
  }
  TakenBack rows;
  std::set<std::string> failed;
  for (const auto& entry : json["instances"]) {
    const auto row = row_from_json(entry);
    if (!row) throw InputError(report.string() + ":1", "batch rows", nursery::quoted(entry.dump()));
    if (row->status == RowStatus::skipped) continue;
    if (!answered(*row)) failed.insert(row->path);
    rows[row->path].push_back(*row);
  }
  for (const auto& path : failed) rows.erase(path);
  return rows;
}

void refuse_joblog_over_other_files(const Options& options) {
  if (options.joblog.empty()) return;
  const std::string name = "--joblog " + options.joblog.string();
  std::error_code error;
  if (!options.report.empty() && options.report != "-" &&
      fs::weakly_canonical(options.joblog, error) == fs::weakly_canonical(options.report, error))
    throw std::invalid_argument(name + ": is the --report file too, which would replace it " +
                                "(choose another name)");
  if (!fs::is_regular_file(options.joblog, error)) return;  // new, or the open says why not
  std::string head, why;
  if (!read_file(options.joblog.string(), kHeadBytes, head, why) || head.empty()) return;
  const auto end = head.find('\n');
  if (end != std::string::npos &&
      row_from_json(nlohmann::json::parse(head.substr(0, end), nullptr, false)))
    return;  // an earlier run's joblog: this one's rows are appended
  throw std::invalid_argument(name + ": holds something other than a joblog (its first line " +
                              "is no batch row), which appending would spoil (choose another " +
                              "name, or remove it)");
}

Joblog::Joblog(const fs::path& path) : path_(path), opened_(std::chrono::steady_clock::now()) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::invalid_argument("--joblog " + path.string() + ": " + std::strerror(errno));
  // A line a killed run cut short is ended, so the next row starts a line
  // (a regular file's last byte; a device or a FIFO is written as it is).
  struct stat st {};
  char last = '\n';
  if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    const int reader = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (reader >= 0) {
      if (::pread(reader, &last, 1, st.st_size - 1) != 1) last = '\n';
      ::close(reader);
    }
  }
  if (last != '\n') write_all("\n");
}

Joblog::~Joblog() {
  if (fd_ < 0) return;
  sync();
  ::close(fd_);
}

void Joblog::append(const std::vector<Row>& rows) {
  std::string lines;
  for (const Row& row : rows)
    if (row.status != RowStatus::pending) lines += json_row_line(row);
  if (lines.empty() || fd_ < 0) return;
  if (!write_all(lines)) return;
  unsynced_ += rows.size();
  const double now = seconds_since(opened_);
  if (unsynced_ >= kSyncRows || now - synced_at_ >= kSyncSeconds) sync();
}

bool Joblog::write_all(const std::string& text) {
  for (std::size_t at = 0; at < text.size();) {
    const ssize_t wrote = ::write(fd_, text.data() + at, text.size() - at);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) {
      // A full disk: the first failure is kept for the summary, and the
      // report still says what finished.
      if (error_.empty()) error_ = wrote < 0 ? std::strerror(errno) : "nothing written";
      return false;
    }
    at += static_cast<std::size_t>(wrote);
  }
  return true;
}

void Joblog::sync() {
  if (unsynced_ == 0) return;
  ::fdatasync(fd_);
  unsynced_ = 0;
  synced_at_ = seconds_since(opened_);
}

}  // namespace nursery::batch
