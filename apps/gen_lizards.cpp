// nursery gen lizards: the options, then the engine's board writer
// (nursery/lizards_cli.hpp: write_generated).
#include <nursery/lizards_cli.hpp>

#include "commands.hpp"
#include "options.hpp"

namespace nursery::cli {

namespace lz = nursery::lizards;

int cmd_gen_lizards(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "n",
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
             "seconds to draw the board (0: none); past them exit 3, nothing written");
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

}  // namespace nursery::cli
