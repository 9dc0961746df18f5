// The independent checker: it shares no code with any search. A placement
// is valid when it has n queens, one per column and row, none on a shared
// diagonal.
#include <string>
#include <vector>

#include "nursery/queens.hpp"

namespace nursery::queens {

Verification verify(std::uint32_t n, std::span<const std::uint32_t> placement) {
  if (placement.size() != n)
    return {false, "expected " + std::to_string(n) + " queens, found " +
                       std::to_string(placement.size())};
  std::vector<char> row_taken(n, 0), up_taken(2 * std::size_t{n}, 0),
      down_taken(2 * std::size_t{n}, 0);
  for (std::uint32_t column = 0; column < n; ++column) {
    const std::uint32_t row = placement[column];
    const std::string where =
        "column " + std::to_string(column) + " (row " + std::to_string(row) + ")";
    if (row >= n) return {false, where + ": row outside the board"};
    if (row_taken[row]) return {false, where + ": a queen already holds this row"};
    const std::size_t up = std::size_t{row} + n - column, down = std::size_t{row} + column;
    if (up_taken[up] || down_taken[down]) return {false, where + ": attacked along a diagonal"};
    row_taken[row] = up_taken[up] = down_taken[down] = 1;
  }
  return {true, ""};
}

}  // namespace nursery::queens
