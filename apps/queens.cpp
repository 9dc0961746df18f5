// nursery queens N: list solutions (--all), or find one (--first), for any N.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <iostream>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>

#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery queens N [--first | --all [--limit K]] [--format F] [--threads T]\n"
    "                        [--stats] [--json]\n"
    "Lists N-queens solutions in order (--all, N <= 32), or finds one (--first, the\n"
    "default): by parallel search for N <= 32, by an explicit construction beyond\n"
    "(N up to 100,000,000). Every solution printed has passed the independent checker.\n"
    "Formats: string ('*15863724': the 1-based row of each column's queen), rows\n"
    "(0-based rows, the default beyond N = 32), board ('Q' and '.').";

constexpr std::uint32_t kMaxConstructN = 100'000'000;

std::string format(const std::string& name, const queens::Placement& placement) {
  if (name == "string") return queens::format(placement, queens::Format::string);
  if (name == "rows") return queens::format(placement, queens::Format::rows);
  return queens::format(placement, queens::Format::board);
}

// Every solution goes through the independent checker before it is shown.
void check(std::uint32_t n, const queens::Placement& placement) {
  auto verdict = queens::verify(n, placement);
  if (!verdict.valid) throw std::logic_error("internal error: invalid solution: " + verdict.reason);
}

}  // namespace

int cmd_queens(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "n", po::value<std::uint32_t>()->required(), "board size N")("first", "find one solution")(
      "all", "list every solution in lexicographic order (N <= 32)")(
      "limit", po::value<std::uint64_t>()->default_value(0), "--all: stop after K (0: no limit)")(
      "format,f", po::value<std::string>(), "string, rows or board");
  add_shared(options, kThreads | kJson | kStats);
  po::positional_options_description positionals;
  positionals.add("n", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;

  const std::uint32_t n = vm["n"].as<std::uint32_t>();
  const bool all = vm.count("all") != 0;
  if (all && vm.count("first")) throw UsageError("--all and --first exclude each other");
  if (n < 1 || n > kMaxConstructN) throw UsageError("N must be between 1 and 100000000");
  if (all && n > static_cast<std::uint32_t>(queens::kMaxCountN))
    throw UsageError("--all: N must be between 1 and 32");
  std::string format_name = vm.count("format") ? vm["format"].as<std::string>()
                                               : (n <= 32 ? "string" : "rows");
  if (format_name != "string" && format_name != "rows" && format_name != "board")
    throw UsageError("--format: expected string, rows or board, found '" + format_name + "'");
  if (format_name == "string" && n > 35)
    throw UsageError("--format string: N must be at most 35 (one character per row)");
  const bool json = vm.count("json") != 0;
  const std::uint64_t limit = vm["limit"].as<std::uint64_t>();

  if (all) {
    // Listing in order: one worker walks the frontier left to right.
    RunOptions run_options;
    run_options.mode = Mode::all;
    run_options.threads = 1;
    run_options.limit = limit;
    run_options.stop = &interrupt_source();
    nlohmann::json listed = nlohmann::json::array();
    Search<queens::Placement>::Sink sink = [&](const queens::Placement& placement) {
      check(n, placement);
      if (json)
        listed.push_back(format(format_name, placement));
      else
        std::cout << format(format_name, placement) << (format_name == "board" ? "\n" : "\n");
    };
    auto result = run<queens::Columns>(queens::Columns::Instance{static_cast<int>(n)},
                                       run_options, &sink);
    if (json)
      std::cout << nlohmann::json{{"n", n},
                                  {"solutions", listed},
                                  {"listed", listed.size()},
                                  {"status", to_string(result.status)},
                                  {"stats", stats_json(result.stats)}}
                       .dump()
                << '\n';
    if (vm.count("stats")) print_stats(std::cerr, result.stats);
    if (result.status == Status::cancelled) return kExitInterrupted;
    return result.count == 0 ? kExitNoSolution : kExitSuccess;
  }

  RunOptions run_options;
  run_options.threads = read_shared(vm).threads;
  run_options.stop = &interrupt_source();
  auto found = queens::find_one(n, run_options);
  if (found.report.status == Status::cancelled) return kExitInterrupted;
  const auto& solution = found.solution;
  const Stats& stats = found.report.stats;
  const std::string& method = found.report.how;
  if (solution) check(n, *solution);
  if (json) {
    nlohmann::json out = {{"n", n}, {"method", method}, {"stats", stats_json(stats)}};
    out["solution"] = solution ? nlohmann::json(*solution) : nlohmann::json(nullptr);
    std::cout << out.dump() << '\n';
  } else if (solution) {
    std::string text = format(format_name, *solution);
    if (text.empty() || text.back() != '\n') text.push_back('\n');
    std::fwrite(text.data(), 1, text.size(), stdout);
  } else {
    std::cout << "no solution\n";
  }
  if (vm.count("stats")) print_stats(std::cerr, stats);
  return solution ? kExitSuccess : kExitNoSolution;
}

}  // namespace nursery::cli
