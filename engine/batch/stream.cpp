// The batch's flow of files (see stream.hpp): the walk to the lanes, the
// rows back in walk order to the report on disk.
#include "stream.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <nursery/input.hpp>
#include <nursery/io.hpp>
#include <nursery/json.hpp>
#include <stdexcept>

namespace nursery::batch {

namespace {

// JSON strings are UTF-8: any other bytes (a file name with 0xFF, a
// message quoting one) are written \xNN (input.hpp's escaped), so no byte
// can lose the report.
std::string text(const std::string& value) {
  return valid_utf8(value) ? value : escaped(value);
}

// The raw bytes of a name that `text` had to escape, as hex: "ff41" for
// "\xffA", so the exact name can be recovered.
std::string hex_bytes(const std::string& value) {
  static const char* const kDigits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : value) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

nlohmann::json row_json(const Row& row) {
  nlohmann::json j = {{"path", text(row.path)},   {"kind", text(row.kind)},
                      {"size", text(row.size)},   {"status", to_string(row.status)},
                      {"seconds", row.seconds},   {"nodes", row.nodes},
                      {"verified", row.verified}, {"resumed", row.resumed}};
  j["cpu_seconds"] = row.cpu_seconds;
  j["peak_memory"] = row.peak_memory;
  if (!valid_utf8(row.path)) j["path_bytes"] = hex_bytes(row.path);
  if (!row.id.empty()) j["id"] = text(row.id);
  if (row.count) j["total"] = count_json(*row.count);
  if (row.mismatch) j["mismatch"] = true;
  if (!row.message.empty()) j["message"] = text(row.message);
  if (!row.config.empty()) j["config"] = text(row.config);
  if (!row.expected.empty()) j["expected"] = row.expected;
  if (row.category != Category::missing) j["category"] = to_string(row.category);
  return j;
}

// `text` indented by `by` spaces after each line break: a value dumped alone
// laid out as it would be inside the report (one key a line, as scripts grep).
std::string indent(const std::string& text, int by) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    out += c;
    if (c == '\n') out.append(static_cast<std::size_t>(by), ' ');
  }
  return out;
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

// yes, no, or empty when the checker never looked at the answer (no --verify).
const char* verified_field(const Row& row) {
  if (row.verified) return "yes";
  return row.checked ? "no" : "";
}

}  // namespace

std::string json_row_text(const Row& row, bool first) {
  return std::string(first ? "\n  " : ",\n  ") + indent(row_json(row).dump(1), 2);
}

std::string json_row_line(const Row& row) {
  return row_json(row).dump() + '\n';
}

std::string json_tail(const std::vector<Skipped>& skipped, const Summary& s, bool any_row) {
  nlohmann::json passed = nlohmann::json::array();
  for (const auto& skip : skipped) {
    nlohmann::json entry = {{"path", text(skip.path)}, {"reason", text(skip.reason)}};
    if (!valid_utf8(skip.path)) entry["path_bytes"] = hex_bytes(skip.path);
    passed.push_back(std::move(entry));
  }
  nlohmann::json summary = summary_json(s);
  return std::string(any_row ? "\n ],\n" : "],\n") + " \"skipped\": " + indent(passed.dump(1), 1) +
         ",\n \"summary\": " + indent(summary.dump(1), 1) + "\n}\n";
}

std::string csv_header() {
  return "path,id,kind,size,status,total,seconds,nodes,verified,resumed,message,cpu_seconds,"
         "peak_memory,config,category,expected\n";
}

std::string csv_row_text(const Row& row) {
  char seconds[32], cpu_seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", row.seconds);
  std::snprintf(cpu_seconds, sizeof cpu_seconds, "%.6f", row.cpu_seconds);
  return csv_field(row.path) + ',' + csv_field(row.id) + ',' + csv_field(row.kind) + ',' +
         csv_field(row.size) + ',' + to_string(row.status) + ',' +
         (row.count ? nursery::to_string(*row.count) : std::string()) + ',' + seconds + ',' +
         std::to_string(row.nodes) + ',' + verified_field(row) + ',' +
         (row.resumed ? "yes" : "no") + ',' + csv_field(row.message) + ',' + cpu_seconds + ',' +
         std::to_string(row.peak_memory) + ',' + csv_field(row.config) + ',' +
         to_string(row.category) + ',' + row.expected + '\n';
}

std::string report_head(const Options& options, const std::string& started) {
  const auto extension = options.report.extension();
  if (extension == ".csv") return csv_header();
  if (extension == ".xml") return xml_head(options, started);
  // The CSV has no room for the provenance: its readers take the first line
  // as the header and every other as a row (its config column is in each row).
  return "{\n \"provenance\": " + indent(provenance_json(options, started).dump(1), 1) +
         ",\n \"instances\": [";
}

ReportFile::ReportFile(const fs::path& report, const std::string& head) : path_(report) {
  if (report.empty()) return;
  const auto extension = report.extension();
  format_ = extension == ".csv" ? Format::csv : extension == ".xml" ? Format::xml : Format::json;
  file_ = std::make_unique<AtomicFile>(report);  // throws naming the report and the reason
  if (!head.empty())
    put(head);
  else
    put(format_ == Format::csv ? csv_header() : "{\n \"instances\": [");
}

void ReportFile::put(const std::string& text, bool now) {
  if (!file_) return;
  buffered_ += text;
  if (!now && buffered_.size() < (std::size_t{64} << 10)) return;
  try {
    file_->write(buffered_);
  } catch (const std::exception& e) {
    error_ = e.what();
    file_.reset();  // its temporary removed: a full disk gets its space back
  }
  buffered_.clear();
}

void ReportFile::row(const Row& row) {
  if (row.status == RowStatus::pending || (!file_ && error_.empty())) return;
  put(format_ == Format::json  ? json_row_text(row, first_)
      : format_ == Format::xml ? xml_row(row)
                               : csv_row_text(row));
  first_ = false;
}

void ReportFile::finish(const std::vector<Skipped>& skipped, const Summary& summary) {
  if (!file_ && error_.empty()) return;
  if (format_ == Format::json) put(json_tail(skipped, summary, !first_));
  if (format_ == Format::xml) put(xml_tail(summary));
  put(std::string(), true);
  if (!error_.empty()) throw std::runtime_error(error_);
  auto file = std::move(file_);
  file->commit();  // throws naming the report and the reason
}

Feed::Feed(const Options& options, unsigned lanes, const StopSource& stop,
           std::function<void(const std::string&)> say)
    : options_(options),
      stop_(stop),
      say_(std::move(say)),
      walk_(options.paths, options.outdir, options.part, options.parts),
      lanes_(std::max(1u, lanes)),
      // A part, or a rank, sees some files only: whether a directory holds
      // an instance is known to no one of them.
      track_directories_(options.parts == 1 && !options.next_file && options.walk_report),
      report_(options.report, options.report.empty() ? "" : report_head(options, utc_now())) {
  walk_.yield_missing(options.missing_paths_are_rows);
  if (!options.report.empty()) walk_.leave_out(options.report.string());
  if (!options_.next_file) {
    fill();
    if (walk_done_) lanes_ = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(lanes_, ahead_files_)));
  }
}

// Walks ahead to one file more than the lanes, so a lane knows when the
// files left are fewer than the lanes (the lizards race rule in run.cpp).
void Feed::fill() {
  while (!walk_done_ && ahead_files_ <= lanes_) {
    Entry entry;
    if (!walk_.next(entry)) {
      walk_done_ = true;
      break;
    }
    if (!entry.directory) ++ahead_files_;
    ahead_.push_back(std::move(entry));
  }
}

bool Feed::pull(Entry& entry) {
  if (!options_.next_file) {
    fill();
    if (ahead_.empty()) return false;
    entry = std::move(ahead_.front());
    ahead_.pop_front();
    if (!entry.directory) --ahead_files_;
    return true;
  }
  // --mpi: rank 0 hands out increasing indices of the files in walk order,
  // which every rank walks alike; this rank walks on to the one it got.
  // (Asked under the feed's lock, so two lanes cannot overtake each other.)
  if (walk_done_) return false;
  std::size_t want = options_.next_file();
  while (walk_.next(entry)) {
    if (entry.directory) continue;  // directories are not reported under --mpi
    if (file_index_++ == want) return true;
  }
  walk_done_ = true;
  return false;
}

bool Feed::take(LaneFile& taken) {
  std::unique_lock lock(mutex_);
  for (;;) {
    // A stop (Ctrl-C) is polled: it comes from a signal, which notifies no one.
    while (next_seq_ >= base_ + kWindow && !stop_.requested())
      room_.wait_for(lock, std::chrono::milliseconds(50));
    if (stop_.requested()) return false;
    Entry entry;
    bool pulled = pull(entry);
    tell_walk();
    if (!pulled) return false;
    std::size_t seq = next_seq_++;
    window_.emplace_back();
    buffered_peak_ = std::max(buffered_peak_, window_.size());
    if (entry.directory) {
      // A directory is settled as soon as it is walked: it only marks its
      // place in the order for the report of directories without instances.
      Done done;
      done.directory = true;
      done.root = entry.root;
      done.display = std::move(entry.source.display);
      window_[seq - base_] = std::move(done);
      advance();
      continue;
    }
    ++taken_files_;
    taken.seq = seq;
    taken.source = std::move(entry.source);
    return true;
  }
}

void Feed::finish(std::size_t seq, std::vector<Row> rows, bool holds) {
  std::lock_guard lock(mutex_);
  if (log_) log_(rows);
  Done done;
  done.rows = std::move(rows);
  done.holds = holds;
  window_[seq - base_] = std::move(done);
  advance();
}

// Commits the contiguous prefix of finished entries (under the lock).
void Feed::advance() {
  bool moved = false;
  while (!window_.empty() && window_.front()) {
    commit(*window_.front());
    window_.pop_front();
    ++base_;
    moved = true;
  }
  if (moved) room_.notify_all();
}

void Feed::commit(Done& done) {
  if (done.directory) {
    if (!track_directories_) return;
    reach(done.display);
    directories_.push_back({std::move(done.display), done.root, false, {}});
    return;
  }
  if (track_directories_ && !done.rows.empty()) {
    reach(done.rows[0].path);
    if (done.holds)
      for (auto& directory : directories_) directory.holds = true;
  }
  for (Row& row : done.rows) {
    count_row(summary_, row);
    row.config = options_.config;
    report_.row(row);
  }
}

// Closes the directories the walk has left on its way to `display` (a path
// the walk built from its parent's, so a parent is a prefix).
void Feed::reach(const std::string& display) {
  while (!directories_.empty()) {
    const auto& top = directories_.back().display;
    bool inside = display.size() > top.size() && display.compare(0, top.size(), top) == 0 &&
                  (top.back() == '/' || display[top.size()] == '/');
    if (inside) return;
    close_directory();
  }
}

// A directory without one instance under it is reported when it is a root,
// or when its parent holds instances elsewhere (a deeper empty folder is
// covered by the report of its topmost empty ancestor).
void Feed::close_directory() {
  Directory closed = std::move(directories_.back());
  directories_.pop_back();
  auto report = [&](const std::string& path) {
    skipped_.push_back({path, "directory without instances", true});
    if (say_) say_("warning: " + path + ": directory without instances");
  };
  if (closed.holds) {
    for (const auto& child : closed.empty_children) report(child);
  } else if (closed.root) {
    report(closed.display);
  } else if (!directories_.empty()) {
    directories_.back().empty_children.push_back(std::move(closed.display));
  }
}

// Warns of what the walk passed over as soon as it does (one process of
// several tells).
void Feed::tell_walk() {
  const auto& walked = walk_.skipped();
  for (; told_ < walked.size(); ++told_)
    if (options_.walk_report && walked[told_].problem && say_)
      say_("warning: " + walked[told_].path + ": " + walked[told_].reason);
}

Summary Feed::close(bool interrupted, std::optional<std::size_t> files_in_walk,
                    const KeptRows& kept) {
  std::lock_guard lock(mutex_);
  // Files a stop left unstarted count as unfinished instances (their kind is
  // not known), unless an earlier run's rows are kept for them; under --mpi
  // they may be another rank's, so they are not.
  std::size_t never_started = 0;
  auto settle = [&](Entry& entry) {
    if (entry.directory) return;
    if (kept)
      if (auto rows = kept(entry.source.display)) {
        Done done;
        done.rows = std::move(*rows);
        done.holds = true;
        commit(done);
        return;
      }
    ++never_started;
  };
  if (interrupted && !options_.next_file && files_in_walk && !kept) {
    // Known from the count before the run: a stop is not held up by a
    // second listing of a tree of millions of names.
    never_started = *files_in_walk > taken_files_ ? *files_in_walk - taken_files_ : 0;
  } else if (interrupted && !options_.next_file) {
    for (auto& entry : ahead_) settle(entry);
    Entry entry;
    while (walk_.next(entry)) settle(entry);
  }
  ahead_.clear();
  while (!directories_.empty()) close_directory();
  tell_walk();
  if (options_.walk_report) {
    auto& walked = walk_.skipped();
    skipped_.insert(skipped_.end(), walked.begin(), walked.end());
  }
  std::stable_sort(skipped_.begin(), skipped_.end(),
                   [](const Skipped& a, const Skipped& b) { return walk_less(a.path, b.path); });
  Summary summary = summary_;
  summary.instances += never_started;
  summary.unfinished += never_started;
  summary.interrupted = interrupted;
  summary.jobs = lanes_;
  return summary;
}

void Feed::write_report(const Summary& summary) {
  std::lock_guard lock(mutex_);
  report_.finish(skipped_, summary);
}

}  // namespace nursery::batch
