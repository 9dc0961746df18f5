// Cuts for the set-packing LP: cliques of the sight graph the segments and
// 2x2 windows miss. Cells that pairwise share a segment see each other, so
// they hold one lizard at most. The smallest are triangles (a row segment
// and the two diagonals that meet between its ends: the segments allow 1/2
// on each, 3/2 in all); larger ones are the diamonds (a cell's four
// neighbours at one distance along its row and column, and the cell) and
// the squares (the corners of a k x k square, and its centre), and any
// mixture the board's trees leave. Separated where the LP's current
// solution violates them: from each cell that holds part of a lizard, a
// clique grown greedily by its heaviest neighbours (on Clp's exact LP of a
// 100 x 100 board, 10% trees, five rounds of these reach 758.3 where as
// many rounds of every triangle stop at 760.1).
#include <algorithm>
#include <set>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

constexpr float kHolds = 0.01f;     // a cell with less holds no part of a lizard worth a cut
constexpr float kViolated = 0.02f;  // a clique is cut when its cells hold more than 1 + this

}  // namespace

std::vector<CutClique> violated_cliques(const Instance& in, const std::vector<float>& value,
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
  // All on one segment: that segment's own constraint holds them already.
  auto on_one_segment = [&](const CutClique& cells) {
    for (unsigned d = 0; d < 4; ++d) {
      const std::uint32_t segment = in.segments_of(cells[0])[d];
      if (std::all_of(cells.begin(), cells.end(),
                      [&](std::uint32_t c) { return in.segments_of(c)[d] == segment; }))
        return true;
    }
    return false;
  };
  std::vector<ViolatedCut> found;
  std::set<CutClique> seen;
  std::vector<std::uint32_t> near;
  for (std::uint32_t a = 0; a < n * n; ++a) {
    if (in.board.cells[a] != kEmpty || value[a] <= kHolds) continue;
    // a's neighbours within `reach` along its eight rays, heaviest first.
    near.clear();
    const std::int64_t ar = a / n, ac = a % n;
    for (const auto& step : kStep)
      for (int sign : {-1, 1})
        for (std::int64_t k = 1; k <= reach; ++k) {
          const std::int64_t r = ar + sign * step[0] * k, c = ac + sign * step[1] * k;
          if (!empty(r, c)) break;  // a tree or the edge ends a's segment
          const auto b = static_cast<std::uint32_t>(r * n + c);
          if (value[b] > kHolds) near.push_back(b);
        }
    std::stable_sort(near.begin(), near.end(),
                     [&](std::uint32_t x, std::uint32_t y) { return value[x] > value[y]; });
    CutClique clique{a};
    float sum = value[a];
    for (std::uint32_t b : near)
      if (std::all_of(clique.begin(), clique.end(),
                      [&](std::uint32_t c) { return shares_segment(b, c); })) {
        clique.push_back(b);
        sum += value[b];
      }
    if (clique.size() < 3 || sum <= 1 + kViolated || on_one_segment(clique)) continue;
    std::sort(clique.begin(), clique.end());
    if (seen.insert(clique).second) found.push_back({sum - 1, std::move(clique)});
  }
  return most_violated(std::move(found), most);
}

std::vector<std::vector<std::uint32_t>> most_violated(std::vector<ViolatedCut> found,
                                                      std::size_t most) {
  std::stable_sort(found.begin(), found.end(),
                   [](const ViolatedCut& x, const ViolatedCut& y) { return x.excess > y.excess; });
  std::vector<std::vector<std::uint32_t>> cuts;
  for (std::size_t i = 0; i < found.size() && cuts.size() < most; ++i)
    cuts.push_back(std::move(found[i].cells));
  return cuts;
}

}  // namespace nursery::lizards
