// N rooks' independent checker (tests only): shares no code with the
// search. A placement is checked cell by cell against the board; FAIL and
// counts by a brute force over every order of the columns (N! <= 40,320).
#pragma once

#include <algorithm>
#include <numeric>

namespace rooks {

// An answer that claims no placement: FAIL alone.
inline bool claims_none(std::string_view answer) {
  const auto lines = nursery::meaningful_lines(answer, 2);
  return lines.size() == 1 && lines[0] == "FAIL";
}

// The placements of the board, one per order of the columns that avoids
// every blocked cell; nothing when `budget` ended the count.
inline std::optional<std::uint64_t> count_placements(const Board& board,
                                                     const nursery::Budget& budget) {
  std::vector<int> order(static_cast<std::size_t>(board.n));
  std::iota(order.begin(), order.end(), 0);
  std::uint64_t placements = 0, tried = 0;
  do {
    if (++tried % 1024 == 0 && budget.spent()) return std::nullopt;
    bool free = true;
    for (int r = 0; r < board.n && free; ++r)
      free =
          board.cells[static_cast<std::size_t>(r * board.n + order[static_cast<std::size_t>(r)])] ==
          '.';
    placements += free;
  } while (std::next_permutation(order.begin(), order.end()));
  return placements;
}

// The checker's word on an answer (its hash line taken off); nothing when
// `budget` ended it.
inline std::optional<nursery::Verification> check(const Board& board, std::string_view answer,
                                                  const nursery::Budget& budget) {
  if (claims_none(answer)) {
    const auto placements = count_placements(board, budget);
    if (!placements) return std::nullopt;
    if (*placements == 0) return nursery::Verification{true, "no order of the columns is free"};
    return nursery::Verification{
        false, "FAIL claimed, but " + std::to_string(*placements) + " placements exist"};
  }
  const auto lines = nursery::meaningful_lines(answer, static_cast<std::size_t>(board.n) + 2);
  if (lines.size() != static_cast<std::size_t>(board.n) + 1 || lines[0] != "OK")
    return nursery::Verification{false, "expected OK and " + std::to_string(board.n) + " rows"};
  std::vector<int> in_column(static_cast<std::size_t>(board.n), 0);
  for (int r = 0; r < board.n; ++r) {
    const std::string_view row = lines[static_cast<std::size_t>(r) + 1];
    if (row.size() != static_cast<std::size_t>(board.n))
      return nursery::Verification{false, "row " + std::to_string(r + 1) + ": wrong length"};
    int rooks = 0;
    for (int c = 0; c < board.n; ++c) {
      const char given = board.cells[static_cast<std::size_t>(r * board.n + c)];
      const char said = row[static_cast<std::size_t>(c)];
      if (said == 'R') {
        ++rooks;
        ++in_column[static_cast<std::size_t>(c)];
        if (given == '#')
          return nursery::Verification{false,
                                       "a rook on a blocked cell, row " + std::to_string(r + 1)};
      } else if (said != given) {
        return nursery::Verification{false, "row " + std::to_string(r + 1) + " is not the board's"};
      }
    }
    if (rooks != 1)
      return nursery::Verification{
          false, "row " + std::to_string(r + 1) + " holds " + std::to_string(rooks) + " rooks"};
  }
  for (int c = 0; c < board.n; ++c)
    if (in_column[static_cast<std::size_t>(c)] != 1)
      return nursery::Verification{
          false, "column " + std::to_string(c + 1) + " holds " +
                     std::to_string(in_column[static_cast<std::size_t>(c)]) + " rooks"};
  return nursery::Verification{
      true, std::to_string(board.n) + " rooks, one a row and a column, on free cells"};
}

}  // namespace rooks
