// nursery skyscrapers: files, flags and exit codes around the engine's kind
// (gen, verify and --bench are in skyscrapers_tools.cpp).
#include <algorithm>
#include <atomic>
#include <nursery/scheduler.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nursery/skyscrapers.hpp>
#include <sstream>

#include "options.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace sky = nursery::skyscrapers;

namespace {

// Rows as strings of digits ("3241"): heights are one digit (N <= 9).
nlohmann::json grid_json(const sky::Grid& grid, int n) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < n; ++r) {
    std::string row;
    for (int c = 0; c < n; ++c) row += static_cast<char>('0' + grid[r * n + c]);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

int cmd_skyscrapers(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>()->required()->value_name("FILE"),
      "puzzle file (-: stdin), or a Tatham game ID")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write the results to FILE (-: stdout) instead of stdout, atomically")(
      "count", "count the solutions (exactly, or up to --limit) instead of printing one")(
      "all", "print every solution (up to --limit K), each verified; one thread, in search order")(
      "limit", po::value<std::uint64_t>()->default_value(0),
      "stop at this many solutions; --limit 2 proves uniqueness (0: no limit)")(
      "bench", po::value<int>()->implicit_value(5),
      "benchmark: best of R runs per puzzle to solve and to prove uniqueness; one table row");
  add_shared(options, kSolving, "seconds per puzzle (0: none)");
  po::positional_options_description positionals;
  positionals.add("input", 1);
  po::variables_map vm;
  if (!parse_command_line(
          argc, argv,
          "usage: nursery skyscrapers FILE|GAME-ID [--count | --all] [--limit K] [-o FILE]\n"
          "                           [--threads T] [--timeout S] [--stats] [--json]\n"
          "                           [--progress|--no-progress]\n"
          "Solves every puzzle of FILE (line format, Tatham game IDs or the grid form) or one\n"
          "game ID such as 4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2,c1a4b2e2a. Prints each solution in\n"
          "the grid form (read back by nursery verify) and a summary line; --all prints every\n"
          "solution of each puzzle (up to --limit K).\n"
          "Exit 0 all solved (or counted: a count of 0 too), 1 some puzzle has no solution,\n"
          "2 bad input, 3 timeout, 130 interrupted.",
          options, positionals, vm))
    return kExitSuccess;

  auto shared = read_shared(vm);
  unsigned threads = shared.threads;
  auto limit = vm["limit"].as<std::uint64_t>();
  bool counting = vm.count("count") != 0;
  bool listing = vm.count("all") != 0;
  if (counting && listing) throw usage_error("--count and --all: choose one");
  bool json = shared.json;
  bool stats = shared.stats;
  auto input = vm["input"].as<std::string>();
  const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "";
  refuse_clobbering({input}, {{"-o", output}});
  if (!output.empty() && vm.count("bench"))
    throw usage_error("--bench: prints its table on stdout, without -o");
  auto puzzles = load_puzzles(input);
  if (vm.count("bench")) {
    int repeats = vm["bench"].as<int>();
    if (repeats < 1)
      throw usage_error("--bench: expected a number of runs >= 1, found " +
                        std::to_string(repeats));
    return bench_skyscrapers(puzzles, input, threads, repeats);
  }

  RunOptions run_options;
  run_options.threads = threads;
  run_options.limit = limit;
  const Budget stop(&interrupt_source());  // --timeout is per puzzle: each its own deadline
  // Without --count: one solution, or with --limit the first solution and
  // the number found up to the limit, in one search.
  // With --all: every solution up to the limit, on one thread in the
  // search's order (the same grids on every run).
  run_options.mode = counting ? Mode::count : (limit != 0 || listing ? Mode::all : Mode::first);
  if (listing) run_options.threads = 1;

  // The bar: puzzles done of all, and the share of the current puzzle's
  // search (its subproblems), which is what a long --count shows.
  Progress progress;
  run_options.progress = &progress;
  std::atomic<std::size_t> puzzles_done{0};
  std::atomic<std::uint64_t> done_before{0}, total_before{0};
  auto puzzle_share = [&] {
    const auto total = progress.total.load(std::memory_order_relaxed) - total_before.load();
    const auto done = progress.done.load(std::memory_order_relaxed) - done_before.load();
    return total > 0 ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total)) : 0.0;
  };
  ProgressBar bar(shared.progress, [&, eta = Eta{}](double elapsed) mutable {
    const std::size_t finished = puzzles_done.load(std::memory_order_relaxed);
    const double share = finished < puzzles.size() ? puzzle_share() : 0.0;
    const double fraction = (static_cast<double>(finished) + share) /
                            static_cast<double>(std::max<std::size_t>(1, puzzles.size()));
    std::string line = ProgressBar::gauge("skyscrapers", fraction) + "  " +
                       std::to_string(finished) + "/" + std::to_string(puzzles.size()) +
                       " puzzles";
    if (puzzles.size() == 1 || share > 0)
      line += ", this one " + std::to_string(progress.done.load() - done_before.load()) + "/" +
              std::to_string(progress.total.load() - total_before.load()) + " subproblems";
    return line + "  ETA " + eta.text(elapsed, fraction);
  });
  ResultsTo results(output);
  auto start = std::chrono::steady_clock::now();
  nlohmann::json report = nlohmann::json::array();
  sky::Tally tally;
  int verified = 0;
  bool all_exact = true;
  Count total = 0;
  for (const auto& puzzle : puzzles) {
    sky::Solved solved;
    // --all: each solution verified and printed (or kept for JSON) as it is found.
    std::uint64_t listed = 0;
    std::string fault;
    nlohmann::json grids = nlohmann::json::array();
    auto list = [&](const sky::Grid& grid) {
      ++listed;
      bar.hide();
      auto verification = sky::verify(puzzle, grid);
      if (!verification.valid && fault.empty()) fault = verification.reason;
      if (json) {
        grids.push_back(grid_json(grid, puzzle.size));
        return;
      }
      std::cout << "# " << puzzle.id << ": solution " << listed
                << (verification.valid ? "" : ", NOT VERIFIED: " + verification.reason) << '\n'
                << sky::format(puzzle, grid) << '\n';
    };
    auto puzzle_start = std::chrono::steady_clock::now();
    run_options.budget = stop.within(shared.timeout);
    done_before.store(progress.done.load());
    total_before.store(progress.total.load());
    try {
      solved = sky::solve(puzzle, run_options, listing ? list : std::function<void(const sky::Grid&)>());
    } catch (const std::invalid_argument& e) {
      throw UsageError(puzzle.source + ": " + e.what());
    }
    // The puzzle's time includes building the instance (root propagation).
    double puzzle_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - puzzle_start).count();
    puzzles_done.fetch_add(1, std::memory_order_relaxed);
    bar.hide();
    sky::Judgement verdict = sky::judge(solved, run_options.mode, limit);
    if (solved.solution && !listing) {
      auto verification = sky::verify(puzzle, *solved.solution);
      if (!verification.valid) fault = verification.reason;
    }
    if ((solved.solution || listed > 0) && fault.empty()) ++verified;
    tally.add(verdict);
    add_checked(total, solved.count.value_or(0));
    // A count cut short (deadline, Ctrl-C, a limit) is a lower bound, never the answer.
    const bool exact = solved.status == Status::complete;
    all_exact = all_exact && exact;
    const auto& stats_of = solved.stats;
    bool differs = solved.solution && !puzzle.solution.empty() && verdict.unique &&
                   *solved.solution != puzzle.solution;
    if (stats)
      std::cerr << "# " << puzzle.id << ": nodes " << stats_of.nodes << ", subproblems "
                << stats_of.subproblems << ", threads " << stats_of.threads << ", split "
                << milliseconds(stats_of.split_seconds) << ", cpu "
                << milliseconds(stats_of.cpu_seconds) << '\n';
    if (json) {
      nlohmann::json entry = {{"id", puzzle.id},
                              {"size", puzzle.size},
                              {"status", status_word(verdict.exit_status(counting))},
                              {"seconds", puzzle_seconds}};
      if (run_options.mode != Mode::first)
        entry[exact ? "total" : "at_least"] = count_json(solved.count.value_or(0));
      if (run_options.mode == Mode::all || verdict.unique) entry["unique"] = verdict.unique;
      if (listing) {
        entry["grids"] = grids;
        entry["verified"] = fault.empty();
      } else if (solved.solution) {
        entry["solution"] = grid_json(*solved.solution, puzzle.size);
        entry["verified"] = fault.empty();
      }
      if (!fault.empty()) entry["fault"] = fault;
      if (stats) entry["stats"] = stats_json(stats_of);
      report.push_back(entry);
    } else {
      std::cout << "# " << puzzle.id << ": " << verdict.words;
      if (listing && listed > 0)
        std::cout << (fault.empty() ? ", all verified" : ", NOT VERIFIED: " + fault);
      else if (solved.solution)
        std::cout << (fault.empty() ? ", verified" : ", NOT VERIFIED: " + fault);
      if (differs) std::cout << ", differs from the file's solution";
      std::cout << " (" << milliseconds(puzzle_seconds) << ")\n";
      if (solved.solution && !listing) std::cout << sky::format(puzzle, *solved.solution) << '\n';
    }
    if (tally.interrupted) break;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bar.hide();
  const int status = tally.exit_status(counting);
  if (json) {
    nlohmann::json summary = {{"puzzles", puzzles.size()},  {"solved", tally.solved},
                              {"no_solution", tally.no_solution}, {"timeouts", tally.timeouts},
                              {"verified", verified},       {"seconds", seconds}};
    if (run_options.mode != Mode::first) {
      summary["unique"] = tally.unique;
      summary[all_exact ? "total" : "at_least"] = count_json(total);
    }
    print_json(nlohmann::json{
        {"status", status_word(status)}, {"puzzles", report}, {"summary", summary}});
  } else {
    std::cout << "# " << puzzles.size() << (puzzles.size() == 1 ? " puzzle: " : " puzzles: ")
              << tally.solved << " solved";
    if (run_options.mode != Mode::first) std::cout << " (" << tally.unique << " unique)";
    if (verified > 0) std::cout << ", " << verified << " verified";
    std::cout << ", " << tally.no_solution << " without solution";
    if (tally.timeouts) std::cout << ", " << tally.timeouts << " timed out";
    if (counting)
      std::cout << ", " << (all_exact ? "" : "at least ") << to_string(total)
                << " solutions in all" << (all_exact ? "" : " (incomplete)");
    std::cout << "; total " << milliseconds(seconds) << '\n';
  }
  results.keep();
  if (tally.failed(counting)) std::cerr << "no solution" << (puzzles.size() > 1 ? " for some puzzles\n" : "\n");
  return status;
}

}  // namespace nursery::cli
