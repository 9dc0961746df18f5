// Odd-cycle cuts for the set-packing LP. Cells c1 ... ck (k odd) of which
// each sees the next and the last sees the first hold (k - 1) / 2 lizards
// at most: two lizards on consecutive cells would see each other, and k
// cells round an odd cycle hold at most every other one. Where the cycle
// has no chord that a segment, window or clique already cuts, the
// inequality is new: the LP may put a half on every cell of a 5-cycle
// (5/2 in all) where 2 is the most.
//
// Separation (the classic one, Grötschel, Lovász and Schrijver): give the
// edge between cells i and j that see each other the length 1 - x_i - x_j
// (nonnegative wherever the segments hold); a closed walk of odd length k
// is then |C| - 2 sum x long, and shorter than 1 exactly when its cells
// hold more than (k - 1) / 2. Shortest odd closed walks through each cell
// are shortest paths from the cell's even copy to its odd copy in the
// bipartite double cover (each cell twice, each edge joining the copies of
// opposite parity), by Dijkstra, ties to the fewer edges; the walk, cut at
// a repeated cell into two closed walks one of which is odd, gives a
// simple odd cycle no longer than itself. Only cells holding part of a
// lizard take part, their edges at most `reach` apart along a segment, and
// walks of at most kCycleCells edges (longer ones are seldom violated, and
// a search not led down them settles its short cycles sooner: on 200 x 200,
// 25% trees, 4,096 cycles in 0.6 s where unbounded walks found 4,067 in 1.0).
#include <algorithm>
#include <functional>
#include <queue>
#include <set>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

constexpr float kHolds = 0.01f;     // a cell with less holds no part of a lizard worth a cut
constexpr float kViolated = 0.02f;  // cut when the cells hold more than (k - 1) / 2 + this
constexpr std::uint32_t kNone = ~std::uint32_t{0};

// The sight graph among the cells that hold part of a lizard (local
// indices), its edges' lengths 1 - x_i - x_j (at least 0).
struct SightGraph {
  std::vector<std::uint32_t> cell;         // local index -> board index
  std::vector<std::uint32_t> start, next;  // adjacency, compressed
  std::vector<float> length;               // per edge
};

SightGraph sight_graph(const Instance& in, const std::vector<float>& value, std::uint32_t reach) {
  const std::uint32_t n = in.board.n;
  constexpr int kStep[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  SightGraph g;
  std::vector<std::uint32_t> local(in.board.cells.size(), kNone);
  for (std::uint32_t a = 0; a < n * n; ++a)
    if (in.board.cells[a] == kEmpty && value[a] > kHolds) {
      local[a] = static_cast<std::uint32_t>(g.cell.size());
      g.cell.push_back(a);
    }
  g.start.push_back(0);
  for (std::uint32_t a : g.cell) {
    const std::int64_t ar = a / n, ac = a % n;
    for (const auto& step : kStep)
      for (int sign : {-1, 1})
        for (std::int64_t k = 1; k <= reach; ++k) {
          const std::int64_t r = ar + sign * step[0] * k, c = ac + sign * step[1] * k;
          if (r < 0 || c < 0 || r >= n || c >= n) break;
          const auto b = static_cast<std::uint32_t>(r * n + c);
          if (in.board.cells[b] != kEmpty) break;  // a tree ends a's segment
          if (local[b] == kNone) continue;
          g.next.push_back(local[b]);
          g.length.push_back(std::max(0.0f, 1 - value[a] - value[b]));
        }
    g.start.push_back(static_cast<std::uint32_t>(g.next.size()));
  }
  return g;
}

// A closed walk (its first cell not repeated at its end) of odd length cut
// down to a simple odd cycle: at a repeated cell it splits into two closed
// walks, one of them odd.
std::vector<std::uint32_t> simple_odd_cycle(std::vector<std::uint32_t> walk) {
  for (;;) {
    std::size_t i = 0, j = 0;
    bool repeated = false;
    for (i = 0; i < walk.size() && !repeated; ++i)
      for (j = i + 1; j < walk.size(); ++j)
        if (walk[i] == walk[j]) {
          repeated = true;
          break;
        }
    if (!repeated) return walk;
    --i;  // the loop's increment passed it
    std::vector<std::uint32_t> inner(walk.begin() + static_cast<std::ptrdiff_t>(i),
                                     walk.begin() + static_cast<std::ptrdiff_t>(j));
    if (inner.size() % 2 == 1) {
      walk = std::move(inner);
    } else {
      walk.erase(walk.begin() + static_cast<std::ptrdiff_t>(i),
                 walk.begin() + static_cast<std::ptrdiff_t>(j));
    }
  }
}

// Dijkstra in the double cover from (source, even) to (source, odd), at
// most `pops` nodes settled, lengths below `limit`: the odd closed walk
// found (local indices), or empty.
class OddWalks {
 public:
  explicit OddWalks(const SightGraph& g)
      : g_(g),
        distance_(2 * g.cell.size(), kFar),
        hops_(2 * g.cell.size(), 0),
        before_(2 * g.cell.size(), kNone) {}

  std::vector<std::uint32_t> shortest(std::uint32_t source, float limit, std::size_t pops) {
    for (std::uint32_t v : touched_) distance_[v] = kFar, before_[v] = kNone;
    touched_.clear();
    Queue queue;
    reach(2 * source, 0, 0, kNone, queue);
    const std::uint32_t target = 2 * source + 1;
    std::size_t settled = 0;
    while (!queue.empty() && settled < pops) {
      const auto [d, hops, v] = queue.top();
      queue.pop();
      if (d > distance_[v] || (d == distance_[v] && hops > hops_[v])) continue;
      if (v == target) return walk_to(target);
      ++settled;
      const std::uint32_t cell = v / 2, parity = v % 2;
      for (std::uint32_t e = g_.start[cell]; e != g_.start[cell + 1]; ++e) {
        const float to = d + g_.length[e];
        if (to < limit && hops < kCycleCells)
          reach(2 * g_.next[e] + (1 - parity), to, hops + 1, v, queue);
      }
    }
    return {};
  }

 private:
  static constexpr float kFar = 1e30f;
  using Entry = std::tuple<float, std::uint32_t, std::uint32_t>;  // length, edges, node
  using Queue = std::priority_queue<Entry, std::vector<Entry>, std::greater<>>;

  void reach(std::uint32_t v, float d, std::uint32_t hops, std::uint32_t from, Queue& queue) {
    if (d > distance_[v] || (d == distance_[v] && hops >= hops_[v])) return;
    if (distance_[v] == kFar) touched_.push_back(v);
    distance_[v] = d, hops_[v] = hops, before_[v] = from;
    queue.emplace(d, hops, v);
  }

  // The cells from the source to `target`'s cell, the source once.
  std::vector<std::uint32_t> walk_to(std::uint32_t target) const {
    std::vector<std::uint32_t> walk;
    for (std::uint32_t v = before_[target]; v != kNone; v = before_[v]) walk.push_back(v / 2);
    std::reverse(walk.begin(), walk.end());
    return walk;
  }

  const SightGraph& g_;
  std::vector<float> distance_;
  std::vector<std::uint32_t> hops_, before_, touched_;
};

// The cycle as sorted cells, to tell one found twice (from another cell or
// the other way round).
std::vector<std::uint32_t> canonical(std::vector<std::uint32_t> cycle) {
  std::sort(cycle.begin(), cycle.end());
  return cycle;
}

}  // namespace

std::vector<CutCycle> violated_cycles(const Instance& in, const std::vector<float>& value,
                                      std::uint32_t reach, std::size_t most, std::size_t pops) {
  const SightGraph g = sight_graph(in, value, reach);
  OddWalks walks(g);
  std::vector<ViolatedCut> found;
  std::set<std::vector<std::uint32_t>> seen;
  std::vector<char> used(g.cell.size(), 0);  // on a cycle found already: no source again
  for (std::uint32_t source = 0; source < g.cell.size(); ++source) {
    if (used[source]) continue;
    const auto walk = walks.shortest(source, 1 - 2 * kViolated, pops);
    if (walk.size() < 3) continue;
    const auto cycle = simple_odd_cycle(walk);
    float held = 0;
    for (std::uint32_t v : cycle) held += value[g.cell[v]];
    const float excess = held - static_cast<float>(cycle.size() - 1) / 2;
    if (cycle.size() < 3 || excess <= kViolated) continue;
    CutCycle cells;
    for (std::uint32_t v : cycle) cells.push_back(g.cell[v]), used[v] = 1;
    if (seen.insert(canonical(cells)).second) found.push_back({excess, std::move(cells)});
  }
  return most_violated(std::move(found), most);
}

}  // namespace nursery::lizards
