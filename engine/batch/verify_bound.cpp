// nursery verify BOARD --bound CERT: a lizards bound certificate checked
// against its board by code that shares nothing with the solver (nor with
// engine/lizards at all): its own reading of both texts, its own walks.
//
// Why a certificate proves its bound: each of its cliques is a set of cells
// that pairwise see each other (a run of empty cells along one line, the
// empty cells of a 2 x 2 window, one cell, or cells named one by one, each
// pair on one line with no tree between), so a placement has one lizard in
// it at most; every empty cell is covered by weight 1 or more. Summing, over
// the lizards of any placement, the weights of the cliques through each
// counts every clique at most once: |placement| <= sum of the weights. An
// odd cycle (k distinct empty cells, k odd, each seeing the next and the
// last the first) holds (k - 1) / 2 lizards at most, so its weight counts
// (k - 1) / 2 times in the sum.
//
// One pass over the certificate (each line's cells checked and its weight
// added to their covers, in exact integers), then one over the cells.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/checker_text.hpp"
#include "nursery/batch.hpp"
#include "nursery/budget.hpp"
#include "nursery/input.hpp"
#include "nursery/report.hpp"

namespace nursery::batch {

namespace {

// Thrown while the board is read when the budget is spent (Ctrl-C).
struct Stopped {};

struct Lines {
  std::string_view text;
  std::size_t at = 0;
  std::size_t number = 0;  // of the line last returned, 1-based
  // The next line, LF, CRLF or lone CR ended; false at the end.
  bool next(std::string_view& line) {
    if (at >= text.size()) return false;
    std::size_t end = at;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    line = text.substr(at, end - at);
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n')
      ++end;
    at = end + 1;
    ++number;
    return true;
  }
};

using checker_text::trimmed;

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

// A decimal number below 2^62 (weights and their sums stay far from overflow).
constexpr auto number = checker_text::decimal;

std::string where(const std::string& name, std::size_t line) {
  return name + ":" + std::to_string(line);
}

// The board: n and its rows of 0 (empty) and 2 (tree); the algorithm line
// is optional, p is read and not used, blank lines are skipped.
struct Board {
  std::uint64_t n = 0;
  std::vector<char> empty;  // row-major
};

Board read_board(std::string_view text, const std::string& name, const Budget& budget) {
  Lines lines{skip_byte_order_mark(text)};  // a byte-order mark, as every reader skips it
  std::string_view line;
  auto meaningful = [&](const char* expected) {
    while (lines.next(line))
      if (!trimmed(line).empty()) return trimmed(line);
    throw InputError(where(name, lines.number + 1), expected, "the end of the file");
  };
  Board board;
  std::string_view first = meaningful("the algorithm line or n");
  if (first == "DFS" || first == "BFS" || first == "SA") first = meaningful("n");
  if (!number(first, board.n) || board.n == 0 || board.n > 65535)
    throw InputError(where(name, lines.number), "n from 1 to 65535", quoted(first));
  std::uint64_t p = 0;
  if (std::string_view text_p = meaningful("p"); !number(text_p, p))
    throw InputError(where(name, lines.number), "p, a number", quoted(text_p));
  board.empty.resize(board.n * board.n);
  for (std::uint64_t r = 0; r < board.n; ++r) {
    if (budget.spent()) throw Stopped{};
    std::string_view row = meaningful("a row of the board");
    if (row.size() != board.n || row.find_first_not_of("02") != std::string_view::npos)
      throw InputError(where(name, lines.number), std::to_string(board.n) + " characters 0 or 2",
                       quoted(row));
    for (std::uint64_t c = 0; c < board.n; ++c) board.empty[r * board.n + c] = row[c] == '0';
  }
  return board;
}

// What a certificate line names, and why it is no clique (empty: it is one).
struct Clique {
  std::string_view shape;
  std::uint64_t row = 0, column = 0, length = 1, weight = 0;
  std::vector<std::array<std::uint64_t, 2>> cells;  // a triangle's, clique's or cycle's
  // The lizards it holds at most: 1, a cycle's (k - 1) / 2.
  std::uint64_t holds() const { return shape == "cycle" ? (cells.size() - 1) / 2 : 1; }
  const char* what() const {
    return shape == "cycle" ? " (an odd cycle: each cell sees the next)"
                            : " (a clique: cells that pairwise see each other)";
  }
};

// The forms of a certificate's clique lines.
constexpr const char* kLineForms =
    "'row|column|diagonal|anti-diagonal R C LENGTH WEIGHT', 'window|cell R C WEIGHT', "
    "'triangle R1 C1 R2 C2 R3 C3 WEIGHT', 'clique K R1 C1 ... RK CK WEIGHT', "
    "'cycle K R1 C1 ... RK CK WEIGHT' or 'end'";

// Do the empty cells a and b see each other: one line, no tree between?
bool see(const Board& board, std::uint64_t ar, std::uint64_t ac, std::uint64_t br,
         std::uint64_t bc) {
  const auto dr = static_cast<std::int64_t>(br) - static_cast<std::int64_t>(ar);
  const auto dc = static_cast<std::int64_t>(bc) - static_cast<std::int64_t>(ac);
  if ((dr == 0 && dc == 0) || !(dr == 0 || dc == 0 || dr == dc || dr == -dc)) return false;
  const std::int64_t sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
  for (auto r = static_cast<std::int64_t>(ar) + sr, c = static_cast<std::int64_t>(ac) + sc;
       r != static_cast<std::int64_t>(br) || c != static_cast<std::int64_t>(bc); r += sr, c += sc)
    if (!board.empty[static_cast<std::uint64_t>(r) * board.n + static_cast<std::uint64_t>(c)])
      return false;
  return true;
}

std::string name_of(std::uint64_t row, std::uint64_t column) {
  std::string text = std::to_string(row);  // (GCC 12 warns of "(" + a string)
  text.insert(text.begin(), '(');
  return text + ", " + std::to_string(column) + ")";
}

// An odd cycle's cells: `visit(index)` for each, or why it is none (an even
// length, a cell off the board, a tree, named twice, or two consecutive
// cells, the last and the first among them, that do not see each other).
template <class Visit>
std::string walk_cycle(const Board& board, const Clique& cycle, Visit visit) {
  const std::uint64_t n = board.n, k = cycle.cells.size();
  if (k < 3 || k % 2 == 0) return "cycle of " + std::to_string(k) + " cells: not odd, 3 or more";
  std::vector<std::uint64_t> index;
  for (const auto& [row, column] : cycle.cells) {
    if (row >= n || column >= n) return "cycle cell " + name_of(row, column) + " is off the board";
    if (!board.empty[row * n + column]) return "cycle cell " + name_of(row, column) + " is a tree";
    index.push_back(row * n + column);
  }
  std::sort(index.begin(), index.end());
  if (auto twice = std::adjacent_find(index.begin(), index.end()); twice != index.end())
    return "cycle cell " + name_of(*twice / n, *twice % n) + " is named twice";
  for (std::uint64_t i = 0; i < k; ++i) {
    const auto& a = cycle.cells[i];
    const auto& b = cycle.cells[(i + 1) % k];
    if (!see(board, a[0], a[1], b[0], b[1]))
      return "cycle: " + name_of(a[0], a[1]) + " and " + name_of(b[0], b[1]) +
             " do not see each other";
  }
  for (std::uint64_t i : index) visit(i);
  return {};
}

// Walks the clique's cells: `visit(index)` for each empty one, or the reason
// it is no clique of this board.
template <class Visit>
std::string walk(const Board& board, const Clique& clique, Visit visit) {
  const std::uint64_t n = board.n, r = clique.row, c = clique.column, k = clique.length;
  auto cell = [&](std::uint64_t row, std::uint64_t column) { return row * n + column; };
  auto name = [&](std::uint64_t row, std::uint64_t column) {
    std::string text = std::to_string(row);  // (GCC 12 warns of "(" + a string)
    text.insert(text.begin(), '(');
    return text + ", " + std::to_string(column) + ")";
  };
  if (clique.shape == "cell") {
    if (r >= n || c >= n) return "cell " + name(r, c) + " is off the board";
    if (!board.empty[cell(r, c)]) return "cell " + name(r, c) + " is a tree";
    visit(cell(r, c));
    return {};
  }
  if (clique.shape == "triangle" || clique.shape == "clique") {
    const std::string what = std::string(clique.shape);
    for (const auto& [row, column] : clique.cells) {
      if (row >= n || column >= n) return what + " cell " + name(row, column) + " is off the board";
      if (!board.empty[cell(row, column)])
        return what + " cell " + name(row, column) + " is a tree";
    }
    for (std::size_t i = 0; i < clique.cells.size(); ++i)
      for (std::size_t j = i + 1; j < clique.cells.size(); ++j)
        if (!see(board, clique.cells[i][0], clique.cells[i][1], clique.cells[j][0],
                 clique.cells[j][1]))
          return what + ": " + name(clique.cells[i][0], clique.cells[i][1]) + " and " +
                 name(clique.cells[j][0], clique.cells[j][1]) + " do not see each other";
    for (const auto& [row, column] : clique.cells) visit(cell(row, column));
    return {};
  }
  if (clique.shape == "cycle") return walk_cycle(board, clique, visit);
  if (clique.shape == "window") {
    if (r + 1 >= n || c + 1 >= n) return "window at " + name(r, c) + " runs off the board";
    for (std::uint64_t i : {cell(r, c), cell(r, c + 1), cell(r + 1, c), cell(r + 1, c + 1)})
      if (board.empty[i]) visit(i);
    return {};
  }
  // A line: every cell empty, so no tree stands between any two of them.
  std::int64_t dr = 1, dc = 0;
  if (clique.shape == "row") dr = 0, dc = 1;
  if (clique.shape == "diagonal") dc = 1;
  if (clique.shape == "anti-diagonal") dc = -1;
  const std::string what = std::string(clique.shape) + " " + std::to_string(r) + " " +
                           std::to_string(c) + " " + std::to_string(k);
  if (k == 0) return what + " holds no cell";
  const auto last_r = static_cast<std::int64_t>(r) + dr * static_cast<std::int64_t>(k - 1);
  const auto last_c = static_cast<std::int64_t>(c) + dc * static_cast<std::int64_t>(k - 1);
  if (r >= n || c >= n || last_r >= static_cast<std::int64_t>(n) || last_c < 0 ||
      last_c >= static_cast<std::int64_t>(n))
    return what + " runs off the board";
  for (std::uint64_t i = 0; i < k; ++i) {
    const auto row =
        static_cast<std::uint64_t>(static_cast<std::int64_t>(r) + dr * std::int64_t(i));
    const auto column =
        static_cast<std::uint64_t>(static_cast<std::int64_t>(c) + dc * std::int64_t(i));
    if (!board.empty[cell(row, column)])
      return what + " is not a segment: " + name(row, column) + " is a tree";
  }
  for (std::uint64_t i = 0; i < k; ++i)
    visit(cell(static_cast<std::uint64_t>(static_cast<std::int64_t>(r) + dr * std::int64_t(i)),
               static_cast<std::uint64_t>(static_cast<std::int64_t>(c) + dc * std::int64_t(i))));
  return {};
}

// A certificate line's words as a clique; its shape empty when they are
// none of the forms. A clique's K is at most 4n + 1 (a clique of the
// queens' graph holds fewer), so its pairwise check stays small.
Clique parse_clique(const std::vector<std::string_view>& field, std::uint64_t n) {
  Clique clique;
  if (field.empty()) return clique;
  const std::string_view shape = field[0];
  const bool line_shape =
      shape == "row" || shape == "column" || shape == "diagonal" || shape == "anti-diagonal";
  const bool point_shape = shape == "window" || shape == "cell";
  std::uint64_t cells = shape == "triangle" ? 3 : 0;
  std::size_t first = 1;  // the field of the first cell's row
  if (shape == "clique") {
    if (field.size() < 2 || !number(field[1], cells) || cells == 0 || cells > 4 * n + 1)
      return clique;
    first = 2;
  }
  if (shape == "cycle") {  // any length here: walk_cycle says why an even one is none
    if (field.size() < 2 || !number(field[1], cells) || cells == 0 || cells > n * n) return clique;
    first = 2;
  }
  const std::size_t fields = line_shape ? 5 : point_shape ? 4 : first + 2 * cells + 1;
  if ((!line_shape && !point_shape && cells == 0) || field.size() != fields ||
      !number(field[fields - 1], clique.weight))
    return clique;
  if (cells == 0) {
    if (!number(field[1], clique.row) || !number(field[2], clique.column) ||
        (line_shape && !number(field[3], clique.length)))
      return clique;
  } else {
    clique.cells.resize(cells);
    for (std::size_t i = 0; i < cells; ++i)
      if (!number(field[first + 2 * i], clique.cells[i][0]) ||
          !number(field[first + 2 * i + 1], clique.cells[i][1]))
        return clique;
  }
  clique.shape = shape;
  return clique;
}

}  // namespace

std::optional<Verification> verify_bound(std::string_view board_text, std::string_view certificate,
                                         const std::string& board_name,
                                         const std::string& certificate_name,
                                         const Budget& budget) {
  try {
    const Board board = read_board(board_text, board_name, budget);
    Lines lines{certificate};
    std::string_view line;
    // The next line that holds anything once its comment ('#' on) is cut.
    auto next_words = [&](const char* expected) {
      while (lines.next(line)) {
        std::string_view content = line.substr(0, line.find('#'));
        if (!trimmed(content).empty()) return words(content);
      }
      throw InputError(where(certificate_name, lines.number + 1), expected, "the end of the file");
    };
    auto bad = [&](const std::string& expected) {
      return InputError(where(certificate_name, lines.number), expected,
                        quoted(trimmed(line.substr(0, line.find('#')))));
    };
    if (auto head = next_words("'lizards bound certificate'");
        head.size() != 3 || head[0] != "lizards" || head[1] != "bound" || head[2] != "certificate")
      throw bad("'lizards bound certificate'");
    std::uint64_t header[3] = {0, 0, 0};  // n, scale, bound
    const char* keys[3] = {"n", "scale", "bound"};
    for (int k = 0; k < 3; ++k) {
      auto field = next_words(keys[k]);
      if (field.size() != 2 || field[0] != keys[k] || !number(field[1], header[k]) ||
          (k < 2 && header[k] == 0))
        throw bad(std::string("'") + keys[k] + " NUMBER'" + (k < 2 ? " (positive)" : ""));
    }
    const std::uint64_t scale = header[1], claimed = header[2];
    if (header[0] != board.n)
      return Verification{false, "the certificate is for n = " + std::to_string(header[0]) +
                                     ", the board has n = " + std::to_string(board.n)};
    std::vector<std::uint64_t> cover(board.empty.size(), 0);
    unsigned __int128 total = 0;
    std::uint64_t cliques = 0;
    for (;;) {
      auto field = next_words("a clique line or 'end'");
      if (field.size() == 1 && field[0] == "end") break;
      Clique clique = parse_clique(field, board.n);
      if (clique.shape.empty()) throw bad(kLineForms);
      if (++cliques % 4096 == 0 && budget.spent()) return std::nullopt;
      const std::uint64_t weight = clique.weight;
      std::string why = walk(board, clique, [&](std::uint64_t i) {
        cover[i] = std::min<std::uint64_t>(cover[i] + weight, std::uint64_t{1} << 63);
      });
      if (!why.empty())
        return Verification{false, certificate_name + ":" + std::to_string(lines.number) + ": " +
                                       why + clique.what()};
      total += static_cast<unsigned __int128>(weight) * clique.holds();
    }
    while (lines.next(line))
      if (!trimmed(line.substr(0, line.find('#'))).empty()) throw bad("nothing after 'end'");
    for (std::uint64_t i = 0; i < cover.size(); ++i) {
      if (i % board.n == 0 && budget.spent()) return std::nullopt;
      if (board.empty[i] && cover[i] < scale)
        return Verification{false, "the cell at row " + std::to_string(i / board.n) + ", column " +
                                       std::to_string(i % board.n) + " is covered by weight " +
                                       std::to_string(cover[i]) + "/" + std::to_string(scale) +
                                       ", less than 1"};
    }
    const unsigned __int128 proven = total / scale;
    if (proven > claimed)
      return Verification{false, "the weights sum to more than the bound " +
                                     std::to_string(claimed) + " claimed (at least " +
                                     std::to_string(static_cast<std::uint64_t>(proven)) + ")"};
    return Verification{true, "bound " + std::to_string(claimed) + " proven (" +
                                  std::to_string(cliques) + " cliques, every empty cell covered)"};
  } catch (const Stopped&) {
    return std::nullopt;
  }
}

}  // namespace nursery::batch
