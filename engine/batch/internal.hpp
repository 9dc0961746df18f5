// The parts of the batch engine shared by its files:
//   discover.cpp     the walk: paths, their kinds (sniffed), where answers go
//   kinds.cpp        the kind table; queens.cpp, lizards.cpp, skyscrapers.cpp its rows
//   run.cpp          lanes over the files, the writer, the report
//   report.cpp       rows as JSON or CSV, the summary line
#pragma once

#include <any>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <nursery/batch.hpp>
#include <nursery/input.hpp>
#include <nursery/scheduler.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nursery::batch {

namespace fs = std::filesystem;

struct KindEntry;

// A file the walk found: maybe an instance, decided by its content.
// Paths are kept as plain strings: a std::filesystem::path also keeps its
// split components, several times the memory over 100,000 files.
struct Source {
  std::string path;       // to open
  std::string display;    // as reported: the argument joined with the walk
  std::string output;     // its answer's mirror under OUTDIR (empty: no OUTDIR)
  bool declared = false;  // named as an instance (an argument, or "input" in its name)
};

struct Discovery {
  std::vector<Source> files;
  std::vector<Skipped> skipped;
  std::vector<std::string> directories;  // every directory walked (display form)
  std::vector<std::string> roots;        // the directory arguments (display form)
};

// Walks the arguments recursively (following symbolic links, each directory
// once), in name order, leaving out hidden entries and OUTDIR itself.
// With parts > 1 only the files of shard part-1 are listed (see shard_of).
Discovery discover(const std::vector<std::string>& arguments, const fs::path& outdir,
                   unsigned part = 1, unsigned parts = 1);

// The shard of a file: a hash of its path relative to the roots (as the
// answers mirror it under OUTDIR), so every part of a K-part run, on any
// machine, agrees on who solves what, and K parts cover every file once.
std::size_t shard_of(std::string_view relative, unsigned parts);

struct Settings {
  bool count = false;
  bool verify = false;
  bool outputs = false;  // answers are kept under OUTDIR
  double timeout = 0;
};

// One file of the batch: what discovery knows (path, kind, size) for its
// whole life; its text and parsed instances only while its lane works on it.
struct FileJob {
  Source source;
  const KindEntry* kind = nullptr;  // null: no instance (an ERROR row when declared)
  std::uintmax_t bytes = 0;
  std::uint64_t most = 0;           // the most bytes its kind lets it hold (0: no bound)
  bool sniffed = false;             // false: a stop came before its kind was known
  std::string text;    // while in its lane
  std::any problem;    // the kind's parsed instances, while in its lane
  std::vector<Row> rows;
  std::vector<std::string> answers;  // each row's part of the output, until written
};

// What the independent checker said of one answer.
struct Check {
  bool verified = false;
  std::string fault;  // non-empty: the checker rejected the answer
  std::string note;   // why nothing was checked (counts, unprovable FAIL)
};

// A kind as batch sees it: its facade's verbs, over one file's rows.
struct KindEntry {
  const char* name;
  Sniff (*sniff)(std::string_view head);
  bool homework_names;  // the answer to input.txt is output.txt beside it
  // Parses job.text into job.problem and one row per instance (its size
  // filled in). Throws InputError "file:line: expected ..., found ...".
  void (*load)(FileJob& job);
  // Solves instance `item`: the row's status, count, nodes and message,
  // and answers[item]. `inner`: threads of its own run (0: nest in the pool).
  void (*solve)(FileJob& job, std::size_t item, const Settings& settings,
                const StopSource& stop, unsigned inner);
  Check (*check)(const FileJob& job, std::size_t item, const Settings& settings);
  // Takes back the rows an existing output answers (marked resumed).
  void (*resume)(FileJob& job, const Settings& settings, const std::string& output);
  // The most bytes a file of this kind can hold, from its head (null: no
  // bound); throws InputError when the head already rules the file out.
  std::uint64_t (*size_limit)(std::string_view head, const std::string& name) = nullptr;
};

extern const KindEntry kQueens, kLizards, kSkyscrapers;

// The kind a text belongs to, most confident first; null and `why`
// ("empty file", "binary data", "not an instance ...") when none.
const KindEntry* detect(std::string_view head, std::string& why);

// The row status of a scheduler run: a run the batch's stop (Ctrl-C) cut
// short is unfinished (pending), not TIMEOUT.
Status from_scheduler(Status solved, nursery::Status status, const StopSource& stop);

// Counts the rows by status (pending rows are unfinished).
Summary summarize(const std::vector<const Row*>& rows);

// A decimal count alone on its text; nothing otherwise.
std::optional<Count> read_count(std::string_view text);

// Resuming a counted row from an answer that holds its count alone: false
// (and the row untouched) when the answer does not read as one.
bool resume_count(Row& row, std::string_view answer);

}  // namespace nursery::batch
