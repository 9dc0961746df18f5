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

bool parse_command_line(int argc, char** argv, const char* usage,
                        const po::options_description& options,
                        const po::positional_options_description& positionals,
                        po::variables_map& vm) {
  try {
    po::store(po::command_line_parser(argc, argv).options(options).positional(positionals).run(),
              vm);
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
void on_interrupt(int) {
  g_interrupt.request(StopReason::cancelled);
}
}  // namespace

const StopSource& interrupt_source() {
  return g_interrupt;
}

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

std::string write_temporary(const std::filesystem::path& path, const std::string& text, bool sync) {
  auto directory = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  // (built with append: GCC 12 warns falsely on "." + string)
  std::string name(1, '.');
  name.append(path.filename().string()).append(".tmp.").append(std::to_string(::getpid()));
  std::string temp = (directory / name).string();
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(path.string() + ": cannot create temporary file " + temp);
  const char* data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      ::unlink(temp.c_str());
      throw std::runtime_error(path.string() + ": write failed");
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  bool synced = !sync || ::fsync(fd) == 0;
  if (::close(fd) != 0 || !synced) {
    ::unlink(temp.c_str());
    throw std::runtime_error(path.string() + ": cannot flush temporary file");
  }
  return temp;
}

void commit_temporary(const std::string& temporary, const std::filesystem::path& path) {
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    ::unlink(temporary.c_str());
    throw std::runtime_error(path.string() + ": cannot rename temporary file into place");
  }
}

void sync_filesystem(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(path.string() + ": cannot open to sync");
  int status = ::syncfs(fd);
  ::close(fd);
  if (status != 0) throw std::runtime_error(path.string() + ": cannot sync the file system");
}

void write_atomically(const std::filesystem::path& path, const std::string& text) {
  commit_temporary(write_temporary(path, text, true), path);
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

nlohmann::json count_json(Count value) {
  if (value <= std::numeric_limits<std::uint64_t>::max()) return static_cast<std::uint64_t>(value);
  return to_string(value);
}

nlohmann::json stats_json(const Stats& stats) {
  return {{"nodes", stats.nodes},
          {"nodes_per_second", stats.nodes_per_second()},
          {"subproblems", stats.subproblems},
          {"subproblems_done", stats.subproblems_done},
          {"threads", stats.threads},
          {"split_seconds", stats.split_seconds},
          {"wall_seconds", stats.wall_seconds},
          {"cpu_seconds", stats.cpu_seconds}};
}

bool progress_wanted(const po::variables_map& vm) {
  if (vm.count("no-progress")) return false;
  if (vm.count("progress")) return true;
  return ::isatty(STDERR_FILENO) != 0;
}

ProgressBar::ProgressBar(const Progress& progress, bool enabled, std::string label)
    : progress_(progress), label_(std::move(label)) {
  if (!enabled) return;
  thread_ = std::thread([this] {
    auto start = std::chrono::steady_clock::now();
    while (!finished_.load()) {
      for (int i = 0; i < 4 && !finished_.load(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      draw(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
           finished_.load());
    }
  });
}

ProgressBar::~ProgressBar() {
  finished_.store(true);
  if (thread_.joinable()) {
    thread_.join();
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

void ProgressBar::draw(double elapsed, bool last) {
  if (last) return;
  auto total = progress_.total.load(std::memory_order_relaxed);
  auto done = progress_.done.load(std::memory_order_relaxed);
  double fraction = total > 0 ? static_cast<double>(done) / total : 0;
  constexpr int kWidth = 30;
  int filled = static_cast<int>(fraction * kWidth);
  std::string bar(filled, '#');
  bar.resize(kWidth, '.');
  double rate = elapsed > 0 ? progress_.nodes.load(std::memory_order_relaxed) / elapsed : 0;
  char eta[32] = "--";
  if (done > 0 && done < total)
    std::snprintf(eta, sizeof eta, "%.0fs", elapsed * (total - done) / done);
  std::fprintf(stderr, "\r\033[K%s [%s] %llu/%llu %3.0f%%  %.3g nodes/s  ETA %s", label_.c_str(),
               bar.c_str(), static_cast<unsigned long long>(done),
               static_cast<unsigned long long>(total), 100 * fraction, rate, eta);
  std::fflush(stderr);
}

}  // namespace nursery::cli
