// nursery verify FILE ANSWER: the independent checkers, chosen by the
// input's content the way `nursery batch` chooses (lizards with or without
// the algorithm line, any line ending; Skyscrapers in its three forms).
#include <string>

#include <nursery/batch.hpp>

#include "options.hpp"
#include "commands.hpp"

namespace nursery::cli {

int cmd_verify(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>()->required()->value_name("FILE"), "the instance file")(
      "output", po::value<std::string>()->required()->value_name("ANSWER"), "the answer to check");
  add_shared(options, kJson | kProgress);
  po::positional_options_description positionals;
  positionals.add("input", 1).add("output", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery verify FILE ANSWER [--json|--json-pretty] [--progress|--no-progress]\n"
                          "Checks an answer with code that shares nothing with the solvers;\n"
                          "prints valid or invalid and why. A lizards FAIL is valid only when\n"
                          "counts prove it (p beyond the empty cells or the tree-free runs of a\n"
                          "direction, or 2- and 3-queens); otherwise it is unverified.\n"
                          "Either FILE or ANSWER may be - (standard input).\n"
                          "Exit 0 valid, 1 invalid, 2 bad input, 4 unverified, 130 Ctrl-C,\n"
                          "143 SIGTERM (the checks poll for them: seconds on a huge board).",
                          options, positionals, vm))
    return kExitSuccess;
  auto input = vm["input"].as<std::string>();
  auto output = vm["output"].as<std::string>();
  if (is_stdio(input) && is_stdio(output))
    throw usage_error("FILE and ANSWER cannot both be - (standard input)");
  std::string head = read_input(input, 64 * 1024);
  bool json = read_shared(vm).json;
  std::string why;
  auto kind = batch::detect_kind(head, why);
  if (kind == "lizards")
    return verify_lizards_files(input, output, json, read_shared(vm).progress);
  if (kind == "skyscrapers") return verify_skyscrapers_files(input, output, json);
  if (kind == "queens")
    throw UsageError(input +
                     ":1: a 'queens N' file has no answer format to verify; "
                     "nursery queens checks every solution it prints");
  throw UsageError(input + ":1: expected a lizards or Skyscrapers instance, found " + why);
}

}  // namespace nursery::cli
