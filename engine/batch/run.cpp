// batch::run: every file under the paths, solved in one pool: the
// scheduler's (run_lanes). Files run side by side (--jobs lanes) and each
// instance's own frontier nests in the same pool, so many small files and
// one huge file both keep every core busy. The walk hands each lane its next file; the file is
// sniffed and read in its lane and dropped once its row is in the report: memory follows the lanes,
// not the directory (stream.hpp).
#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <nursery/background.hpp>
#include <nursery/io.hpp>
#include <nursery/report.hpp>
#include <nursery/scheduler.hpp>
#include <set>
#include <stdexcept>
#include <vector>

#include "batch/expected.hpp"
#include "batch/stream.hpp"
#include "batch/writer.hpp"

namespace nursery::batch {

namespace {

constexpr auto since = seconds_since;

// Everything one run shares between its lanes.
struct Shared {
  const Options& options;
  Settings settings;
  StopSource stop;
  Tally own_tally;
  Tally& tally;
  std::mutex message_mutex;
  Writer* writer = nullptr;
  // Called once a file's rows are known, before it is solved (the child of
  // isolated mode tells its parent which rows a kill would leave).
  std::function<void(const FileJob&)> loaded;
  std::optional<Isolation> isolation;  // each file in a child process
  TakenBack taken_back;  // rows of an earlier run kept for their files (rerun, joblog)
  Expectations expectations;

  Shared(const Options& o, Tally* t)
      : options(o),
        stop(o.stop),
        tally(t ? *t : own_tally),
        expectations(o.expected, o.expected_beside,
                     [this](const std::string& line) { say(line); }) {}

  void say(const std::string& line) {
    if (!options.message) return;
    std::lock_guard lock(message_mutex);
    options.message(line);
  }
};

void error_row(FileJob& job, std::string message) {
  Row row;
  row.path = job.source.display;
  row.kind = job.kind != nullptr ? job.kind->name : "-";
  row.status = RowStatus::error;
  row.message = std::move(message);
  job.rows.assign(1, std::move(row));
  job.answers.assign(1, {});
}

// Reads the head of the file and asks the kinds whose it is. A file that
// cannot be read, is empty, or was named as an instance and is none is an
// ERROR row; any other file no kind claims (answers, READMEs, binary data)
// a SKIPPED row. Returns a warning worth a line on stderr (binary data).
std::optional<std::string> sniff(FileJob& job, KindTable kinds) {
  std::string head, error, why;
  job.sniffed = true;
  bool readable = read_file(job.source.path, kHeadBytes, head, error);
  if (readable) job.kind = detect(kinds, head, why);
  if (job.kind != nullptr && job.kind->size_limit != nullptr) {
    try {
      auto limit = job.kind->size_limit(head, job.source.display);
      job.most = limit == std::numeric_limits<std::uint64_t>::max() ? 0 : limit;
    } catch (const std::exception& e) {
      error_row(job, e.what());
      return std::nullopt;
    }
  }
  if (job.kind != nullptr) return std::nullopt;
  std::string reason = readable ? why : error;
  if (job.source.declared || !readable || why == "empty file") {
    error_row(job, job.source.display + ": " + reason);
    return std::nullopt;
  }
  error_row(job, reason);
  job.rows[0].status = RowStatus::skipped;
  if (why.rfind("not an instance", 0) == 0) return std::nullopt;
  return job.source.display + ": " + reason;
}

}  // namespace

bool stale_temporary(const std::string& name) {
  // .NAME.tmp.PID or .NAME.tmp.PID.SEQ (io.cpp's write_temporary; the
  // report's own is .NAME.tmp.PID): nothing else is ours.
  if (name.size() < 2 || name[0] != '.') return false;
  const auto at = name.rfind(".tmp.");
  if (at == std::string::npos || at < 2) return false;
  std::string_view rest(name.c_str() + at + 5);
  auto digits = [](std::string_view text) {
    return !text.empty() && text.size() <= 10 &&
           text.find_first_not_of("0123456789") == std::string_view::npos;
  };
  const auto dot = rest.find('.');
  std::string_view pid = rest.substr(0, dot);
  if (!digits(pid) || (dot != std::string_view::npos && !digits(rest.substr(dot + 1)))) return false;
  const long value = std::stol(std::string(pid));
  if (value <= 1 || value > std::numeric_limits<pid_t>::max()) return false;
  // A process that still runs (another batch writing into the same
  // directory, this one) owns its temporaries; EPERM means it runs too.
  return ::kill(static_cast<pid_t>(value), 0) != 0 && errno == ESRCH;
}

namespace {

// A killed batch can leave its temporaries behind (half answers under names
// no reader uses); they go before a new run. Only files of nursery's own
// pattern whose process is gone: a user's `.notes.tmp.keep`, and the live
// temporaries of a batch still running, are never touched.
void remove_stale_temporaries(const fs::path& outdir) {
  std::error_code error;
  fs::recursive_directory_iterator it(outdir, error), end;
  for (; !error && it != end; it.increment(error)) {
    auto name = it->path().filename().string();
    std::error_code kind_error;
    if (stale_temporary(name) && it->is_regular_file(kind_error) &&
        !it->is_symlink(kind_error)) {
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  }
}

void mark(const Row& row, Tally& tally) {
  tally.done.fetch_add(1, std::memory_order_relaxed);
  if (row.status == RowStatus::fail) tally.fail.fetch_add(1, std::memory_order_relaxed);
  if (row.status == RowStatus::error) tally.error.fetch_add(1, std::memory_order_relaxed);
  if (row.status == RowStatus::timeout || row.status == RowStatus::cpu_timeout)
    tally.timeout.fetch_add(1, std::memory_order_relaxed);
}

// The independent checker, on the answer as it will be written.
void check(FileJob& job, std::size_t item, Shared& shared) {
  Row& row = job.rows[item];
  if (row.status != RowStatus::ok && row.status != RowStatus::fail) return;
  if (shared.settings.count) {
    row.message = "counts are not checked";
    return;
  }
  Check check = job.kind->check(job, item, shared.settings, shared.stop);
  if (check.stopped) {
    row.status = RowStatus::pending;  // unfinished, as a stopped solve is
    return;
  }
  row.checked = true;
  row.verified = check.verified;
  if (!check.note.empty()) row.message = check.note;
  if (check.fault.empty()) return;
  row.mismatch = true;
  row.message = "VERIFY MISMATCH: " + check.fault;
  shared.say("VERIFY MISMATCH: " + row.path + (row.id.empty() ? "" : "#" + row.id) + ": " +
             row.message);
}

// An exception's words for a row: an allocation that failed says so.
std::string reason_of(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr)
    return "out of memory (the instance needs more than this process may have)";
  return e.what();
}

void solve_item(FileJob& job, std::size_t item, Shared& shared) {
  Row& row = job.rows[item];
  auto start = SteadyClock::now();
  // The lane thread's CPU (a search split over the pool's other threads is
  // counted only as far as this thread ran it) and the process's peak at the
  // row's end: docs/batch.md, "Measures".
  const double cpu_start = thread_cpu_seconds();
  try {
    job.kind->solve(job, item, shared.settings, shared.stop);
  } catch (const std::exception& e) {
    const bool memory = dynamic_cast<const std::bad_alloc*>(&e) != nullptr;
    row.status = memory ? RowStatus::out_of_memory : RowStatus::error;
    row.message = job.source.display + ": " + reason_of(e);
  }
  row.seconds = since(start);
  row.cpu_seconds = thread_cpu_seconds() - cpu_start;
  row.peak_memory = process_peak_memory();
  if (shared.options.verify) check(job, item, shared);
  if (row.status != RowStatus::pending) mark(row, shared.tally);
}

// The answer file of a finished job, or nothing to write (all resumed, no
// answer, interrupted before every row was done, timed out).
std::optional<std::string> output_text(const FileJob& job) {
  if (job.source.output.empty() || job.kind == nullptr) return std::nullopt;
  bool all_resumed = true, any_answer = false;
  std::string text;
  for (std::size_t i = 0; i < job.rows.size(); ++i) {
    if (job.rows[i].status == RowStatus::pending) return std::nullopt;  // nothing half done
    all_resumed = all_resumed && job.rows[i].resumed;
    any_answer = any_answer || !job.answers[i].empty();
    text += job.answers[i];
  }
  if (all_resumed || !any_answer) return std::nullopt;
  if (job.rows.size() == 1 && job.rows[0].status != RowStatus::ok &&
      job.rows[0].status != RowStatus::fail)
    return std::nullopt;
  return text;
}

// Each finished row against its expected answer: the manifests', or the
// kind's own (a `queens N` total from its table; an isolated file's child
// found it and sent it with the row).
void categorize_rows(FileJob& job, Shared& shared) {
  for (std::size_t i = 0; i < job.rows.size(); ++i) {
    Row& row = job.rows[i];
    if (row.status == RowStatus::pending) continue;
    if (std::string listed = shared.expectations.of(row.path, row.id); !listed.empty())
      row.expected = std::move(listed);
    if (row.expected.empty() && job.kind->expected != nullptr && job.problem.has_value() &&
        row.status != RowStatus::error)
      row.expected = job.kind->expected(job, i, shared.settings);
    row.category = categorize(row, row.expected, shared.settings.count);
  }
}

// One file in its lane: read, parse, resume, solve (a many-puzzle file's
// instances side by side), check, hand the answer over, forget the text.
std::optional<std::string> process(FileJob& job, Shared& shared) {
  std::string error;
  const std::size_t most = job.most == 0 ? 0 : static_cast<std::size_t>(job.most) + 1;
  if (!read_file(job.source.path, most, job.text, error)) {
    error_row(job, job.source.display + ": " + error);
  } else if (most != 0 && job.text.size() >= most) {
    error_row(job, job.source.display + ": larger than the board its n describes can be (at most " +
                       std::to_string(job.most) + " bytes)");
  } else {
    try {
      job.kind->load(job);
      job.answers.assign(job.rows.size(), {});
    } catch (const std::exception& e) {
      // The parsers' messages already read "file:line: expected ..., found ...".
      const bool memory = dynamic_cast<const std::bad_alloc*>(&e) != nullptr;
      error_row(job, memory ? job.source.display + ": " + reason_of(e) : std::string(e.what()));
      if (memory) job.rows[0].status = RowStatus::out_of_memory;
    }
  }
  for (auto& row : job.rows) {
    row.path = job.source.display;
    row.kind = job.kind->name;
  }
  if (job.rows.size() == 1 &&
      (job.rows[0].status == RowStatus::error || job.rows[0].status == RowStatus::out_of_memory)) {
    mark(job.rows[0], shared.tally);  // not read or not parsed
  } else {
    if (shared.loaded) shared.loaded(job);
    if (shared.options.resume && !job.source.output.empty()) {
      std::string out;
      std::error_code exists_error;
      if (fs::is_regular_file(job.source.output, exists_error) &&
          read_file(job.source.output, 0, out, error))
        job.kind->resume(job, shared.settings, out);
    }
    std::vector<std::size_t> pending;
    for (std::size_t i = 0; i < job.rows.size(); ++i)
      if (job.rows[i].status == RowStatus::pending)
        pending.push_back(i);
      else
        mark(job.rows[i], shared.tally);
    if (pending.size() == 1) {
      solve_item(job, pending[0], shared);
    } else if (!pending.empty()) {
      for_each_index(pending.size(), 0, [&](std::size_t k) {
        if (!shared.stop.requested()) solve_item(job, pending[k], shared);
      });
    }
  }
  categorize_rows(job, shared);
  std::optional<std::string> answer;
  if (shared.settings.outputs) answer = output_text(job);
  std::string().swap(job.text);  // (assigning an empty string would keep the buffer)
  job.problem.reset();
  job.answers = std::vector<std::string>();
  return answer;
}

// One file in a child process of its own (isolated mode): its rows come
// back from the child, counted and told here as a lane's own are.
std::optional<std::string> process_isolated(FileJob& job, Shared& shared) {
  auto answer = solve_in_child(job, shared.settings, *shared.isolation, shared.stop);
  categorize_rows(job, shared);
  for (const Row& row : job.rows) {
    if (row.status != RowStatus::pending) mark(row, shared.tally);
    if (row.mismatch)
      shared.say("VERIFY MISMATCH: " + row.path + (row.id.empty() ? "" : "#" + row.id) + ": " +
                 row.message);
  }
  return answer;
}

// Lizards answers go to output.txt beside an input.txt, as the homework
// did; the walk named every other answer (NAME.out for a file NAME).
void name_output(FileJob& job) {
  if (job.source.output.empty() || !job.source.homework || !job.kind->homework_names) return;
  job.source.output = (fs::path(job.source.output).parent_path() / "output.txt").string();
}

// Whether a file counts as holding an instance for the report of
// directories without instances: any row but SKIPPED.
bool holds_instance(const FileJob& job) {
  if (job.kind != nullptr || !job.sniffed) return true;
  return !job.rows.empty() && job.rows[0].status != RowStatus::skipped;
}

// Each ERROR row on one line of stderr as its file finishes: the path (and
// the puzzle's id) and the reason.
void tell_errors(const FileJob& job, Shared& shared) {
  for (const Row& row : job.rows) {
    if (row.status != RowStatus::error) continue;
    std::string where = row.path + (row.id.empty() ? "" : "#" + row.id);
    bool named = row.message.compare(0, row.path.size(), row.path) == 0;
    shared.say("ERROR: " + (named && row.id.empty() ? row.message : where + ": " + row.message));
  }
}

// The rows an earlier run settled for a file (--rerun-failed, --resume
// --joblog), categorized against this run's manifests; none when it has none.
std::optional<std::vector<Row>> kept_rows(const std::string& display, Shared& shared) {
  auto kept = shared.taken_back.find(display);
  if (kept == shared.taken_back.end()) return std::nullopt;
  std::vector<Row> rows = kept->second;
  for (Row& row : rows) {
    // Against this run's manifests where they list it, else what it expected then.
    if (std::string listed = shared.expectations.of(row.path, row.id); !listed.empty())
      row.expected = std::move(listed);
    row.category = categorize(row, row.expected, shared.settings.count);
    mark(row, shared.tally);
  }
  return rows;
}

// One file in its lane: sniff, solve, and hand its rows to the feed (through
// the writer when it has an answer to write, so a failed write is in them).
void lane_file(LaneFile& taken, Feed& feed, Shared& shared) {
  auto job = std::make_unique<FileJob>();
  job->source = std::move(taken.source);
  if (auto rows = kept_rows(job->source.display, shared)) {
    shared.tally.files_done.fetch_add(1, std::memory_order_relaxed);
    feed.finish(taken.seq, std::move(*rows), true);
    return;
  }
  if (auto warning = sniff(*job, shared.options.kinds)) shared.say("warning: " + *warning);
  std::optional<std::string> answer;
  if (job->kind != nullptr && job->rows.empty()) {
    name_output(*job);
    answer = shared.isolation ? process_isolated(*job, shared) : process(*job, shared);
  } else if (!job->rows.empty()) {
    mark(job->rows[0], shared.tally);  // settled by its sniff: ERROR or SKIPPED
  }
  shared.tally.files_done.fetch_add(1, std::memory_order_relaxed);
  tell_errors(*job, shared);
  job->seq = taken.seq;
  if (answer) {
    shared.writer->push(std::move(job), std::move(*answer));
    return;
  }
  bool holds = holds_instance(*job);
  feed.finish(job->seq, std::move(job->rows), holds);
}

// The lanes over the feed, on the scheduler's pool of `threads` workers
// (0: the current arena): each takes its next file until the feed is dry.
void run_lanes(Feed& feed, Shared& shared, unsigned threads) {
  nursery::run_lanes(feed.lanes(), threads, [&](std::size_t) {
    LaneFile taken;
    while (feed.take(taken)) lane_file(taken, feed, shared);
  });
}

// The settings every lane shares, and isolated mode's child (its pool: the
// threads shared out among the lanes).
void configure(Shared& shared, const Options& options, unsigned pool) {
  shared.settings.count = options.count;
  shared.settings.verify = options.verify;
  shared.settings.outputs = !options.outdir.empty();
  shared.settings.timeout = options.timeout_seconds;
  shared.settings.solver = &options.solver;
  if (!options.rerun_failed.empty())
    shared.taken_back = finished_rows_of_report(options.rerun_failed, options);
  if (options.resume && !options.joblog.empty())
    shared.taken_back.merge(stopped_rows_of_joblog(options.joblog));
  if (!options.isolate && options.cpu_limit_seconds <= 0 && options.memory_limit == 0) return;
  Isolation isolation;
  isolation.command = options.child_command;
  isolation.cpu_limit = options.cpu_limit_seconds;
  isolation.memory_limit = options.memory_limit;
  isolation.threads = std::max(1u, pool / std::max(1u, options.jobs));
  isolation.resume = options.resume;
  shared.isolation = std::move(isolation);
}

// The progress bar's total: a walk that only counts (names, no reads); none
// without a display, or under --mpi, or when a stop cut it short.
std::optional<std::size_t> count_files(const Options& options, const StopSource& stop,
                                       Tally* tally) {
  if (tally == nullptr || options.next_file) return std::nullopt;
  Walk count(options.paths, options.outdir, options.part, options.parts);
  count.yield_missing(options.missing_paths_are_rows);
  if (!options.report.empty()) count.leave_out(options.report.string());
  // (A stop ends it: a walk of millions of names is no reason to wait.)
  std::size_t files = 0;
  bool whole = true;
  for (Entry entry; (whole = !stop.requested()) && count.next(entry);)
    files += entry.directory ? 0 : 1;
  tally->files.store(files);
  if (!whole) return std::nullopt;
  return files;
}

}  // namespace

std::optional<std::string> solve_file(FileJob& job, const Options& options,
                                      const Settings& settings,
                                      std::function<void(const FileJob&)> loaded) {
  Shared shared(options, nullptr);
  shared.settings = settings;
  shared.loaded = std::move(loaded);
  return process(job, shared);
}

void prepare_outdir(const fs::path& outdir) {
  std::error_code error;
  fs::create_directories(outdir, error);
  if (error || !fs::is_directory(outdir))
    throw std::invalid_argument(outdir.string() + ": cannot create the output directory");
  remove_stale_temporaries(outdir);
}

void remove_stale_report_temporaries(const fs::path& report) {
  if (report.empty() || report == "-") return;
  const auto directory = report.has_parent_path() ? report.parent_path() : fs::path(".");
  const std::string prefix = "." + report.filename().string() + ".";
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    const auto name = it->path().filename().string();
    std::error_code kind_error;
    if (name.rfind(prefix, 0) == 0 && stale_temporary(name) && it->is_regular_file(kind_error) &&
        !it->is_symlink(kind_error)) {
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  }
}

Summary run(const Options& options_in, Tally* tally) {
  check_options(options_in);
  Inputs inputs(options_in.paths, options_in.outdir);
  if (!options_in.joblog.empty())
    inputs.protect(options_in.joblog, "the --joblog " + options_in.joblog.string());
  refuse_report_over_input(options_in, inputs);
  refuse_other_run(options_in);
  Options options = options_in;
  const unsigned pool = nursery::detail::worker_count(options.threads);
  // Lanes beyond the threads would only wait: as many as the pool at most.
  options.jobs = options.jobs == 0 ? pool : std::min(options.jobs, pool);
  if (options.clean_outdir) remove_stale_report_temporaries(options.report);
  if (!options.outdir.empty()) {
    if (options.clean_outdir) {
      prepare_outdir(options.outdir);
    } else {
      std::error_code error;
      fs::create_directories(options.outdir, error);
    }
  }

  inputs.locate_outdir(options.outdir);  // created only now

  auto start = SteadyClock::now();
  const std::string started = utc_now();
  Shared shared(options, tally);
  configure(shared, options, pool);
  const auto files_in_walk = count_files(options, shared.stop, tally);
  std::optional<Joblog> joblog;
  if (!options.joblog.empty()) joblog.emplace(options.joblog);

  Feed feed(options, options.jobs, shared.stop, [&](const std::string& line) { shared.say(line); });
  if (joblog) feed.log_rows([&](const std::vector<Row>& rows) { joblog->append(rows); });
  std::size_t write_errors = 0;
  {
    Writer writer(
        options.outdir, &inputs,
        [&](FileJob& job, const std::string& why) {
          for (auto& row : job.rows) row.message = "output not written: " + why;
          shared.say("error: " + job.source.display + ": output not written: " + why);
        },
        [&](std::unique_ptr<FileJob> job) {
          bool holds = holds_instance(*job);
          feed.finish(job->seq, std::move(job->rows), holds);
        });
    if (!options.outdir.empty()) shared.writer = &writer;
    run_lanes(feed, shared, options.threads);
    writer.close();
    write_errors = writer.failures();
    if (!writer.warning().empty()) shared.say("warning: " + writer.warning());
  }

  Feed::KeptRows kept;
  if (!shared.taken_back.empty())
    kept = [&](const std::string& display) { return kept_rows(display, shared); };
  Summary summary = feed.close(shared.stop.requested(), files_in_walk, kept);
  summary.seconds = since(start);
  summary.started = started;
  summary.ended = utc_now();
  summary.threads = pool;
  summary.write_errors = write_errors;
  summary.part = options.part;
  summary.parts = options.parts;
  summary.roots = options.paths;
  if (joblog && !joblog->error().empty())
    summary.joblog_error = options.joblog.string() + ": " + joblog->error();
  try {
    feed.write_report(summary);
  } catch (const std::exception& e) {
    // The run is done and counted: the caller prints its summary, then why
    // the report is missing.
    summary.report_error = e.what();
  }
  return summary;
}

int exit_code(const Summary& summary) {
  if (summary.interrupted) return kExitInterrupted;
  if (summary.mismatches || summary.wrong) return kExitNoSolution;
  if (summary.error || summary.write_errors || !summary.report_error.empty() ||
      !summary.joblog_error.empty())
    return kExitUsage;
  if (summary.timeout || summary.cpu_timeout || summary.out_of_memory) return kExitTimeout;
  return kExitSuccess;
}

}  // namespace nursery::batch
