// The parts of the batch engine shared by its files:
//   discover.cpp     the walk, one file at a time: paths, where answers go
//   stream.cpp       the report as rows finish: reorder buffer, rows on disk
//   kinds.hpp        the kind table: every kind's rows by one template
//   registry.cpp     the registry's table; which kind a text is
//   run.cpp          lanes over the files, the writer, the report
//   report.cpp       rows as JSON or CSV, the summary line
//   measure.cpp      CPU seconds and peak memory: a thread's, the process's, a child's
//   isolate.cpp      isolated mode: a file in a child process, limits, the child's side
//   joblog.cpp       the joblog, and rows taken back from a joblog or a report
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <any>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <nursery/batch.hpp>
#include <nursery/input.hpp>
#include <nursery/kind.hpp>
#include <nursery/scheduler.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace nursery::batch {

namespace fs = std::filesystem;

struct KindEntry;

// A file the walk found: maybe an instance, decided by its content.
// Paths are kept as plain strings: a std::filesystem::path also keeps its
// split components.
struct Source {
  std::string path;       // to open
  std::string display;    // as reported: the argument joined with the walk
  std::string output;     // its answer's mirror under OUTDIR (empty: no OUTDIR)
  bool declared = false;  // named as an instance (an argument, or "input" in its name)
  bool homework = false;  // named input.txt: a homework kind answers in output.txt beside it
};

// One step of the walk: a regular file, or a directory it entered (in walk
// order, before the directory's own entries).
struct Entry {
  Source source;           // a directory: its display only
  bool directory = false;
  bool root = false;       // a directory named as an argument
};

// The walk over the arguments (recursive, following symbolic links, each
// directory once, hidden entries and OUTDIR left out), one entry at a time.
// Each directory's entries are sorted naturally (b2 before b10), so every
// process and every part walks the same order. It holds the listings of the
// directories on the current path only (names packed in one string each),
// the identities of the directories walked, and of the few files that can
// be reached twice (hard links, links, arguments). With parts > 1 only the
// files of shard part-1 are yielded (see shard_of). Not thread-safe.
class Walk {
 public:
  Walk(const std::vector<std::string>& arguments, const fs::path& outdir, unsigned part = 1,
       unsigned parts = 1);
  bool next(Entry& entry);  // false: the walk is over
  // A named path that does not exist is yielded as a file (its read fails:
  // an ERROR row) instead of being passed over: paths listed on stdin.
  void yield_missing(bool yes) { yield_missing_ = yes; }
  // Leaves a file out of the walk (the report kept inside the input tree:
  // read back, it would be an instance of the next run).
  void leave_out(const std::string& path);
  // What it passed over so far: broken links, loops, files reached twice.
  std::vector<Skipped>& skipped() { return skipped_; }

 private:
  using Id = std::pair<dev_t, ino_t>;
  struct Frame {
    // relative: the path under the roots (the --part shard's); mirror: where
    // its answers go under OUTDIR (mirror_directory_name of each directory).
    std::string path, display, relative, mirror;
    std::string names;                  // the entries, each ended by a NUL
    std::vector<std::uint32_t> starts;  // where each entry begins, in walk order
    std::size_t next = 0;
    bool arguments = false, several = false;
    void sort_names();
  };
  static bool identity(const std::string& path, Id& id, bool follow, nlink_t* links = nullptr);
  bool enter(const std::string& path, const std::string& display, const std::string& relative,
             const std::string& mirror);
  std::string root_place(const std::string& base, bool file);
  bool accept(const std::string& path, const std::string& display, bool link);
  bool target_walked(const std::string& path) const;
  void skip(std::string path, std::string reason, bool problem) {
    skipped_.push_back({std::move(path), std::move(reason), problem});
  }

  std::vector<Frame> stack_;
  bool yield_missing_ = false;
  std::set<std::string> root_names_;  // places taken under OUTDIR by the roots
  std::map<std::string, int> next_copy_;  // a root name's last copy number
  std::optional<Id> left_out_;
  std::string outdir_;
  bool have_outdir_ = false;
  Id outdir_id_{};
  std::set<Id> visited_, seen_, argument_files_;
  std::vector<Skipped> skipped_;
  unsigned part_ = 1, parts_ = 1;
};

// The answer of a file named `file` under OUTDIR: `file`.out, the whole
// name and .out (q.txt -> q.txt.out): two names never give one answer name.
// (A homework kind's input.txt answers in output.txt instead: run.cpp.)
std::string answer_name(std::string_view file);
// A directory's name under OUTDIR: its own, or with .d added when it ends in
// .out or .d or is output.txt, so no directory is ever named like an answer
// (nor like another directory so renamed).
std::string mirror_directory_name(std::string_view directory);

// Names in natural order: digit runs by value (b2 < b10), other bytes as
// bytes; names equal as numbers (b01, b1) by their bytes. -1, 0 or 1.
int natural_compare(std::string_view a, std::string_view b);
// Paths in walk order: component by component, each naturally.
bool walk_less(std::string_view a, std::string_view b);

// The shard of a file: a hash of its path relative to the roots (as the
// answers mirror it under OUTDIR), so every part of a K-part run, on any
// machine, agrees on who solves what, and K parts cover every file once.
std::size_t shard_of(std::string_view relative, unsigned parts);

struct Settings {
  bool count = false;
  bool verify = false;
  bool outputs = false;  // answers are kept under OUTDIR
  double timeout = 0;
  const std::map<std::string, std::any>* solver = nullptr;  // Options::solver
};

// One file of the batch: what discovery knows (path, kind, size) for its
// whole life; its text and parsed instances only while its lane works on it.
struct FileJob {
  Source source;
  const KindEntry* kind = nullptr;  // null: no instance (an ERROR row when declared)
  std::uint64_t most = 0;           // the most bytes its kind lets it hold (0: no bound)
  bool sniffed = false;             // false: a stop came before its kind was known
  std::size_t seq = 0;              // its place in the walk (Feed)
  std::string text;    // while in its lane
  std::any problem;    // the kind's parsed instances, while in its lane
  std::vector<Row> rows;
  std::vector<std::string> answers;  // each row's part of the output, until written
};

// What the independent checker said of one answer.
struct Check {
  bool verified = false;
  bool stopped = false;  // the batch's stop (Ctrl-C) came before the check ended
  std::string fault;     // non-empty: the checker rejected the answer
  std::string note;      // why nothing was checked (counts, unprovable FAIL)
};

// A kind as batch sees it: one PuzzleKind (nursery/kind.hpp) behind the
// same template (kinds.hpp), over one file's rows.
struct KindEntry {
  const char* name;
  const char* described;  // "a lizards board", for messages
  const char* known_by;   // "DFS/BFS/SA line": "not an instance (no ...)"
  Sniff (*sniff)(std::string_view head);
  bool homework_names;  // the answer to input.txt is output.txt beside it
  // Parses job.text into job.problem and one row per instance (its size
  // filled in). Throws InputError "file:line: expected ..., found ...".
  void (*load)(FileJob& job);
  // Solves instance `item`: the row's status, count, nodes and message,
  // and answers[item]; its run nests in the lane's pool.
  void (*solve)(FileJob& job, std::size_t item, const Settings& settings, const StopSource& stop);
  // The independent checker on answers[item]; a long check polls `stop`.
  Check (*check)(const FileJob& job, std::size_t item, const Settings& settings,
                 const StopSource& stop);
  // Takes back the rows an existing output answers (marked resumed).
  void (*resume)(FileJob& job, const Settings& settings, const std::string& output);
  // The most bytes a file of this kind can hold, from its head (null: no
  // bound); throws InputError when the head already rules the file out.
  std::uint64_t (*size_limit)(std::string_view head, const std::string& name) = nullptr;
  // nursery verify: the kind's checker on a whole answer file (nullopt:
  // `budget` ended it).
  std::optional<std::vector<Checked>> (*verify_answers)(
      std::string_view input, std::string_view answer, const std::string& input_name,
      const std::string& answer_name, const Budget& budget, Progress* progress,
      const VerifyAsk& ask) = nullptr;
  bool verifies_at_least = false;  // verify --at-least means something for it
  // The answer known without solving (a `queens N` total from its table):
  // OK, FAIL or a count, as a manifest gives it; empty: none (null: the kind
  // knows none).
  std::string (*expected)(const FileJob& job, std::size_t item, const Settings& settings) = nullptr;
};

// The kinds named in a message: "a 'queens N' file, a lizards board or
// Skyscrapers puzzles" (all of them, or those `keep` keeps).
std::string described(KindTable kinds, bool (*keep)(const KindEntry&) = nullptr);

// The kind a text belongs to among `kinds` (empty: the registry's), as
// most_confident (nursery/kind.hpp) decides; null and `why` ("empty
// file", "binary data", "not an instance ...") when none.
const KindEntry* detect(KindTable kinds, std::string_view head, std::string& why);

// batch::run's checks of its options (check_options.cpp): std::invalid_argument
// for OUTDIR inside the input, limits out of range, a report over an input.
// The sniff reads this much of every file (and the report check of a
// file's head); parsers read the whole file later.
inline constexpr std::size_t kHeadBytes = 4096;

class Inputs;  // writer.hpp
void check_options(const Options& options);
void refuse_report_over_input(const Options& options, const Inputs& inputs);

// Isolated mode (isolate.cpp): each file in a child process of its own.
struct Isolation {
  std::vector<std::string> command;  // the child program and its first arguments
  double cpu_limit = 0;              // seconds; 0: none
  std::uint64_t memory_limit = 0;    // bytes of address space; 0: none
  unsigned threads = 1;              // the child's pool
  bool resume = false;               // the child takes back answers under OUTDIR
};
// One file solved in a child: its rows (with the child's measures; a killed
// child's rows TIMEOUT, TIMEOUT (cpu), OUT OF MEMORY or ERROR) in job.rows,
// and its answer text (nullopt: none to write). A stop (`stop`) ends the
// child: TERM, then KILL after a grace.
std::optional<std::string> solve_in_child(FileJob& job, const Settings& settings,
                                          const Isolation& isolation, const StopSource& stop);
// One file solved in this process as a lane solves it (run.cpp; the child's
// work): its rows in job.rows, its answer text returned. `loaded` is told
// the rows once the file is parsed, before they are solved.
std::optional<std::string> solve_file(FileJob& job, const Options& options,
                                      const Settings& settings,
                                      std::function<void(const FileJob&)> loaded);

// Rows of an earlier run taken back instead of solving their file again,
// by the file's path as reported (joblog.cpp).
using TakenBack = std::map<std::string, std::vector<Row>, std::less<>>;
// --resume --joblog: the files whose logged rows all ended without an
// answer (TIMEOUT, TIMEOUT (cpu), OUT OF MEMORY, ERROR); OK and FAIL rows are
// taken back from their answers under OUTDIR, as without a joblog. A log that
// does not exist yet is empty; InputError "FILE:LINE: expected ..." for a
// line that is no row (a last line cut short by a kill is left out).
TakenBack stopped_rows_of_joblog(const fs::path& joblog);
// A row of a report or a joblog as JSON, or nullopt when it is none (a
// field of the wrong type); marked resumed, its category left to be made.
std::optional<Row> row_from_json(const nlohmann::json& j);
// --rerun-failed: the files of an earlier JSON report, or of a joblog, whose
// rows are all OK or FAIL (and not rejected by a checker);
// std::invalid_argument for a report of other roots or of another
// configuration (options' paths and configuration), InputError for a file
// that is neither.
TakenBack finished_rows_of_report(const fs::path& report, const Options& options);

// --joblog is no other file of the run: not the --report, and an existing
// file is an earlier joblog (its first line a row), never an instance or a
// report that appending would spoil; std::invalid_argument naming it.
void refuse_joblog_over_other_files(const Options& options);

// --joblog: each finished row appended as one line of JSON (a line cut short
// by a kill is ended first), synced every kSyncRows rows or kSyncSeconds.
class Joblog {
 public:
  static constexpr std::size_t kSyncRows = 64;
  static constexpr double kSyncSeconds = 1.0;
  explicit Joblog(const fs::path& path);  // std::invalid_argument naming it
  ~Joblog();                              // syncs what is left
  Joblog(const Joblog&) = delete;
  Joblog& operator=(const Joblog&) = delete;
  void append(const std::vector<Row>& rows);
  // Why a row could not be written (the first failure: a full disk), or "".
  const std::string& error() const { return error_; }

 private:
  bool write_all(const std::string& text);
  void sync();
  fs::path path_;
  std::string error_;
  int fd_ = -1;
  std::size_t unsynced_ = 0;
  double synced_at_ = 0;  // seconds since the log was opened
  std::chrono::steady_clock::time_point opened_;
};

// Measures (measure.cpp): the calling thread's CPU seconds, the process's
// CPU seconds and peak resident memory so far (bytes), and a rusage's.
double thread_cpu_seconds();
double process_cpu_seconds();
std::uint64_t process_peak_memory();
double cpu_seconds_of(const struct rusage& usage);
std::uint64_t peak_memory_of(const struct rusage& usage);
// Provenance (provenance.cpp): the version (git describe at build time, or
// the release), the time now (ISO 8601, UTC), a string as JSON may hold it.
std::string tool_version();
std::string utc_now();
std::string text_of(const std::string& value);
// The configuration (name, count, solver options) and the whole provenance
// of a run: version, command line, configuration, limits, host, start.
nlohmann::json configuration_json(const Options& options);
nlohmann::json provenance_json(const Options& options, const std::string& started);
// Why a report's provenance is not of the run `mine` describes (another
// version or configuration; none recorded), or empty when it is.
std::string same_run_of(const nlohmann::json& provenance, const nlohmann::json& mine);
// --resume over a --report FILE.json of another version or configuration:
// std::invalid_argument naming it.
void refuse_other_run(const Options& options);

// Counts the rows by status (pending rows are unfinished).
Summary summarize(const std::vector<const Row*>& rows);
void count_row(Summary& summary, const Row& row);

}  // namespace nursery::batch
