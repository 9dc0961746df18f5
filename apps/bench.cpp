// nursery bench queens: N-queens counting against the project's yardstick
// (../shared/baselines/nqueens_mirror.c, built here with cc -O3
// -march=native), in the same run on the same machine: the baseline, nursery
// on one thread, nursery on every thread.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nursery/queens.hpp>
#include <sstream>
#include <thread>

#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery bench queens [--n LIST] [--threads T] [--repeat R] [--baseline-source FILE]\n"
    "                            [--cc COMPILER] [--json]\n"
    "Counts N-queens with the baseline counter and with nursery (1 thread, T threads),\n"
    "best of R runs each, and prints times, nodes/s and the ratios.";

std::filesystem::path find_baseline(const std::string& given) {
  std::vector<std::filesystem::path> candidates;
  if (!given.empty()) candidates.emplace_back(given);
  candidates.emplace_back("../shared/baselines/nqueens_mirror.c");
  candidates.emplace_back(std::string(NURSERY_SOURCE_DIR) + "/../shared/baselines/nqueens_mirror.c");
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

struct Timing {
  double seconds = 1e300;
  Count count = 0;
  std::uint64_t nodes = 0;
};

Timing time_nursery(int n, unsigned threads, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    RunOptions options;
    options.threads = threads;
    options.stop = &interrupt_source();
    auto result = run<queens::CanonicalCount>({n}, options);
    if (result.status != Status::complete) throw std::runtime_error("bench: interrupted");
    if (result.stats.wall_seconds < best.seconds) best.seconds = result.stats.wall_seconds;
    best.count = result.count;
    best.nodes = result.stats.nodes;
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

}  // namespace

int cmd_bench(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "what", po::value<std::string>()->default_value("queens"), "what to benchmark: queens")(
      "n", po::value<std::string>()->default_value("15,16,17"), "board sizes, comma-separated")(
      "threads,t", po::value<std::string>()->default_value("auto"), "threads of the parallel run")(
      "repeat,r", po::value<int>()->default_value(1), "best of R runs")(
      "baseline-source", po::value<std::string>()->default_value(""),
      "nqueens_mirror.c (default: ../shared/baselines/)")(
      "cc", po::value<std::string>()->default_value("cc"), "C compiler for the baseline")(
      "json", "print the table as JSON");
  po::positional_options_description positionals;
  positionals.add("what", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;
  if (vm["what"].as<std::string>() != "queens")
    throw UsageError("bench: expected 'queens', found '" + vm["what"].as<std::string>() + "'");
  std::vector<int> sizes;
  {
    std::istringstream list(vm["n"].as<std::string>());
    std::string item;
    while (std::getline(list, item, ',')) {
      int n = 0;
      try {
        n = std::stoi(item);
      } catch (const std::exception&) {
      }
      if (n < 1 || n > queens::kMaxCountN) throw UsageError("--n: expected sizes from 1 to 32");
      sizes.push_back(n);
    }
  }
  const int repeat = vm["repeat"].as<int>();
  if (repeat < 1) throw UsageError("--repeat: expected at least 1");
  unsigned threads = parse_threads(vm["threads"].as<std::string>());
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());

  auto source = find_baseline(vm["baseline-source"].as<std::string>());
  auto directory = std::filesystem::temp_directory_path() /
                   ("nursery-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(directory);
  auto binary = (directory / "nqueens_mirror").string();
  int status = 0;
  run_command(vm["cc"].as<std::string>() + " -O3 -march=native -o " + binary + " " +
                  source.string() + " 2>&1",
              status);
  if (status != 0) throw std::runtime_error("bench: cannot compile " + source.string());

  nlohmann::json rows = nlohmann::json::array();
  const bool json = vm.count("json") != 0;
  if (!json) {
    std::printf("baseline: %s (cc -O3 -march=native); nursery %s; %u threads; best of %d\n",
                source.string().c_str(), NURSERY_VERSION, threads, repeat);
    std::printf("%3s %14s %11s %11s %11s %10s %9s %14s\n", "N", "total", "baseline s",
                "1 thread s", "all s", "base/1t", "1t/all", "nodes/s (1t)");
  }
  for (int n : sizes) {
    Timing baseline = time_baseline(binary, n, repeat);
    Timing one = time_nursery(n, 1, repeat);
    Timing all = time_nursery(n, threads, repeat);
    if (baseline.count != one.count || one.count != all.count)
      throw std::runtime_error("bench: counts disagree for N = " + std::to_string(n));
    const double speedup = baseline.seconds / one.seconds, scaling = one.seconds / all.seconds;
    if (json) {
      rows.push_back({{"n", n},
                      {"total", count_json(one.count)},
                      {"baseline_seconds", baseline.seconds},
                      {"one_thread_seconds", one.seconds},
                      {"all_threads_seconds", all.seconds},
                      {"threads", threads},
                      {"baseline_over_one_thread", speedup},
                      {"one_thread_over_all", scaling},
                      {"nodes", one.nodes}});
    } else {
      std::printf("%3d %14s %11.3f %11.3f %11.3f %9.2fx %8.2fx %14.3g\n", n,
                  to_string(one.count).c_str(), baseline.seconds, one.seconds, all.seconds,
                  speedup, scaling, one.nodes / one.seconds);
      std::fflush(stdout);
    }
  }
  std::filesystem::remove_all(directory);
  if (json) std::cout << nlohmann::json{{"benchmark", "queens"}, {"rows", rows}}.dump(2) << '\n';
  return kExitSuccess;
}

}  // namespace nursery::cli
