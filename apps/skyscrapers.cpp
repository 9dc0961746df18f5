// nursery skyscrapers: the options, then the engine's run over the file
// (nursery/skyscrapers.hpp: run, bench).
#include <iostream>

#include "cli/skyscrapers/command.hpp"
#include "commands.hpp"
#include "options.hpp"
#include "solver_options.hpp"

namespace nursery::cli {

namespace sky = nursery::skyscrapers;

namespace {

// --bench R: its table row, or with --json its document; a bench stopped
// before its last run prints no row (its JSON, the times null).
int bench(const std::vector<sky::Puzzle>& puzzles, const std::string& input,
          const SharedOptions& shared, int repeats) {
  const auto benched = sky::bench(puzzles, input, shared.threads, repeats,
                                  Budget(&interrupt_source(), shared.timeout));
  const int status =
      benched.status == Status::complete ? kExitSuccess : exit_code(benched.status, false);
  if (shared.json)
    print_json(sky::bench_json(benched, status_word(status)));
  else if (benched.status == Status::complete)
    std::cout << sky::table_row(benched.row) << '\n';
  if (benched.status != Status::complete)
    std::cerr << (benched.status == Status::timeout ? "timeout" : "interrupted")
              << ": --bench stopped before its last run; no table row\n";
  return status;
}

}  // namespace

int cmd_skyscrapers(int argc, char** argv) {
  po::options_description options = command_options();
  options.add_options()("input", po::value<std::string>()->required()->value_name("FILE"),
                        "puzzle file (-: stdin), or a Tatham game ID")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write the results to FILE (-: stdout) instead of stdout, atomically")(
      "count", "count the solutions (exactly, or up to --limit) instead of printing one")(
      "all", "print every solution (up to --limit K), each verified; one thread, in search order");
  add_skyscrapers_limit(options);
  options.add_options()(
      "bench",
      po::value<int>()->implicit_value(5)->notifier(
          in_range("--bench", "a number of runs >= 1", 1, std::numeric_limits<int>::max())),
      "benchmark: best of R runs per puzzle to solve and to prove uniqueness; one table "
      "row (Markdown), or with --json its document");
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

  const auto shared = read_shared(vm);
  sky::SkyscrapersRequest command{vm.count("output") ? vm["output"].as<std::string>() : "",
                                  vm.count("count") != 0,
                                  vm.count("all") != 0,
                                  read_skyscrapers_limit(vm).limit,
                                  shared.threads,
                                  shared.timeout,
                                  shared.json,
                                  shared.stats,
                                  shared.progress};
  if (command.count && command.all) throw usage_error("--count and --all: choose one");
  // Options the run would leave unused are refused, not dropped (--all
  // with --threads lists on one thread, as its help says: the same grids).
  if (vm.count("bench"))
    refuse_unused(vm, "--bench", {"count", "all", "limit", "stats"},
                  "--bench times its own runs and prints its table");
  const auto input = vm["input"].as<std::string>();
  refuse_clobbering({input}, {{"-o", command.output}});
  if (!command.output.empty() && vm.count("bench"))
    throw usage_error("--bench: prints its table on stdout, without -o");
  const auto puzzles = sky::load(input);
  if (!vm.count("bench")) return sky::run(puzzles, command);
  return bench(puzzles, input, shared, vm["bench"].as<int>());
}

}  // namespace nursery::cli
