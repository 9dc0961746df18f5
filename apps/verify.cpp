// nursery verify INPUT OUTPUT: the independent checkers, chosen by the
// input's first line (DFS/BFS/SA: lizards; otherwise skyscrapers).
#include <fstream>
#include <string>

#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

int cmd_verify(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>()->required(), "the instance file")(
      "output", po::value<std::string>()->required(), "the answer to check")(
      "json", "print the verdict as JSON");
  po::positional_options_description positionals;
  positionals.add("input", 1).add("output", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery verify INPUT OUTPUT [--json]\n"
                          "Checks an answer with code that shares nothing with the solvers;\n"
                          "prints valid or invalid and why. Exit 0 valid, 1 invalid, 2 bad input.",
                          options, positionals, vm))
    return kExitSuccess;
  auto input = vm["input"].as<std::string>();
  auto output = vm["output"].as<std::string>();
  std::ifstream in(input);
  if (!in) throw UsageError(input + ": cannot open");
  std::string first;
  std::getline(in, first);
  while (!first.empty() && (first.back() == '\r' || first.back() == ' ')) first.pop_back();
  bool json = vm.count("json") != 0;
  if (first == "DFS" || first == "BFS" || first == "SA")
    return verify_lizards_files(input, output, json);
  return verify_skyscrapers_files(input, output, json);
}

}  // namespace nursery::cli
