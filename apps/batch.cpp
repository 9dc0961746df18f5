// nursery batch PATH...: every instance under the paths, solved in one TBB
// pool. Instances run side by side (--jobs lanes) and each one's own frontier
// nests in the same pool, so many small files and one huge file both keep
// every core busy. Answers are mirrored under OUTDIR, each written to a
// temporary file and renamed; the report has one row per instance.
#include "batch.hpp"

#include <fcntl.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nursery/queens.hpp>
#include <set>
#include <sstream>

#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace {

using namespace batch;
namespace lz = nursery::lizards;
namespace sky = nursery::skyscrapers;
namespace qn = nursery::queens;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Settings {
  bool count = false;
  bool verify = false;
  bool resume = false;
  bool outputs = false;  // -o given
  double timeout = 0;
  unsigned jobs = 0;
  unsigned threads = 0;
};

// Reads up to `most` bytes (all of the file when most == 0). False and a
// reason when the file cannot be read.
bool read_text(const fs::path& path, std::size_t most, std::string& text, std::string& error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::string("cannot open: ") + std::strerror(errno);
    return false;
  }
  text.clear();
  char buffer[1 << 16];
  while (most == 0 || text.size() < most) {
    std::size_t want = most == 0 ? sizeof buffer : std::min(sizeof buffer, most - text.size());
    ssize_t got = ::read(fd, buffer, want);
    if (got < 0) {
      if (errno == EINTR) continue;
      error = std::string("read error: ") + std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return true;
}

std::string trimmed(const std::string& text) {
  auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return {};
  auto end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

std::string first_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    line = trimmed(line);
    if (!line.empty()) return line;
  }
  return {};
}

// One file of the batch: its instances (one, or a Skyscrapers file's
// puzzles), their rows and answers. Its output is written when the last of
// its instances is done.
struct FileJob {
  Source source;
  Kind kind = Kind::unknown;
  std::string text;
  lz::Board board;             // lizards (and tree-free boards solved as N-queens)
  bool queens_board = false;   // a lizards board without trees and p = n
  std::uint32_t queens_n = 0;  // a `queens N` file
  std::vector<sky::Puzzle> puzzles;
  std::vector<Row> rows;
  std::vector<std::string> answers;  // each row's part of the output
  std::optional<Skipped> skipped;
  std::atomic<std::size_t> pending{0};
};

void error_row(FileJob& job, std::string message) {
  Row row;
  row.path = job.source.display;
  row.kind = to_string(job.kind);
  row.status = Status::error;
  row.message = std::move(message);
  job.rows.assign(1, row);
  job.answers.assign(1, {});
}

std::string board_size(const lz::Board& board) {
  return std::to_string(board.n) + "x" + std::to_string(board.n) + " p=" + std::to_string(board.p);
}

// ---- Resuming: an existing output is kept when it verifies -------------------

std::optional<Count> read_count(const std::string& text) {
  auto value = trimmed(text);
  if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos) return {};
  return parse_count(value);
}

// An N-queens answer read back: one row per line of Q and dots, or a line
// of 0-based rows. Empty when it does not read.
qn::Placement read_queens(const std::string& text, std::uint32_t n) {
  qn::Placement placement;
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> board;
  while (std::getline(in, line)) {
    line = trimmed(line);
    if (!line.empty()) board.push_back(line);
  }
  if (board.size() == 1 && n > 1) {
    std::istringstream rows(board[0]);
    std::uint64_t row;
    while (rows >> row) placement.push_back(static_cast<std::uint32_t>(row));
    return placement.size() == n ? placement : qn::Placement{};
  }
  if (board.size() != n) return {};
  placement.assign(n, n);
  for (std::uint32_t r = 0; r < n; ++r) {
    if (board[r].size() != n) return {};
    for (std::uint32_t c = 0; c < n; ++c)
      if (board[r][c] == 'Q') {
        if (placement[c] != n) return {};
        placement[c] = r;
      }
  }
  for (auto row : placement)
    if (row == n) return {};
  return placement;
}

void resume_single(FileJob& job, const Settings& settings, const std::string& out) {
  Row& row = job.rows[0];
  if (settings.count) {
    auto count = read_count(out);
    if (!count) return;
    row.count = count;
    row.status = *count > 0 ? Status::ok : Status::fail;
  } else if (job.kind == Kind::queens && !job.queens_board) {
    std::uint32_t n = job.queens_n;
    if (trimmed(out) == "FAIL") {
      if (n != 2 && n != 3) return;
      row.status = Status::fail;
    } else {
      auto placement = read_queens(out, n);
      if (placement.empty() || !qn::verify(n, placement).valid) return;
      row.status = Status::ok;
    }
    row.verified = true;
  } else {
    auto verdict = lz::verify_answer(job.text, out);
    if (!verdict.valid) return;
    row.status = first_line(out) == "FAIL" ? Status::fail : Status::ok;
    row.verified = true;
  }
  row.resumed = true;
  job.answers[0] = out;
}

void resume_puzzles(FileJob& job, const Settings& settings, const std::string& out) {
  // Header lines "# id: ..." say what became of puzzles without a grid.
  std::map<std::string, std::string> notes;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    line = trimmed(line);
    if (line.size() < 3 || line[0] != '#') continue;
    auto colon = line.find(": ");
    if (colon == std::string::npos) continue;
    notes[trimmed(line.substr(1, colon - 1))] = line.substr(colon + 2);
  }
  std::map<std::string, sky::Grid> grids;
  if (!settings.count) {
    try {
      for (auto& answer : sky::read_answers(out, job.source.output.string()))
        if (!answer.id.empty()) grids[answer.id] = answer.heights;
    } catch (const std::exception&) {
      return;  // unreadable: solve the whole file again
    }
  }
  for (std::size_t i = 0; i < job.puzzles.size(); ++i) {
    const auto& puzzle = job.puzzles[i];
    Row& row = job.rows[i];
    auto note = notes.find(puzzle.id);
    if (settings.count) {
      if (note == notes.end()) continue;
      auto words = note->second;
      auto space = words.find(' ');
      auto count = read_count(words.substr(0, space));
      if (!count || space == std::string::npos || words.substr(space + 1) != "solutions") continue;
      row.count = count;
      row.status = *count > 0 ? Status::ok : Status::fail;
      job.answers[i] = "# " + puzzle.id + ": " + words + "\n";
    } else {
      auto grid = grids.find(puzzle.id);
      if (grid != grids.end()) {
        if (grid->second.size() != static_cast<std::size_t>(puzzle.size * puzzle.size) ||
            !sky::check(puzzle, grid->second).empty())
          continue;
        row.status = Status::ok;
        row.verified = true;
        job.answers[i] = "# " + puzzle.id + "\n" + sky::to_grid_form(puzzle, &grid->second) + "\n";
      } else if (note != notes.end() && note->second == "no solution") {
        row.status = Status::fail;
        job.answers[i] = "# " + puzzle.id + ": no solution\n";
      } else {
        continue;
      }
    }
    row.resumed = true;
  }
}

void resume(FileJob& job, const Settings& settings) {
  if (job.source.output.empty()) return;
  std::string out, error;
  std::error_code exists_error;
  if (!fs::is_regular_file(job.source.output, exists_error)) return;
  if (!read_text(job.source.output, 0, out, error)) return;
  if (job.kind == Kind::skyscrapers)
    resume_puzzles(job, settings, out);
  else
    resume_single(job, settings, out);
}

// ---- Loading: kind by content, then the kind's own parser ------------------

void load(FileJob& job) {
  const auto& display = job.source.display;
  std::string head, error, why;
  auto pass = [&](std::string reason, bool problem) {
    if (job.source.declared)
      error_row(job, display + ": " + reason);
    else
      job.skipped = Skipped{display, std::move(reason), problem};
  };
  if (!read_text(job.source.path, 4096, head, error)) return pass(error, true);
  job.kind = detect(head, why);
  // Plain text that is no instance (answers, READMEs) passes quietly.
  if (job.kind == Kind::unknown) return pass(why, why.rfind("not an instance", 0) != 0);
  if (!read_text(job.source.path, 0, job.text, error))
    return error_row(job, display + ": " + error);
  try {
    if (job.kind == Kind::lizards) {
      job.board = lz::parse_board(job.text, display);
      Row row;
      row.size = board_size(job.board);
      if (job.board.p == job.board.n && job.board.trees() == 0) {
        job.queens_board = true;
        job.kind = Kind::queens;
      }
      job.rows.assign(1, row);
    } else if (job.kind == Kind::queens) {
      auto digits = trimmed(first_line(job.text).substr(6));
      unsigned long long n = digits.size() > 10 ? 0 : std::stoull(digits);
      if (n < 1 || n > 100000)
        return error_row(job, display + ":1: expected 'queens N' with N from 1 to 100000, found '" +
                                  first_line(job.text) + "'");
      job.queens_n = static_cast<std::uint32_t>(n);
      Row row;
      row.size = "n=" + std::to_string(n);
      job.rows.assign(1, row);
    } else {
      job.puzzles = sky::read_puzzles(job.text, display);
      job.rows.resize(job.puzzles.size());
      for (std::size_t i = 0; i < job.puzzles.size(); ++i) {
        job.rows[i].id = job.puzzles[i].id;
        job.rows[i].size =
            std::to_string(job.puzzles[i].size) + "x" + std::to_string(job.puzzles[i].size);
      }
    }
  } catch (const std::exception& e) {
    // The parsers' messages already read "file:line: expected ..., found ...".
    return error_row(job, e.what());
  }
  for (auto& row : job.rows) {
    row.path = display;
    row.kind = to_string(job.kind);
  }
  job.answers.assign(job.rows.size(), {});
}

// Lizards answers go to output.txt beside an input.txt, as the homework
// did; every other file's to NAME.out (NAME.EXT.out when NAME.out is taken).
void name_outputs(std::vector<std::unique_ptr<FileJob>>& jobs) {
  std::set<fs::path> taken;
  for (auto& job : jobs) {
    auto& output = job->source.output;
    if (output.empty() || job->rows.empty()) continue;
    fs::path original = output;
    if (output.filename() == "input.txt" && job->kind != Kind::skyscrapers)
      output.replace_filename("output.txt");
    else
      output.replace_extension(".out");
    if (!taken.insert(output).second) {
      output = original;
      output += ".out";
      taken.insert(output);
    }
  }
}

// A killed batch can leave `.NAME.tmp.PID` files of write_atomically behind:
// half answers under names no reader uses. They go before a new run.
void remove_stale_temporaries(const fs::path& outdir) {
  std::error_code error;
  fs::recursive_directory_iterator it(outdir, error), end;
  for (; !error && it != end; it.increment(error)) {
    auto name = it->path().filename().string();
    if (name.size() > 1 && name[0] == '.' && name.find(".tmp.") != std::string::npos &&
        it->is_regular_file(error)) {
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  }
}

// ---- Solving ---------------------------------------------------------------

struct Counters {
  std::atomic<std::size_t> total{0}, done{0}, fail{0}, error{0}, timeout{0}, mismatch{0};
  std::atomic<std::size_t> write_errors{0};
  std::mutex err;  // one stderr line at a time
};

void mark(Row& row, Counters& counters) {
  counters.done.fetch_add(1, std::memory_order_relaxed);
  if (row.status == Status::fail) counters.fail.fetch_add(1, std::memory_order_relaxed);
  if (row.status == Status::error) counters.error.fetch_add(1, std::memory_order_relaxed);
  if (row.status == Status::timeout) counters.timeout.fetch_add(1, std::memory_order_relaxed);
}

// A run the batch's stop (Ctrl-C) cut short is unfinished, not TIMEOUT.
Status from_scheduler(Status solved, nursery::Status status, const StopSource& stop) {
  bool decided = status == nursery::Status::complete || status == nursery::Status::solved ||
                 status == nursery::Status::limit;
  if (!decided && stop.requested()) return Status::pending;
  if (status == nursery::Status::timeout) return Status::timeout;
  if (status == nursery::Status::cancelled) return Status::pending;
  return solved;
}

// `inner`: threads of the instance's own run (0: nest in the batch's pool).
void solve_single(FileJob& job, const Settings& settings, const StopSource& stop, unsigned inner) {
  Row& row = job.rows[0];
  std::string& answer = job.answers[0];
  RunOptions run;
  run.mode = Mode::count;
  run.threads = 0;
  run.timeout_seconds = settings.timeout;
  run.stop = &stop;
  std::uint32_t n = job.queens_board ? job.board.n : job.queens_n;
  bool queens = job.kind == Kind::queens;
  if (queens && settings.count && n <= static_cast<std::uint32_t>(qn::kMaxCountN)) {
    auto result =
        nursery::run<qn::CanonicalCount>(qn::CanonicalCount::Instance{static_cast<int>(n)}, run);
    row.nodes = result.stats.nodes;
    row.status = from_scheduler(result.count > 0 ? Status::ok : Status::fail, result.status, stop);
    if (result.status == nursery::Status::complete) {
      row.count = result.count;
      answer = nursery::to_string(result.count) + "\n";
    }
    return;
  }
  if (queens && !settings.count) {
    // The classic construction answers any n at once; 2 and 3 have none.
    if (n == 2 || n == 3) {
      row.status = Status::fail;
      row.message = "n = 2 and 3 have no solution";
      answer = job.queens_board ? lz::format_answer(job.board, nullptr) : "FAIL\n";
      return;
    }
    qn::Placement rows = qn::construct(n);
    row.status = Status::ok;
    row.message = "construction";
    if (job.queens_board) {
      lz::Placement cells;
      for (std::uint32_t c = 0; c < n; ++c) cells.push_back(rows[c] * n + c);
      std::sort(cells.begin(), cells.end());
      answer = lz::format_answer(job.board, &cells);
    } else {
      answer = n <= 64 ? qn::format_board(rows) : qn::format_rows(rows) + "\n";
    }
    return;
  }
  if (queens && !job.queens_board) {
    row.status = Status::error;
    row.message = job.source.display + ": --count: N-queens counts are exact up to n = " +
                  std::to_string(qn::kMaxCountN) + ", found n = " + std::to_string(n);
    return;
  }
  lz::SolveOptions options;
  options.count = settings.count;
  options.threads = inner;
  options.timeout_seconds = settings.timeout;
  options.stop = &stop;
  auto report = lz::solve(job.board, options);
  row.nodes = report.stats.nodes;
  row.message = report.how;
  if (report.verdict == lz::Verdict::unknown) {
    row.status = stop.requested() ? Status::pending : Status::timeout;
    return;
  }
  row.status = report.verdict == lz::Verdict::ok ? Status::ok : Status::fail;
  if (settings.count) {
    row.count = *report.count;
    answer = nursery::to_string(*report.count) + "\n";
  } else {
    answer = lz::format_answer(job.board, report.placement ? &*report.placement : nullptr);
  }
}

void solve_puzzle(FileJob& job, std::size_t i, const Settings& settings, const StopSource& stop) {
  const auto& puzzle = job.puzzles[i];
  Row& row = job.rows[i];
  RunOptions run;
  run.mode = settings.count ? Mode::count : Mode::first;
  run.threads = 0;
  run.timeout_seconds = settings.timeout;
  run.stop = &stop;
  sky::Solved solved;
  try {
    solved = sky::solve(puzzle, run);
  } catch (const std::invalid_argument& e) {
    row.status = Status::error;
    row.message = puzzle.source + ": " + e.what();
    job.answers[i] = "# " + puzzle.id + ": error\n";
    return;
  }
  const auto& result = solved.result;
  row.nodes = result.stats.nodes;
  if (settings.count) {
    row.status = from_scheduler(result.count > 0 ? Status::ok : Status::fail, result.status, stop);
    if (result.status == nursery::Status::complete) row.count = result.count;
  } else {
    row.status = from_scheduler(solved.first ? Status::ok : Status::fail, result.status, stop);
    if (solved.first) row.status = Status::ok;
  }
  std::string& answer = job.answers[i];
  if (row.status == Status::timeout) {
    answer = "# " + puzzle.id + ": timeout\n";
  } else if (settings.count && row.count) {
    answer = "# " + puzzle.id + ": " + nursery::to_string(*row.count) + " solutions\n";
  } else if (solved.first) {
    answer = "# " + puzzle.id + "\n" + sky::to_grid_form(puzzle, &*solved.first) + "\n";
  } else if (row.status == Status::fail) {
    answer = "# " + puzzle.id + ": no solution\n";
  }
}

// The independent checkers, on the answer as it will be written.
void check(FileJob& job, std::size_t i, const Settings& settings) {
  Row& row = job.rows[i];
  if (row.status != Status::ok && row.status != Status::fail) return;
  if (settings.count) {
    row.message = "counts are not checked";
    return;
  }
  std::string fault;
  if (job.kind == Kind::skyscrapers) {
    if (row.status == Status::fail) {
      row.message = "no solution (cannot be checked independently)";
      return;
    }
    auto answers = sky::read_answers(job.answers[i], job.source.display + " (answer)");
    if (answers.size() != 1)
      fault = "the answer does not read back as one grid";
    else if (answers[0].heights.size() !=
             static_cast<std::size_t>(job.puzzles[i].size * job.puzzles[i].size))
      fault = "the answer's grid has the wrong size";
    else
      fault = sky::check(job.puzzles[i], answers[0].heights);
  } else if (job.kind == Kind::queens && !job.queens_board) {
    std::uint32_t n = job.queens_n;
    if (row.status == Status::fail) {
      if (n != 2 && n != 3) fault = "FAIL claimed for n = " + std::to_string(n);
    } else {
      auto placement = read_queens(job.answers[i], n);
      auto verdict = qn::verify(n, placement);
      if (!verdict.valid) fault = verdict.reason.empty() ? "invalid" : verdict.reason;
    }
  } else {
    auto verdict = lz::verify_answer(job.text, job.answers[i]);
    if (!verdict.valid) fault = verdict.reason;
  }
  if (fault.empty()) {
    row.verified = true;
  } else {
    row.mismatch = true;
    row.message = "VERIFY MISMATCH: " + fault;
  }
}

// The answer file of a finished job, or nothing to write (resumed, no
// answer, interrupted before every row was done, timed out).
std::optional<std::string> output_text(const FileJob& job) {
  if (job.source.output.empty()) return std::nullopt;
  bool all_resumed = true, any_answer = false;
  std::string text;
  for (std::size_t i = 0; i < job.rows.size(); ++i) {
    if (job.rows[i].status == Status::pending) return std::nullopt;  // nothing half done
    all_resumed = all_resumed && job.rows[i].resumed;
    any_answer = any_answer || !job.answers[i].empty();
    text += job.answers[i];
  }
  if (all_resumed || !any_answer) return std::nullopt;
  if (job.kind != Kind::skyscrapers && job.rows[0].status != Status::ok &&
      job.rows[0].status != Status::fail)
    return std::nullopt;
  return text;
}

void output_failed(FileJob& job, Counters& counters, const std::exception& e) {
  counters.write_errors.fetch_add(1);
  for (auto& row : job.rows) row.message = std::string("output not written: ") + e.what();
  std::lock_guard lock(counters.err);
  std::cerr << "error: " << job.source.display << ": output not written: " << e.what() << '\n';
}

void write_output(FileJob& job, Counters& counters) {
  auto text = output_text(job);
  if (!text) return;
  try {
    fs::create_directories(job.source.output.parent_path());
    write_atomically(job.source.output, *text);
  } catch (const std::exception& e) {
    output_failed(job, counters, e);
  }
}

// Answers are written by a writer thread beside the pool (a lane that
// waited on the disk would leave its core idle), in group commits: it takes
// every answer finished so far, writes each to its temporary file, makes
// them all durable with one syncfs, then renames each into place. One
// journal commit per group instead of one fsync per file; a crash at any
// point leaves whole answers or none (stray temporaries are removed by the
// next run).
class Writers {
 public:
  Writers(Counters& counters, fs::path outdir, bool enabled)
      : counters_(counters), outdir_(std::move(outdir)) {
    if (enabled) thread_ = std::thread([this] { loop(); });
  }
  ~Writers() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    ready_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  Writers(const Writers&) = delete;
  Writers& operator=(const Writers&) = delete;

  void push(FileJob& job) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(&job);
    }
    ready_.notify_one();
  }

 private:
  void loop() {
    bool renamed = false;
    for (;;) {
      std::deque<FileJob*> group;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) break;
        group.swap(queue_);
      }
      renamed = commit(group) || renamed;
    }
    // The last group's renames are made durable before the batch reports.
    if (renamed) {
      try {
        sync_filesystem(outdir_);
      } catch (const std::exception& e) {
        std::lock_guard lock(counters_.err);
        std::cerr << "warning: " << e.what() << '\n';
      }
    }
  }

  // Returns whether any answer was renamed into place.
  bool commit(const std::deque<FileJob*>& group) {
    std::vector<std::pair<FileJob*, std::string>> staged;
    for (FileJob* job : group) {
      auto text = output_text(*job);
      if (!text) continue;
      try {
        fs::create_directories(job->source.output.parent_path());
        staged.emplace_back(job, write_temporary(job->source.output, *text, false));
      } catch (const std::exception& e) {
        output_failed(*job, counters_, e);
      }
    }
    if (staged.empty()) return false;
    try {
      sync_filesystem(outdir_);
    } catch (const std::exception& e) {
      for (auto& [job, temporary] : staged) {
        ::unlink(temporary.c_str());
        output_failed(*job, counters_, e);
      }
      return false;
    }
    bool renamed = false;
    for (auto& [job, temporary] : staged) {
      try {
        commit_temporary(temporary, job->source.output);
        renamed = true;
      } catch (const std::exception& e) {
        output_failed(*job, counters_, e);
      }
    }
    return renamed;
  }

  Counters& counters_;
  fs::path outdir_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<FileJob*> queue_;
  bool closing_ = false;
  std::thread thread_;
};

// The token on which the pool's hand-overs are stated to ThreadSanitizer
// (NURSERY_TSAN_*): a fixed address, so a worker names it without reading a
// closure that the main thread may have just rebuilt at the same place.
char g_handover;

struct Task {
  FileJob* job;
  std::size_t item;
  double cost;  // for the order: longest first, so no big instance starts last
};

void run_task(const Task& task, const Settings& settings, const StopSource& stop, unsigned inner,
              Counters& counters, Writers& writers) {
  FileJob& job = *task.job;
  Row& row = job.rows[task.item];
  auto start = Clock::now();
  try {
    if (job.kind == Kind::skyscrapers)
      solve_puzzle(job, task.item, settings, stop);
    else
      solve_single(job, settings, stop, inner);
  } catch (const std::exception& e) {
    row.status = Status::error;
    row.message = job.source.display + ": " + e.what();
  }
  row.seconds = since(start);
  if (settings.verify) check(job, task.item, settings);
  if (row.status != Status::pending) mark(row, counters);
  if (row.mismatch) {
    counters.mismatch.fetch_add(1);
    std::lock_guard lock(counters.err);
    std::cerr << "VERIFY MISMATCH: " << row.path << (row.id.empty() ? "" : "#" + row.id) << ": "
              << row.message << '\n';
  }
  if (job.pending.fetch_sub(1) == 1 && settings.outputs) writers.push(job);
}

// done/total, rate, ETA and the failures so far, redrawn on stderr.
class BatchBar {
 public:
  BatchBar(const Counters& counters, bool enabled) : counters_(counters) {
    if (!enabled) return;
    thread_ = std::thread([this] {
      auto start = Clock::now();
      while (!finished_.load()) {
        for (int i = 0; i < 5 && !finished_.load(); ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (!finished_.load()) draw(since(start));
      }
    });
  }
  ~BatchBar() {
    finished_.store(true);
    if (!thread_.joinable()) return;
    thread_.join();
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
  BatchBar(const BatchBar&) = delete;
  BatchBar& operator=(const BatchBar&) = delete;

 private:
  void draw(double elapsed) {
    auto total = counters_.total.load(std::memory_order_relaxed);
    auto done = counters_.done.load(std::memory_order_relaxed);
    double fraction = total > 0 ? static_cast<double>(done) / total : 0;
    constexpr int kWidth = 24;
    std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
    bar.resize(kWidth, '.');
    char eta[32] = "--";
    if (done > 0 && done < total)
      std::snprintf(eta, sizeof eta, "%.0fs", elapsed * (total - done) / done);
    std::lock_guard lock(const_cast<std::mutex&>(counters_.err));
    std::fprintf(stderr, "\r\033[Kbatch [%s] %zu/%zu %.1f/s ETA %s  FAIL %zu ERROR %zu TIMEOUT %zu",
                 bar.c_str(), done, total, elapsed > 0 ? done / elapsed : 0.0, eta,
                 counters_.fail.load(), counters_.error.load(), counters_.timeout.load());
    std::fflush(stderr);
  }
  const Counters& counters_;
  std::atomic<bool> finished_{false};
  std::thread thread_;
};

std::string normal(const std::string& path) {
  auto text = fs::path(path).lexically_normal().string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

unsigned parse_jobs(const std::string& text) {
  try {
    return parse_threads(text);
  } catch (const UsageError&) {
    throw UsageError(
        "--jobs: expected a number of instances at once from 1 to 4096 or 'auto', "
        "found '" +
        text + "'");
  }
}

}  // namespace

int cmd_batch(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "path", po::value<std::vector<std::string>>()->multitoken(), "files and directories")(
      "output,o", po::value<std::string>(), "mirror the answers under this directory")(
      "jobs,j", po::value<std::string>()->default_value("auto"),
      "instances solved at once (auto: one per thread)")(
      "threads", po::value<std::string>()->default_value("auto"), "threads of the pool, or auto")(
      "timeout", po::value<double>()->default_value(0), "seconds per instance (0: none)")(
      "count", "count the solutions of every instance instead of finding one")(
      "report", po::value<std::string>(), "write one row per instance to FILE.json or FILE.csv")(
      "resume", "skip instances whose output already exists under -o and verifies")(
      "verify", "check every answer with the independent checkers")(
      "progress", "show a progress bar")("no-progress", "never show a progress bar");
  po::positional_options_description positionals;
  positionals.add("path", -1);
  po::variables_map vm;
  if (!parse_command_line(
          argc, argv,
          "usage: nursery batch PATH... [-o OUTDIR] [--jobs J] [--threads T] [--timeout S]\n"
          "                     [--count] [--report FILE.json|FILE.csv] [--resume] [--verify]\n"
          "Solves every instance under the paths (lizards boards, 'queens N' files, Skyscrapers\n"
          "puzzle files; the kind is read from the content) in one pool of threads. Answers go\n"
          "under OUTDIR in the same tree (output.txt beside input.txt, NAME.out otherwise).\n"
          "Exit 0 done, 1 a verification mismatch, 2 ERROR rows or bad usage, 3 timeouts,\n"
          "130 interrupted (the report holds what finished).",
          options, positionals, vm))
    return kExitSuccess;
  if (!vm.count("path")) throw UsageError("expected at least one PATH to solve, found none");
  auto paths = vm["path"].as<std::vector<std::string>>();
  for (const auto& path : paths) {
    std::error_code error;
    if (!fs::exists(path, error)) throw UsageError(path + ": no such file or directory");
  }

  Settings settings;
  settings.count = vm.count("count") != 0;
  settings.verify = vm.count("verify") != 0;
  settings.resume = vm.count("resume") != 0;
  settings.timeout = vm["timeout"].as<double>();
  if (!(settings.timeout >= 0))
    throw UsageError("--timeout: expected seconds >= 0, found " + std::to_string(settings.timeout));
  settings.threads = parse_threads(vm["threads"].as<std::string>());
  unsigned pool = settings.threads != 0 ? settings.threads
                                        : static_cast<unsigned>(tbb::info::default_concurrency());
  settings.jobs = parse_jobs(vm["jobs"].as<std::string>());
  if (settings.jobs == 0) settings.jobs = pool;
  std::string report_path = vm.count("report") ? vm["report"].as<std::string>() : "";
  bool csv = false;
  if (!report_path.empty()) {
    auto extension = fs::path(report_path).extension().string();
    if (extension != ".json" && extension != ".csv")
      throw UsageError("--report: expected a FILE.json or FILE.csv, found '" + report_path + "'");
    csv = extension == ".csv";
  }
  fs::path outdir;
  if (vm.count("output")) {
    outdir = vm["output"].as<std::string>();
    std::error_code error;
    fs::create_directories(outdir, error);
    if (error || !fs::is_directory(outdir))
      throw UsageError(outdir.string() + ": cannot create the output directory");
    settings.outputs = true;
    remove_stale_temporaries(outdir);
  }
  if (settings.resume && !settings.outputs)
    throw UsageError("--resume: expected -o OUTDIR with it (the outputs it resumes from)");

  auto start = Clock::now();
  StopSource stop(&interrupt_source());
  auto discovery = discover(paths, outdir);

  // Load every file (read, detect, parse, resume) in the pool.
  std::vector<std::unique_ptr<FileJob>> jobs;
  for (auto& source : discovery.files) {
    jobs.push_back(std::make_unique<FileJob>());
    jobs.back()->source = std::move(source);
  }
  // In the pool: each task works on its own job. oneTBB's hand-overs are
  // stated to ThreadSanitizer, which cannot see them (as the scheduler does).
  tbb::task_arena arena(static_cast<int>(pool));
  auto each_job = [&](auto&& work) {
    auto body = [&](std::size_t i) {
      NURSERY_TSAN_ACQUIRE(&g_handover);
      work(*jobs[i]);
      NURSERY_TSAN_RELEASE(&g_handover);
    };
    NURSERY_TSAN_RELEASE(&g_handover);
    arena.execute([&] { tbb::parallel_for(std::size_t{0}, jobs.size(), body); });
    NURSERY_TSAN_ACQUIRE(&g_handover);
  };
  each_job([&](FileJob& job) {
    if (!stop.requested()) load(job);
  });
  // Answer names depend on the kinds, known only now.
  name_outputs(jobs);
  if (settings.resume)
    each_job([&](FileJob& job) {
      if (!job.rows.empty()) resume(job, settings);
    });

  // What was passed over, and directories that hold no instance at all.
  std::vector<Skipped> skipped = discovery.skipped;
  std::set<std::string> holding;
  for (auto& job : jobs) {
    if (job->skipped) skipped.push_back(*job->skipped);
    if (job->rows.empty()) continue;
    for (fs::path p = fs::path(normal(job->source.display)).parent_path(); !p.empty();
         p = p.parent_path()) {
      if (!holding.insert(p.string()).second) break;
      if (p == p.parent_path()) break;
    }
  }
  std::set<std::string> roots;
  for (const auto& root : discovery.roots) roots.insert(normal(root));
  for (const auto& directory : discovery.directories) {
    auto name = normal(directory);
    if (holding.count(name)) continue;
    auto parent = fs::path(name).parent_path().string();
    if (roots.count(name) || holding.count(parent))
      skipped.push_back({directory, "directory without instances", true});
  }
  for (const auto& skip : skipped)
    if (skip.problem) std::cerr << "warning: " << skip.path << ": " << skip.reason << '\n';

  // The tasks: every instance not settled by loading (errors) or resuming.
  Counters counters;
  std::vector<Task> tasks;
  std::vector<const Row*> rows;
  for (auto& job : jobs) {
    std::size_t pending = 0;
    for (std::size_t i = 0; i < job->rows.size(); ++i) {
      rows.push_back(&job->rows[i]);
      if (job->rows[i].status != Status::pending) {
        mark(job->rows[i], counters);
        continue;
      }
      ++pending;
      double cost = job->kind == Kind::skyscrapers ? std::pow(4.0, job->puzzles[i].size)
                                                   : static_cast<double>(job->text.size());
      tasks.push_back({job.get(), i, cost});
    }
    job->pending.store(pending);
    if (pending == 0 && job->kind == Kind::skyscrapers && !job->rows.empty())
      write_output(*job, counters);
  }
  counters.total.store(rows.size());
  std::stable_sort(tasks.begin(), tasks.end(),
                   [](const Task& a, const Task& b) { return a.cost > b.cost; });

  unsigned lanes = static_cast<unsigned>(
      std::max<std::size_t>(1, std::min<std::size_t>(settings.jobs, tasks.size())));
  {
    BatchBar bar(counters, progress_wanted(vm));
    Writers writers(counters, outdir, settings.outputs);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> nested_portfolio{false};
    auto lane = [&] {
      NURSERY_TSAN_ACQUIRE(&g_handover);
      for (;;) {
        if (stop.requested()) return;
        std::size_t i = next.fetch_add(1);
        if (i >= tasks.size()) return;
        const Task& task = tasks[i];
        // A lizards search races a local search that holds its thread until
        // the proof ends; two such races nested in one pool could hold every
        // thread. So beside other lanes a lizards board runs on its own
        // thread, and only the last ones share the pool, one at a time.
        unsigned inner = 0;
        bool holds = false;
        bool lizards = task.job->kind == Kind::lizards && !settings.count;
        if (lizards && lanes > 1) {
          if (tasks.size() - i <= lanes && !nested_portfolio.exchange(true))
            holds = true;
          else
            inner = 1;
        }
        tbb::this_task_arena::isolate(
            [&] { run_task(task, settings, stop, inner, counters, writers); });
        if (holds) nested_portfolio.store(false);
        NURSERY_TSAN_RELEASE(&g_handover);
      }
    };
    NURSERY_TSAN_RELEASE(&g_handover);
    arena.execute([&] {
      tbb::task_group group;
      for (unsigned l = 0; l < lanes; ++l) group.run(lane);
      group.wait();
    });
    NURSERY_TSAN_ACQUIRE(&g_handover);
  }

  Summary summary = summarize(rows, skipped.size());
  summary.seconds = since(start);
  summary.jobs = lanes;
  summary.threads = pool;
  summary.interrupted = interrupt_source().requested();
  summary.write_errors = counters.write_errors.load();
  if (!report_path.empty()) {
    std::string text = csv ? report_csv(rows) : report_json(rows, skipped, summary);
    write_atomically(report_path, text);
  }
  std::cout << summary_line(summary) << std::endl;
  if (summary.mismatches)
    std::cerr << "VERIFY MISMATCH: " << summary.mismatches
              << " answers rejected by the independent checkers\n";
  if (summary.interrupted) {
    std::cerr << "interrupted: " << summary.instances - summary.unfinished << " of "
              << summary.instances << " instances finished\n";
    return kExitInterrupted;
  }
  if (summary.mismatches) return kExitNoSolution;
  if (summary.error || summary.write_errors) return kExitUsage;
  if (summary.timeout) return kExitTimeout;
  return kExitSuccess;
}

}  // namespace nursery::cli
