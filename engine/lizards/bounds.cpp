// Upper bounds that prove FAIL without search. At most one lizard per
// segment in each direction; much stronger, lizards restricted to rows and
// columns are rooks with walls, whose maximum is exactly a maximum matching
// between row segments and column segments (each lizard is the edge its
// cell makes); the same holds for diagonals x anti-diagonals. Either
// matching bounds the real answer, which must satisfy both at once.

#include <algorithm>
#include <atomic>
#include <limits>

#include "lizards/internal.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

namespace {
constexpr std::uint32_t kUnmatched = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kFar = std::numeric_limits<std::uint32_t>::max();
}  // namespace

BipartiteGraph segment_graph(const Instance& instance, const std::uint32_t* cells,
                             std::size_t count, Direction left, Direction right) {
  BipartiteGraph graph;
  graph.left = instance.segment_count[left];
  graph.right = instance.segment_count[right];
  const std::uint32_t left_offset = instance.segment_offset[left];
  const std::uint32_t right_offset = instance.segment_offset[right];
  // Counting sort of the edges by left vertex.
  graph.start.assign(graph.left + 1, 0);
  for (std::size_t i = 0; i < count; ++i)
    ++graph.start[instance.segments_of(cells[i])[left] - left_offset + 1];
  for (std::uint32_t u = 0; u < graph.left; ++u) graph.start[u + 1] += graph.start[u];
  graph.adjacency.resize(count);
  std::vector<std::uint32_t> fill(graph.start.begin(), graph.start.end() - 1);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t* s = instance.segments_of(cells[i]);
    graph.adjacency[fill[s[left] - left_offset]++] = s[right] - right_offset;
  }
  return graph;
}

std::uint64_t max_matching(const BipartiteGraph& g, std::uint64_t enough) {
  return matching_bound(g, enough, Budget()).size;
}

MatchingBound matching_bound(const BipartiteGraph& g, std::uint64_t enough, const Budget& budget) {
  std::vector<std::uint32_t> match_left(g.left, kUnmatched), match_right(g.right, kUnmatched);
  std::uint64_t size = 0;
  // A greedy start leaves Hopcroft-Karp only the hard part.
  for (std::uint32_t u = 0; u < g.left; ++u) {
    for (std::uint32_t e = g.start[u]; e < g.start[u + 1]; ++e) {
      if (match_right[g.adjacency[e]] == kUnmatched) {
        match_left[u] = g.adjacency[e];
        match_right[g.adjacency[e]] = u;
        ++size;
        break;
      }
    }
  }
  std::vector<std::uint32_t> dist(g.left), queue(g.left), next(g.left), stack;
  // Polled every kPoll vertices; once it says stop, the bound below.
  constexpr std::uint32_t kPoll = 4096;
  std::uint32_t polls = 0;
  bool cut = false;
  auto stop_now = [&] { return cut || (++polls % kPoll == 0 && (cut = budget.spent())); };
  std::uint64_t shortest = 0;  // matched edges on every augmenting path (last layering)
  auto cut_short = [&] {
    MatchingBound bound{size, 0, false};
    std::uint64_t free_left = g.left - size;
    bound.upper = size + free_left;
    if (shortest > 0) bound.upper = std::min(bound.upper, size + size / shortest);
    bound.upper = std::min<std::uint64_t>(bound.upper, std::min(g.left, g.right));
    return bound;
  };
  while (size < enough) {
    // Layers from the free left vertices; stop at the first free right one.
    std::size_t head = 0, tail = 0;
    for (std::uint32_t u = 0; u < g.left; ++u) {
      if (match_left[u] == kUnmatched) {
        dist[u] = 0;
        queue[tail++] = u;
      } else {
        dist[u] = kFar;
      }
    }
    std::uint32_t free_layer = kFar;
    while (head < tail) {
      if (stop_now()) return cut_short();
      std::uint32_t u = queue[head++];
      if (dist[u] >= free_layer) continue;
      for (std::uint32_t e = g.start[u]; e < g.start[u + 1]; ++e) {
        std::uint32_t w = match_right[g.adjacency[e]];
        if (w == kUnmatched) {
          free_layer = std::min(free_layer, dist[u] + 1);
        } else if (dist[w] == kFar) {
          dist[w] = dist[u] + 1;
          queue[tail++] = w;
        }
      }
    }
    if (free_layer == kFar) break;
    shortest = free_layer - 1;  // dist counts matched edges from a free left vertex
    // Vertex-disjoint shortest augmenting paths, by an explicit-stack DFS.
    for (std::uint32_t u = 0; u < g.left; ++u) next[u] = g.start[u];
    for (std::uint32_t root = 0; root < g.left; ++root) {
      if (match_left[root] != kUnmatched) continue;
      if (stop_now()) return cut_short();
      stack.assign(1, root);
      while (!stack.empty()) {
        std::uint32_t v = stack.back();
        if (next[v] == g.start[v + 1]) {
          dist[v] = kFar;  // dead end for this phase
          stack.pop_back();
          continue;
        }
        std::uint32_t r = g.adjacency[next[v]++];
        std::uint32_t w = match_right[r];
        if (w == kUnmatched) {
          if (dist[v] + 1 != free_layer) continue;
          // Flip the path: every vertex on the stack takes the edge it used.
          for (std::uint32_t s : stack) {
            std::uint32_t used = g.adjacency[next[s] - 1];
            match_left[s] = used;
            match_right[used] = s;
          }
          ++size;
          break;
        }
        if (dist[w] == dist[v] + 1) stack.push_back(w);
      }
    }
  }
  return {size, size, true};
}

std::uint64_t Bounds::upper() const {
  std::uint64_t best = free_cells;
  for (auto s : segments) best = std::min(best, s);
  best = std::min(best, row_column_matching);
  best = std::min(best, diagonal_matching);
  return best;
}

Bounds root_bounds(const Instance& instance, std::uint64_t enough, const Budget& budget) {
  Bounds bounds;
  const auto& cells = instance.column_cells;
  bounds.free_cells = cells.size();
  std::uint64_t counted = bounds.free_cells;
  for (unsigned dir = 0; dir < 4; ++dir) {
    bounds.segments[dir] = instance.segment_count[dir];
    counted = std::min(counted, bounds.segments[dir]);
  }
  // A matching cut short at `enough` is no bound; the counts stand in.
  std::atomic<bool> cut{false};
  auto matching = [&](Direction left, Direction right) {
    MatchingBound m = matching_bound(
        segment_graph(instance, cells.data(), cells.size(), left, right), enough, budget);
    if (m.size >= enough) return counted;
    if (!m.complete) cut = true;
    return std::min(m.upper, counted);
  };
  // Side by side on the caller's pool: on huge boards each takes minutes.
  for_each_index(2, 0, [&](std::size_t pair) {
    if (pair == 0)
      bounds.row_column_matching = matching(kRow, kColumn);
    else
      bounds.diagonal_matching = matching(kDiagonal, kAntiDiagonal);
  });
  bounds.matchings_cut = cut.load();
  return bounds;
}

std::vector<std::uint32_t> column_capacities(const Instance& in) {
  const std::uint32_t n = in.board.n;
  const std::uint32_t segments = in.segment_count[kColumn];
  // suffix[c]: a bound on the lizards columns c.. can hold on their own,
  // which no placement in earlier columns can raise.
  std::vector<std::uint32_t> first_segment(n + 1, segments);
  for (std::uint32_t k = segments; k-- > 0;) first_segment[in.column_of_segment[k]] = k;
  for (std::uint32_t c = n; c-- > 0;)
    first_segment[c] = std::min(first_segment[c], first_segment[c + 1]);
  std::vector<std::uint32_t> suffix(n + 1, 0);
  bool small = in.column_cells.size() <= kSuffixMatchingCells;
  for (std::uint32_t c = 0; c < n; ++c) {
    std::uint32_t k = first_segment[c];
    std::uint32_t bound = segments - k;
    if (small && bound > 0) {
      const std::uint32_t* cells = in.column_cells.data() + in.column_start[k];
      std::size_t count = in.column_cells.size() - in.column_start[k];
      bound = std::min<std::uint64_t>(bound,
                                      max_matching(segment_graph(in, cells, count, kRow, kColumn)));
      bound = std::min<std::uint64_t>(
          bound, max_matching(segment_graph(in, cells, count, kDiagonal, kAntiDiagonal)));
    }
    suffix[c] = bound;
  }
  std::vector<std::uint32_t> capacity(segments + 1, 0);
  for (std::uint32_t k = segments; k-- > 0;) {
    std::uint32_t c = in.column_of_segment[k];
    std::uint32_t in_column = first_segment[c + 1] - k;  // this and later segments of column c
    capacity[k] = std::min(segments - k, in_column + suffix[c + 1]);
  }
  return capacity;
}

}  // namespace nursery::lizards
