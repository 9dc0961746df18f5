#include "cli.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <limits>
#include <sstream>

namespace nursery::cli {

namespace {

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
        std::string name = option.position_key >= 0 ? option.string_key : "--" + option.string_key;
        throw UsageError(name + ": expected a number >= 0, found '" + value + "'");
      }
    }
  }
}

}  // namespace

bool parse_command_line(int argc, char** argv, const char* usage,
                        const po::options_description& options,
                        const po::positional_options_description& positionals,
                        po::variables_map& vm) {
  try {
    auto parsed =
        po::command_line_parser(argc, argv).options(options).positional(positionals).run();
    refuse_negative_unsigned(parsed, options);
    po::store(parsed, vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (vm.count("help")) {
    std::cout << usage << "\n\n" << options << '\n';
    return false;
  }
  try {
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
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

std::string read_input(const std::string& path) {
  std::string text, error;
  if (!read_file(path, 0, text, error)) throw UsageError(path + ": " + error);
  return text;
}

double parse_timeout(const std::string& text) {
  std::size_t used = 0;
  double value = -1;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !std::isfinite(value) || value < 0 || value > kMaxTimeout) {
    char range[64];
    std::snprintf(range, sizeof range, "seconds from 0 to %.0f (0: none)", kMaxTimeout);
    throw UsageError(std::string("--timeout: expected ") + range + ", found '" + text + "'");
  }
  return value;
}

void add_shared(po::options_description& options, unsigned which, const char* timeout_help) {
  auto add = options.add_options();
  if (which & kThreads)
    add("threads,t", po::value<std::string>()->default_value("auto"),
        "worker threads, 1 to 4096, or auto (all cores)");
  if (which & kTimeout) add("timeout", po::value<std::string>()->default_value("0"), timeout_help);
  if (which & kJson) add("json", "print the result as JSON on stdout");
  if (which & kStats) add("stats,s", "print search statistics on stderr");
  if (which & kProgress)
    add("progress", "show a progress bar")("no-progress", "never show a progress bar");
}

SharedOptions read_shared(const po::variables_map& vm) {
  SharedOptions shared;
  if (vm.count("threads")) shared.threads = parse_threads(vm["threads"].as<std::string>());
  if (vm.count("timeout")) shared.timeout = parse_timeout(vm["timeout"].as<std::string>());
  shared.json = vm.count("json") != 0;
  shared.stats = vm.count("stats") != 0;
  shared.progress = progress_wanted(vm);
  return shared;
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

ProgressBar::ProgressBar(bool enabled, Line line) : line_(std::move(line)) {
  if (!enabled) return;
  thread_ = std::thread([this] {
    auto start = std::chrono::steady_clock::now();
    while (!finished_.load()) {
      for (int i = 0; i < 4 && !finished_.load(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (finished_.load()) break;
      double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::string text = line_(elapsed);
      std::lock_guard lock(stderr_mutex());
      std::fprintf(stderr, "\r\033[K%s", text.c_str());
      std::fflush(stderr);
    }
  });
}

ProgressBar::ProgressBar(const Progress& progress, bool enabled, const std::string& label)
    : ProgressBar(enabled, [&progress, label](double elapsed) {
        auto total = progress.total.load(std::memory_order_relaxed);
        auto done = progress.done.load(std::memory_order_relaxed);
        double rate = elapsed > 0 ? progress.nodes.load(std::memory_order_relaxed) / elapsed : 0;
        char text[64];
        std::snprintf(text, sizeof text, "  %.3g nodes/s  ETA ", rate);
        return gauge(label, done, total) + text + eta(elapsed, done, total);
      }) {}

ProgressBar::~ProgressBar() {
  finished_.store(true);
  if (thread_.joinable()) {
    thread_.join();
    std::lock_guard lock(stderr_mutex());
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
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
  char text[32];
  std::snprintf(text, sizeof text, "%.0fs", elapsed * (total - done) / done);
  return text;
}

}  // namespace nursery::cli
