// nursery batch: the parts of the batch runner shared by its files.
//   batch_discover.cpp  the walk, kind detection by content, output names
//   batch_report.cpp    report rows as JSON or CSV, the summary line
//   batch.cpp           the command: loading, resuming, solving, verifying
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <nursery/count.hpp>
#include <nursery/lizards.hpp>
#include <nursery/skyscrapers.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nursery::cli::batch {

namespace fs = std::filesystem;

// ---- Discovery (batch_discover.cpp) ----------------------------------------

// A file the walk found: maybe an instance, decided by its content.
struct Source {
  fs::path path;          // to open
  std::string display;    // as reported: the argument joined with the walk
  fs::path output;        // its answer's mirror under OUTDIR (empty: no OUTDIR)
  bool declared = false;  // named as an instance (an argument, or "input" in its name)
};

// Something the walk passed over: not an instance, or not readable.
struct Skipped {
  std::string path;
  std::string reason;
  bool problem = false;  // unreadable, loop, junk: worth a warning on stderr
};

struct Discovery {
  std::vector<Source> files;
  std::vector<Skipped> skipped;
  std::vector<std::string> directories;  // every directory walked (display form)
  std::vector<std::string> roots;        // the directory arguments (display form)
};

// Walks the arguments recursively (following symbolic links, each directory
// once), in name order, leaving out hidden entries and OUTDIR itself.
Discovery discover(const std::vector<std::string>& arguments, const fs::path& outdir);

enum class Kind { unknown, lizards, queens, skyscrapers };
const char* to_string(Kind kind);

// The kind of a text from its first lines; `why` says what it looks like
// when unknown ("empty", "binary data", "text that is no instance").
Kind detect(std::string_view head, std::string& why);

// ---- Rows (batch_report.cpp) -----------------------------------------------

enum class Status { pending, ok, fail, timeout, error };
const char* to_string(Status status);

// One row of the report: one instance (a puzzle of a many-puzzle file has
// its own row, named by `id`).
struct Row {
  std::string path;
  std::string id;    // the puzzle's id inside a many-puzzle file; empty otherwise
  std::string kind;  // lizards, queens, skyscrapers; "-" when the kind is unknown
  std::string size;  // "8x8 p=8", "7x7", "n=12"
  Status status = Status::pending;
  std::optional<Count> count;  // --count, when exact
  double seconds = 0;          // solving wall time
  std::uint64_t nodes = 0;
  bool verified = false;  // the independent checker accepted the answer
  bool mismatch = false;  // the checker rejected it
  bool resumed = false;   // taken from an existing output (--resume)
  std::string message;    // ERROR: the parser's line; otherwise how, or why not verified
};

struct Summary {
  std::size_t instances = 0, ok = 0, fail = 0, timeout = 0, error = 0, unfinished = 0;
  std::size_t verified = 0, mismatches = 0, resumed = 0, skipped = 0, write_errors = 0;
  double seconds = 0;
  unsigned jobs = 0, threads = 0;
  bool interrupted = false;
  double rate() const;  // instances finished per second (resumed ones left out)
};

Summary summarize(const std::vector<const Row*>& rows, std::size_t skipped);
std::string summary_line(const Summary& summary);
// Rows that finished (pending ones are left out), as JSON or CSV text.
std::string report_json(const std::vector<const Row*>& rows, const std::vector<Skipped>& skipped,
                        const Summary& summary);
std::string report_csv(const std::vector<const Row*>& rows);

}  // namespace nursery::cli::batch
