// Symmetry classes of whole solutions: a class is counted at its
// lexicographically smallest member.
#include <stdexcept>

#include "queens/counters.hpp"

namespace nursery::queens {

void transform(int g, int n, int& row, int& column) {
  const int m = n - 1, r = row, c = column;
  switch (g) {
    case 0: break;
    case 1: row = c, column = m - r; break;      // rotate 90
    case 2: row = m - r, column = m - c; break;  // rotate 180
    case 3: row = m - c, column = r; break;      // rotate 270
    case 4: row = m - r; break;                  // mirror top-bottom
    case 5: column = m - c; break;               // mirror left-right
    case 6: row = c, column = r; break;          // main diagonal
    case 7: row = m - c, column = m - r; break;  // anti-diagonal
    default: throw std::logic_error("symmetry index out of range");
  }
}


bool is_canonical(std::span<const std::uint32_t> placement) {
  const int n = static_cast<int>(placement.size());
  std::uint32_t image[32];
  for (int g = 1; g < 8; ++g) {
    for (int c = 0; c < n; ++c) {
      int row = static_cast<int>(placement[c]), column = c;
      transform(g, n, row, column);
      image[column] = static_cast<std::uint32_t>(row);
    }
    for (int c = 0; c < n; ++c) {
      if (image[c] < placement[c]) return false;
      if (image[c] > placement[c]) break;
    }
  }
  return true;
}

}  // namespace nursery::queens
