// An explicit solution for every n except 2 and 3 (the construction of
// Hoffman, Loessi and Moore, 1969): even rows first, then odd rows, with a
// repair for n = 6k + 2 and n = 6k + 3. O(n), so n = 10^6 takes milliseconds;
// at n = 10^8 the placement alone is 400 MB, filled in place (no lists of
// rows beside it) and the budget looked at every 2^20 columns.
#include <stdexcept>

#include "nursery/queens.hpp"

namespace nursery::queens {

std::optional<Placement> construct(std::uint32_t n, const Budget& budget) {
  if (n == 2 || n == 3 || n == 0) throw std::invalid_argument("no solution for this n");
  Placement placement;
  placement.reserve(n);
  constexpr std::uint32_t kPollMask = (1u << 20) - 1;
  // Appends the 1-based rows first, first + 2, ..., up to last (inclusive).
  auto rows = [&](std::uint32_t first, std::uint32_t last) {
    for (std::uint32_t r = first; r <= last; r += 2) {
      if ((placement.size() & kPollMask) == 0 && budget.spent()) return false;
      placement.push_back(r - 1);
    }
    return true;
  };
  const std::uint32_t last_even = n % 2 == 0 ? n : n - 1, last_odd = n % 2 == 0 ? n - 1 : n;
  bool whole = true;
  if (n % 6 == 3) {
    // 2 moved to the end of the evens, 1 and 3 to the end of the odds
    whole = rows(4, last_even) && rows(2, 2) && rows(5, last_odd) && rows(1, 1) && rows(3, 3);
  } else if (n % 6 == 2) {
    // the evens, then 3 and 1 swapped, 5 moved to the end
    whole = rows(2, last_even) && rows(3, 3) && rows(1, 1) && rows(7, last_odd) && rows(5, 5);
  } else {
    whole = rows(2, last_even) && rows(1, last_odd);
  }
  if (!whole) return std::nullopt;
  return placement;
}

Placement construct(std::uint32_t n) {
  return *construct(n, Budget());
}

}  // namespace nursery::queens
