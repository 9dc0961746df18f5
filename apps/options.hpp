// The command line of every command: parse_command_line, and the options
// every solving command shares, declared once with their ranges. The rest
// a command shares (errors, inputs, outputs, the progress bar) is
// cli/cli.hpp (apps/cli/, the CLI's internal library).
#pragma once

#include <boost/program_options.hpp>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <nursery/count.hpp>
#include <nursery/io.hpp>
#include <nursery/json.hpp>
#include <nursery/progress.hpp>
#include <nursery/stats.hpp>
#include <nursery/stop.hpp>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace nursery::cli {

namespace po = boost::program_options;

// Parses argv against `options` (+ positionals) and handles --help. Returns
// false when help was printed. Unknown options become UsageError.
// Positional arguments are shown under their value_name ("N", "FILE"; the
// key in capitals without one), never as the internal --key: --help leaves
// them out (the usage text names them), and a missing one reads
// "count: missing N (usage: nursery count N [options])", the short usage
// being the first line of `usage` up to its first option.
bool parse_command_line(int argc, char** argv, const char* usage,
                        const po::options_description& options,
                        const po::positional_options_description& positionals,
                        po::variables_map& vm);

// One vocabulary across commands (docs/cli.md): an option renamed keeps its
// old spelling for one release (until kOldSpellingsGo), read as the new
// name with a one-line note on stderr; parse_command_line does this for
// every command, --help lists them.
struct OldSpelling {
  const char* command;   // as the usage names it: "gen skyscrapers", "batch"
  const char* old_name;  // without its dashes: "size"
  const char* new_name;  // "n"
};
inline constexpr const char* kOldSpellingsGo = "0.3";
std::vector<OldSpelling> old_spellings(const std::string& command);
// `words` (a command's arguments, argv[0] left out) with every old spelling
// of `command` (--size, --size=4) in its new name, up to a `--`; each
// renaming's note ("note: --size is now --n; the old spelling goes in
// 0.3") added to `notes` when given.
std::vector<std::string> in_new_spellings(const std::string& command,
                                          std::vector<std::string> words,
                                          std::vector<std::string>* notes);

// A command's option table, --help/-h already in it.
po::options_description command_options();

// The options every solving command shares, declared once with their
// ranges: --threads/-t (1..4096 or auto), --timeout (finite seconds from 0
// to kMaxTimeout; 0: none), --json (one line) and --json-pretty (indented,
// implies --json), --stats/-s, --progress/--no-progress.
enum Shared : unsigned {
  kThreads = 1,
  kTimeout = 2,
  kJson = 4,
  kStats = 8,
  kProgress = 16,
  kSolving = kThreads | kTimeout | kJson | kStats | kProgress,
};
struct SharedOptions {
  unsigned threads = 0;  // 0: all cores
  double timeout = 0;    // seconds; 0: none
  bool json = false;     // --json or --json-pretty
  bool stats = false;
  bool progress = false;  // draw a bar (asked, or stderr is a terminal)
};
// `timeout_help` says what the deadline applies to ("seconds per instance").
void add_shared(po::options_description& options, unsigned which,
                const char* timeout_help = "seconds before giving up (0: none)");
SharedOptions read_shared(const po::variables_map& vm);

// An option the run would leave unused is refused, never dropped in
// silence: each of `unused` given on the command line (not a default) along
// with `option` is the error "OPTION and --UNUSED: WHY" (-o for output).
void refuse_unused(const po::variables_map& vm, const std::string& option,
                   std::initializer_list<const char*> unused, const std::string& why);
// How an option is written on the command line: "-o", or "--key".
std::string option_name(const std::string& key);
// --json or --json-pretty: whether the command prints JSON.
bool json_wanted(const po::variables_map& vm);
// --progress / --no-progress / default: only when stderr is a terminal.
bool progress_wanted(const po::variables_map& vm);

}  // namespace nursery::cli
