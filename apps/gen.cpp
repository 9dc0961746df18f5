// nursery gen KIND ...: reproducible instance generators, one option table
// per kind, then the kind's writer (lizards: cli/lizards/command.hpp's
// write_generated; Skyscrapers: nursery/skyscrapers.hpp's generate_lines).
// The kinds it offers are the registry's with a generator (kinds.hpp).
#include <iostream>
#include <nursery/skyscrapers.hpp>
#include <string>

#include "cli/lizards/command.hpp"
#include "commands.hpp"
#include "kinds.hpp"
#include "options.hpp"

namespace nursery::cli {

namespace {

namespace lz = nursery::lizards;
namespace sky = nursery::skyscrapers;

}  // namespace

int gen_lizards(int argc, char** argv) {
  po::options_description options = command_options();
  options.add_options()("n",
                        po::value<std::uint32_t>()->required()->notifier(
                            in_range<std::uint32_t>("--n", "1 to 65535", 1, 65535)),
                        "board side")(
      "trees",
      po::value<double>()->default_value(0)->notifier(within("--trees", "a fraction", 0, 1)),
      "fraction of cells that are trees, 0 to 1")(
      "p", po::value<std::string>()->default_value("auto"),
      "lizards: a number, auto (what the column-major greedy places) or auto+1")(
      "seed", po::value<std::uint64_t>()->default_value(1), "random seed")(
      "algorithm", po::value<std::string>()->default_value("DFS"), "first line: DFS, BFS or SA")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write here, - for stdout (default: stdout)");
  add_shared(options, kTimeout,
             "seconds to draw the board (0: none); past them exit 3, nothing written to a "
             "file (stdout: the rows sent are said)");
  po::positional_options_description positionals;
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery gen lizards --n N --trees FRACTION --p P|auto|auto+1 "
                          "--seed S [-o FILE] [--timeout SECONDS]",
                          options, positionals, vm))
    return kExitSuccess;
  lz::GenerateOptions generate;
  generate.n = vm["n"].as<std::uint32_t>();
  generate.trees = vm["trees"].as<double>();
  const std::string p = vm["p"].as<std::string>();
  // auto: what the greedy places (-1), auto+1: one more (-2).
  const bool automatic = p == "auto" || p == "auto+1";
  const long long value = automatic ? 0 : whole_number(p).value_or(0);
  if (!automatic && (value < 1 || value > 2147483647))
    throw usage_error("--p: expected a positive 32-bit integer, auto or auto+1, found '" + p + "'");
  generate.p = p == "auto" ? -1 : p == "auto+1" ? -2 : value;
  generate.seed = vm["seed"].as<std::uint64_t>();
  generate.algorithm = lz::parse_algorithm(vm["algorithm"].as<std::string>());
  const Deadline deadline(read_shared(vm).timeout);
  return lz::write_generated(generate, vm.count("output") ? vm["output"].as<std::string>() : "-",
                             deadline);
}

int gen_skyscrapers(int argc, char** argv) {
  po::options_description options = command_options();
  options.add_options()(
      "n", po::value<int>()->required()->notifier(in_range("--n", "1 to 9", 1, sky::kMaxSize)),
      "grid size N, 1 to 9")("puzzles",
                             po::value<int>()->default_value(10)->notifier(in_range(
                                 "--puzzles", "a number >= 0", 0, std::numeric_limits<int>::max())),
                             "number of puzzles")(
      "seed", po::value<std::uint64_t>()->default_value(1), "random seed (same seed, same file)")(
      "clues", po::value<std::string>()->default_value("all"),
      "clues kept: all, or a number of randomly chosen ones")(
      "givens", po::value<int>()->default_value(0), "random cells given")(
      "unique-solution",
      "make each puzzle's solution unique: add given cells from the square, or with --redraw "
      "...")("redraw", "... draw new squares until the clues and givens alone are unique")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write the puzzles to FILE (-: stdout, the default), atomically");
  add_shared(options, kTimeout,
             "seconds to draw all the puzzles (0: none); past them exit 3, nothing written");
  po::positional_options_description positionals;
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery gen skyscrapers --n N [--puzzles K] [--seed S] "
                          "[--clues all|K] [--givens G]\n"
                          "                               [--unique-solution [--redraw]] "
                          "[--timeout S] [-o FILE]\n"
                          "Draws random Latin squares and writes puzzles in the line format; the\n"
                          "square is the solution field. Without --unique-solution a puzzle may "
                          "have\n"
                          "several solutions (all 4N clues fix a 7x7 square in 0.23% of draws).",
                          options, positionals, vm))
    return kExitSuccess;
  sky::GenerateOptions generate;
  const int n = generate.size = vm["n"].as<int>();
  const int count = vm["puzzles"].as<int>();
  const auto seed = vm["seed"].as<std::uint64_t>();
  const std::string clues = vm["clues"].as<std::string>();
  const auto kept = clues == "all" ? 4 * n : whole_number(clues).value_or(-1);
  if (kept < 0 || kept > 4 * n)
    throw usage_error("--clues: expected 'all' or 0.." + std::to_string(4 * n) + ", found '" +
                      clues + "'");
  generate.clues = static_cast<int>(kept);
  generate.givens = vm["givens"].as<int>();
  if (generate.givens < 0 || generate.givens > n * n)
    throw usage_error("--givens: expected 0.." + std::to_string(n * n) + ", found " +
                      std::to_string(generate.givens));
  generate.unique = vm.count("unique-solution") != 0;
  generate.redraw = vm.count("redraw") != 0;
  if (generate.redraw && !generate.unique)
    throw usage_error("--redraw: expected --unique-solution with it, found none");
  // With no clue and no given every Latin square solves it: no draw is ever unique.
  if (generate.redraw && n > 1 && generate.clues == 0 && generate.givens == 0)
    throw usage_error("--redraw: expected --clues or --givens above 0 (with neither, every " +
                      std::to_string(n) + "x" + std::to_string(n) +
                      " Latin square solves the puzzle, so none is unique)");
  Deadline deadline(read_shared(vm).timeout);
  generate.budget = Budget(&deadline.stop());
  std::optional<std::string> lines;
  try {
    lines = sky::generate_lines(generate, count, seed);
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  if (!lines) {
    if (deadline.exit_status() == kExitTimeout)
      std::cerr << "timeout: --timeout passed; nothing written\n";
    return deadline.exit_status();
  }
  // Many puzzles are a long write: the deadline and the signals are looked
  // at between its pieces (a stopped file write leaves nothing behind).
  const Status written = write_output_in_pieces(
      vm.count("output") ? vm["output"].as<std::string>() : "-",
      "# nursery gen skyscrapers --n " + std::to_string(n) + " --puzzles " + std::to_string(count) +
          " --seed " + std::to_string(seed) + " --clues " + clues + " --givens " +
          std::to_string(generate.givens) + (generate.unique ? " --unique-solution" : "") +
          (generate.redraw ? " --redraw" : "") + "\n# id N clues givens solution [info]\n" + *lines,
      Budget(&deadline.stop()));
  return written == Status::complete ? kExitSuccess : deadline.exit_status();
}

int cmd_gen(int argc, char** argv) {
  const auto kinds = generated_kinds();
  std::string names;
  for (const auto name : kinds) (names += names.empty() ? "" : "|") += name;
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cout << "usage: nursery gen " << names << " [options]  (--help after the kind)\n";
    return argc < 2 ? kExitUsage : kExitSuccess;
  }
  std::string kind = argv[1];
  std::string program = std::string("nursery gen ") + kind;
  argv[1] = program.data();
  int (*gen)(int, char**) = nullptr;
  Kinds::for_each([&]<class K>() {
    if (kind == K::name) gen = KindCli<K>::gen;
  });
  if (gen == nullptr)
    throw UsageError("gen: expected a kind, " + one_of(kinds) + ", found '" + kind + "'");
  return gen(argc - 1, argv + 1);
}

}  // namespace nursery::cli
