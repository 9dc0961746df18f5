// The batch's flow of files: the walk hands them to the lanes one at a
// time, each with its sequence number, and their rows come back in any
// order; a reorder buffer puts them back in walk order and writes each to the
// report's temporary file as soon as every earlier one is there. Nothing of
// a file outlives its row on disk but the summary's counters.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nursery/io.hpp>
#include <optional>
#include <string>
#include <vector>

#include "internal.hpp"

namespace nursery::batch {

// The report, written as rows come: CSV lines, or the JSON report's rows,
// to a temporary file beside it; finish() adds the skipped list and the
// summary (JSON) and renames it into place, so a reader never sees half a
// report. Without finish() the temporary file is removed.
// The temporary is made as every output's (io.hpp's AtomicFile: beside a
// link's target, never over another file); a write that fails (a full disk)
// ends the report there: its temporary goes at once, and finish() throws
// the reason ("r.json: write failed: No space left on device").
class ReportFile {
 public:
  // empty: no report. `head` opens it (report_head); empty: the JSON's or
  // the CSV's plain head.
  explicit ReportFile(const fs::path& report, const std::string& head = {});
  ReportFile(const ReportFile&) = delete;
  ReportFile& operator=(const ReportFile&) = delete;
  void row(const Row& row);  // a finished row (pending ones are left out)
  void finish(const std::vector<Skipped>& skipped, const Summary& summary);

 private:
  void put(const std::string& text, bool now = false);
  fs::path path_;
  std::unique_ptr<AtomicFile> file_;
  std::string buffered_;  // rows not yet written (written in pieces of 64 KiB)
  std::string error_;     // the first failure: nothing more is written
  enum class Format { csv, json, xml } format_ = Format::json;
  bool first_ = true;
};

// What opens a report of the run `options` describes (by its extension):
// the JSON's provenance and the opening of its rows, the CSV's header line,
// BenchExec's <result> with its columns and systeminfo (benchexec_xml.cpp).
std::string report_head(const Options& options, const std::string& started);
std::string xml_head(const Options& options, const std::string& started);
std::string xml_row(const Row& row);
std::string xml_tail(const Summary& summary);

// The rows of a JSON report and its tail, as report_json writes them.
std::string json_row_text(const Row& row, bool first);
std::string json_tail(const std::vector<Skipped>& skipped, const Summary& summary, bool any_row);
std::string csv_header();
std::string csv_row_text(const Row& row);
// A row as one line of JSON (the joblog's), ended by a line break.
std::string json_row_line(const Row& row);

// A file handed to a lane.
struct LaneFile {
  std::size_t seq = 0;     // its place in the walk (this process's files)
  Source source;
};

// The walk, the reorder buffer and the report of one run. take() and
// finish() are called from any thread.
class Feed {
 public:
  // A lane takes no file more than kWindow places past the oldest one not
  // finished: that bounds the reorder buffer (and the rows it holds).
  static constexpr std::size_t kWindow = 4096;

  Feed(const Options& options, unsigned lanes, const StopSource& stop,
       std::function<void(const std::string&)> say);
  // The next file for a lane; false when there is none (the walk is over,
  // a stop, or --mpi handed out an index past the end).
  bool take(LaneFile& taken);
  // A file's rows, once settled (answer written or not to be written).
  void finish(std::size_t seq, std::vector<Row> rows, bool holds);
  // After the lanes and the writer: counts the files never started (on a
  // stop), closes the walk's directories, writes the report's tail. With
  // `files_in_walk` (a whole walk counted them before the run) the files
  // never started are that less the files taken, and the rest of the walk
  // is not listed again after a stop.
  // `kept` gives the rows an earlier run settled for a file (--rerun-failed,
  // --resume --joblog): a file a stop left unstarted keeps them in the
  // report, so an interrupted rerun loses none of the rows it was to keep.
  using KeptRows = std::function<std::optional<std::vector<Row>>(const std::string& display)>;
  Summary close(bool interrupted, std::optional<std::size_t> files_in_walk = std::nullopt,
                const KeptRows& kept = {});
  // The report's tail (the summary with its time) and the rename into place.
  void write_report(const Summary& summary);
  // Lanes the files need: the option, or fewer when the walk ended first.
  unsigned lanes() const { return lanes_; }
  std::size_t buffered_peak() const { return buffered_peak_; }  // for tests
  // Rows to log as they finish (--joblog); called under the feed's lock.
  void log_rows(std::function<void(const std::vector<Row>&)> log) { log_ = std::move(log); }

 private:
  struct Done {
    std::vector<Row> rows;
    std::string display;  // a directory's
    bool holds = false, directory = false, root = false;
  };
  struct Directory {
    std::string display;
    bool root = false, holds = false;
    std::vector<std::string> empty_children;  // decided when this one closes
  };
  bool pull(Entry& entry);
  void fill();
  void advance();
  void commit(Done& done);
  void reach(const std::string& display);
  void close_directory();
  void tell_walk();

  const Options& options_;
  const StopSource& stop_;
  std::function<void(const std::string&)> say_;
  std::mutex mutex_;
  std::condition_variable room_;
  Walk walk_;
  std::deque<Entry> ahead_;  // a few entries walked ahead (to know the end is near)
  std::size_t ahead_files_ = 0, file_index_ = 0, taken_files_ = 0;
  bool walk_done_ = false;
  unsigned lanes_;
  std::size_t next_seq_ = 0, base_ = 0, buffered_peak_ = 0;
  std::deque<std::optional<Done>> window_;  // seq base_ + i at i
  std::vector<Directory> directories_;      // the committed walk's current path
  bool track_directories_;
  std::vector<Skipped> skipped_;
  std::size_t told_ = 0;  // the walk's skipped entries warned about so far
  Summary summary_;
  ReportFile report_;
  std::function<void(const std::vector<Row>&)> log_;
};

}  // namespace nursery::batch
