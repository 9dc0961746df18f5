// nursery bench queens: running and timing the programs it compares
// against: the baseline counter (bench/nqueens_mirror.c), the quarter-board
// join peer and Takaken's program, each a separate process; and the
// machine they ran on.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "bench.hpp"
#include "options.hpp"

namespace nursery::cli::bench {

std::filesystem::path find_baseline(const std::string& given) {
  std::vector<std::filesystem::path> candidates;
  if (!given.empty()) candidates.emplace_back(given);
  candidates.emplace_back(std::string(NURSERY_SOURCE_DIR) + "/bench/nqueens_mirror.c");
  for (const auto& path : candidates)
    if (std::filesystem::exists(path)) return path;
  throw UsageError("bench: baseline source not found (looked for " + candidates.back().string() +
                   "); give --baseline-source FILE");
}

std::string run_command(const std::string& command, int& status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  status = pclose(pipe);
  return out;
}


// The peer prints "Result: COUNT" and "Elapsed time: SECONDS s".
Timing time_peer(const std::filesystem::path& binary, unsigned threads, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    int status = 0;
    std::istringstream out(run_command(binary.string() + " " + std::to_string(threads), status));
    std::string word, count;
    double seconds = -1;
    while (out >> word) {
      if (word == "Result:") out >> count;
      if (word == "time:") out >> seconds;
    }
    if (status != 0 || count.empty() || seconds < 0)
      throw std::runtime_error("bench: the peer failed: " + binary.string());
    best.seconds = std::min(best.seconds, seconds);
    best.count = parse_count(count).value_or(0);
  }
  return best;
}

// Takaken's program prints "N:  TOTAL  UNIQUE  [[hh:]mm:]ss.cc" (CPU time).
Timing time_takaken(const std::filesystem::path& binary, int n, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    int status = 0;
    std::istringstream out(run_command(binary.string() + " -r", status));
    std::string line;
    bool found = false;
    while (std::getline(out, line)) {
      std::istringstream fields(line);
      std::string label, total, unique, clock;
      if (!(fields >> label >> total >> unique >> clock) || label != std::to_string(n) + ":")
        continue;
      double seconds = 0;
      std::istringstream parts(clock);
      std::string part;
      while (std::getline(parts, part, ':')) seconds = seconds * 60 + std::stod(part);
      best.seconds = std::min(best.seconds, seconds);
      best.count = parse_count(total).value_or(0);
      found = true;
    }
    if (status != 0 || !found)
      throw std::runtime_error("bench: Takaken's program failed: " + binary.string());
  }
  return best;
}

Timing time_baseline(const std::string& binary, int n, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    int status = 0;
    std::istringstream out(run_command(binary + " " + std::to_string(n), status));
    int echoed = 0;
    std::string count;
    double seconds = 0;
    if (status != 0 || !(out >> echoed >> count >> seconds))
      throw std::runtime_error("bench: the baseline failed for N = " + std::to_string(n));
    best.seconds = std::min(best.seconds, seconds);
    best.count = parse_count(count).value_or(0);
  }
  return best;
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

}  // namespace nursery::cli::bench
