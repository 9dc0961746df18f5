// nursery count N: exact N-queens totals and, with --unique, symmetry classes.
#include <spdlog/spdlog.h>

#include <iostream>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>

#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery count N [--threads T] [--unique] [--stats] [--json] [--method M]\n"
    "                       [--timeout S] [--subproblems K] [--progress|--no-progress]\n"
    "Counts the solutions of the N-queens problem exactly (N = 1..32): the total\n"
    "(OEIS A000170) and, with --unique, the classes under the board's 8 symmetries\n"
    "(OEIS A002562). A count stopped by --timeout or Ctrl-C prints no number.";

template <class Kind>
Result<queens::Placement> count_with(int n, const RunOptions& options) {
  return run<Kind>(typename Kind::Instance{n}, options);
}

}  // namespace

int cmd_count(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "n", po::value<int>()->required(), "board size N, 1..32")(
      "threads,t", po::value<std::string>()->default_value("auto"),
      "worker threads, or auto for every core")("unique,u", "also count symmetry classes")(
      "stats,s", "print search statistics on stderr")("json", "print the result as JSON")(
      "method,m", po::value<std::string>()->default_value("fast"),
      "fast (canonical frames, bitboards), backtrack (textbook, arrays) or brute (N^N, N<=10)")(
      "timeout", po::value<double>()->default_value(0), "give up after S seconds (0: never)")(
      "subproblems", po::value<std::size_t>()->default_value(0),
      "frontier size to aim at (0: 64 per thread)")("progress", "draw a progress bar")(
      "no-progress", "never draw a progress bar");
  po::positional_options_description positionals;
  positionals.add("n", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;

  const int n = vm["n"].as<int>();
  const std::string method = vm["method"].as<std::string>();
  if (n < 1 || n > queens::kMaxCountN) throw UsageError("N must be between 1 and 32");
  if (method != "fast" && method != "backtrack" && method != "brute")
    throw UsageError("--method: expected fast, backtrack or brute, found '" + method + "'");
  if (method == "brute" && n > queens::kMaxBruteN)
    throw UsageError("--method brute: N must be between 1 and 10 (N^N placements)");
  if (vm["timeout"].as<double>() < 0) throw UsageError("--timeout: expected seconds >= 0");

  Progress progress;
  RunOptions run_options;
  run_options.mode = Mode::count;
  run_options.threads = parse_threads(vm["threads"].as<std::string>());
  run_options.timeout_seconds = vm["timeout"].as<double>();
  run_options.subproblems = vm["subproblems"].as<std::size_t>();
  run_options.stop = &interrupt_source();
  run_options.progress = &progress;

  Result<queens::Placement> result;
  {
    ProgressBar bar(progress, progress_wanted(vm), "count " + std::to_string(n));
    if (method == "fast")
      result = count_with<queens::CanonicalCount>(n, run_options);
    else if (method == "backtrack")
      result = count_with<queens::Backtrack>(n, run_options);
    else
      result = count_with<queens::Brute>(n, run_options);
  }
  const bool complete = result.status == Status::complete;
  const bool unique = vm.count("unique") != 0;
  if (vm.count("json")) {
    nlohmann::json out = {{"n", n},          {"method", method},
                          {"complete", complete}, {"status", to_string(result.status)},
                          {"stats", stats_json(result.stats)}};
    out["total"] = complete ? count_json(result.count) : nlohmann::json(nullptr);
    if (unique) out["unique"] = complete ? count_json(result.unique) : nlohmann::json(nullptr);
    std::cout << out.dump() << '\n';
  } else if (complete) {
    if (unique)
      std::cout << "total  " << to_string(result.count) << "\nunique " << to_string(result.unique)
                << '\n';
    else
      std::cout << to_string(result.count) << '\n';
  } else {
    std::cout << "unknown (" << to_string(result.status) << " after "
              << result.stats.wall_seconds << " s, " << result.stats.subproblems_done << " of "
              << result.stats.subproblems << " subproblems done)\n";
  }
  if (vm.count("stats")) print_stats(std::cerr, result.stats);
  if (result.status == Status::timeout) return kExitTimeout;
  if (result.status == Status::cancelled) return kExitInterrupted;
  return kExitSuccess;
}

}  // namespace nursery::cli
