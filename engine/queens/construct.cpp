// An explicit solution for every n except 2 and 3 (the construction of
// Hoffman, Loessi and Moore, 1969): even rows first, then odd rows, with a
// repair for n = 6k + 2 and n = 6k + 3. O(n), so n = 10^6 takes milliseconds.
#include <stdexcept>

#include "nursery/queens.hpp"

namespace nursery::queens {

Placement construct(std::uint32_t n) {
  if (n == 2 || n == 3 || n == 0) throw std::invalid_argument("no solution for this n");
  std::vector<std::uint32_t> evens, odds;  // 1-based rows
  for (std::uint32_t r = 2; r <= n; r += 2) evens.push_back(r);
  for (std::uint32_t r = 1; r <= n; r += 2) odds.push_back(r);
  if (n % 6 == 2) {
    // swap 1 and 3, move 5 to the end
    std::vector<std::uint32_t> repaired = {3, 1};
    for (std::uint32_t r : odds)
      if (r > 5) repaired.push_back(r);
    repaired.push_back(5);
    odds = repaired;
  } else if (n % 6 == 3) {
    // move 2 to the end of the evens, 1 and 3 to the end of the odds
    evens.erase(evens.begin());
    evens.push_back(2);
    odds.erase(odds.begin(), odds.begin() + 2);
    odds.push_back(1);
    odds.push_back(3);
  }
  Placement placement;
  placement.reserve(n);
  for (std::uint32_t r : evens) placement.push_back(r - 1);
  for (std::uint32_t r : odds) placement.push_back(r - 1);
  return placement;
}

}  // namespace nursery::queens
