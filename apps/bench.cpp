// nursery bench queens: N-queens counting against the project's yardstick
// (bench/nqueens_mirror.c, built here with cc -O3 -march=native) and, where it is
// built (bench/peer_join.sh), the public quarter-board join counter, in the
// same run on the same machine: the baseline, nursery's bitboard and join
// counters on one thread and on every thread, the peer on both.
#include "bench.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nursery/picture.hpp>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>
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
    "bench/peer_join.sh (DIR/nqueensN); best of R runs each; prints times and ratios.\n"
    "--plot draws the times against N on a log scale as an SVG chart (one line per\n"
    "method and thread count, the baseline and peers too).";

using bench::find_baseline;
using bench::run_command;
using bench::time_baseline;
using bench::time_peer;
using bench::time_takaken;
using bench::Timing;

template <class Kind>
Timing time_nursery(const typename Kind::Instance& instance, unsigned threads, int repeat) {
  Timing best;
  for (int i = 0; i < repeat; ++i) {
    RunOptions options;
    options.threads = threads;
    options.budget = Budget(&interrupt_source());
    auto result = run<Kind>(instance, options);
    if (result.status != Status::complete) throw std::runtime_error("bench: interrupted");
    if (result.stats.wall_seconds < best.seconds) best.seconds = result.stats.wall_seconds;
    best.count = result.count;
    best.nodes = result.stats.nodes;
  }
  return best;
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
  std::vector<int> sizes;
  {
    std::istringstream list(vm["n"].as<std::string>());
    std::string item;
    while (std::getline(list, item, ',')) {
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
  }
  const int repeat = vm["repeat"].as<int>();
  if (repeat < 1) throw usage_error("--repeat: expected at least 1");
  unsigned threads = read_shared(vm).threads;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());

  const bool with_baseline = vm.count("no-baseline") == 0;
  std::filesystem::path directory, source;
  std::string binary;
  if (with_baseline) {
    source = find_baseline(vm["baseline-source"].as<std::string>());
    directory =
        std::filesystem::temp_directory_path() / ("nursery-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory);
    binary = (directory / "nqueens_mirror").string();
    int status = 0;
    run_command(vm["cc"].as<std::string>() + " -O3 -march=native -o " + binary + " " +
                    source.string() + " 2>&1",
                status);
    if (status != 0) throw std::runtime_error("bench: cannot compile " + source.string());
  }
  std::filesystem::path peer_directory, takaken_directory;
  if (vm.count("peer-join")) peer_directory = vm["peer-join"].as<std::string>();
  if (vm.count("peer-takaken")) takaken_directory = vm["peer-takaken"].as<std::string>();

  nlohmann::json rows = nlohmann::json::array();
  const bool json = json_wanted(vm);
  // --plot: a series per program and thread count, a point per N.
  const std::string all = std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  picture::Chart chart{"nursery bench queens (" + bench::measured_on() +
                           "): wall seconds, best of " + std::to_string(repeat),
                       "N",
                       "seconds (log scale)",
                       {}};
  auto plot = [&chart](const std::string& series, int n, double seconds) {
    auto named = std::find_if(chart.series.begin(), chart.series.end(),
                              [&](const picture::Series& s) { return s.name == series; });
    if (named == chart.series.end())
      named = chart.series.insert(chart.series.end(), picture::Series{series, {}});
    named->points.emplace_back(n, seconds);
  };
  if (!json) {
    std::printf("baseline: %s; peer: %s; nursery %s; %u threads; best of %d; wall seconds\n",
                with_baseline ? (source.string() + " (cc -O3 -march=native)").c_str() : "left out",
                peer_directory.empty() ? "left out" : peer_directory.string().c_str(),
                NURSERY_VERSION, threads, repeat);
    std::printf("%3s %12s %9s %9s %9s %9s %9s %9s %9s %9s %10s %9s %9s %10s\n", "N", "total",
                "baseline", "takaken", "bitbd 1t", "bitbd all", "join 1t", "join all", "peer 1t",
                "peer all", "peer/join", "join 1/T", "bitbd/join", "taka/bitbd");
  }
  const double none = -1;
  for (int n : sizes) {
    Timing baseline;
    if (with_baseline) baseline = time_baseline(binary, n, repeat);
    Timing bit1 = time_nursery<queens::CanonicalCount>({n}, 1, repeat);
    Timing bitall = time_nursery<queens::CanonicalCount>({n}, threads, repeat);
    Timing join1 = time_nursery<queens::JoinCount>({n, 0}, 1, repeat);
    Timing joinall = time_nursery<queens::JoinCount>({n, 0}, threads, repeat);
    Timing peer1, peerall;
    const auto peer = peer_directory / ("nqueens" + std::to_string(n));
    const bool with_peer = !peer_directory.empty() && std::filesystem::exists(peer);
    if (with_peer) {
      peer1 = time_peer(peer, 1, repeat);
      peerall = time_peer(peer, threads, repeat);
    }
    Timing takaken;
    const auto takaken_binary = takaken_directory / ("takaken" + std::to_string(n));
    const bool with_takaken = !takaken_directory.empty() && std::filesystem::exists(takaken_binary);
    if (with_takaken) takaken = time_takaken(takaken_binary, n, repeat);
    if (with_takaken && takaken.count != bit1.count)
      throw std::runtime_error("bench: Takaken's count disagrees for N = " + std::to_string(n));
    for (const Timing* t : {&bitall, &join1, &joinall})
      if (t->count != bit1.count)
        throw std::runtime_error("bench: counts disagree for N = " + std::to_string(n));
    if ((with_baseline && baseline.count != bit1.count) ||
        (with_peer && (peer1.count != bit1.count || peerall.count != bit1.count)))
      throw std::runtime_error("bench: a reference count disagrees for N = " + std::to_string(n));
    auto or_none = [&](bool present, double value) { return present ? value : none; };
    if (with_baseline) plot("baseline", n, baseline.seconds);
    plot("bitboard, 1 thread", n, bit1.seconds);
    plot("bitboard, " + all, n, bitall.seconds);
    plot("join, 1 thread", n, join1.seconds);
    plot("join, " + all, n, joinall.seconds);
    if (with_peer) {
      plot("peer join, 1 thread", n, peer1.seconds);
      plot("peer join, " + all, n, peerall.seconds);
    }
    if (with_takaken) plot("Takaken (CPU s)", n, takaken.seconds);
    const double peer_ratio = or_none(with_peer, peer1.seconds / join1.seconds);
    const double scaling = join1.seconds / joinall.seconds;
    const double method_ratio = bit1.seconds / join1.seconds;
    const double takaken_ratio = or_none(with_takaken, takaken.seconds / bit1.seconds);
    if (json) {
      rows.push_back({{"n", n},
                      {"total", count_json(bit1.count)},
                      {"threads", threads},
                      {"baseline_seconds", or_none(with_baseline, baseline.seconds)},
                      {"takaken_cpu_seconds", or_none(with_takaken, takaken.seconds)},
                      {"takaken_over_bitboard_one_thread", takaken_ratio},
                      {"bitboard_one_thread_seconds", bit1.seconds},
                      {"bitboard_all_threads_seconds", bitall.seconds},
                      {"join_one_thread_seconds", join1.seconds},
                      {"join_all_threads_seconds", joinall.seconds},
                      {"peer_one_thread_seconds", or_none(with_peer, peer1.seconds)},
                      {"peer_all_threads_seconds", or_none(with_peer, peerall.seconds)},
                      {"peer_over_join_one_thread", peer_ratio},
                      {"join_one_thread_over_all", scaling},
                      {"bitboard_over_join_one_thread", method_ratio}});
    } else {
      auto cell = [](double value) {
        char text[32];
        if (value < 0)
          std::snprintf(text, sizeof text, "-");
        else
          std::snprintf(text, sizeof text, "%.3f", value);
        return std::string(text);
      };
      std::printf(
          "%3d %12s %9s %9s %9.3f %9.3f %9.3f %9.3f %9s %9s %9sx %8.2fx %8.2fx %9sx\n", n,
          to_string(bit1.count).c_str(), cell(or_none(with_baseline, baseline.seconds)).c_str(),
          cell(or_none(with_takaken, takaken.seconds)).c_str(), bit1.seconds, bitall.seconds,
          join1.seconds, joinall.seconds, cell(or_none(with_peer, peer1.seconds)).c_str(),
          cell(or_none(with_peer, peerall.seconds)).c_str(), cell(peer_ratio).c_str(), scaling,
          method_ratio, cell(takaken_ratio).c_str());
      std::fflush(stdout);
    }
  }
  if (!directory.empty()) std::filesystem::remove_all(directory);
  if (vm.count("plot")) write_output(vm["plot"].as<std::string>(), picture::svg_chart(chart));
  if (json) print_json({{"status", "OK"}, {"benchmark", "queens"}, {"rows", rows}});
  return kExitSuccess;
}

}  // namespace nursery::cli
