#include "cli.hpp"

#include <nursery/input.hpp>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

namespace nursery::cli {

namespace {

// The command being run ("count") and its short usage ("nursery count N
// [options]"), for the messages about its positional arguments.
std::string g_command;
std::string g_usage;
// --json-pretty was given: print_json indents.
bool g_json_pretty = false;

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
        std::string name = option.position_key >= 0 ? display_name(options, option.string_key)
                                                    : "--" + option.string_key;
        throw UsageError(name + ": expected a number >= 0, found '" + value + "'");
      }
    }
  }
}

// A Boost error about a positional argument, in the user's words:
// "count: missing N (usage: nursery count N [options])".
// The option a mistyped one most likely meant ("--unique" for "--uniqe"),
// or nothing: two edits at most.
std::string nearest_option(const po::options_description& options, const std::string& typed) {
  std::string key = typed.substr(std::min(typed.find_first_not_of('-'), typed.size()));
  std::string best;
  std::size_t best_distance = 3;
  for (const auto& option : options.options()) {
    const std::string& name = option->long_name();
    if (name.empty()) continue;
    std::size_t d = edit_distance(key, name);
    if (d < best_distance) {
      best = "--" + name;
      best_distance = d;
    }
  }
  return best;
}

UsageError reword(const po::error& e, const po::options_description& options,
                  const std::vector<std::string>& keys) {
  std::string message = e.what();
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e) != nullptr)
    return usage_error("too many arguments");
  if (const auto* unknown = dynamic_cast<const po::unknown_option*>(&e)) {
    std::string meant = nearest_option(options, unknown->get_option_name());
    if (!meant.empty()) return usage_error(message + "; did you mean '" + meant + "'?");
  }
  const auto* named = dynamic_cast<const po::error_with_option_name*>(&e);
  if (named == nullptr) return UsageError(message);
  std::string option = named->get_option_name();
  std::string key = option.substr(
      option.find_first_not_of('-') == std::string::npos ? 0 : option.find_first_not_of('-'));
  if (std::find(keys.begin(), keys.end(), key) == keys.end()) return UsageError(message);
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

}  // namespace

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

UsageError usage_error(const std::string& what) {
  if (g_command.empty()) return UsageError(what);
  return UsageError(g_command + ": " + what + " (usage: " + g_usage + ")");
}

UsageError missing_argument(const std::string& name) {
  return usage_error("missing " + name);
}

bool parse_command_line(int argc, char** argv, const char* usage,
                        const po::options_description& options,
                        const po::positional_options_description& positionals,
                        po::variables_map& vm) {
  g_command = argc > 0 ? argv[0] : "";
  if (g_command.rfind("nursery ", 0) == 0) g_command.erase(0, 8);
  g_usage = short_usage(usage);
  const auto keys = positional_keys(positionals);
  try {
    auto parsed =
        po::command_line_parser(argc, argv).options(options).positional(positionals).run();
    refuse_negative_unsigned(parsed, options);
    po::store(parsed, vm);
  } catch (const po::error& e) {
    throw reword(e, options, keys);
  }
  g_json_pretty = vm.count("json-pretty") != 0;
  if (vm.count("help")) {
    // The positional arguments are named in the usage lines, not as options.
    po::options_description shown("options");
    for (const auto& option : options.options())
      if (std::find(keys.begin(), keys.end(), option->long_name()) == keys.end()) shown.add(option);
    std::cout << usage << "\n\n" << shown << '\n';
    return false;
  }
  try {
    po::notify(vm);
  } catch (const po::error& e) {
    throw reword(e, options, keys);
  }
  return true;
}

namespace {
StopSource g_interrupt;
volatile std::sig_atomic_t g_signal = 0;
void on_interrupt(int signal) {
  g_signal = signal;
  g_interrupt.request(StopReason::cancelled);
}
}  // namespace

const StopSource& interrupt_source() {
  return g_interrupt;
}

int interrupted_status() {
  return g_signal == SIGTERM ? 128 + SIGTERM : kExitInterrupted;
}

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

std::function<void(const double&)> within(const char* option, const char* unit, double low,
                                          double high) {
  return [=](const double& value) {
    if (std::isfinite(value) && value >= low && value <= high) return;
    char text[160];
    std::snprintf(text, sizeof text, "%s: expected %s from %g to %.15g, found %g", option, unit, low,
                  high, value);
    throw usage_error(text);
  };
}

unsigned parse_threads(const std::string& text) {
  if (text == "auto" || text == "all") return 0;
  std::size_t used = 0;
  long value = -1;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || value < 1 || value > 4096)
    throw UsageError("--threads: expected a number of threads from 1 to 4096 or 'auto', found '" +
                     text + "'");
  return static_cast<unsigned>(value);
}

namespace {

// An input that cannot be opened twice (standard input, a FIFO, a process
// substitution, /dev/stdin): read once, from one descriptor, and kept, so a
// command may read its head and then the rest.
struct Stream {
  int fd = -1;
  std::string text;
  bool ended = false;
};
std::map<std::string, Stream> g_streams;

[[noreturn]] void stopped_while(const std::string& what, const std::string& path) {
  throw Interrupted(path + ": interrupted while " + what);
}

// Whether `path` is a regular file that may be opened again (not one the
// system makes up on each open: /dev/stdin of a pipe, /proc/self/fd/N).
bool reopenable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  return path.rfind("/dev/", 0) != 0 && path.rfind("/proc/", 0) != 0;
}

}  // namespace

std::string read_input(const std::string& path, std::size_t most) {
  if (!is_stdio(path) && reopenable(path)) {
    std::string text, error;
    if (!read_file(path, most, text, error)) throw UsageError(path + ": " + error);
    return text;
  }
  const std::string name = is_stdio(path) ? "stdin" : path;
  Stream& stream = g_streams[is_stdio(path) ? std::string("-") : path];
  if (stream.fd < 0 && !stream.ended) {
    if (is_stdio(path)) {
      stream.fd = STDIN_FILENO;
    } else {
      // A FIFO's open waits for a writer: Ctrl-C and SIGTERM interrupt it
      // (the handler is installed without SA_RESTART).
      while ((stream.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) < 0) {
        if (errno != EINTR) throw UsageError(path + ": " + std::strerror(errno));
        if (interrupt_source().requested()) stopped_while("opening", path);
      }
    }
  }
  char buffer[1 << 16];
  while (!stream.ended && (most == 0 || stream.text.size() < most)) {
    ssize_t got = ::read(stream.fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) {
      if (interrupt_source().requested()) stopped_while("reading", name);
      continue;
    }
    if (got < 0) throw UsageError(name + ": " + std::strerror(errno));
    if (got == 0) {
      stream.ended = true;
      if (stream.fd != STDIN_FILENO) ::close(stream.fd);
      stream.fd = -1;
    }
    stream.text.append(buffer, static_cast<std::size_t>(got));
  }
  return most == 0 ? stream.text : stream.text.substr(0, most);
}

void write_output(const std::string& path, const std::string& text) {
  if (is_stdio(path) || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1") {
    std::cout.flush();
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      throw UsageError(std::string("stdout: ") + std::strerror(errno != 0 ? errno : EIO));
    return;
  }
  try {
    write_atomically(path, text);
  } catch (const std::runtime_error& e) {
    // A FIFO's open waits for a reader: a signal ends the wait.
    if (interrupt_source().requested()) stopped_while("writing", path);
    throw UsageError(e.what());
  }
}

namespace {

// Whether two names reach one file: the same inode when the first exists
// (links and other spellings included), else the same normal path.
bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) == 0)
    return ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  // (absolute first: GCC 12's weakly_canonical leaves a lone missing "X" relative)
  std::error_code error;
  auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a, error), error);
  if (error) return false;
  auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b, error), error);
  return !error && ca == cb;
}

// Outputs written in place (devices, FIFOs, stdout) destroy nothing.
bool replaced(const std::string& path) {
  if (path.empty() || is_stdio(path)) return false;
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

}  // namespace

void refuse_clobbering(const std::vector<std::string>& inputs, const std::vector<Named>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& [option, path] = outputs[i];
    if (!replaced(path)) continue;
    for (const auto& input : inputs)
      if (!input.empty() && !is_stdio(input) && same_file(input, path))
        throw usage_error(option + " " + path + ": is the input " + input +
                          ", which the answer would replace (choose another output)");
    for (std::size_t j = 0; j < i; ++j)
      if (replaced(outputs[j].second) && same_file(outputs[j].second, path))
        throw usage_error(option + " " + path + ": is also " + outputs[j].first +
                          "'s file; one would replace the other (choose two names)");
  }
}

std::string picture_format(const std::string* asked, const std::string& output) {
  const bool png_named = output.size() > 4 && output.compare(output.size() - 4, 4, ".png") == 0;
  const std::string format = asked ? *asked : png_named ? "png" : "svg";
  if (format != "svg" && format != "png")
    throw UsageError("--format: expected svg or png, found '" + format + "'");
  if (format == "png" && is_stdio(output) && ::isatty(STDOUT_FILENO) != 0)
    throw UsageError("--format png: standard output is a terminal; send the picture to a file");
  return format;
}

std::string printable(const std::string& text) {
  // escaped() for everything but the two a reader knows: \n and \t.
  std::string out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '\n' && text[i] != '\t') continue;
    out += escaped(std::string_view(text).substr(start, i - start));
    if (i < text.size()) out += text[i] == '\n' ? "\\n" : "\\t";
    start = i + 1;
  }
  return out;
}

double parse_timeout(const std::string& text) {
  // Seconds, or a number with GNU timeout's suffixes: s, m, h, d.
  std::size_t used = 0;
  double value = -1;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used > 0 && used + 1 == text.size()) {
    switch (text.back()) {
      case 's': used += 1; break;
      case 'm': used += 1; value *= 60; break;
      case 'h': used += 1; value *= 3600; break;
      case 'd': used += 1; value *= 86400; break;
      default: break;
    }
  }
  if (used != text.size() || !std::isfinite(value) || value < 0 || value > kMaxTimeout) {
    char range[96];
    std::snprintf(range, sizeof range, "seconds from 0 to %.0f (0: none; or 30s, 5m, 2h, 1d)",
                  kMaxTimeout);
    throw UsageError(std::string("--timeout: expected ") + range + ", found '" + text + "'");
  }
  return value;
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

unsigned usable_threads(unsigned asked) {
  // More threads than the cores (as oneTBB counts them: the process's
  // affinity mask) run on the cores: a CPU-bound search gains nothing from
  // more, and thousands of threads on two cores made every set-up, frontier
  // and stop slower than the deadline (--threads 4096 --timeout 1 took 18 s).
  const auto cores = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  return asked == 0 ? 0 : std::min(asked, cores);
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

bool json_wanted(const po::variables_map& vm) {
  return vm.count("json") != 0 || vm.count("json-pretty") != 0;
}

namespace {

// Strings that are not UTF-8 (a puzzle id or file name with byte 0xFF)
// written with \xNN escapes (input.hpp's escaped): JSON holds only UTF-8,
// and one such byte must not lose the whole result.
void make_utf8(nlohmann::json& value) {
  if (value.is_string()) {
    auto& text = value.get_ref<std::string&>();
    if (!valid_utf8(text)) text = escaped(text);
  } else if (value.is_structured()) {
    for (auto& item : value) make_utf8(item);
  }
}

}  // namespace

void print_json(const nlohmann::json& value) {
  nlohmann::json safe = value;
  make_utf8(safe);
  std::cout << safe.dump(g_json_pretty ? 2 : -1) << '\n';
}

const char* status_word(int exit_status) {
  switch (exit_status) {
    case kExitSuccess:
      return "OK";
    case kExitNoSolution:
      return "FAIL";
    case kExitUsage:
      return "ERROR";
    case kExitTimeout:
      return "TIMEOUT";
    case kExitUnverified:
      return "UNVERIFIED";
    default:
      return "INTERRUPTED";
  }
}

Deadline::Deadline(double seconds) {
  if (seconds <= 0) return;
  auto until = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(seconds));
  thread_ = std::thread([this, until] {
    std::unique_lock lock(mutex_);
    if (!wake_.wait_until(lock, until, [this] { return done_; }))
      stop_.request(StopReason::timeout);
  });
}

Deadline::~Deadline() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

int Deadline::exit_status() const {
  // Ctrl-C wins over a deadline that passed while the run was ending.
  if (interrupt_source().requested()) return kExitInterrupted;
  return stop_.reason() == StopReason::timeout ? kExitTimeout : kExitInterrupted;
}

bool progress_wanted(const po::variables_map& vm) {
  if (vm.count("no-progress")) return false;
  if (vm.count("progress")) return true;
  return ::isatty(STDERR_FILENO) != 0;
}

std::mutex& stderr_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::size_t terminal_columns() {
  struct winsize size {};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value > 0 && value < 100000)
      return static_cast<std::size_t>(value);
  }
  return 80;
}

namespace {

// Characters on screen: UTF-8 continuation bytes take no column.
std::size_t columns_of(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

std::string join_fields(const std::vector<std::string>& fields) {
  std::string line;
  for (const auto& field : fields) line += (line.empty() ? "" : "  ") + field;
  return line;
}

}  // namespace

std::string ProgressBar::fit(const std::string& line, std::size_t columns) {
  // One column short of the width: a full line makes some terminals wrap.
  const std::size_t room = columns > 1 ? columns - 1 : 1;
  if (columns_of(line) <= room) return line;
  std::vector<std::string> fields;
  for (std::size_t start = 0;;) {
    std::size_t end = line.find("  ", start);
    fields.push_back(line.substr(start, end == std::string::npos ? end : end - start));
    if (end == std::string::npos) break;
    start = line.find_first_not_of(' ', end);
    if (start == std::string::npos) break;
  }
  // First the gauge narrows (down to 10 cells), then the rate goes, then
  // fields from the right but the ETA, then the line is cut.
  auto too_long = [&] { return columns_of(join_fields(fields)) > room; };
  auto open = fields[0].find(" ["), close = fields[0].find(']');
  if (open != std::string::npos && close != std::string::npos && close > open + 2) {
    std::size_t cells = close - open - 2;
    const std::size_t over = columns_of(join_fields(fields)) - room;
    const std::size_t keep = cells > over + 10 ? cells - over : std::min<std::size_t>(cells, 10);
    fields[0].erase(open + 2 + keep, cells - keep);
  }
  for (std::size_t i = fields.size(); too_long() && i-- > 1;)
    if (fields[i].find("/s") != std::string::npos) fields.erase(fields.begin() + static_cast<long>(i));
  for (std::size_t i = fields.size(); too_long() && i-- > 1;)
    if (fields[i].rfind("ETA", 0) != 0) fields.erase(fields.begin() + static_cast<long>(i));
  std::string fitted = join_fields(fields);
  if (columns_of(fitted) > room) {
    std::size_t cut = 0;
    for (std::size_t shown = 0; cut < fitted.size(); ++cut) {
      if ((static_cast<unsigned char>(fitted[cut]) & 0xC0) != 0x80 && shown++ == room) break;
    }
    fitted.resize(cut);
  }
  return fitted;
}

ProgressBar::ProgressBar(bool enabled, Line line) : line_(std::move(line)) {
  if (!enabled) return;
  started_ = std::chrono::steady_clock::now();
  thread_ = std::thread([this] {
    const auto start = started_;
    while (!finished_.load()) {
      for (int i = 0; i < 4 && !finished_.load(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (finished_.load()) break;
      if (std::chrono::steady_clock::now().time_since_epoch().count() < hidden_until_.load())
        continue;
      double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      // The width is asked at every frame: the window may be resized.
      std::string text = fit(line_(elapsed), terminal_columns());
      std::lock_guard lock(stderr_mutex());
      std::fprintf(stderr, "\r\033[K%s", text.c_str());
      std::fflush(stderr);
    }
  });
}

ProgressBar::ProgressBar(const Progress& progress, bool enabled, const std::string& label)
    : ProgressBar(enabled, [&progress, label](double elapsed) {
        return run_line(progress, label, elapsed);
      }) {}

std::string ProgressBar::run_line(const Progress& progress, const std::string& label,
                                  double elapsed) {
  const double fraction = progress.fraction();
  const auto total = progress.total.load(std::memory_order_relaxed);
  const auto done = progress.done.load(std::memory_order_relaxed);
  const double rate = elapsed > 0 ? progress.nodes.load(std::memory_order_relaxed) / elapsed : 0;
  char text[96];
  std::snprintf(text, sizeof text, "  %llu/%llu subproblems  %.3g nodes/s  ETA ",
                static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                rate);
  return gauge(label, fraction) + text + eta(elapsed, fraction);
}

ProgressBar::~ProgressBar() {
  finished_.store(true);
  if (thread_.joinable()) {
    thread_.join();
    // The frame the run ended with, then a clean line: a log of stderr
    // (--progress without a terminal) always holds the bar's last state.
    std::string text =
        fit(line_(std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count()),
            terminal_columns());
    std::lock_guard lock(stderr_mutex());
    std::fprintf(stderr, "\r\033[K%s\r\033[K", text.c_str());
    std::fflush(stderr);
  }
}

void ProgressBar::hide() {
  if (!thread_.joinable()) return;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
  hidden_until_.store(until.time_since_epoch().count());
  std::lock_guard lock(stderr_mutex());
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

std::string ProgressBar::gauge(const std::string& label, double fraction) {
  fraction = std::clamp(fraction, 0.0, 1.0);
  constexpr int kWidth = 30;
  std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
  bar.resize(kWidth, '.');
  char text[96];
  std::snprintf(text, sizeof text, " [%s] %3.0f%%", bar.c_str(), 100 * fraction);
  return label + text;
}

std::string ProgressBar::eta(double elapsed, double fraction) {
  if (!(fraction > 0) || fraction >= 1) return "--";
  return duration_text(elapsed * (1 - fraction) / fraction);
}

std::string ProgressBar::gauge(const std::string& label, std::size_t done, std::size_t total) {
  double fraction = total > 0 ? static_cast<double>(done) / total : 0;
  constexpr int kWidth = 30;
  std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
  bar.resize(kWidth, '.');
  char text[96];
  std::snprintf(text, sizeof text, " [%s] %zu/%zu %3.0f%%", bar.c_str(), done, total,
                100 * fraction);
  return label + text;
}

std::string ProgressBar::eta(double elapsed, std::size_t done, std::size_t total) {
  if (done == 0 || done >= total) return "--";
  return duration_text(elapsed * static_cast<double>(total - done) / static_cast<double>(done));
}

}  // namespace nursery::cli
