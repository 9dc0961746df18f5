// nursery bench queens, the measuring half (nursery/bench.hpp): nursery's
// counters in this process, the baseline counter (bench/nqueens_mirror.c),
// the quarter-board join peer and Takaken's program each as a child
// process; wall seconds from each program's own clock or the run's
// statistics, CPU seconds from getrusage (the process's own, or its
// children's, before and after).
#include "nursery/bench.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "nursery/queens.hpp"
#include "nursery/scheduler.hpp"

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

Ran run_command(const std::string& command) {
  Ran ran;
  const double before = cpu_of(RUSAGE_CHILDREN);
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("bench: cannot run " + command);
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) ran.out.append(buffer, n);
  ran.status = pclose(pipe);  // waits for the child: its usage is counted now
  ran.cpu_seconds = cpu_of(RUSAGE_CHILDREN) - before;
  return ran;
}

void keep_best(Timing& best, double seconds, double cpu_seconds, Count count) {
  best.seconds = std::min(best.seconds, seconds);
  best.cpu_seconds = std::min(best.cpu_seconds, cpu_seconds);
  best.count = count;
  best.ran = true;
}

template <class Kind>
Timing time_nursery(const typename Kind::Instance& instance, unsigned threads,
                    const QueensOptions& options) {
  Timing best;
  for (int i = 0; i < options.repeat; ++i) {
    RunOptions run_options;
    run_options.threads = threads;
    run_options.budget = options.budget;
    const double before = cpu_of(RUSAGE_SELF);
    auto result = run<Kind>(instance, run_options);
    const double cpu = cpu_of(RUSAGE_SELF) - before;
    if (result.status != Status::complete) throw std::runtime_error("bench: interrupted");
    keep_best(best, result.stats.wall_seconds, cpu, result.count);
  }
  return best;
}

// The peer prints "Result: COUNT" and "Elapsed time: SECONDS s".
Timing time_peer(const std::filesystem::path& binary, unsigned threads, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    Ran ran = run_command(binary.string() + " " + std::to_string(threads));
    std::istringstream out(ran.out);
    std::string word, count;
    double seconds = -1;
    while (out >> word) {
      if (word == "Result:") out >> count;
      if (word == "time:") out >> seconds;
    }
    if (ran.status != 0 || count.empty() || seconds < 0)
      throw std::runtime_error("bench: the peer failed: " + binary.string());
    keep_best(best, seconds, ran.cpu_seconds, parse_count(count).value_or(0));
  }
  return best;
}

// Takaken's program prints "N:  TOTAL  UNIQUE  [[hh:]mm:]ss.cc" (CPU time).
Timing time_takaken(const std::filesystem::path& binary, int n, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    Ran ran = run_command(binary.string() + " -r");
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
      keep_best(best, seconds, seconds, parse_count(total).value_or(0));
      found = true;
    }
    if (ran.status != 0 || !found)
      throw std::runtime_error("bench: Takaken's program failed: " + binary.string());
  }
  return best;
}

// The baseline prints "N COUNT SECONDS".
Timing time_baseline(const std::string& binary, int n, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    Ran ran = run_command(binary + " " + std::to_string(n));
    std::istringstream out(ran.out);
    int echoed = 0;
    std::string count;
    double seconds = 0;
    if (ran.status != 0 || !(out >> echoed >> count >> seconds))
      throw std::runtime_error("bench: the baseline failed for N = " + std::to_string(n));
    keep_best(best, seconds, ran.cpu_seconds, parse_count(count).value_or(0));
  }
  return best;
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
      row.baseline = time_baseline(options.baseline, n, options.repeat);
    row.bitboard_one = time_nursery<queens::CanonicalCount>({n}, 1, options);
    row.bitboard_all = time_nursery<queens::CanonicalCount>({n}, options.threads, options);
    row.join_one = time_nursery<queens::JoinCount>({n, 0}, 1, options);
    row.join_all = time_nursery<queens::JoinCount>({n, 0}, options.threads, options);
    if (auto peer = program(options.peer_join, "nqueens", n); !peer.empty()) {
      row.peer_one = time_peer(peer, 1, options.repeat);
      row.peer_all = time_peer(peer, options.threads, options.repeat);
    }
    if (auto takaken = program(options.peer_takaken, "takaken", n); !takaken.empty())
      row.takaken = time_takaken(takaken, n, options.repeat);
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
  Ran ran = run_command(cc + " -O3 -march=native -o " + binary + " " + source.string() + " 2>&1");
  if (ran.status != 0) throw std::runtime_error("bench: cannot compile " + source.string());
  return binary;
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
