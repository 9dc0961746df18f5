// The command line of every command: Boost.Program_options parsing with
// messages in the user's words, and the options every command shares.
#include "options.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace nursery::cli {

namespace {

// The positional arguments' option keys, in order ("n"; "input", "output").
std::vector<std::string> positional_keys(const po::positional_options_description& positionals) {
  std::vector<std::string> keys;
  unsigned most = std::min(positionals.max_total_count(), 16u);
  for (unsigned i = 0; i < most; ++i) {
    const auto& key = positionals.name_for_position(i);
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  return keys;
}

// What the user calls a positional argument: its value_name ("N", "FILE"),
// or its key in capitals.
std::string display_name(const po::options_description& options, const std::string& key) {
  if (const auto* description = options.find_nothrow(key, false)) {
    std::string name = description->semantic()->name();
    name = name.substr(0, name.find(' '));
    if (!name.empty() && name != "arg" && name[0] != '[') return name;
  }
  std::string upper = key;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

// "nursery count N [options]": the first line of the usage text up to its
// first option.
std::string short_usage(const char* usage) {
  std::string line(usage);
  line = line.substr(0, line.find('\n'));
  if (line.rfind("usage: ", 0) == 0) line.erase(0, 7);
  std::istringstream words(line);
  std::string word, out;
  while (words >> word) {
    if (word[0] == '-' || word.rfind("[-", 0) == 0) break;
    out += (out.empty() ? "" : " ") + word;
  }
  return out + " [options]";
}

// An option of a parsed command line as its messages name it: a positional
// by its display name (N, FILE), the others as typed (-o, --report).
std::string name_as_given(const po::options_description& options, const po::option& option) {
  return option.position_key >= 0 ? display_name(options, option.string_key)
                                  : option_name(option.string_key);
}

// Boost reads "-1" into an unsigned option as 2^64 - 1: a negative number
// given where only counts make sense is refused as negative instead.
void refuse_negative_unsigned(const po::parsed_options& parsed,
                              const po::options_description& options) {
  for (const auto& option : parsed.options) {
    const auto* description = options.find_nothrow(option.string_key, false);
    if (description == nullptr) continue;
    const auto* semantic = description->semantic().get();
    bool is_unsigned = dynamic_cast<const po::typed_value<unsigned long>*>(semantic) != nullptr ||
                       dynamic_cast<const po::typed_value<unsigned int>*>(semantic) != nullptr;
    if (!is_unsigned) continue;
    for (const auto& value : option.value) {
      auto first = value.find_first_not_of(" \t");
      if (first != std::string::npos && value[first] == '-') {
        throw UsageError(name_as_given(options, option) + ": expected a number >= 0, found '" +
                         value + "'");
      }
    }
  }
}

// An empty path is no path: `--report ""` (an unset variable in a script)
// would silently mean "no report", `--checkpoint ""` a count that keeps
// nothing. Every option that names a file or directory, positional ones
// included, is refused when empty.
void refuse_empty_paths(const po::parsed_options& parsed, const po::options_description& options) {
  static const char* const kPathKeys[] = {
      "output", "report", "checkpoint",      "plot",      "max-board",   "merge", "input",
      "answer", "path",   "baseline-source", "peer-join", "peer-takaken"};
  for (const auto& option : parsed.options) {
    if (std::find_if(std::begin(kPathKeys), std::end(kPathKeys), [&](const char* key) {
          return option.string_key == key;
        }) == std::end(kPathKeys))
      continue;
    for (const auto& value : option.value) {
      if (!value.empty()) continue;
      throw usage_error(name_as_given(options, option) + ": expected a path, found an empty one");
    }
  }
}

// A Boost error about a positional argument, in the user's words:
// "count: missing N (usage: nursery count N [options])".
// The option a mistyped one most likely meant ("--unique" for "--uniqe"),
// or nothing: two edits at most. Only options a user types: not the
// hidden names of positional arguments (N is no --n).
std::string nearest_option(const po::options_description& options, const std::string& typed,
                           const std::vector<std::string>& positional) {
  std::vector<std::string> names;
  for (const auto& option : options.options())
    if (std::find(positional.begin(), positional.end(), option->long_name()) == positional.end())
      names.push_back(option->long_name());
  std::string meant =
      nearest(typed.substr(std::min(typed.find_first_not_of('-'), typed.size())), names);
  return meant.empty() ? meant : "--" + meant;
}

UsageError reword(const po::error& e, const po::options_description& options,
                  const std::vector<std::string>& keys) {
  std::string message = e.what();
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e) != nullptr)
    return usage_error("too many arguments");
  if (const auto* unknown = dynamic_cast<const po::unknown_option*>(&e)) {
    std::string meant = nearest_option(options, unknown->get_option_name(), keys);
    if (!meant.empty()) return usage_error(message + "; did you mean '" + meant + "'?");
  }
  const auto* named = dynamic_cast<const po::error_with_option_name*>(&e);
  if (named == nullptr) return usage_error(message);
  std::string option = named->get_option_name();
  std::string key = option.substr(
      option.find_first_not_of('-') == std::string::npos ? 0 : option.find_first_not_of('-'));
  if (std::find(keys.begin(), keys.end(), key) == keys.end()) return usage_error(message);
  std::string name = display_name(options, key);
  if (dynamic_cast<const po::required_option*>(&e) != nullptr) return missing_argument(name);
  for (const std::string& quoted :
       {"option '--" + key + "'", "option '" + key + "'", "'--" + key + "'", "'" + key + "'"}) {
    auto at = message.find(quoted);
    if (at != std::string::npos) {
      message.replace(at, quoted.size(), name);
      break;
    }
  }
  return usage_error(message);
}

// The vocabulary's old spellings (docs/cli.md, "One vocabulary"): each is
// read as its new name for one release, with a note on stderr (none under
// --quiet). Declared once: the parser, --help and the tests read this table.
constexpr OldSpelling kOldSpellings[] = {
    {"gen skyscrapers", "size", "n"},
    {"gen skyscrapers", "count", "puzzles"},
    {"gen skyscrapers", "unique", "unique-solution"},
    {"batch", "merge-reports", "merge"},
};

// The old spellings --help lists under a command's options.
std::string old_spellings_help(const std::string& command) {
  std::string listed;
  for (const auto& old : old_spellings(command))
    listed += std::string(listed.empty() ? "" : ", ") + "--" + old.old_name + " (now --" +
              old.new_name + ")";
  return listed.empty()
             ? listed
             : "old spellings, read until " + std::string(kOldSpellingsGo) + ": " + listed + "\n";
}

}  // namespace

std::vector<OldSpelling> old_spellings(const std::string& command) {
  std::vector<OldSpelling> found;
  for (const auto& old : kOldSpellings)
    if (command == old.command) found.push_back(old);
  return found;
}

std::vector<std::string> in_new_spellings(const std::string& command,
                                          std::vector<std::string> words,
                                          std::vector<std::string>* notes) {
  const auto olds = old_spellings(command);
  for (auto& word : words) {
    if (word == "--") break;  // what follows is no option
    for (const auto& old : olds) {
      const std::string spelled = std::string("--") + old.old_name;
      if (word.rfind(spelled, 0) != 0 ||
          (word.size() > spelled.size() && word[spelled.size()] != '='))
        continue;
      word = std::string("--") + old.new_name + word.substr(spelled.size());
      if (notes != nullptr)
        notes->push_back("note: " + spelled + " is now --" + old.new_name +
                         "; the old spelling goes in " + kOldSpellingsGo);
    }
  }
  return words;
}

bool parse_command_line(int argc, char** argv, const char* usage,
                        const po::options_description& options,
                        const po::positional_options_description& positionals,
                        po::variables_map& vm) {
  std::string command = argc > 0 ? argv[0] : "";
  if (command.rfind("nursery ", 0) == 0) command.erase(0, 8);
  set_command(command, short_usage(usage));
  const auto keys = positional_keys(positionals);
  std::vector<std::string> said;  // the notes of old spellings, once --quiet is known
  const auto words = in_new_spellings(
      command, std::vector<std::string>(argv + std::min(argc, 1), argv + argc), &said);
  try {
    auto parsed = po::command_line_parser(words).options(options).positional(positionals).run();
    refuse_negative_unsigned(parsed, options);
    refuse_empty_paths(parsed, options);
    po::store(parsed, vm);
  } catch (const po::error& e) {
    throw reword(e, options, keys);
  }
  set_json_pretty(vm.count("json-pretty") != 0);
  set_quiet(vm.count("quiet") != 0);
  if (quiet()) {
    spdlog::set_level(spdlog::level::err);
    if (vm.count("progress") != 0) throw usage_error("--quiet and --progress: pick one");
  }
  if (vm.count("help")) {
    // The positional arguments are named in the usage lines, not as options.
    po::options_description shown("options");
    for (const auto& option : options.options())
      if (std::find(keys.begin(), keys.end(), option->long_name()) == keys.end()) shown.add(option);
    std::cout << usage << "\n\n" << shown << '\n' << old_spellings_help(command);
    return false;
  }
  try {
    po::notify(vm);
  } catch (const po::error& e) {
    throw reword(e, options, keys);
  }
  // After the values are checked: a refused one is the run's one line.
  for (const auto& note : said) notes() << note << '\n';
  return true;
}

po::options_description command_options() {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "quiet,q", "results and errors only: no progress bar, notes or logs on stderr");
  return options;
}

void add_shared(po::options_description& options, unsigned which, const char* timeout_help) {
  auto add = options.add_options();
  if (which & kThreads)
    add("threads,t", po::value<std::string>()->default_value("auto"),
        "worker threads, 1 to 4096 (more than the cores run on the cores), or auto (all cores)");
  if (which & kTimeout) add("timeout", po::value<std::string>()->default_value("0"), timeout_help);
  if (which & kJson)
    add("json", "print the result as JSON on stdout, one line")(
        "json-pretty", "print the JSON indented (implies --json)");
  if (which & kStats) add("stats,s", "print search statistics on stderr");
  if (which & kProgress)
    add("progress", "show a progress bar")("no-progress", "never show a progress bar");
}

SharedOptions read_shared(const po::variables_map& vm) {
  SharedOptions shared;
  if (vm.count("threads"))
    shared.threads = usable_threads(parse_threads(vm["threads"].as<std::string>()));
  if (vm.count("timeout")) shared.timeout = parse_timeout(vm["timeout"].as<std::string>());
  shared.json = json_wanted(vm);
  shared.stats = vm.count("stats") != 0;
  shared.progress = progress_wanted(vm);
  return shared;
}

std::string option_name(const std::string& key) {
  return key == "output" ? "-o" : "--" + key;
}

void refuse_unused(const po::variables_map& vm, const std::string& option,
                   std::initializer_list<const char*> unused, const std::string& why) {
  for (const char* key : unused)
    if (vm.count(key) != 0 && !vm[key].defaulted())
      throw usage_error(option + " and " + option_name(key) + ": " + why);
}

bool json_wanted(const po::variables_map& vm) {
  return vm.count("json") != 0 || vm.count("json-pretty") != 0;
}

bool progress_wanted(const po::variables_map& vm) {
  if (vm.count("no-progress") || quiet()) return false;
  if (vm.count("progress")) return true;
  return ::isatty(STDERR_FILENO) != 0;
}
}  // namespace nursery::cli
