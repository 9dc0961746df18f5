// nursery draw FILE [ANSWER]: a picture (SVG or PNG) of a lizards board or a
// Skyscrapers puzzle, with its answer when given: a 1000x1000 answer cannot
// be read as text. The kind is found the way batch and verify find it.
#include <nursery/batch.hpp>
#include <nursery/input.hpp>
#include <nursery/lizards.hpp>
#include <nursery/picture.hpp>
#include <nursery/skyscrapers.hpp>
#include <string>

#include "options.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace {

// The lizards answer's cells ('1': a lizard) over the board's marks.
void place_lizards(const std::string& answer, const std::string& name, picture::Board& board) {
  auto lines = meaningful_lines(answer, static_cast<std::size_t>(board.n) + 1);
  if (lines.empty() || (lines[0] != "OK" && lines[0] != "FAIL"))
    throw UsageError(name + ":1: expected OK or FAIL");
  if (lines[0] == "FAIL") {
    board.title += " (FAIL)";
    return;
  }
  if (lines.size() != board.n + 1)
    throw UsageError(name + ": expected " + std::to_string(board.n) + " rows after OK");
  for (std::uint32_t r = 0; r < board.n; ++r) {
    if (lines[r + 1].size() != board.n)
      throw UsageError(name + ":" + std::to_string(r + 2) + ": expected " +
                       std::to_string(board.n) + " cells");
    for (std::uint32_t c = 0; c < board.n; ++c)
      if (lines[r + 1][c] == '1') board.marks[std::size_t(r) * board.n + c] = picture::kPiece;
  }
}

// "R,C" (0-based) for --attacks.
std::pair<std::uint32_t, std::uint32_t> parse_cell(const std::string& text) {
  auto comma = text.find(',');
  std::string row = text.substr(0, comma), column = comma == std::string::npos ? "" : text.substr(comma + 1);
  if (comma == std::string::npos || !all_digits(row) || !all_digits(column) || row.empty() ||
      column.empty() || row.size() > 9 || column.size() > 9)
    throw usage_error("--attacks: expected ROW,COLUMN (0-based), found '" + text + "'");
  return {static_cast<std::uint32_t>(std::stoul(row)), static_cast<std::uint32_t>(std::stoul(column))};
}

}  // namespace

int cmd_draw(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>()->required()->value_name("FILE"), "the instance file")(
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
  const auto output = vm["output"].as<std::string>();
  const bool png = picture_format(vm.count("format") ? &vm["format"].as<std::string>() : nullptr,
                                  output) == "png";
  const auto input = vm["input"].as<std::string>();
  refuse_clobbering({input, vm.count("answer") ? vm["answer"].as<std::string>() : std::string()},
                    {{"-o", output}});
  const std::string text = read_input(input);
  std::string why;
  const std::string kind = batch::detect_kind(text.substr(0, 64 * 1024), why);
  const std::string name = is_stdio(input) ? "stdin" : input;
  std::string drawing;
  if (kind == "lizards") {
    lizards::Board board = lizards::parse(text, name);
    picture::Board drawn{board.n, std::vector<std::uint8_t>(board.cells.size()),
                         name + ": " + std::to_string(board.n) + "x" + std::to_string(board.n) +
                             ", p = " + std::to_string(board.p)};
    for (std::size_t i = 0; i < board.cells.size(); ++i)
      drawn.marks[i] = board.cells[i] == lizards::kTree ? picture::kTree : picture::kEmpty;
    if (vm.count("answer")) {
      const auto answer = vm["answer"].as<std::string>();
      place_lizards(read_input(answer), is_stdio(answer) ? "stdin" : answer, drawn);
    }
    picture::Options picture_options;
    if (vm.count("attacks")) {
      picture_options.attacks_of = parse_cell(vm["attacks"].as<std::string>());
      const auto [row, column] = *picture_options.attacks_of;
      if (row >= board.n || column >= board.n)
        throw usage_error("--attacks: expected a cell of the " + std::to_string(board.n) + "x" +
                          std::to_string(board.n) + " board (0-based, below " +
                          std::to_string(board.n) + "), found '" + vm["attacks"].as<std::string>() +
                          "'");
    }
    drawing = png ? picture::png(drawn, picture_options) : picture::svg(drawn, picture_options);
  } else if (kind == "skyscrapers") {
    auto puzzles = skyscrapers::parse(text, name);
    const skyscrapers::Puzzle* puzzle = &puzzles.front();
    if (vm.count("id")) {
      puzzle = nullptr;
      for (const auto& candidate : puzzles)
        if (candidate.id == vm["id"].as<std::string>()) puzzle = &candidate;
      if (puzzle == nullptr) throw UsageError(name + ": no puzzle named '" + vm["id"].as<std::string>() + "'");
    }
    skyscrapers::Grid heights = puzzle->givens;
    if (vm.count("answer")) {
      const auto answer = vm["answer"].as<std::string>();
      auto answers = skyscrapers::read_answer(read_input(answer), is_stdio(answer) ? "stdin" : answer);
      const skyscrapers::Answer* chosen = nullptr;
      // Answers name their puzzle in a "# id" line (the skyscrapers
      // command writes "# id: solved ..."); a bare grid is the first's.
      for (const auto& candidate : answers) {
        std::string id = candidate.id;
        if (!id.empty() && id.back() == ':') id.pop_back();
        if (id == puzzle->id || (id.empty() && chosen == nullptr)) chosen = &candidate;
      }
      if (chosen == nullptr ||
          chosen->heights.size() != static_cast<std::size_t>(puzzle->size * puzzle->size))
        throw UsageError(answer + ": no " + std::to_string(puzzle->size) + "x" +
                         std::to_string(puzzle->size) + " grid for puzzle '" + puzzle->id + "'");
      heights = chosen->heights;
    }
    const std::string title = name + ": " + puzzle->id;
    drawing = png ? picture::png_skyscrapers(puzzle->size, puzzle->clues, heights, title)
                  : picture::svg_skyscrapers(puzzle->size, puzzle->clues, heights, title);
  } else {
    throw UsageError(name + ":1: expected a lizards board or a Skyscrapers puzzle, found " +
                     (kind.empty() ? why : "a " + kind + " file (nursery queens N --format svg|png)"));
  }
  write_output(output, drawing);
  return kExitSuccess;
}

}  // namespace nursery::cli
