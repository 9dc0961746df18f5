// nursery bench queens: N-queens counting against the project's yardstick
// (bench/nqueens_mirror.c, built here with cc -O3 -march=native) and, where
// they are built (bench/peer_join.sh, bench/peer_takaken.sh), the public
// quarter-board join counter and Takaken's program, in the same run on the
// same machine. The engine runs and times them and lays out the table, the
// JSON rows and the chart (nursery/bench.hpp); this reads the options and
// prints them.
#include "cli/bench.hpp"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nursery/picture.hpp>
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

}  // namespace

int cmd_bench(int argc, char** argv) {
  // Bare `nursery bench` says what it runs instead of starting minutes of
  // work (and compiling the baseline), as `nursery gen` does.
  if (argc < 2) {
    std::cout << kUsage;
    return kExitUsage;
  }
  po::options_description options = command_options();
  options.add_options()("what",
                        po::value<std::string>()->default_value("queens")->value_name("KIND"),
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
  run.sizes = bench::sizes_of(vm["n"].as<std::string>());
  run.repeat = vm["repeat"].as<int>();
  if (run.repeat < 1) throw usage_error("--repeat: expected at least 1");
  run.threads = read_shared(vm).threads;
  if (run.threads == 0) run.threads = std::max(1u, std::thread::hardware_concurrency());
  run.budget = Budget(&interrupt_source());
  // A line on stderr per measurement, as hyperfine does: minutes are never
  // silent, and the mean and spread of R runs are seen as they come.
  run.measured = [](const bench::Measurement& measurement) {
    notes() << bench::measurement_lines(measurement) << std::flush;
  };
  bench::Baseline baseline;  // left out: empty
  if (vm.count("no-baseline") != 0)
    refuse_unused(vm, "--no-baseline", {"baseline-source", "cc"},
                  "the baseline is left out (those build it)");
  if (vm.count("no-baseline") == 0)
    baseline = bench::prepare_baseline(vm["baseline-source"].as<std::string>(),
                                       NURSERY_SOURCE_DIR "/bench/nqueens_mirror.c",
                                       vm["cc"].as<std::string>());
  run.baseline = baseline.binary;
  // The compiled baseline goes however the bench ends (a stop, a failure).
  struct RemovedAtEnd {
    const std::filesystem::path& directory;
    ~RemovedAtEnd() {
      std::error_code ignored;
      if (!directory.empty()) std::filesystem::remove_all(directory, ignored);
    }
  } removed{baseline.directory};
  if (vm.count("peer-join")) run.peer_join = vm["peer-join"].as<std::string>();
  if (vm.count("peer-takaken")) run.peer_takaken = vm["peer-takaken"].as<std::string>();

  nlohmann::json rows = nlohmann::json::array();
  const bool json = json_wanted(vm);
  picture::Chart chart = bench::chart(run);
  if (!json) std::fputs(bench::table_head(run, baseline.source.string()).c_str(), stdout);
  bench::queens(run, [&](const bench::QueensRow& row) {
    bench::plot(chart, row, run.threads);
    if (json) {
      rows.push_back(bench::row_json(row, run.threads));
      return;
    }
    std::fputs(bench::table_line(row).c_str(), stdout);
    std::fflush(stdout);
  });
  if (vm.count("plot")) write_output(vm["plot"].as<std::string>(), picture::svg_chart(chart));
  if (json) print_json({{"status", "OK"}, {"benchmark", "queens"}, {"rows", rows}});
  return kExitSuccess;
}

}  // namespace nursery::cli
