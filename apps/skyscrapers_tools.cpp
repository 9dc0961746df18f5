// nursery gen skyscrapers, the Skyscrapers side of nursery verify, and
// nursery skyscrapers --bench: the engine's generator, answer checker and
// solver behind flags and tables.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <nursery/scheduler.hpp>
#include <nursery/skyscrapers.hpp>

#include "options.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace sky = nursery::skyscrapers;

// FILE ("-": standard input), or a game ID typed on the command line
// (N:c1/.../c4N[,grid], when no file has that name).
std::vector<skyscrapers::Puzzle> load_puzzles(const std::string& input) {
  if (is_stdio(input)) return sky::parse(read_input(input), "stdin");
  std::error_code missing;
  if (!std::filesystem::exists(input, missing) &&
      (input.find(':') != std::string::npos || input.find('#') != std::string::npos)) {
    auto puzzle = sky::parse_game_id(input, "game ID");
    puzzle.id = "game-id";
    return {puzzle};
  }
  return sky::parse(read_input(input), input);
}

std::string milliseconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", seconds * 1e3);
  return text;
}

// --bench: per puzzle the best of `repeats` runs, to solve and to prove
// uniqueness; one table row with medians and maxima.
int bench_skyscrapers(const std::vector<sky::Puzzle>& puzzles, const std::string& input, unsigned threads,
          int repeats) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> solve_times, unique_times;
  for (const auto& puzzle : puzzles) {
    double best_solve = 1e100, best_unique = 1e100;
    for (int round = 0; round < repeats; ++round) {
      RunOptions options;
      options.threads = threads;
      options.mode = Mode::first;
      auto start = Clock::now();
      auto solved = sky::solve(puzzle, options);
      best_solve =
          std::min(best_solve, std::chrono::duration<double>(Clock::now() - start).count());
      if (!solved.solution || !sky::verify(puzzle, *solved.solution).valid)
        throw std::runtime_error(puzzle.id + ": no verified solution in --bench");
      options.mode = Mode::all;
      options.limit = 2;
      start = Clock::now();
      sky::solve(puzzle, options);
      best_unique =
          std::min(best_unique, std::chrono::duration<double>(Clock::now() - start).count());
    }
    solve_times.push_back(best_solve);
    unique_times.push_back(best_unique);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  };
  auto maximum = [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); };
  auto [smallest, largest] = std::minmax_element(
      puzzles.begin(), puzzles.end(),
      [](const sky::Puzzle& x, const sky::Puzzle& y) { return x.size < y.size; });
  std::string sizes = std::to_string(smallest->size);
  if (largest->size != smallest->size) sizes.append("-").append(std::to_string(largest->size));
  std::printf("| %s | %s | %zu | %s | %.3f | %.3f | %.3f | %.3f |\n",
              std::filesystem::path(input).filename().c_str(), sizes.c_str(), puzzles.size(),
              threads == 0 ? std::to_string(tbb::this_task_arena::max_concurrency()).c_str()
                           : std::to_string(threads).c_str(),
              median(solve_times) * 1e3, maximum(solve_times) * 1e3, median(unique_times) * 1e3,
              maximum(unique_times) * 1e3);
  return kExitSuccess;
}

int cmd_gen_skyscrapers(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("size", po::value<int>()->required(),
                                                    "grid size N, 1 to 9")(
      "count", po::value<int>()->default_value(10), "number of puzzles")(
      "seed", po::value<std::uint64_t>()->default_value(1), "random seed (same seed, same file)")(
      "clues", po::value<std::string>()->default_value("all"),
      "clues kept: all, or a number of randomly chosen ones")(
      "givens", po::value<int>()->default_value(0), "random cells given")(
      "unique", "make each puzzle unique: add given cells from the square, or with --redraw ...")(
      "redraw", "... draw new squares until the clues and givens alone are unique")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write the puzzles to FILE (-: stdout, the default), atomically");
  add_shared(options, kTimeout,
             "seconds to draw all the puzzles (0: none); past them exit 3, nothing written");
  po::positional_options_description positionals;
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery gen skyscrapers --size N [--count K] [--seed S] "
                          "[--clues all|K] [--givens G] [--unique [--redraw]] [--timeout S]\n"
                          "                               [-o FILE]\n"
                          "Draws random Latin squares and writes puzzles in the line format; the\n"
                          "square is the solution field. Without --unique a puzzle may have\n"
                          "several solutions (all 4N clues fix a 7x7 square in 0.23% of draws).",
                          options, positionals, vm))
    return kExitSuccess;
  int n = vm["size"].as<int>();
  if (n < 1 || n > sky::kMaxSize)
    throw usage_error("--size: expected 1 to 9, found " + std::to_string(n));
  int count = vm["count"].as<int>();
  if (count < 0)
    throw usage_error("--count: expected a number >= 0, found " + std::to_string(count));
  auto seed = vm["seed"].as<std::uint64_t>();
  std::string clues_text = vm["clues"].as<std::string>();
  int keep_clues = 4 * n;
  if (clues_text != "all") {
    try {
      std::size_t used = 0;
      keep_clues = std::stoi(clues_text, &used);
      if (used != clues_text.size()) keep_clues = -1;
    } catch (const std::exception&) {
      keep_clues = -1;
    }
    if (keep_clues < 0 || keep_clues > 4 * n)
      throw usage_error("--clues: expected 'all' or 0.." + std::to_string(4 * n) + ", found '" +
                        clues_text + "'");
  }
  int givens = vm["givens"].as<int>();
  if (givens < 0 || givens > n * n)
    throw usage_error("--givens: expected 0.." + std::to_string(n * n) + ", found " +
                      std::to_string(givens));
  bool redraw = vm.count("redraw") != 0;
  if (redraw && vm.count("unique") == 0)
    throw usage_error("--redraw: expected --unique with it, found none");

  sky::GenerateOptions generate;
  generate.size = n;
  generate.clues = keep_clues;
  generate.givens = givens;
  generate.unique = vm.count("unique") != 0;
  generate.redraw = redraw;
  Deadline deadline(read_shared(vm).timeout);
  generate.budget = Budget(&deadline.stop());
  std::mt19937_64 random(seed);
  std::ostringstream text;
  text << "# nursery gen skyscrapers --size " << n << " --count " << count << " --seed " << seed
       << " --clues " << clues_text << " --givens " << givens
       << (generate.unique ? " --unique" : "") << (redraw ? " --redraw" : "")
       << "\n# id N clues givens solution [info]\n";
  for (int k = 0; k < count; ++k) {
    std::string id = "gen" + std::to_string(n) + "-" + std::to_string(seed) + "-" + std::to_string(k);
    std::optional<sky::Puzzle> puzzle;
    try {
      puzzle = sky::generate(generate, random, id);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    if (!puzzle || deadline.requested()) return deadline.exit_status();
    text << sky::format_instance(*puzzle, sky::Form::line) << '\n';
  }
  write_output(vm.count("output") ? vm["output"].as<std::string>() : "-", text.str());
  return kExitSuccess;
}

}  // namespace nursery::cli
