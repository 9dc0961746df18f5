// nursery lizards: a board solved (decided, counted or maximized); files,
// flags and exit codes around the lizards engine, which never sees a file.
#include "lizards.hpp"

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
#include <optional>

#include "commands.hpp"
#include "options.hpp"

namespace nursery::cli {

int cmd_lizards(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>()->value_name("FILE"),
      "the board (default: input.txt, answer to output.txt)")(
      "output,o", po::value<std::string>()->value_name("OUT"),
      "write the answer here, - for stdout (default: stdout)")(
      "count", "count every placement of p lizards exactly")("algorithm", po::value<std::string>(),
                                                             "override the file's DFS/BFS/SA line")(
      "seed", po::value<std::uint64_t>()->default_value(1), "local search seed")(
      "no-local-search", "DFS/BFS alone, without the local search racing it")(
      "any", "the first placement any search finds (faster; may differ between runs)")(
      "max", "the largest placement: best found, proven upper bound, gap (p ignored)")(
      "target", po::value<std::uint64_t>(), "with --max: stop once this many are placed")(
      "max-board", po::value<std::string>()->value_name("FILE"),
      "with --max: write the board with p = best here (for nursery verify)")(
      "bfs-memory",
      po::value<double>()
          ->default_value(lz::kBfsBudgetBytes / 1048576.0)
          ->notifier(within("--bfs-memory", "MiB", 0.001, 1e6)),
      "BFS frontier budget in MiB, 0.001 to 1000000");
  add_shared(options, kSolving, timeout_help().c_str());
  po::positional_options_description positionals;
  positionals.add("input", 1);
  po::variables_map vm;
  if (!parse_command_line(
          argc, argv,
          "usage: nursery lizards [FILE] [-o OUT] [--count] [--stats] [--json] [--threads T]\n"
          "                       [--timeout S] [--progress|--no-progress]\n"
          "Solves a baby-lizards board in the USC CSCI-561 HW1 format (FILE -: stdin). Without\n"
          "FILE it reads input.txt and writes output.txt, as the homework did.\n"
          "Exit 0 OK, 1 FAIL, 2 bad input, 3 timeout (result unknown).",
          options, positionals, vm))
    return kExitSuccess;

  bool homework = vm.count("input") == 0;
  std::string input = homework ? "input.txt" : vm["input"].as<std::string>();
  std::string output = vm.count("output") ? vm["output"].as<std::string>()
                                          : (homework ? "output.txt" : std::string());
  if (is_stdio(output)) output.clear();  // -o -: stdout, as without -o
  refuse_clobbering(
      {input},
      {{"-o", output},
       {"--max-board", vm.count("max-board") ? vm["max-board"].as<std::string>() : std::string()}});
  auto shared = read_shared(vm);
  bool json = shared.json;

  lz::Task task;
  try {
    task = lz::choose_task({vm.count("count") != 0, vm.count("max") != 0, vm.count("target") != 0,
                            vm.count("max-board") != 0});
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  // --timeout counts from here: reading and parsing a 100 MB board is part
  // of the time the user gave. Without it --max has its own deadline
  // (timeout_help says it).
  const bool own_deadline = task == lz::Task::maximize && vm["timeout"].defaulted();
  const Budget budget(&interrupt_source(),
                      own_deadline ? lz::kMaximizeDefaultSeconds : shared.timeout);
  const lz::Board board = lz::parse(read_board(input), input);  // InputError: exit 2
  if (task == lz::Task::maximize) return run_max(board, vm, shared, budget, output);

  lz::SolveOptions solve;
  solve.count = task == lz::Task::count;
  solve.threads = shared.threads;
  solve.budget = budget;
  solve.seed = vm["seed"].as<std::uint64_t>();
  solve.local_search = vm.count("no-local-search") == 0;
  solve.any = vm.count("any") != 0;
  double bfs_memory = vm["bfs-memory"].as<double>();
  solve.bfs_budget_bytes = static_cast<std::size_t>(bfs_memory * 1048576);
  if (vm.count("algorithm")) solve.algorithm = parse_algorithm(vm["algorithm"].as<std::string>());
  Progress progress;
  solve.progress = &progress;
  lz::SolveReport report;
  {
    // A count is a whole search: its share and ETA. The decision may end at
    // any moment (a find): what the solver knows instead, no ETA.
    ProgressBar::Line line = [&progress, &board](double elapsed) {
      return lizards_line(progress, board.p, elapsed);
    };
    if (solve.count) line = ProgressBar::RunLine(progress, "lizards --count");
    ProgressBar bar(shared.progress, std::move(line));
    report = lz::solve(board, solve);
  }

  bool decided = report.verdict != lz::Verdict::unknown;
  std::string answer;
  if (decided && !solve.count)
    answer = lz::format(board, report.solution ? &*report.solution : nullptr);
  if (decided && solve.count) answer = to_string(*report.count) + "\n";

  if (!answer.empty() && !output.empty()) write_output(output, answer);
  if (json) {
    nlohmann::json j = {{"status", status_word(exit_code(report))},
                        {"how", report.how},
                        {"n", board.n},
                        {"p", board.p},
                        {"stats", stats_json(report.stats)}};
    // A decision's bounds on the largest placement; a count has none.
    if (!solve.count) j["lower"] = report.lower, j["upper"] = report.upper;
    if (report.count) j["total"] = count_json(*report.count);
    if (report.solution) j["placement"] = placement_json(*report.solution, board.n);
    if (!output.empty()) j["output"] = output;
    print_json(j);
  } else if (!answer.empty() && output.empty()) {
    write_stdout(answer);
  }
  if (vm.count("stats")) {
    std::cerr << "decided by: " << report.how << '\n';
    if (!solve.count)
      std::cerr << "lizards: p = " << board.p << ", best placement " << report.lower
                << ", upper bound " << report.upper << '\n';
    print_stats(std::cerr, report.stats);
  }
  if (!decided) {
    bool interrupted = report.status == Status::cancelled;
    std::cerr << (interrupted ? "interrupted" : "timeout");
    if (solve.count)
      std::cerr << ": no count (after " << report.stats.wall_seconds << " s)\n";
    else
      std::cerr << ": result unknown (best placement " << report.lower << " of p = " << board.p
                << ", upper bound " << report.upper << ")\n";
    if (!json && output.empty()) std::cout << "unknown\n";
  }
  return exit_code(report);
}
}  // namespace nursery::cli
