// N rooks, a kind that lives only in the tests: proof that the PuzzleKind
// contract (nursery/kind.hpp) is all a kind needs. It is registered in the
// test build alone, with one line (conformance_test.cpp: Kinds::with<Facade>),
// and passes the conformance suite, batch and verify there.
//
// A file: `rooks N` (N from 1 to 8), then N rows of N cells, '.' free and
// '#' blocked. An answer: N rooks on free cells, no two on one row or
// column. The answer file leads with the board's content hash, then `OK`
// and the rows with `R` for a rook, or `FAIL`, or (counting) the count.
//
// One file per part, as a kind of the engine has them: this facade and the
// reader (format), search.hpp (the backtracker), verify.hpp (the
// independent checker, which shares no code with the search).
#pragma once

#include <nursery/input.hpp>
#include <nursery/kind.hpp>
#include <nursery/stamp.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rooks {

inline constexpr int kMaxN = 8;  // the checker's brute force over N! orders

struct Board {
  int n = 0;
  std::string cells;  // n * n, row by row: '.' free, '#' blocked
  std::string where;  // "file:line" of its `rooks N` line
};

// A placement: the column of each row's rook.
using Columns = std::vector<int>;

struct Answer : nursery::Report {
  std::optional<Columns> columns;  // when found
};

// The board's content hash (nursery/stamp.hpp): its N and cells.
inline nursery::ContentHash hash_of(const Board& board) {
  return nursery::ContentHash().add("rooks " + std::to_string(board.n) + "\n" + board.cells);
}

// ---- format -----------------------------------------------------------------

// InputError "name:line: expected ..., found ..." for anything but one board.
inline Board read_board(std::string_view text, const std::string& name) {
  text = nursery::skip_byte_order_mark(text);
  Board board;
  std::size_t number = 0, rows = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string where = name + ":" + std::to_string(number);
    if (line.empty()) continue;
    if (board.n == 0) {
      const auto tokens = nursery::tokens_of(line);
      if (tokens.size() != 2 || tokens[0] != "rooks" || tokens[1].size() != 1 ||
          tokens[1][0] < '1' || tokens[1][0] > '0' + kMaxN)
        throw nursery::InputError(where, "'rooks N' with N from 1 to 8", nursery::quoted(line));
      board.n = tokens[1][0] - '0';
      board.where = where;
      continue;
    }
    if (rows == static_cast<std::size_t>(board.n))
      throw nursery::InputError(where, "no more rows", nursery::quoted(line));
    if (line.size() != static_cast<std::size_t>(board.n) ||
        line.find_first_not_of(".#") != std::string_view::npos)
      throw nursery::InputError(where, std::to_string(board.n) + " cells of '.' and '#'",
                                nursery::quoted(line));
    board.cells += line;
    ++rows;
  }
  if (board.n == 0) throw nursery::InputError(name + ":1", "'rooks N'", "nothing");
  if (rows < static_cast<std::size_t>(board.n))
    throw nursery::InputError(name + ":" + std::to_string(number),
                              std::to_string(board.n) + " rows", std::to_string(rows));
  return board;
}

// The rows with the rooks on them.
inline std::string format(const Board& board, const Columns& columns) {
  std::string text;
  for (int r = 0; r < board.n; ++r) {
    std::string row = board.cells.substr(static_cast<std::size_t>(r * board.n), board.n);
    row[static_cast<std::size_t>(columns[r])] = 'R';
    text += row + "\n";
  }
  return text;
}

}  // namespace rooks

#include "search.hpp"
#include "verify.hpp"

namespace rooks {

// ---- The kind for the generic drivers ---------------------------------------

struct Facade {
  using Puzzle = Board;
  using Answer = rooks::Answer;
  static constexpr const char* name = "rooks";
  static constexpr const char* described = "a rooks board";
  static constexpr const char* known_by = "'rooks N' line";
  static constexpr bool homework_names = false;

  // Its first line is its signature.
  static nursery::Sniff sniff(std::string_view head) {
    const auto lines = nursery::meaningful_lines(head, 1);
    if (lines.empty()) return nursery::Sniff::no;
    const auto tokens = nursery::tokens_of(lines[0]);
    return !tokens.empty() && tokens[0] == "rooks" ? nursery::Sniff::yes : nursery::Sniff::no;
  }
  static std::vector<Puzzle> read(std::string_view text, const std::string& file) {
    return {read_board(text, file)};
  }
  static nursery::Label label(const Puzzle& board) {
    return {"", "n=" + std::to_string(board.n), ""};
  }
  static Answer answer(const Puzzle& board, const nursery::Ask& ask) {
    return search(board, ask.count, ask.budget);
  }
  static std::string write(const Puzzle& board, const Answer& answer, const nursery::Ask& ask) {
    std::string text = nursery::stamp_line(hash_of(board));
    if (ask.count) return text + nursery::to_string(*answer.count) + "\n";
    if (!answer.columns) return text + "FAIL\n";
    return text + "OK\n" + format(board, *answer.columns);
  }
  static std::string write_none(const Puzzle&, std::string_view) { return {}; }
  static std::optional<nursery::Verification> check(const Puzzle& board, std::string_view,
                                                    std::string_view answer,
                                                    const nursery::Budget& budget) {
    return rooks::check(board, nursery::read_stamp(answer).rest, budget);
  }
  static std::optional<std::vector<nursery::Checked>> verify_answers(
      std::string_view input, std::string_view answer, const std::string& input_name,
      const std::string&, const nursery::Budget& budget, nursery::Progress*,
      const nursery::VerifyAsk&) {
    auto checked = check(read_board(input, input_name), input, answer, budget);
    if (!checked) return std::nullopt;
    return std::vector<nursery::Checked>{{"", *checked}};
  }
  // Kept when its hash line names this board and the checker vouches for
  // it: a placement or FAIL by check, a count by the checker's own count.
  static std::vector<std::optional<nursery::Taken>> take_back(const std::vector<Puzzle>& boards,
                                                              std::string_view,
                                                              std::string_view output,
                                                              const nursery::Ask& ask) {
    const Board& board = boards.at(0);
    const auto rest = nursery::stamped_for(output, hash_of(board));
    if (!rest) return {std::nullopt};
    nursery::Taken taken;
    taken.text = output;
    taken.verified = true;
    if (ask.count) {
      const auto count = nursery::read_count(*rest);
      const auto placements = count_placements(board, nursery::Budget());
      if (!count || !placements || *count != nursery::Count{*placements}) return {std::nullopt};
      taken.report.count = count;
      taken.report.verdict = *placements > 0 ? nursery::Verdict::ok : nursery::Verdict::fail;
      return {std::move(taken)};
    }
    const auto checked = rooks::check(board, *rest, nursery::Budget());
    if (!checked || !checked->valid) return {std::nullopt};
    taken.report.verdict = claims_none(*rest) ? nursery::Verdict::fail : nursery::Verdict::ok;
    return {std::move(taken)};
  }
};
static_assert(nursery::PuzzleKind<Facade>);

}  // namespace rooks
