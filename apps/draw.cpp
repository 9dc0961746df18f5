// nursery draw FILE [ANSWER]: the options, then the picture of a lizards
// board or a Skyscrapers puzzle (cli/cli.hpp: draw, over the engine's pictures).
#include <string>

#include "commands.hpp"
#include "options.hpp"

namespace nursery::cli {

int cmd_draw(int argc, char** argv) {
  po::options_description options = command_options();
  options.add_options()("input", po::value<std::string>()->required()->value_name("FILE"),
                        "the instance file")(
      "answer", po::value<std::string>()->value_name("ANSWER"), "its answer (optional)")(
      "output,o", po::value<std::string>()->default_value("-")->value_name("OUT"),
      "the picture's file (default: standard output)")(
      "format,f", po::value<std::string>()->value_name("F"),
      "svg or png (default: png for an OUT ending in .png, else svg)")(
      "attacks", po::value<std::string>()->value_name("R,C"),
      "lizards: draw what the piece at row R, column C (0-based) sees")(
      "id", po::value<std::string>(), "Skyscrapers: the puzzle to draw (default: the first)");
  po::positional_options_description positionals;
  positionals.add("input", 1).add("answer", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery draw FILE [ANSWER] [-o OUT] [--format svg|png] [--attacks R,C] [--id ID]\n"
                          "Draws a lizards board (trees, lizards, and what one lizard sees) or a\n"
                          "Skyscrapers puzzle (the grid in its clue ring) as SVG or PNG; boards wider\n"
                          "than 200 cells as a density picture. FILE or ANSWER may be - (standard input).",
                          options, positionals, vm))
    return kExitSuccess;
  auto given = [&vm](const char* key) {
    return vm.count(key) ? std::optional(vm[key].as<std::string>()) : std::nullopt;
  };
  const auto output = vm["output"].as<std::string>();
  Drawing drawing{vm["input"].as<std::string>(), given("answer"), false, given("attacks"),
                  given("id")};
  const auto format = given("format");
  drawing.png = picture_format(format ? &*format : nullptr, output) == "png";
  refuse_clobbering({drawing.input, drawing.answer.value_or("")}, {{"-o", output}});
  write_output(output, draw(drawing));
  return kExitSuccess;
}

}  // namespace nursery::cli
