// nursery draw FILE [ANSWER]: a picture (SVG or PNG) of a lizards board or
// a Skyscrapers puzzle, with its answer when given: a 1000x1000 answer
// cannot be read as text. The kind is found the way batch and verify find
// it (the registry's sniff), and drawn by the registry's kind it is.
#include <array>
#include <nursery/input.hpp>
#include <nursery/picture.hpp>
#include <nursery/registry.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/cli.hpp"

namespace nursery::cli {

namespace {

std::string name_of(const std::string& path) {
  return is_stdio(path) ? "stdin" : path;
}

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

// "R,C" (0-based) for --attacks, a cell of a board of side n.
std::pair<std::uint32_t, std::uint32_t> parse_cell(const std::string& text, std::uint32_t n) {
  auto comma = text.find(',');
  std::string row = text.substr(0, comma),
              column = comma == std::string::npos ? "" : text.substr(comma + 1);
  if (comma == std::string::npos || !all_digits(row) || !all_digits(column) || row.empty() ||
      column.empty() || row.size() > 9 || column.size() > 9)
    throw usage_error("--attacks: expected ROW,COLUMN (0-based), found '" + text + "'");
  const auto cell = std::pair{static_cast<std::uint32_t>(std::stoul(row)),
                              static_cast<std::uint32_t>(std::stoul(column))};
  if (cell.first >= n || cell.second >= n)
    throw usage_error("--attacks: expected a cell of the " + std::to_string(n) + "x" +
                      std::to_string(n) + " board (0-based, below " + std::to_string(n) +
                      "), found '" + text + "'");
  return cell;
}

std::string draw_lizards(const Drawing& drawing, const std::string& text, const std::string& name) {
  lizards::Board board = lizards::parse(text, name);
  picture::Board drawn{board.n, std::vector<std::uint8_t>(board.cells.size()),
                       name + ": " + std::to_string(board.n) + "x" + std::to_string(board.n) +
                           ", p = " + std::to_string(board.p)};
  for (std::size_t i = 0; i < board.cells.size(); ++i)
    drawn.marks[i] = board.cells[i] == lizards::kTree ? picture::kTree : picture::kEmpty;
  if (drawing.answer) place_lizards(read_input(*drawing.answer), name_of(*drawing.answer), drawn);
  picture::Options options;
  if (drawing.attacks) {
    options.attacks_of = parse_cell(*drawing.attacks, board.n);
    // What a lizard sees is drawn from a lizard: a tree or an empty cell
    // sees nothing, and is refused rather than drawn as if it did.
    const auto [row, column] = *options.attacks_of;
    const auto mark = drawn.marks[static_cast<std::size_t>(row) * board.n + column];
    if (mark != picture::kPiece)
      throw usage_error("--attacks: expected a lizard at row " + std::to_string(row) + ", column " +
                        std::to_string(column) + ", found " +
                        (mark == picture::kTree ? "a tree" : "an empty cell") +
                        (drawing.answer ? "" : " (no ANSWER given: the board has no lizards)"));
  }
  return drawing.png ? picture::png(drawn, options) : picture::svg(drawn, options);
}

std::string draw_skyscrapers(const Drawing& drawing, const std::string& text,
                             const std::string& name) {
  auto puzzles = skyscrapers::parse(text, name);
  const skyscrapers::Puzzle* puzzle = &puzzles.front();
  if (drawing.id) {
    puzzle = nullptr;
    for (const auto& candidate : puzzles)
      if (candidate.id == *drawing.id) puzzle = &candidate;
    if (puzzle == nullptr) throw UsageError(name + ": no puzzle named '" + *drawing.id + "'");
  }
  skyscrapers::Grid heights = puzzle->givens;
  if (drawing.answer) {
    const auto& answer = *drawing.answer;
    auto answers = skyscrapers::read_answer(read_input(answer), name_of(answer));
    const skyscrapers::Answer* chosen = nullptr;
    // Answers name their puzzle in a "# id" line (the skyscrapers command
    // writes "# id: solved ..."); a bare grid is the first's.
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
  return drawing.png
             ? picture::png_skyscrapers(puzzle->size, puzzle->clues, heights, title, puzzle->givens)
             : picture::svg_skyscrapers(puzzle->size, puzzle->clues, heights, title,
                                        puzzle->givens);
}

// How a kind of the registry is drawn: its picture and the options only
// it takes; a kind without one is refused with where its pictures come
// from (`elsewhere`). Each kind's option on another kind's file would be
// left unused, and is refused.
struct OwnOption {
  const char* flag;
  std::optional<std::string> Drawing::*value;
  const char* means;  // what it does, for the refusal
};
constexpr OwnOption kAttacks{"--attacks", &Drawing::attacks, "draws what a lizard sees"};
constexpr OwnOption kId{"--id", &Drawing::id, "names a Skyscrapers puzzle"};

template <class K>
struct Picture {
  static constexpr const char* elsewhere = nullptr;  // not drawn, and nowhere else either
};
template <>
struct Picture<lizards::Facade> {
  static constexpr std::array options{kAttacks};
  static constexpr auto draw = draw_lizards;
};
template <>
struct Picture<skyscrapers::Facade> {
  static constexpr std::array options{kId};
  static constexpr auto draw = draw_skyscrapers;
};
template <>
struct Picture<queens::Facade> {
  static constexpr const char* elsewhere = "nursery queens N --format svg|png";
};

template <class K>
concept Drawn = requires {
  Picture<K>::draw;
};

}  // namespace

std::string draw(const Drawing& drawing) {
  const std::string text = read_input(drawing.input);
  const std::string name = name_of(drawing.input);
  const std::string_view head = std::string_view(text).substr(0, 64 * 1024);
  std::string why;
  const std::size_t kind = plain_text(head, why) ? Kinds::sniff(head) : Kinds::size;
  std::vector<std::string_view> drawn;
  Kinds::for_each([&]<class K>() {
    if constexpr (Drawn<K>) drawn.emplace_back(K::described);
  });
  std::string picture;
  Kinds::visit(kind, [&]<class K>() {
    if constexpr (Drawn<K>) {
      Kinds::for_each([&]<class Other>() {
        if constexpr (Drawn<Other> && !std::is_same_v<Other, K>)
          for (const OwnOption& option : Picture<Other>::options)
            if (drawing.*option.value)
              throw usage_error(std::string(option.flag) + ": " + option.means + "; " + name +
                                " holds " + K::described);
      });
      picture = Picture<K>::draw(drawing, text, name);
    } else {
      why = std::string("a ") + K::name + " file" +
            (Picture<K>::elsewhere ? std::string(" (") + Picture<K>::elsewhere + ")" : "");
    }
  });
  if (!picture.empty()) return picture;
  if (kind == Kinds::size && why.empty()) why = Kinds::unclaimed();
  throw UsageError(name + ":1: expected " + one_of(drawn) + ", found " + why);
}

}  // namespace nursery::cli
