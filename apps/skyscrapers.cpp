// nursery skyscrapers: files, flags and exit codes around the engine's kind
// (gen, verify and --bench are in skyscrapers_tools.cpp).
#include <algorithm>
#include <nursery/scheduler.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nursery/skyscrapers.hpp>
#include <sstream>

#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace sky = nursery::skyscrapers;

namespace {

// FILE ("-": standard input), or a game ID typed on the command line
// (N:c1/.../c4N[,grid], when no file has that name).
std::vector<sky::Puzzle> load_puzzles(const std::string& input) {
  try {
    if (is_stdio(input)) return sky::parse(read_input(input), "stdin");
    std::error_code missing;
    if (!std::filesystem::exists(input, missing) &&
        (input.find(':') != std::string::npos || input.find('#') != std::string::npos)) {
      auto puzzle = sky::parse_game_id(input, "game ID");
      puzzle.id = "game-id";
      return {puzzle};
    }
    return sky::parse(read_input(input), input);
  } catch (const sky::FormatError& e) {
    throw UsageError(e.what());
  }
}

std::string milliseconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", seconds * 1e3);
  return text;
}

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

// What the command says of one puzzle's run, in words and for the exit status.
struct Judgement {
  std::string words;         // "unique", "2 solutions", "no solution", ...
  bool solved = false;       // has at least one solution
  bool unique = false;       // proved to have exactly one
  bool no_solution = false;  // proved to have none
  bool timeout = false;
  bool interrupted = false;
};

Judgement judge(const sky::Solved& solved, Mode mode, std::uint64_t limit) {
  Judgement verdict;
  const auto& result = solved.result;
  if (result.status == Status::timeout) {
    verdict.timeout = true;
    verdict.words = "timeout";
  } else if (result.status == Status::cancelled) {
    verdict.interrupted = true;
    verdict.words = "interrupted";
  } else if (mode == Mode::first) {
    verdict.solved = solved.first.has_value();
    verdict.no_solution = !verdict.solved;
    verdict.words = verdict.solved ? "solved" : "no solution";
  } else if (result.status == Status::limit) {
    verdict.solved = true;
    verdict.words = limit == 1 ? "solved" : "at least " + std::to_string(limit) + " solutions";
  } else {
    verdict.solved = result.count > 0;
    verdict.no_solution = result.count == 0;
    verdict.unique = result.count == 1;
    verdict.words = verdict.no_solution ? "no solution"
                    : verdict.unique    ? "unique"
                                        : to_string(result.count) + " solutions";
  }
  return verdict;
}

}  // namespace

int cmd_skyscrapers(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>()->required()->value_name("FILE"),
      "puzzle file (-: stdin), or a Tatham game ID")(
      "count", "count the solutions (exactly, or up to --limit) instead of printing one")(
      "limit", po::value<std::uint64_t>()->default_value(0),
      "stop at this many solutions; --limit 2 proves uniqueness (0: no limit)")(
      "bench", po::value<int>()->implicit_value(5),
      "benchmark: best of R runs per puzzle to solve and to prove uniqueness; one table row");
  add_shared(options, kThreads | kTimeout | kJson | kStats, "seconds per puzzle (0: none)");
  po::positional_options_description positionals;
  positionals.add("input", 1);
  po::variables_map vm;
  if (!parse_command_line(
          argc, argv,
          "usage: nursery skyscrapers FILE|GAME-ID [--count] [--limit K] [--threads T] [--stats] "
          "[--json]\n"
          "Solves every puzzle of FILE (line format, Tatham game IDs or the grid form) or one\n"
          "game ID such as 4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2,c1a4b2e2a. Prints each solution in\n"
          "the grid form (read back by nursery verify) and a summary line.\n"
          "Exit 0 all solved, 1 some puzzle has no solution, 2 bad input, 3 timeout.",
          options, positionals, vm))
    return kExitSuccess;

  auto shared = read_shared(vm);
  unsigned threads = shared.threads;
  auto limit = vm["limit"].as<std::uint64_t>();
  bool counting = vm.count("count") != 0;
  bool json = shared.json;
  bool stats = shared.stats;
  auto input = vm["input"].as<std::string>();
  auto puzzles = load_puzzles(input);
  if (vm.count("bench")) {
    int repeats = vm["bench"].as<int>();
    if (repeats < 1)
      throw UsageError("--bench: expected a number of runs >= 1, found " + std::to_string(repeats));
    return bench_skyscrapers(puzzles, input, threads, repeats);
  }

  RunOptions run_options;
  run_options.threads = threads;
  run_options.limit = limit;
  run_options.timeout_seconds = shared.timeout;
  run_options.stop = &interrupt_source();
  // Without --count: one solution, or with --limit the first solution and
  // the number found up to the limit, in one search.
  run_options.mode = counting ? Mode::count : (limit != 0 ? Mode::all : Mode::first);

  auto start = std::chrono::steady_clock::now();
  nlohmann::json report = nlohmann::json::array();
  int solved_count = 0, unique_count = 0, no_solution = 0, timeouts = 0, verified = 0;
  bool interrupted = false;
  bool all_exact = true;
  Count total = 0;
  for (const auto& puzzle : puzzles) {
    sky::Solved solved;
    auto puzzle_start = std::chrono::steady_clock::now();
    try {
      solved = sky::solve(puzzle, run_options);
    } catch (const std::invalid_argument& e) {
      throw UsageError(puzzle.source + ": " + e.what());
    }
    // The puzzle's time includes building the instance (root propagation).
    double puzzle_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - puzzle_start).count();
    Judgement verdict = judge(solved, run_options.mode, limit);
    std::string fault;
    if (solved.first) {
      auto verification = sky::verify(puzzle, *solved.first);
      if (verification.valid) ++verified;
      else fault = verification.reason;
    }
    solved_count += verdict.solved;
    unique_count += verdict.unique;
    no_solution += verdict.no_solution;
    timeouts += verdict.timeout;
    interrupted = interrupted || verdict.interrupted;
    add_checked(total, solved.result.count);
    // A count cut short (deadline, Ctrl-C, a limit) is a lower bound, never the answer.
    const bool exact = solved.result.status == Status::complete;
    all_exact = all_exact && exact;
    const auto& stats_of = solved.result.stats;
    bool differs = solved.first && !puzzle.solution.empty() && verdict.unique &&
                   *solved.first != puzzle.solution;
    if (json) {
      nlohmann::json entry = {{"id", puzzle.id},
                              {"size", puzzle.size},
                              {"status", to_string(solved.result.status)},
                              {"verdict", verdict.words},
                              {"seconds", puzzle_seconds}};
      if (run_options.mode != Mode::first)
        entry[exact ? "solutions" : "at_least"] = count_json(solved.result.count);
      if (run_options.mode == Mode::all || verdict.unique) entry["unique"] = verdict.unique;
      if (solved.first) {
        entry["solution"] = grid_json(*solved.first, puzzle.size);
        entry["verified"] = fault.empty();
        if (!fault.empty()) entry["fault"] = fault;
      }
      if (stats) entry["stats"] = stats_json(stats_of);
      report.push_back(entry);
    } else {
      std::cout << "# " << puzzle.id << ": " << verdict.words;
      if (solved.first) std::cout << (fault.empty() ? ", verified" : ", NOT VERIFIED: " + fault);
      if (differs) std::cout << ", differs from the file's solution";
      std::cout << " (" << milliseconds(puzzle_seconds) << ")\n";
      if (stats)
        std::cerr << "# " << puzzle.id << ": nodes " << stats_of.nodes << ", subproblems " << stats_of.subproblems
                  << ", threads " << stats_of.threads << ", split "
                  << milliseconds(stats_of.split_seconds) << ", cpu "
                  << milliseconds(stats_of.cpu_seconds) << '\n';
      if (solved.first) std::cout << sky::format(puzzle, *solved.first) << '\n';
    }
    if (interrupted) break;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (json) {
    nlohmann::json summary = {{"puzzles", puzzles.size()},  {"solved", solved_count},
                              {"no_solution", no_solution}, {"timeouts", timeouts},
                              {"verified", verified},       {"seconds", seconds}};
    if (run_options.mode != Mode::first) {
      summary["unique"] = unique_count;
      summary[all_exact ? "solutions" : "at_least"] = count_json(total);
    }
    std::cout << nlohmann::json{{"puzzles", report}, {"summary", summary}}.dump(2) << '\n';
  } else {
    std::cout << "# " << puzzles.size() << (puzzles.size() == 1 ? " puzzle: " : " puzzles: ")
              << solved_count << " solved";
    if (run_options.mode != Mode::first) std::cout << " (" << unique_count << " unique)";
    if (verified > 0) std::cout << ", " << verified << " verified";
    std::cout << ", " << no_solution << " without solution";
    if (timeouts) std::cout << ", " << timeouts << " timed out";
    if (counting)
      std::cout << ", " << (all_exact ? "" : "at least ") << to_string(total)
                << " solutions in all" << (all_exact ? "" : " (incomplete)");
    std::cout << "; total " << milliseconds(seconds) << '\n';
  }
  if (no_solution > 0)
    std::cerr << "no solution" << (puzzles.size() > 1 ? " for some puzzles\n" : "\n");
  if (interrupted) return kExitInterrupted;
  if (timeouts > 0) return kExitTimeout;
  if (no_solution > 0) return kExitNoSolution;
  return kExitSuccess;
}

}  // namespace nursery::cli
