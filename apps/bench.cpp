// nursery bench queens: N-queens counting against the project's yardstick
// (bench/nqueens_mirror.c, built here with cc -O3 -march=native) and, where
// they are built (bench/peer_join.sh, bench/peer_takaken.sh), the public
// quarter-board join counter and Takaken's program, in the same run on the
// same machine. The engine runs and times them (nursery/bench.hpp); this
// prints the table, the JSON rows and the chart.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nursery/bench.hpp>
#include <nursery/picture.hpp>
#include <nursery/queens.hpp>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "options.hpp"

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery bench queens [--n LIST] [--threads T] [--repeat R] [--baseline-source FILE]\n"
    "                            [--cc COMPILER] [--no-baseline] [--peer-join DIR]\n"
    "                            [--peer-takaken DIR] [--json] [--plot FILE.svg]\n"
    "Counts N-queens with the baseline counter, nursery's bitboard and join counters\n"
    "(1 thread, T threads) and, with --peer-join, the quarter-board peer built by\n"
    "bench/peer_join.sh (DIR/nqueensN), with --peer-takaken Takaken's program built\n"
    "by bench/peer_takaken.sh (DIR/takakenN); best of R runs each; prints wall\n"
    "seconds, the 1-thread runs' CPU seconds (user + system) and their ratios.\n"
    "--plot draws the wall times against N on a log scale as an SVG chart (one line\n"
    "per method and thread count, the baseline and peers too).";

// bench/nqueens_mirror.c of the source tree, or the file given.
std::filesystem::path find_baseline(const std::string& given) {
  std::vector<std::filesystem::path> candidates;
  if (!given.empty()) candidates.emplace_back(given);
  candidates.emplace_back(std::string(NURSERY_SOURCE_DIR) + "/bench/nqueens_mirror.c");
  for (const auto& path : candidates)
    if (std::filesystem::exists(path)) return path;
  throw UsageError("bench: baseline source not found (looked for " + candidates.back().string() +
                   "); give --baseline-source FILE");
}

std::vector<int> sizes_of(const std::string& text) {
  std::vector<int> sizes;
  std::istringstream list(text);
  for (std::string item; std::getline(list, item, ',');) {
    int n = 0;
    try {
      std::size_t used = 0;
      n = std::stoi(item, &used);
      if (used != item.size()) n = 0;  // "15x" is not 15
    } catch (const std::exception&) {
    }
    if (n < 1 || n > queens::kMaxCountN) throw usage_error("--n: expected sizes from 1 to 32");
    sizes.push_back(n);
  }
  return sizes;
}

// A figure of the table, or "-" for a program left out.
double wall(const bench::Timing& t) {
  return t.ran ? t.seconds : -1;
}
double cpu(const bench::Timing& t) {
  return t.ran ? t.cpu_seconds : -1;
}
double ratio(double a, double b) {
  return a < 0 || b <= 0 ? -1 : a / b;
}
std::string cell(double value, const char* suffix = "") {
  char text[32] = "-";
  if (value >= 0) std::snprintf(text, sizeof text, "%.3f%s", value, suffix);
  return text;
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  // Bare `nursery bench` says what it runs instead of starting minutes of
  // work (and compiling the baseline), as `nursery gen` does.
  if (argc < 2) {
    std::cout << kUsage;
    return kExitUsage;
  }
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "what", po::value<std::string>()->default_value("queens")->value_name("KIND"),
      "what to benchmark: queens")(
      "n", po::value<std::string>()->default_value("15,16,17"), "board sizes, comma-separated")(
      "repeat,r", po::value<int>()->default_value(1), "best of R runs")(
      "baseline-source", po::value<std::string>()->default_value(""),
      "nqueens_mirror.c (default: bench/nqueens_mirror.c of the source tree)")(
      "cc", po::value<std::string>()->default_value("cc"), "C compiler for the baseline")(
      "no-baseline", "leave the baseline out (it takes minutes from N = 18)")(
      "peer-join", po::value<std::string>(),
      "directory of the quarter-board peer's binaries nqueensN (bench/peer_join.sh)")(
      "peer-takaken", po::value<std::string>(),
      "directory of Takaken's program built per N, takakenN (bench/peer_takaken.sh)")(
      "plot", po::value<std::string>()->value_name("FILE"),
      "also draw the times against N (log scale) as an SVG chart in FILE (- for stdout)");
  add_shared(options, kThreads | kJson);
  po::positional_options_description positionals;
  positionals.add("what", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;
  if (vm["what"].as<std::string>() != "queens")
    throw UsageError("bench: expected 'queens', found '" + vm["what"].as<std::string>() + "'");
  bench::QueensOptions run;
  run.sizes = sizes_of(vm["n"].as<std::string>());
  run.repeat = vm["repeat"].as<int>();
  if (run.repeat < 1) throw usage_error("--repeat: expected at least 1");
  run.threads = read_shared(vm).threads;
  if (run.threads == 0) run.threads = std::max(1u, std::thread::hardware_concurrency());
  run.budget = Budget(&interrupt_source());
  const bool with_baseline = vm.count("no-baseline") == 0;
  std::filesystem::path directory, source;
  if (with_baseline) {
    source = find_baseline(vm["baseline-source"].as<std::string>());
    directory =
        std::filesystem::temp_directory_path() / ("nursery-bench-" + std::to_string(::getpid()));
    run.baseline = bench::build_baseline(source, vm["cc"].as<std::string>(), directory);
  }
  if (vm.count("peer-join")) run.peer_join = vm["peer-join"].as<std::string>();
  if (vm.count("peer-takaken")) run.peer_takaken = vm["peer-takaken"].as<std::string>();

  nlohmann::json rows = nlohmann::json::array();
  const bool json = json_wanted(vm);
  // --plot: a series per program and thread count, a point per N.
  const std::string all = std::to_string(run.threads) + (run.threads == 1 ? " thread" : " threads");
  picture::Chart chart{"nursery bench queens (" + bench::measured_on() +
                           "): wall seconds, best of " + std::to_string(run.repeat),
                       "N",
                       "seconds (log scale)",
                       {}};
  auto plot = [&chart](const std::string& series, int n, const bench::Timing& timing) {
    if (!timing.ran) return;
    auto named = std::find_if(chart.series.begin(), chart.series.end(),
                              [&](const picture::Series& s) { return s.name == series; });
    if (named == chart.series.end())
      named = chart.series.insert(chart.series.end(), picture::Series{series, {}});
    named->points.emplace_back(n, timing.seconds);
  };
  if (!json) {
    std::printf("baseline: %s; peer: %s; nursery %s; %u threads; best of %d\n",
                with_baseline ? (source.string() + " (cc -O3 -march=native)").c_str() : "left out",
                run.peer_join.empty() ? "left out" : run.peer_join.string().c_str(),
                NURSERY_VERSION, run.threads, run.repeat);
    std::printf("%16s | %-71s | %s\n", "", "wall seconds",
                "CPU seconds of the 1-thread runs (user + system)");
    std::printf("%3s %12s | %8s %8s %8s %8s %8s %8s %8s %8s | %8s %8s %8s %8s %9s %10s %10s\n", "N",
                "total", "baseline", "bitbd 1t", "bitbd T", "join 1t", "join T", "peer 1t",
                "peer T", "join 1/T", "join", "peer", "bitboard", "takaken", "peer/join",
                "bitbd/join", "taka/bitbd");
  }
  bench::queens(run, [&](const bench::QueensRow& row) {
    const int n = row.n;
    plot("baseline", n, row.baseline);
    plot("bitboard, 1 thread", n, row.bitboard_one);
    plot("bitboard, " + all, n, row.bitboard_all);
    plot("join, 1 thread", n, row.join_one);
    plot("join, " + all, n, row.join_all);
    plot("peer join, 1 thread", n, row.peer_one);
    plot("peer join, " + all, n, row.peer_all);
    plot("Takaken (CPU s)", n, row.takaken);
    const double scaling = ratio(wall(row.join_one), wall(row.join_all));
    const double peer_ratio = ratio(cpu(row.peer_one), cpu(row.join_one));
    const double method_ratio = ratio(cpu(row.bitboard_one), cpu(row.join_one));
    const double takaken_ratio = ratio(cpu(row.takaken), cpu(row.bitboard_one));
    if (json) {
      rows.push_back({{"n", n},
                      {"total", count_json(row.total)},
                      {"threads", run.threads},
                      {"baseline_seconds", wall(row.baseline)},
                      {"baseline_cpu_seconds", cpu(row.baseline)},
                      {"takaken_cpu_seconds", cpu(row.takaken)},
                      {"bitboard_one_thread_seconds", wall(row.bitboard_one)},
                      {"bitboard_one_thread_cpu_seconds", cpu(row.bitboard_one)},
                      {"bitboard_all_threads_seconds", wall(row.bitboard_all)},
                      {"join_one_thread_seconds", wall(row.join_one)},
                      {"join_one_thread_cpu_seconds", cpu(row.join_one)},
                      {"join_all_threads_seconds", wall(row.join_all)},
                      {"peer_one_thread_seconds", wall(row.peer_one)},
                      {"peer_one_thread_cpu_seconds", cpu(row.peer_one)},
                      {"peer_all_threads_seconds", wall(row.peer_all)},
                      {"join_one_thread_over_all", scaling},
                      {"peer_over_join_one_thread_cpu", peer_ratio},
                      {"bitboard_over_join_one_thread_cpu", method_ratio},
                      {"takaken_over_bitboard_one_thread_cpu", takaken_ratio}});
      return;
    }
    std::printf("%3d %12s | %8s %8s %8s %8s %8s %8s %8s %8s | %8s %8s %8s %8s %9s %10s %10s\n", n,
                to_string(row.total).c_str(), cell(wall(row.baseline)).c_str(),
                cell(wall(row.bitboard_one)).c_str(), cell(wall(row.bitboard_all)).c_str(),
                cell(wall(row.join_one)).c_str(), cell(wall(row.join_all)).c_str(),
                cell(wall(row.peer_one)).c_str(), cell(wall(row.peer_all)).c_str(),
                cell(scaling, "x").c_str(), cell(cpu(row.join_one)).c_str(),
                cell(cpu(row.peer_one)).c_str(), cell(cpu(row.bitboard_one)).c_str(),
                cell(cpu(row.takaken)).c_str(), cell(peer_ratio, "x").c_str(),
                cell(method_ratio, "x").c_str(), cell(takaken_ratio, "x").c_str());
    std::fflush(stdout);
  });
  if (!directory.empty()) std::filesystem::remove_all(directory);
  if (vm.count("plot")) write_output(vm["plot"].as<std::string>(), picture::svg_chart(chart));
  if (json) print_json({{"status", "OK"}, {"benchmark", "queens"}, {"rows", rows}});
  return kExitSuccess;
}

}  // namespace nursery::cli
