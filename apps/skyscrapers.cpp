// nursery skyscrapers, nursery gen skyscrapers, and the skyscrapers side of
// nursery verify: files, flags and exit codes around the engine's kind.
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

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(path + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// FILE, or a game ID typed on the command line.
std::vector<sky::Puzzle> load_puzzles(const std::string& input) {
  try {
    if (std::filesystem::is_regular_file(input)) return sky::read_puzzles(read_file(input), input);
    if (input.find(':') != std::string::npos || input.find('#') != std::string::npos) {
      auto puzzle = sky::parse_game_id(input, "game ID");
      puzzle.id = "game-id";
      return {puzzle};
    }
  } catch (const sky::FormatError& e) {
    throw UsageError(e.what());
  }
  throw UsageError(input +
                   ": expected a puzzle file or a game ID N:c1/.../c4N[,grid], found "
                   "neither (no such file)");
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

// What one puzzle's run came to, in words and for the exit status.
struct Verdict {
  std::string words;         // "unique", "2 solutions", "no solution", ...
  bool solved = false;       // has at least one solution
  bool unique = false;       // proved to have exactly one
  bool no_solution = false;  // proved to have none
  bool timeout = false;
  bool interrupted = false;
};

Verdict judge(const sky::Solved& solved, Mode mode, std::uint64_t limit) {
  Verdict verdict;
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

// --bench: per puzzle the best of `repeats` runs, to solve and to prove
// uniqueness; one table row with medians and maxima.
int bench(const std::vector<sky::Puzzle>& puzzles, const std::string& input, unsigned threads,
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
      if (!solved.first || !sky::check(puzzle, *solved.first).empty())
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
  if (largest->size != smallest->size) sizes += "-" + std::to_string(largest->size);
  std::printf("| %s | %s | %zu | %s | %.3f | %.3f | %.3f | %.3f |\n",
              std::filesystem::path(input).filename().c_str(), sizes.c_str(), puzzles.size(),
              threads == 0 ? std::to_string(tbb::this_task_arena::max_concurrency()).c_str()
                           : std::to_string(threads).c_str(),
              median(solve_times) * 1e3, maximum(solve_times) * 1e3, median(unique_times) * 1e3,
              maximum(unique_times) * 1e3);
  return kExitSuccess;
}

}  // namespace

int cmd_skyscrapers(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("input", po::value<std::string>()->required(),
                                                    "puzzle file, or a Tatham game ID")(
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
    return bench(puzzles, input, threads, repeats);
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
    Verdict verdict = judge(solved, run_options.mode, limit);
    std::string fault;
    if (solved.first) {
      fault = sky::check(puzzle, *solved.first);
      if (fault.empty()) ++verified;
    }
    solved_count += verdict.solved;
    unique_count += verdict.unique;
    no_solution += verdict.no_solution;
    timeouts += verdict.timeout;
    interrupted = interrupted || verdict.interrupted;
    add_checked(total, solved.result.count);
    const auto& stats_of = solved.result.stats;
    bool differs = solved.first && !puzzle.solution.empty() && verdict.unique &&
                   *solved.first != puzzle.solution;
    if (json) {
      nlohmann::json entry = {{"id", puzzle.id},
                              {"size", puzzle.size},
                              {"status", to_string(solved.result.status)},
                              {"verdict", verdict.words},
                              {"seconds", puzzle_seconds}};
      if (run_options.mode != Mode::first) entry["solutions"] = count_json(solved.result.count);
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
      if (solved.first) std::cout << sky::to_grid_form(puzzle, &*solved.first) << '\n';
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
      summary["solutions"] = count_json(total);
    }
    std::cout << nlohmann::json{{"puzzles", report}, {"summary", summary}}.dump(2) << '\n';
  } else {
    std::cout << "# " << puzzles.size() << (puzzles.size() == 1 ? " puzzle: " : " puzzles: ")
              << solved_count << " solved";
    if (run_options.mode != Mode::first) std::cout << " (" << unique_count << " unique)";
    if (verified > 0) std::cout << ", " << verified << " verified";
    std::cout << ", " << no_solution << " without solution";
    if (timeouts) std::cout << ", " << timeouts << " timed out";
    if (counting) std::cout << ", " << to_string(total) << " solutions in all";
    std::cout << "; total " << milliseconds(seconds) << '\n';
  }
  if (no_solution > 0)
    std::cerr << "no solution" << (puzzles.size() > 1 ? " for some puzzles\n" : "\n");
  if (interrupted) return kExitInterrupted;
  if (timeouts > 0) return kExitTimeout;
  if (no_solution > 0) return kExitNoSolution;
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
      "redraw", "... draw new squares until the clues and givens alone are unique");
  po::positional_options_description positionals;
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery gen skyscrapers --size N [--count K] [--seed S] "
                          "[--clues all|K] [--givens G] [--unique]\n"
                          "Draws random Latin squares and writes puzzles in the line format; the\n"
                          "square is the solution field. Without --unique a puzzle may have\n"
                          "several solutions (all 4N clues fix a 7x7 square in 0.23% of draws).",
                          options, positionals, vm))
    return kExitSuccess;
  int n = vm["size"].as<int>();
  if (n < 1 || n > sky::kMaxSize)
    throw UsageError("--size: expected 1 to 9, found " + std::to_string(n));
  int count = vm["count"].as<int>();
  if (count < 0)
    throw UsageError("--count: expected a number >= 0, found " + std::to_string(count));
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
      throw UsageError("--clues: expected 'all' or 0.." + std::to_string(4 * n) + ", found '" +
                       clues_text + "'");
  }
  int givens = vm["givens"].as<int>();
  if (givens < 0 || givens > n * n)
    throw UsageError("--givens: expected 0.." + std::to_string(n * n) + ", found " +
                     std::to_string(givens));
  bool unique = vm.count("unique") != 0;
  bool redraw = vm.count("redraw") != 0;
  if (redraw && !unique) throw UsageError("--redraw: expected --unique with it, found none");

  std::mt19937_64 random(seed);
  std::cout << "# nursery gen skyscrapers --size " << n << " --count " << count << " --seed "
            << seed << " --clues " << clues_text << " --givens " << givens
            << (unique ? " --unique" : "") << (redraw ? " --redraw" : "")
            << "\n# id N clues givens solution [info]\n";
  // Up to two solutions of a puzzle, by one search with a limit.
  auto two_solutions = [](const sky::Puzzle& puzzle) {
    std::vector<sky::Grid> found;
    Search<sky::Grid>::Sink sink = [&found](const sky::Grid& grid) { found.push_back(grid); };
    RunOptions run_options;
    run_options.mode = Mode::all;
    run_options.limit = 2;
    run_options.threads = 1;
    run_options.subproblems = 1;
    run<sky::Kind>(sky::make_instance(puzzle), run_options, &sink);
    return found;
  };
  constexpr int kMaxDraws = 1000000;
  for (int k = 0; k < count; ++k) {
    sky::Puzzle puzzle;
    for (int draw = 0;; ++draw) {
      if (draw == kMaxDraws)
        throw UsageError("--redraw: no unique puzzle in " + std::to_string(kMaxDraws) +
                         " squares; keep more clues or add --givens");
      puzzle.size = n;
      puzzle.id = "gen" + std::to_string(n) + "-" + std::to_string(seed) + "-" + std::to_string(k);
      puzzle.solution = sky::random_latin_square(n, random);
      puzzle.clues = sky::clues_of(puzzle.solution, n);
      std::vector<int> order(4 * n);
      for (int i = 0; i < 4 * n; ++i) order[i] = i;
      std::shuffle(order.begin(), order.end(), random);
      for (int i = keep_clues; i < 4 * n; ++i) puzzle.clues[order[i]] = 0;
      puzzle.givens.assign(n * n, 0);
      std::vector<int> cells(n * n);
      for (int i = 0; i < n * n; ++i) cells[i] = i;
      std::shuffle(cells.begin(), cells.end(), random);
      for (int i = 0; i < givens; ++i) puzzle.givens[cells[i]] = puzzle.solution[cells[i]];
      if (!redraw || two_solutions(puzzle).size() == 1) break;
    }
    while (unique && !redraw) {
      // Two solutions differ somewhere: give that cell its height in the square.
      auto found = two_solutions(puzzle);
      if (found.size() < 2) break;
      const auto& other = found[0] != puzzle.solution ? found[0] : found[1];
      int cell = 0;
      while (other[cell] == puzzle.solution[cell]) ++cell;
      puzzle.givens[cell] = puzzle.solution[cell];
    }
    int given_count = static_cast<int>(
        std::count_if(puzzle.givens.begin(), puzzle.givens.end(), [](int v) { return v != 0; }));
    if (given_count == 0) puzzle.givens.clear();
    int clue_count = static_cast<int>(
        std::count_if(puzzle.clues.begin(), puzzle.clues.end(), [](int v) { return v != 0; }));
    puzzle.info = "clues=" + std::to_string(clue_count) + " givens=" + std::to_string(given_count);
    if (unique) puzzle.info += " unique";
    std::cout << sky::to_line(puzzle) << '\n';
  }
  return kExitSuccess;
}

int verify_skyscrapers_files(const std::string& input, const std::string& output, bool json) {
  std::vector<sky::Puzzle> puzzles;
  std::vector<sky::Answer> answers;
  try {
    puzzles = sky::read_puzzles(read_file(input), input);
    answers = sky::read_answers(read_file(output), output);
  } catch (const sky::FormatError& e) {
    throw UsageError(e.what());
  }
  // Answers name their puzzles in their `# id` lines; bare grids go in order.
  std::map<std::string, const sky::Answer*> by_id;
  bool named = !answers.empty();
  for (const auto& answer : answers) {
    if (answer.id.empty()) named = false;
    by_id[answer.id] = &answer;
  }
  nlohmann::json report = nlohmann::json::array();
  int valid = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const auto& puzzle = puzzles[i];
    const sky::Answer* answer = nullptr;
    if (named) {
      auto it = by_id.find(puzzle.id);
      if (it != by_id.end()) answer = it->second;
    } else if (i < answers.size()) {
      answer = &answers[i];
    }
    std::string fault;
    if (answer == nullptr) {
      fault = "no answer in " + output;
    } else if (answer->heights.size() != static_cast<std::size_t>(puzzle.size * puzzle.size)) {
      fault = answer->source + ": expected a " + std::to_string(puzzle.size) + "x" +
              std::to_string(puzzle.size) + " grid";
    } else if (!answer->clues.empty() && answer->clues != puzzle.clues) {
      fault = answer->source + ": the clue ring differs from the puzzle's";
    } else {
      fault = sky::check(puzzle, answer->heights);
      if (!fault.empty()) fault = answer->source + ": " + fault;
    }
    if (fault.empty()) ++valid;
    if (json)
      report.push_back({{"id", puzzle.id}, {"valid", fault.empty()}, {"reason", fault}});
    else
      std::cout << puzzle.id << ": " << (fault.empty() ? "valid" : "invalid: " + fault) << '\n';
  }
  bool all_valid = valid == static_cast<int>(puzzles.size());
  if (json)
    std::cout << nlohmann::json{{"valid", all_valid}, {"puzzles", report}}.dump(2) << '\n';
  else
    std::cout << (all_valid ? "valid" : "invalid") << " (" << valid << " of " << puzzles.size()
              << " answers valid)\n";
  return all_valid ? kExitSuccess : kExitNoSolution;
}

}  // namespace nursery::cli
