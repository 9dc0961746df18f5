// Batch: every instance under some paths, solved in one oneTBB pool, with
// answers mirrored under an output directory (each written atomically, in
// group commits) and a report with one row per instance.
//
//   batch::Options options;  options.paths = {"datasets"};  options.outdir = "answers";
//   batch::Summary summary = batch::run(options);
//
// Files stream: a walk yields them one at a time (each directory's entries
// in natural order, b2 before b10), each lane takes the next, sniffs its
// kind from a bounded prefix, reads, solves and frees it; its rows go
// through a reorder buffer to the report's temporary file in walk order as
// soon as every earlier file's are there. Memory follows the work in
// flight, not the directory: nothing of a file outlives its row on disk.
// The kinds come from a table built from the registry's facades
// (nursery/registry.hpp: sniff, parse, solve, verify), or from a program's
// own list (Options::kinds): no command and no batch code branches on a
// kind by hand.
#pragma once

#include <any>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nursery/budget.hpp"
#include "nursery/count.hpp"
#include "nursery/kind.hpp"
#include "nursery/progress.hpp"
#include "nursery/stop.hpp"

namespace nursery::batch {

// The kinds a batch knows, in the order that breaks a tie in sniffing:
// the registry's (nursery/registry.hpp), or a program's own list with one
// more kind (engine/batch/kinds.hpp: kinds_of<Kinds::with<K>>(), as the
// conformance tests run their rooks).
struct KindEntry;  // one kind as batch drives it (engine/batch/internal.hpp)
using KindTable = std::span<const KindEntry* const>;
KindTable registered_kinds();

// Every regular file the walk finds gets a row: an instance's verdict, ERROR
// (a file that cannot be read, is empty, or does not parse), or SKIPPED (a
// file that is no instance: a README, an answer, binary data). An instance
// stopped by a limit: TIMEOUT (--timeout, wall time), TIMEOUT (cpu)
// (--cpu-limit) or OUT OF MEMORY (--memory-limit, or an allocation that
// failed).
enum class RowStatus { pending, ok, fail, timeout, error, skipped, cpu_timeout, out_of_memory };
// OK, FAIL, TIMEOUT, ERROR, SKIPPED, PENDING, TIMEOUT (cpu), OUT OF MEMORY
const char* to_string(RowStatus status);
// The status a report's word names (to_string's inverse); nullopt for none.
std::optional<RowStatus> row_status(std::string_view word);

// A row against its expected answer (a manifest's, or a kind's table): its
// answer agrees (correct) or not (wrong); no answer (unknown: a timeout, a
// stop); the instance erred (error). missing: nothing is known to expect.
enum class Category { missing, correct, wrong, unknown, error };
const char* to_string(Category category);  // correct, wrong, unknown, error; "" for missing

// One row of the report: one instance (a puzzle of a many-puzzle file has
// its own row, named by `id`).
struct Row {
  std::string path;
  std::string id;    // the puzzle's id inside a many-puzzle file; empty otherwise
  std::string kind;  // lizards, queens, skyscrapers; "-" when the kind is unknown
  std::string size;  // "8x8 p=8", "7x7", "n=12"
  RowStatus status = RowStatus::pending;
  std::optional<Count> count;  // count mode, when exact
  double seconds = 0;          // solving wall time
  // Measured (docs/batch.md, "Measures": how, and how exact in each mode).
  double cpu_seconds = 0;         // CPU time, user + system
  std::uint64_t peak_memory = 0;  // peak resident memory, bytes
  std::uint64_t nodes = 0;
  bool verified = false;  // the independent checker accepted the answer
  bool checked = false;   // the checker ran on the answer (--verify); the CSV's verified
                          // column is empty for rows it did not check
  bool mismatch = false;  // the checker rejected it
  bool resumed = false;   // taken from an existing output (resume)
  std::string message;    // ERROR: the parser's line; otherwise how, or why not verified
  std::string config;     // the run's --config label (Options::config)
  std::string expected;   // the expected answer: OK, FAIL or a count (empty: none known)
  Category category = Category::missing;  // the answer against `expected`
};

// What the walk passed over that is no regular file of its own: a directory
// without instances, a broken link, a loop, a file reached twice.
struct Skipped {
  std::string path;
  std::string reason;
  bool problem = false;  // unreadable, loop, junk: worth a warning
};

struct Summary {
  // instances: rows but the SKIPPED ones; skipped: SKIPPED rows.
  std::size_t instances = 0, ok = 0, fail = 0, timeout = 0, error = 0, unfinished = 0;
  std::size_t verified = 0, mismatches = 0, resumed = 0, skipped = 0, write_errors = 0;
  std::size_t cpu_timeout = 0, out_of_memory = 0;  // rows stopped by --cpu-limit, --memory-limit
  double seconds = 0;
  double cpu_seconds = 0;         // the rows' CPU seconds added up
  std::uint64_t peak_memory = 0;  // the largest row's peak memory, bytes
  unsigned jobs = 0, threads = 0;
  bool interrupted = false;
  std::string started, ended;  // ISO 8601, UTC (the report's provenance has the rest)
  // Which run this is: part I of K (batch --part; 1/1 a whole run) over the
  // roots as given, so merge_reports can tell parts of one run apart.
  unsigned part = 1, parts = 1;
  std::vector<std::string> roots;
  // Rows against their expected answers (Category); the first wrong rows'
  // paths (at most kWrongNamed), which the summary names first.
  std::size_t correct = 0, wrong = 0;
  static constexpr std::size_t kWrongNamed = 5;
  std::vector<std::string> wrong_rows;
  // Why the report could not be written ("r.json: write failed: No space
  // left on device"); empty when it was, or none was asked for.
  std::string report_error;
  // Why --joblog missed rows ("j.log: No space left on device"), or "".
  std::string joblog_error;
  double rate() const;  // instances finished per second (resumed ones left out)
};

struct Options {
  std::vector<std::string> paths;  // files and directories, walked recursively
  std::filesystem::path outdir;    // answers mirrored here; empty: not kept
  std::filesystem::path report;    // FILE.json or FILE.csv; empty: none
  bool count = false;              // count every instance's solutions
  bool verify = false;             // check every answer with the independent checkers
  bool resume = false;             // keep outputs under outdir that verify (needs outdir)
  double timeout_seconds = 0;      // per instance; 0: none
  // Limits per instance (docs/batch.md, "Limits"); either one runs every
  // file in a child process of its own (isolate).
  double cpu_limit_seconds = 0;    // CPU seconds (user + system); 0: none
  std::uint64_t memory_limit = 0;  // bytes of address space; 0: none
  bool isolate = false;            // each file solved in a child process (run_child)
  // The child: a program and its first arguments that hand the rest to
  // run_child (the CLI: /proc/self/exe and its hidden command). Needed with
  // isolate or a limit.
  std::vector<std::string> child_command;
  // One line per finished instance (JSON Lines, appended, synced in groups);
  // with resume, the rows a killed run logged are taken back from it.
  std::filesystem::path joblog;
  // A previous report (FILE.json or FILE.csv): its OK and FAIL rows are kept,
  // every other file (failed, timed out, out of memory, erred, or not in it)
  // is solved again, and the report holds both.
  std::filesystem::path rerun_failed;
  unsigned jobs = 0;               // instances at once; 0: one per thread
  unsigned threads = 0;            // the pool; 0: all cores
  unsigned part = 1, parts = 1;    // solve only part I of K (a stable shard of the files)
  // Solver configurations: each kind's solver options by its name (a
  // K::Options, as the kind's own command takes them: queens' count
  // method, lizards' algorithm and seed, ...); a kind not named solves
  // with its defaults. `config` names the configuration (--config NAME),
  // stored in every row and in the report, so runs can be told apart.
  std::map<std::string, std::any> solver;
  std::string config;
  // Expected answers: a manifest (CSV: columns file, expected, optional id;
  // docs/batch.md), and whether an index.csv in an instance's directory or
  // one above it (up to the root as given) counts as one too.
  std::filesystem::path expected;
  bool expected_beside = true;
  // Provenance, for the report: the command line as given, and the solver
  // options as the command took them (name -> value, defaults included).
  std::vector<std::string> command_line;
  std::map<std::string, std::string> settings;
  const StopSource* stop = nullptr;  // Ctrl-C: unfinished rows stay out of the report
  KindTable kinds;                   // the kinds it knows; empty: registered_kinds()
  // Several processes sharing the work (batch --mpi): the index of the next
  // file to take, counting the regular files in walk order (which every
  // process walks alike); the indices one process is given must increase
  // (it walks on to each), and one past the end ends the walk. Empty: this
  // process takes every file. Files left to others are not counted here.
  std::function<std::size_t()> next_file;
  // Paths that do not exist become ERROR rows instead of stopping the run
  // before it starts (paths listed on stdin: one gone is one row).
  bool missing_paths_are_rows = false;
  // Remove the stale temporaries of a killed run from outdir first (one
  // process of several does it, before the others start).
  bool clean_outdir = true;
  // Account for what the walk passed over (the skipped list and its
  // warnings, directories without instances); of several processes walking
  // the same paths, one does. A file's own row is always its taker's.
  bool walk_report = true;
  // One line for the user (a warning, an output not written, a verification
  // mismatch), called from any thread, one call at a time.
  std::function<void(const std::string&)> message;
};

// Live counters for a display (the CLI's progress bar): files and instances
// as they finish (files: all regular files, counted by a walk that reads no
// file first).
struct Tally {
  std::atomic<std::size_t> files{0}, files_done{0};
  std::atomic<std::size_t> done{0}, fail{0}, error{0}, timeout{0};
};

// The kind of a text from its head, as batch decides it among `kinds`
// (empty: the registry's): its name ("lizards", "queens", ...), or empty
// with the reason in `why`.
std::string detect_kind(std::string_view head, std::string& why, KindTable kinds = {});

// nursery verify FILE ANSWER, for any kind, in two steps, so that the
// reader (the CLI: standard input, FIFOs, a progress bar) reads no more of
// a file than its kind allows (a reader of /dev/zero would run out of
// memory). First FILE's kind from its head (its first 64 KiB), as batch
// reads it; InputError "FILE:1: expected a lizards board, ..." for a file
// of no kind batch knows. Its size_limit: the most bytes a file of that
// kind can hold, from the head's first 4 KiB (nullopt: no bound; InputError
// when the head already rules the file out).
struct VerifyKind {
  std::string name;  // "lizards", "queens", "skyscrapers"
  // Whether verify --at-least means something for it, and if not, the
  // kinds it does mean something for ("a lizards board"), for the message.
  bool verifies_at_least = false;
  std::string at_least_for;
  std::uint64_t (*limit)(std::string_view head, const std::string& name) = nullptr;
  std::optional<std::uint64_t> size_limit(std::string_view head, const std::string& input) const {
    if (limit == nullptr) return std::nullopt;
    return limit(head.substr(0, 4096), input);
  }
};
// Among `kinds` (empty: the registry's).
VerifyKind verify_kind(std::string_view head, const std::string& input, KindTable kinds = {});
// Then the kind's independent checker over every puzzle of the texts,
// polling `budget`; `progress` (optional) counts the puzzles checked.
// nullopt when the budget ended the check. `ask.at_least_p` is for lizards
// boards only (std::invalid_argument for another kind); `kinds` as
// verify_kind's.
std::optional<std::vector<Checked>> verify_texts(std::string_view input, std::string_view answer,
                                                 const std::string& input_name,
                                                 const std::string& answer_name,
                                                 const Budget& budget, Progress* progress = nullptr,
                                                 const VerifyAsk& ask = {}, KindTable kinds = {});

// nursery verify BOARD --bound CERT (verify_bound.cpp): a lizards bound
// certificate (docs/lizards.md, "Bound certificates") checked against its
// board by code that shares nothing with the solver, in one pass over the
// certificate and one over the cells: every clique is one (a run of empty
// cells along a line, a 2 x 2 window, an empty cell), every empty cell is
// covered by weight 1 or more, and the weights sum to no more than the
// bound claimed (plus 1, the floor). Valid: "bound B proven (...)"; invalid:
// why not (the line of the certificate, the cell). InputError
// "FILE:LINE: expected ..., found ..." for a malformed board or
// certificate; nothing when `budget` was spent first.
std::optional<Verification> verify_bound(std::string_view board, std::string_view certificate,
                                         const std::string& board_name,
                                         const std::string& certificate_name,
                                         const Budget& budget = {});

// What batch may delete, and nothing else: a file named like nursery's own
// temporaries (`.NAME.tmp.PID`, `.NAME.tmp.PID.SEQ`) whose process PID no
// longer runs (a killed run's half-written answer or report). A user's
// `.notes.tmp.keep`, and the temporaries of a batch still running, are not.
bool stale_temporary(const std::string& name);

// Creates OUTDIR and removes the stale temporaries (stale_temporary) a
// killed run left there. Throws std::invalid_argument when it cannot be
// created.
void prepare_outdir(const std::filesystem::path& outdir);
// Removes the stale temporaries of a report FILE beside it (`.FILE.tmp.PID`,
// MPI ranks' `.FILE.rankK.json.tmp.PID`).
void remove_stale_report_temporaries(const std::filesystem::path& report);

// Runs the whole batch and writes the report. Throws std::invalid_argument
// for options that cannot work together (resume without outdir, a report
// name that is neither .json nor .csv, an outdir that cannot be created).
Summary run(const Options& options, Tally* tally = nullptr);

// The child of isolated mode: solves the one file its arguments name (made
// by batch::run from Options::child_command), under the limits they give
// (setrlimit, a CPU watchdog; it dies with its parent), and writes its rows
// and answer to `out_fd`. `stop`: the process's own (SIGTERM). Returns the
// process's exit status: 0 when its rows were written. `solver`: the
// kinds' solver options (Options::solver), as the parent's command line
// gave them to the CLI, which reads them again in the child.
int run_child(const std::vector<std::string>& arguments, int out_fd, const StopSource* stop,
              std::map<std::string, std::any> solver = {});

// Joins the JSON reports of a run's parts (batch --part I/K) into `out`, as
// one run would have written it: rows in walk order, summary counts added
// up, the longest part's time, the most jobs and threads of one part.
// Throws std::invalid_argument naming a file that is no batch report, and
// (with `check_parts`) naming the reports that are not exactly the parts
// 1..K of one run over the same roots: a part given twice, a whole run's
// report with others, parts of different runs, a part missing.
Summary merge_reports(const std::vector<std::string>& reports, const std::filesystem::path& out,
                      bool check_parts = true);

// 0 done, 1 a verification mismatch, 2 ERROR rows, answers or the report
// not written, 3 timeouts or limits reached, 130 interrupted.
int exit_code(const Summary& summary);
std::string summary_line(const Summary& summary);

// Rows that finished (pending ones are left out), as the report's text.
std::string report_json(const std::vector<const Row*>& rows, const std::vector<Skipped>& skipped,
                        const Summary& summary);
std::string report_csv(const std::vector<const Row*>& rows);

}  // namespace nursery::batch
