// The batch's answer writer: a thread beside the pool (a lane that waited
// on the disk would leave its core idle) that commits answers in groups.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nursery/io.hpp>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "batch/internal.hpp"

namespace nursery::batch {

// The inputs of a run as the outputs must see them: the roots (files by
// their identity, directories as trees) and OUTDIR. An output may not
// replace an input, nor go inside an input tree (only inside OUTDIR when
// OUTDIR lies in the input, which the walk leaves out).
class Inputs {
 public:
  Inputs(const std::vector<std::string>& roots, const fs::path& outdir);
  // Why a write to `output` is refused ("is the input in/q.txt", "lies
  // inside the input o/in"), or empty: it may be written. Links are
  // followed, as the write would follow them.
  std::string refuses(const fs::path& output) const;
  // A file of the run's own (the joblog; a report's name, FILE.json, .csv
  // or .xml, is never an answer's) that no answer may replace, whether it
  // exists yet or not; `what` names it ("the --joblog j.log").
  void protect(const fs::path& file, std::string what);
  // OUTDIR once it exists (the run creates it after the checks).
  void locate_outdir(const fs::path& outdir) {
    if (!outdir.empty()) outdir_ = file_id(outdir);
  }
  // The input tree a path lies in (a root as given), or nullptr.
  const std::string* tree_of(const fs::path& file) const;

 private:
  // (maps: thousands of roots, repeated ones too, may come from stdin)
  std::map<FileId, std::string> files_, directories_;
  std::optional<FileId> outdir_;
  std::vector<std::pair<fs::path, std::string>> protected_;  // where (resolved), what
  mutable std::string last_directory_;  // the last answer directory found outside the input
};

// It takes every answer handed over so far, writes each to its temporary
// file, makes them all durable with one syncfs, then renames each into
// place: one journal commit per group instead of one fsync per file; a
// crash at any point leaves whole answers or none (stray temporaries are
// removed by the next run). An answer's text is freed once it is written.
class Writer {
 public:
  using Failure = std::function<void(FileJob&, const std::string& why)>;
  // Called with each job once its answer is in place or has failed: the
  // job's rows are final only then (a failure is said in their message).
  using Done = std::function<void(std::unique_ptr<FileJob>)>;
  // No thread when `outdir` is empty (answers not kept).
  // `inputs`: answers that would replace an input or land in an input tree
  // are failures (Inputs::refuses).
  Writer(fs::path outdir, const Inputs* inputs, Failure on_failure, Done on_done);
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  // Queues an answer. Blocks while the answers queued hold more than
  // kQueueBytes, so a disk slower than the lanes cannot fill the memory.
  void push(std::unique_ptr<FileJob> job, std::string text);
  static constexpr std::size_t kQueueBytes = std::size_t{64} << 20;
  // Writes what is queued, makes the last renames durable and stops.
  void close();
  std::size_t failures() const { return failures_; }
  const std::string& warning() const { return warning_; }  // after close(): the last sync's

 private:
  struct QueuedAnswer {
    std::unique_ptr<FileJob> job;
    std::string text;
  };
  void loop();
  bool commit(std::deque<QueuedAnswer>& group);
  void failed(FileJob& job, const std::exception& e);

  fs::path outdir_;
  const Inputs* inputs_;
  Failure on_failure_;
  Done on_done_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable room_;
  std::size_t queued_bytes_ = 0;  // answers queued or being written
  std::deque<QueuedAnswer> queue_;
  bool closing_ = false;
  std::size_t failures_ = 0;  // written by the writer thread, read after close()
  std::string warning_;
  std::thread thread_;
};

}  // namespace nursery::batch
