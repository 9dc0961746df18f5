// nursery lizards --max: the largest placement, a proven bound, the gap.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <nursery/lizards.hpp>
#include <nursery/scheduler.hpp>
#include <optional>

#include "commands.hpp"
#include "lizards.hpp"
#include "options.hpp"

namespace nursery::cli {

// --timeout's help: its defaults, 0 (none) and --max's own deadline (the
// search would run until the gap closes, which on a huge board is never).
const std::string& timeout_help() {
  static const std::string help = [] {
    char text[128];
    std::snprintf(text, sizeof text, "seconds before giving up (0: none, the default; --max: %g)",
                  lz::kMaximizeDefaultSeconds);
    return std::string(text);
  }();
  return help;
}

// --max: the largest placement found and a proven bound on it (issue 13).
// The placement is written whole: `nursery verify BOARD OUT` accepts more
// than p safe lizards, and --max-board writes the board with p = best for
// a check against exactly that many. The exit status is 0 whenever a placement is
// written (the bound and gap say how good), 130 on Ctrl-C.
int run_max(const lz::Board& board, const po::variables_map& vm, const SharedOptions& shared,
            const Budget& budget, const std::string& output) {
  lz::MaximizeOptions options;
  options.threads = shared.threads;
  options.budget = budget;
  options.seed = vm["seed"].as<std::uint64_t>();
  if (vm.count("target")) options.target = vm["target"].as<std::uint64_t>();
  std::atomic<std::uint64_t> best{0}, upper{0};
  options.on_progress = [&](std::uint64_t b, std::uint64_t u) {
    best.store(b, std::memory_order_relaxed);
    upper.store(u, std::memory_order_relaxed);
  };
  lz::MaximizeReport report;
  {
    ProgressBar bar(shared.progress, [&](double elapsed) {
      std::uint64_t b = best.load(), u = upper.load();
      char gap[32];
      std::snprintf(gap, sizeof gap, "%.2f%%",
                    u ? 100.0 * (double(u) - double(b)) / double(u) : 0.0);
      return "lizards --max: best " + std::to_string(b) + ", bound " + std::to_string(u) +
             ", gap " + gap + ", " + std::to_string(static_cast<int>(elapsed)) + " s";
    });
    report = lz::maximize(board, options);
  }
  lz::Board answered = board;
  answered.p = report.lower;
  std::string answer = lz::format(answered, &*report.solution);
  if (!output.empty()) write_output(output, answer);
  if (vm.count("max-board"))
    write_output(vm["max-board"].as<std::string>(), lz::format_instance(answered));
  char gap[32];
  std::snprintf(gap, sizeof gap, "%.4f", report.gap());
  if (shared.json) {
    nlohmann::json j = {{"best", report.lower},
                        {"upper", report.upper},
                        {"gap", report.gap()},
                        {"optimal", report.lower >= report.upper},
                        {"upper_by", report.upper_by},
                        {"status", status_word(report.status == Status::cancelled ? kExitInterrupted
                                                                                  : kExitSuccess)},
                        {"n", board.n},
                        {"greedy", report.greedy},
                        {"matching_bound", report.matching_bound},
                        {"packing_bound", report.packing_bound},
                        {"search_epochs", report.search_epochs},
                        {"seconds",
                         {{"matching", report.matching_seconds},
                          {"packing", report.packing_seconds},
                          {"search", report.search_seconds},
                          {"exact", report.exact_seconds},
                          {"wall", report.stats.wall_seconds}}}};
    if (!output.empty()) j["output"] = output;
    Stats stats;
    stats.threads = detail::worker_count(shared.threads);
    stats.wall_seconds = report.stats.wall_seconds;
    j["stats"] = stats_json(stats);
    j["placement"] = placement_json(*report.solution, board.n);
    print_json(j);
  } else if (output.empty()) {
    write_stdout(answer);
  }
  std::cerr << "best " << report.lower << ", upper bound " << report.upper << " ("
            << report.upper_by << "), gap " << gap
            << (report.lower >= report.upper ? " (optimal)" : "") << ", "
            << report.stats.wall_seconds << " s\n";
  if (vm.count("stats")) {
    std::cerr << "greedy " << report.greedy << "; bounds: matchings " << report.matching_bound
              << " in " << report.matching_seconds << " s, set-packing LP " << report.packing_bound
              << " in " << report.packing_seconds << " s (" << report.packing_cliques
              << " cliques, " << report.packing_sweeps << " sweeps); search "
              << report.search_seconds << " s in " << report.search_epochs << " epochs; exact "
              << report.exact_seconds << " s; status " << to_string(report.status) << '\n';
  }
  return report.status == Status::cancelled ? interrupted_status() : kExitSuccess;
}
}  // namespace nursery::cli
