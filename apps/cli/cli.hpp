// What every command of the nursery CLI shares, apart from its options
// (apps/options.hpp): exit statuses, one-line errors, Ctrl-C, inputs and
// outputs, number ranges, JSON on stdout and the progress bar.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <nursery/background.hpp>
#include <nursery/budget.hpp>
#include <nursery/kind.hpp>
#include <nursery/progress.hpp>
#include <nursery/report.hpp>
#include <nursery/stop.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace nursery::cli {

// Exit statuses (report.hpp), the same for every subcommand, batch and MPI.
using nursery::kExitInterrupted;
using nursery::kExitNoSolution;
using nursery::kExitSuccess;
using nursery::kExitTimeout;
using nursery::kExitUnverified;
using nursery::kExitUsage;

// Bad arguments or bad input: one line, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A signal (Ctrl-C, SIGTERM) ended a wait for input or output (a FIFO's
// open, a read from a pipe): main exits with interrupted_status().
struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The command being run ("count") and its short usage ("nursery count N
// [options]"): the command-line parser sets them for usage_error.
void set_command(const std::string& command, const std::string& usage);
// A usage error about the current command's arguments:
// "COMMAND: WHAT (usage: nursery COMMAND ARGS [options])".
UsageError usage_error(const std::string& what);
// --quiet (every command, -q): results and errors only. notes() is the
// stream of a command's notes on stderr (what an answer file holds, where
// answers went, a timeout's explanation beside its exit status, the
// bench's progress lines): std::cerr, or nothing under --quiet; logs are
// held to errors and the progress bar is off.
void set_quiet(bool quiet);
bool quiet();
std::ostream& notes();
// An error in what the command was given (a file's content, parts that do
// not add up), not in how it was called: "COMMAND: WHAT", no usage hint.
UsageError data_error(const std::string& what);
// usage_error("missing NAME"), for a positional argument a command requires
// itself (count N, unless --merge).
UsageError missing_argument(const std::string& name);

// Ctrl-C requests a stop on this source: searches end cooperatively.
const StopSource& interrupt_source();
void install_interrupt_handler();
// The exit status of a run a signal stopped: 130 for Ctrl-C (SIGINT), 143
// for SIGTERM, as the shell reports a process those signals killed.
int interrupted_status();

// An input file, or standard input for "-": the whole of it (most == 0) or
// its first `most` bytes; UsageError "PATH: REASON" (strerror: "x.txt: No
// such file or directory", "/tmp: Is a directory") otherwise. Anything but a
// regular file (standard input, a FIFO, <(...), /dev/stdin) is opened once,
// read once and kept, so a command may read its head and then the rest;
// Interrupted when a signal ends a wait for it.
std::string read_input(const std::string& path, std::size_t most = 0);
// The same, never more than `limit` bytes (0: no bound): a file larger than
// the puzzle its head describes can be (a reader of /dev/zero would run
// out of memory) is refused with UsageError "PATH: larger than ...".
std::string read_input_within(const std::string& path, std::uint64_t limit);
// Writes an answer to `path` atomically (write_atomically: links followed,
// devices and FIFOs written in place, a directory refused), or to stdout
// for "-" and /dev/stdout; UsageError "PATH: REASON" when it cannot be
// written, Interrupted when a signal ends a wait for a FIFO's reader.
void write_output(const std::string& path, const std::string& text);
// An answer on stdout, flushed; UsageError "stdout: REASON" when it cannot
// be written.
void write_stdout(const std::string& text);
// A long answer (long_writes.cpp) to `path` as write_output writes it, or
// to stdout for "-": piece by piece, `next` appending each piece and saying
// whether more follow, `budget` (by default Ctrl-C and SIGTERM) looked at
// before each. Status::complete once all is written; a stopped write says
// so in one line on stderr and returns why (cancelled, timeout): a file's
// temporary is removed and its name left as it was; on stdout the line
// says how many bytes went out. UsageError when it cannot be written.
Status write_output_in_pieces(const std::string& path,
                              const std::function<bool(std::string&)>& next,
                              const Budget& budget = Budget(&interrupt_source()));
// The same for a text already made, in pieces of a MiB.
Status write_output_in_pieces(const std::string& path, std::string_view text,
                              const Budget& budget = Budget(&interrupt_source()));
// Where a command writes its results, for -o FILE: out() is std::cout for
// "-" or "", else a buffer that keep() writes to FILE as write_output does
// (atomically). Without keep() (the command ended by an error) FILE is left
// as it was. The command is handed out(); std::cout is never redirected.
class Results {
 public:
  explicit Results(std::string path);
  std::ostream& out() { return to_file_ ? kept_ : std::cout; }
  void keep();
  Results(const Results&) = delete;
  Results& operator=(const Results&) = delete;

 private:
  std::string path_;
  bool to_file_;
  std::ostringstream kept_;
};
// Results lost on the way out (a full disk, a closed pipe) are an error,
// not a success: flushes stdout; false, with "error: stdout: REASON" on
// stderr, when it failed.
bool stdout_written();
// A file standing for stdout, for a writer that needs a path (batch
// --report -): a temporary nursery-report-PID.json the run writes, printed
// on stdout by print() (a JSON document on one line, as print_json) and
// removed.
class StdoutFile {
 public:
  explicit StdoutFile(bool wanted);
  ~StdoutFile();
  StdoutFile(const StdoutFile&) = delete;
  StdoutFile& operator=(const StdoutFile&) = delete;
  explicit operator bool() const { return !path_.empty(); }
  const std::string& path() const { return path_; }
  void print() const;

 private:
  std::string path_;
};

// PATH "-": more paths from standard input, one a line (`find ... |
// nursery batch -`); blank lines are passed over, stdin is read once.
// UsageError "PATH: no such file or directory" for a named path that is
// not there.
std::vector<std::string> with_stdin_paths(const std::vector<std::string>& paths);
// Refuses (usage_error) an output that names one of the inputs, or a file
// another output writes (`lizards c.txt -o c.txt`, `--max -o X
// --max-board X`): links and other spellings of one file included. Outputs
// are (option, path) pairs; empty paths, "-" and devices are left out.
using Named = std::pair<std::string, std::string>;
void refuse_clobbering(const std::vector<std::string>& inputs, const std::vector<Named>& outputs);
// A picture's format for --format F (svg or png) writing to OUT: F when
// given, else png for an OUT ending in .png, else svg; UsageError for any
// other F, and for a PNG bound for a terminal (binary bytes on a screen).
std::string picture_format(const std::string* asked, const std::string& output);
// What nursery draw FILE [ANSWER] draws (cli/draw.cpp).
struct Drawing {
  std::string input;                   // the instance ("-": stdin)
  std::optional<std::string> answer;   // its answer, drawn over it
  bool png = false;                    // PNG, else SVG
  std::optional<std::string> attacks;  // lizards --attacks R,C: what that piece sees
  std::optional<std::string> id;       // Skyscrapers --id: the puzzle (default: the first)
};
// The picture of a lizards board or a Skyscrapers puzzle (the kind found
// as batch and verify find it) with its answer; UsageError for any other
// file, a malformed answer or a cell off the board.
std::string draw(const Drawing& drawing);
// nursery verify FILE ANSWER (verify_files.cpp): FILE's kind from its head
// (batch::verify_kind), both files read no further than that kind's files
// can be ("-" is standard input), then the kind's checker over every puzzle
// (batch::verify_texts), polling Ctrl-C and SIGTERM. With `progress`, a bar
// on stderr says which file is being read, then how many puzzles are
// checked. nullopt when a signal ended the check; usage_error for
// `ask.at_least_p` on a file that holds no lizards board.
std::optional<std::vector<Checked>> verify_files(const std::string& input,
                                                 const std::string& answer, bool progress,
                                                 const VerifyAsk& ask = {});
// Whether `path` is a name ending in `extension` (".png"; the extension
// alone is no such name): how -o picks a picture's format.
bool named_as(const std::string& path, std::string_view extension);
// Standard input or output's name in messages: "-" is "stdin"/"stdout".
inline bool is_stdio(const std::string& path) {
  return path == "-";
}

// A message made safe for a terminal and kept to one line: control bytes
// (a binary file's content echoed back) become \xNN, \n and \t become \n, \t.
std::string printable(const std::string& text);

// Edits (insert, delete, change, swap two neighbours) from a to b: for
// "did you mean" on mistyped commands and options.
std::size_t edit_distance(const std::string& a, const std::string& b);
// The name a mistyped one most likely meant (two edits at most; the first
// of equally near ones), or "" when none is that near.
std::string nearest(const std::string& typed, const std::vector<std::string>& names);

// A number option's range, declared with the option as its notifier:
//   po::value<double>()->notifier(within("--estimate", "seconds", 0.01, kMaxTimeout))
// UsageError "--estimate: expected seconds from 0.01 to 1000000, found inf"
// for anything outside [low, high], infinities and NaN included.
std::function<void(const double&)> within(const char* option, const char* unit, double low,
                                          double high);

// An integer option's range, declared with the option as its notifier:
//   po::value<int>()->notifier(in_range("--size", "1 to 9", 1, 9))
// UsageError "--size: expected 1 to 9, found 12" outside [low, high].
template <class Integer>
std::function<void(const Integer&)> in_range(const char* option, const char* expected, Integer low,
                                             Integer high) {
  return [=](const Integer& value) {
    if (value < low || value > high)
      throw usage_error(std::string(option) + ": expected " + expected + ", found " +
                        std::to_string(value));
  };
}

// The whole of `text` as an integer (nursery/input.hpp), for options that
// take a number or a word (gen --clues all|K, --p auto|P).
using nursery::whole_number;

// Thread counts: 0 means all cores.
unsigned parse_threads(const std::string& text);
// batch --jobs: instances at once, as parse_threads counts threads.
unsigned parse_jobs(const std::string& text);
// Every size option (count --memory, lizards --bfs-memory, batch
// --memory-limit): a size such as 8G, 512M, 100000K or 123456789 (bytes);
// UsageError "OPTION: expected a size such as ..." otherwise.
std::uint64_t parse_memory(const std::string& text, const char* option = "--memory");
// What a run uses of `asked` threads: at most the cores (0 stays 0, all).
unsigned usable_threads(unsigned asked);
// Finite seconds from 0 to kMaxTimeout (0: none), or with GNU timeout's
// suffixes (30s, 5m, 2h, 1d); UsageError "--timeout: expected ..." otherwise.
constexpr double kMaxTimeout = 1e6;  // about 11 days
double parse_timeout(const std::string& text);

// --json-pretty was given: print_json indents (the command-line parser sets it).
void set_json_pretty(bool pretty);
// Prints a command's JSON result on `out` (stdout, or -o's Results): one
// line, or indented when --json-pretty was given.
void print_json(const nlohmann::json& value, std::ostream& out = std::cout);
// A command's JSON result written as it is made, for listings too long to
// hold in memory (--all --json): the object opened at once, members and an
// array's items one at a time, each closed in turn; the text print_json
// would print of the whole (one line, or indented under --json-pretty).
// One such document at a time on stdout; finish() (or the destructor, so
// that an error on the way still leaves the document whole) closes it.
class JsonStream {
 public:
  explicit JsonStream(std::ostream& out = std::cout);  // writes the opening '{'
  ~JsonStream();
  JsonStream(const JsonStream&) = delete;
  JsonStream& operator=(const JsonStream&) = delete;
  void member(std::string_view key, const nlohmann::json& value);  // in the open object
  void open_array(std::string_view key);                           // an array member
  void open_object();                      // an object item of the open array
  void item(const nlohmann::json& value);  // in the open array
  void close();                            // the innermost open one
  void finish();                           // all of them, then the newline

 private:
  struct Level {
    char closer;
    bool empty = true;
  };
  void next();  // the separator before a member or an item
  void key(std::string_view name);
  void value(const nlohmann::json& json);
  std::ostream& out_;
  std::vector<Level> open_;
  bool pretty_;
};
// Whether a command line asks for JSON (--json or --json-pretty before a
// "--"): then an error ends with a JSON object on stdout too.
bool json_asked(int argc, char** argv);
// A command's error: one line on stderr (control bytes escaped), and under
// `json` the object {"command", "status", "error"} on stdout, so that a
// reader of stdout gets a document for every run; bad input (InputError)
// adds where it is (file, line) and what was expected and found. Returns
// `status`.
int print_error(const char* command, const std::exception& error, bool json, int status);
// The status word of every command's JSON, the same for every command and
// the same as its exit status says: OK (0), FAIL (1), ERROR (2), TIMEOUT
// (3), UNVERIFIED (4), INTERRUPTED (130, 143).
const char* status_word(int exit_status);

// The width of the terminal on stderr (TIOCGWINSZ), else $COLUMNS, else 80.
std::size_t terminal_columns();

// The one progress bar of every command: a line on stderr, redrawn a few
// times a second while a run is going on; only when enabled (stderr is a
// terminal, or --progress). `line(elapsed)` says what the bar shows.
class ProgressBar {
 public:
  using Line = std::function<std::string(double elapsed)>;
  ProgressBar(bool enabled, Line line);
  // A scheduler run: the share of its expected work done
  // (Progress::fraction, weighed by the kind's work estimate), subproblems
  // done of total, nodes/s, ETA (run_line).
  ProgressBar(const Progress& progress, bool enabled, const std::string& label);
  // The last frame is drawn once more (what the run ended with) and cleared.
  ~ProgressBar();
  // Clears the bar's line and leaves it so for a moment: call it before
  // printing results on stdout, which may be the same terminal.
  void hide();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // "label [####......] done/total  40%" (the time left: an Eta, one per
  // bar, in progress.hpp).
  static std::string gauge(const std::string& label, std::size_t done, std::size_t total);
  // The same for a share from 0 to 1 of the work.
  static std::string gauge(const std::string& label, double fraction);
  // What fitting keeps from one frame to the next: the gauge's width at a
  // terminal width (0: full), so that the gauge does not change width as
  // the fields beside it do.
  struct Fitting {
    std::size_t columns = 0;
    std::size_t cells = 0;
  };
  // `line` fitted into a terminal of `columns` (one column spare): the
  // gauge narrows (redrawn at the narrower width, so its share of '#' stays
  // true; to a multiple of 5 cells, 10 at least, never wider again at this
  // width where `kept` is given), then a rate ("/s") field goes, then
  // fields from the right but the ETA, then the line is cut. Fields are
  // separated by two spaces; the first is "label [gauge] ...".
  static std::string fit(const std::string& line, std::size_t columns, Fitting* kept = nullptr);
  // What a scheduler run's bar shows: "label [gauge] share  done/total
  // subproblems  rate nodes/s  ETA time". Nodes are counted as subproblems
  // finish, so the rate is the one at the last finish, not one that sinks
  // between finishes; the ETA is smoothed (Eta).
  class RunLine {
   public:
    RunLine(const Progress& progress, std::string label)
        : progress_(&progress), label_(std::move(label)) {}
    std::string operator()(double elapsed);

   private:
    const Progress* progress_;
    std::string label_;
    Eta eta_;
    std::uint64_t nodes_ = 0;  // nodes at the last finish seen
    double rate_ = 0;          // nodes/s then
  };

 private:
  Line line_;
  std::chrono::steady_clock::time_point started_;
  std::atomic<std::int64_t> hidden_until_{0};  // steady_clock ticks; no drawing before
  Fitting fitting_;                            // drawn on the frames' thread only
  Background frames_;                          // last: stopped before the rest goes
};

// A command's own deadline (gen --timeout): stop() is requested with
// `timeout` once `seconds` have passed (0: never), and follows Ctrl-C and
// SIGTERM (interrupt_source()) before that.
class Deadline {
 public:
  explicit Deadline(double seconds);
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;
  const StopSource& stop() const { return stop_; }
  bool requested() const { return stop_.requested(); }
  // The exit status of a run this deadline stopped: 3, or 130/143.
  int exit_status() const;

 private:
  StopSource stop_{&interrupt_source()};
  Background timer_;  // last: stopped before stop_ goes
};

// For bench/progress.sh: with NURSERY_PROGRESS_LOG=FILE in the environment,
// the share of the work the bar would show (weighed, and by subproblems as
// it was before) is sampled every 20 ms and written to FILE at the end, as
// lines "ELAPSED WEIGHED BY_SUBPROBLEMS", then "end ELAPSED". Not an option:
// a measuring aid, no part of the command line. `warn` hears why FILE could
// not be written ("NURSERY_PROGRESS_LOG: REASON").
class ProgressLog {
 public:
  ProgressLog(const Progress& progress, std::function<void(const std::string&)> warn);
  ~ProgressLog();
  ProgressLog(const ProgressLog&) = delete;
  ProgressLog& operator=(const ProgressLog&) = delete;

 private:
  double seconds() const;
  void sample();
  const Progress& progress_;
  std::function<void(const std::string&)> warn_;
  std::string path_, text_;
  std::chrono::steady_clock::time_point start_;
  Background sampler_;  // last: stopped before the rest goes
};

// Held while a line goes to stderr, so the bar and messages do not mix.
std::mutex& stderr_mutex();
}  // namespace nursery::cli
