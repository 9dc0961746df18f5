// nursery bench queens, the measuring half (cli/bench.hpp): nursery's
// counters in this process, the baseline counter (bench/nqueens_mirror.c),
// the quarter-board join peer and Takaken's program each as a child
// process; wall seconds from each program's own clock or the run's
// statistics, CPU seconds from getrusage (the process's own, or its
// children's, before and after). The rows as table lines, JSON and the
// chart's points are bench_table.cpp's.
#include "cli/bench.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "cli/cli.hpp"
#include "nursery/json.hpp"
#include "nursery/scheduler.hpp"
#include "queens/counters.hpp"

namespace nursery::bench {

namespace {

double cpu_of(int who) {
  rusage usage{};
  getrusage(who, &usage);
  auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// A child's output, its exit status, and the CPU seconds it used.
struct Ran {
  std::string out;
  int status = 0;
  double cpu_seconds = 0;
};

[[noreturn]] void interrupted() {
  throw cli::Interrupted("bench: interrupted; the rows printed are whole, the rest not run");
}

// Runs `command` under /bin/sh, in a process group of its own, and reads
// its output. The stop (Ctrl-C, SIGTERM) is looked at whenever a read is
// interrupted and at least every 100 ms: the group (the shell and the
// baseline, which takes minutes from N = 18) is killed and reaped, and
// cli::Interrupted thrown.
Ran run_command(const std::string& command, const Budget& budget) {
  Ran ran;
  if (budget.stop_requested()) interrupted();
  const double before = cpu_of(RUSAGE_CHILDREN);
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("bench: cannot run " + command);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  pid_t child = -1;
  const int spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes,
                                  const_cast<char* const*>(argv), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  if (spawned != 0) {
    ::close(out[0]);
    throw std::runtime_error("bench: cannot run " + command);
  }
  bool stopped = false;
  char buffer[4096];
  for (;;) {
    if (budget.stop_requested()) {
      stopped = true;
      break;
    }
    pollfd ready{out[0], POLLIN, 0};
    if (::poll(&ready, 1, 100) <= 0) continue;  // EINTR or 100 ms: look at the stop
    const ssize_t got = ::read(out[0], buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    ran.out.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(out[0]);
  if (stopped) ::kill(-child, SIGTERM);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (stopped) interrupted();
  ran.status = status;  // reaped: its usage is counted now
  ran.cpu_seconds = cpu_of(RUSAGE_CHILDREN) - before;
  return ran;
}

// One program's runs at one N, each handed to the bench's progress as it ends.
class Runs {
 public:
  Runs(const QueensOptions& options, int n, std::string program, unsigned threads)
      : options_(options), measurement_{n, std::move(program), threads, 0, options.repeat} {}
  void add(double seconds, double cpu_seconds, Count count) {
    timing.seconds = std::min(timing.seconds, seconds);
    timing.cpu_seconds = std::min(timing.cpu_seconds, cpu_seconds);
    timing.walls.push_back(seconds);
    timing.cpus.push_back(cpu_seconds);
    timing.count = count;
    timing.ran = true;
    ++measurement_.run;
    measurement_.timing = &timing;  // this object's, wherever it was moved
    if (options_.measured) options_.measured(measurement_);
  }
  int repeat() const { return options_.repeat; }
  const Budget& budget() const { return options_.budget; }
  Timing timing;

 private:
  const QueensOptions& options_;
  Measurement measurement_;
};

template <class Tree>
Timing time_nursery(const typename Tree::Instance& instance, unsigned threads,
                    const QueensOptions& options, const char* program, int n) {
  Runs runs(options, n, program, threads);
  for (int i = 0; i < options.repeat; ++i) {
    RunOptions run_options;
    run_options.threads = threads;
    run_options.budget = options.budget;
    const double before = cpu_of(RUSAGE_SELF);
    if (options.budget.stop_requested()) interrupted();
    auto result = run<Tree>(instance, run_options);
    const double cpu = cpu_of(RUSAGE_SELF) - before;
    if (result.status == Status::cancelled) interrupted();
    if (result.status != Status::complete)
      throw std::runtime_error(std::string("bench: a count ended ") + to_string(result.status));
    runs.add(result.stats.wall_seconds, cpu, result.count);
  }
  return runs.timing;
}

// The peer prints "Result: COUNT" and "Elapsed time: SECONDS s".
Timing time_peer(const std::filesystem::path& binary, unsigned threads, Runs runs) {
  for (int i = 0; i < runs.repeat(); ++i) {
    Ran ran = run_command(binary.string() + " " + std::to_string(threads), runs.budget());
    std::istringstream out(ran.out);
    std::string word, count;
    double seconds = -1;
    while (out >> word) {
      if (word == "Result:") out >> count;
      if (word == "time:") out >> seconds;
    }
    if (ran.status != 0 || count.empty() || seconds < 0)
      throw std::runtime_error("bench: the peer failed: " + binary.string());
    runs.add(seconds, ran.cpu_seconds, parse_count(count).value_or(0));
  }
  return runs.timing;
}

// Takaken's program prints "N:  TOTAL  UNIQUE  [[hh:]mm:]ss.cc" (CPU time).
Timing time_takaken(const std::filesystem::path& binary, int n, Runs runs) {
  for (int i = 0; i < runs.repeat(); ++i) {
    Ran ran = run_command(binary.string() + " -r", runs.budget());
    std::istringstream out(ran.out);
    bool found = false;
    for (std::string line; std::getline(out, line);) {
      std::istringstream fields(line);
      std::string label, total, unique, clock;
      if (!(fields >> label >> total >> unique >> clock) || label != std::to_string(n) + ":")
        continue;
      double seconds = 0;
      std::istringstream parts(clock);
      for (std::string part; std::getline(parts, part, ':');)
        seconds = seconds * 60 + std::stod(part);
      runs.add(seconds, seconds, parse_count(total).value_or(0));
      found = true;
      break;
    }
    if (ran.status != 0 || !found)
      throw std::runtime_error("bench: Takaken's program failed: " + binary.string());
  }
  return runs.timing;
}

// The baseline prints "N COUNT SECONDS".
Timing time_baseline(const std::string& binary, int n, Runs runs) {
  for (int i = 0; i < runs.repeat(); ++i) {
    Ran ran = run_command(binary + " " + std::to_string(n), runs.budget());
    std::istringstream out(ran.out);
    int echoed = 0;
    std::string count;
    double seconds = 0;
    if (ran.status != 0 || !(out >> echoed >> count >> seconds))
      throw std::runtime_error("bench: the baseline failed for N = " + std::to_string(n));
    runs.add(seconds, ran.cpu_seconds, parse_count(count).value_or(0));
  }
  return runs.timing;
}

// A program of DIR per N, when DIR is given and holds it.
std::filesystem::path program(const std::filesystem::path& directory, const char* stem, int n) {
  if (directory.empty()) return {};
  auto binary = directory / (stem + std::to_string(n));
  return std::filesystem::exists(binary) ? binary : std::filesystem::path();
}

}  // namespace

void queens(const QueensOptions& options, const std::function<void(const QueensRow&)>& each) {
  for (int n : options.sizes) {
    QueensRow row;
    row.n = n;
    if (!options.baseline.empty())
      row.baseline = time_baseline(options.baseline, n, Runs(options, n, "baseline", 1));
    row.bitboard_one = time_nursery<queens::CanonicalCount>({n}, 1, options, "bitboard", n);
    row.bitboard_all =
        time_nursery<queens::CanonicalCount>({n}, options.threads, options, "bitboard", n);
    row.join_one = time_nursery<queens::JoinCount>({n, 0}, 1, options, "join", n);
    row.join_all = time_nursery<queens::JoinCount>({n, 0}, options.threads, options, "join", n);
    if (auto peer = program(options.peer_join, "nqueens", n); !peer.empty()) {
      row.peer_one = time_peer(peer, 1, Runs(options, n, "peer join", 1));
      row.peer_all =
          time_peer(peer, options.threads, Runs(options, n, "peer join", options.threads));
    }
    if (auto takaken = program(options.peer_takaken, "takaken", n); !takaken.empty())
      row.takaken = time_takaken(takaken, n, Runs(options, n, "Takaken", 1));
    row.total = row.bitboard_one.count;
    for (const Timing* timing : {&row.baseline, &row.takaken, &row.bitboard_all, &row.join_one,
                                 &row.join_all, &row.peer_one, &row.peer_all})
      if (timing->ran && timing->count != row.total)
        throw std::runtime_error("bench: counts disagree for N = " + std::to_string(n));
    each(row);
  }
}

std::string build_baseline(const std::filesystem::path& source, const std::string& cc,
                           const std::filesystem::path& directory) {
  std::filesystem::create_directories(directory);
  const std::string binary = (directory / "nqueens_mirror").string();
  Ran ran = run_command(cc + " -O3 -march=native -o " + binary + " " + source.string() + " 2>&1",
                        Budget(&cli::interrupt_source()));
  if (ran.status != 0) throw std::runtime_error("bench: cannot compile " + source.string());
  return binary;
}

Baseline prepare_baseline(const std::string& given, const std::string& tree_source,
                          const std::string& cc) {
  Baseline baseline;
  for (const std::string& candidate : {given, tree_source})
    if (!candidate.empty() && std::filesystem::exists(candidate)) {
      baseline.source = candidate;
      break;
    }
  if (baseline.source.empty())
    throw cli::UsageError("bench: baseline source not found (looked for " + tree_source +
                          "); give --baseline-source FILE");
  // A directory of its own (mkdtemp): apps/bench.cpp removes it with all
  // it holds at the end, so it must never be one that was there before.
  std::string directory =
      (std::filesystem::temp_directory_path() / "nursery-bench-XXXXXX").string();
  if (::mkdtemp(directory.data()) == nullptr)
    throw cli::UsageError(directory +
                          ": cannot create a directory for the baseline: " + std::strerror(errno));
  baseline.directory = directory;
  try {
    baseline.binary = build_baseline(baseline.source, cc, baseline.directory);
  } catch (...) {
    std::error_code ignored;  // a compile stopped or failed leaves nothing behind
    std::filesystem::remove_all(baseline.directory, ignored);
    throw;
  }
  return baseline;
}

std::string measured_on() {
  char date[16] = "";
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::localtime(&now));
  std::string model;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; model.empty() && std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
      model = line.substr(line.find(':') + 2);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return std::string(date) + ", " + std::to_string(cores) + (cores == 1 ? " core" : " cores") +
         (model.empty() ? "" : ", " + model);
}

}  // namespace nursery::bench
