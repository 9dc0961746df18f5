// Cuts for the set-packing LP: triangles of the sight graph the segments
// and 2x2 windows miss. Three cells that pairwise share a segment (a row
// segment and the two diagonals that meet between its ends, and the like)
// see each other pairwise, so they hold one lizard at most; the segments
// alone allow 1/2 on each (3/2 in all). Separated where the LP's current
// solution violates them.
#include <algorithm>
#include <array>
#include <set>

#include "lizards/internal.hpp"

namespace nursery::lizards {

std::vector<Triangle> violated_triangles(const Instance& in, const std::vector<float>& value,
                                         std::uint32_t reach, std::size_t most) {
  const std::uint32_t n = in.board.n;
  constexpr int kStep[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  auto empty = [&](std::int64_t r, std::int64_t c) {
    return r >= 0 && c >= 0 && r < n && c < n &&
           in.board.cells[static_cast<std::size_t>(r) * n + static_cast<std::size_t>(c)] == kEmpty;
  };
  auto shares_segment = [&](std::uint32_t a, std::uint32_t b) {
    const std::uint32_t* sa = in.segments_of(a);
    const std::uint32_t* sb = in.segments_of(b);
    for (unsigned d = 0; d < 4; ++d)
      if (sa[d] == sb[d]) return true;
    return false;
  };
  struct Found {
    float excess;
    Triangle cells;
  };
  std::vector<Found> found;
  std::set<Triangle> seen;
  // From each cell a, a cell b on a's segment of direction d1 and a cell c
  // on its segment of direction d2 (both forward or backward, within
  // `reach`), with b and c on one segment of their own.
  for (std::uint32_t a = 0; a < n * n; ++a) {
    if (in.board.cells[a] != kEmpty || value[a] <= 0.05f) continue;
    const std::int64_t ar = a / n, ac = a % n;
    for (unsigned d1 = 0; d1 < 4; ++d1)
      for (unsigned d2 = d1 + 1; d2 < 4; ++d2)
        for (int s1 : {-1, 1})
          for (int s2 : {-1, 1})
            for (std::uint32_t k1 = 1; k1 <= reach; ++k1) {
              const std::int64_t br = ar + s1 * kStep[d1][0] * std::int64_t{k1};
              const std::int64_t bc = ac + s1 * kStep[d1][1] * std::int64_t{k1};
              if (!empty(br, bc)) break;  // a tree or the edge ends a's segment
              const auto b = static_cast<std::uint32_t>(br * n + bc);
              for (std::uint32_t k2 = 1; k2 <= reach; ++k2) {
                const std::int64_t cr = ar + s2 * kStep[d2][0] * std::int64_t{k2};
                const std::int64_t cc = ac + s2 * kStep[d2][1] * std::int64_t{k2};
                if (!empty(cr, cc)) break;
                const auto c = static_cast<std::uint32_t>(cr * n + cc);
                // Two cells of a 2x2 window: its clique holds them already.
                if (!shares_segment(b, c)) continue;
                const float excess = value[a] + value[b] + value[c] - 1.0f;
                if (excess <= 0.05f) continue;
                Triangle cells{a, b, c};
                std::sort(cells.begin(), cells.end());
                if (seen.insert(cells).second) found.push_back({excess, cells});
              }
            }
  }
  std::sort(found.begin(), found.end(),
            [](const Found& x, const Found& y) { return x.excess > y.excess; });
  std::vector<Triangle> cuts;
  for (std::size_t i = 0; i < found.size() && cuts.size() < most; ++i)
    cuts.push_back(found[i].cells);
  return cuts;
}

}  // namespace nursery::lizards
