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

namespace {

// Hopcroft-Karp over one graph, phase by phase: a greedy start, then each
// phase layers the graph from the free left vertices (layer()) and flips
// vertex-disjoint shortest augmenting paths (augment()). Cut short by its
// budget, it still proves a bound (cut_short()).
class HopcroftKarp {
 public:
  HopcroftKarp(const BipartiteGraph& g, const Budget& budget)
      : g_(g),
        budget_(budget),
        match_left_(g.left, kUnmatched),
        match_right_(g.right, kUnmatched),
        dist_(g.left),
        queue_(g.left),
        next_(g.left) {}

  MatchingBound run(std::uint64_t enough) {
    greedy_start();
    while (size_ < enough) {
      const std::uint32_t free_layer = layer();
      if (cut_) return cut_short();
      if (free_layer == kFar) break;
      shortest_ = free_layer - 1;  // dist counts matched edges from a free left vertex
      augment(free_layer);
      if (cut_) return cut_short();
    }
    return {size_, size_, true};
  }

 private:
  // A greedy start leaves Hopcroft-Karp only the hard part.
  void greedy_start() {
    for (std::uint32_t u = 0; u < g_.left; ++u) {
      for (std::uint32_t e = g_.start[u]; e < g_.start[u + 1]; ++e) {
        if (match_right_[g_.adjacency[e]] == kUnmatched) {
          match_left_[u] = g_.adjacency[e];
          match_right_[g_.adjacency[e]] = u;
          ++size_;
          break;
        }
      }
    }
  }

  // Polled every kPoll vertices; once it says stop, the bound below.
  bool stop_now() {
    constexpr std::uint32_t kPoll = 4096;
    if (!cut_ && ++polls_ % kPoll == 0) cut_ = budget_.spent();
    return cut_;
  }

  // What a matching cut short still proves: every free left vertex matched
  // at best, and no more than size / shortest augmentations left (each
  // takes a path of at least `shortest` matched edges).
  MatchingBound cut_short() const {
    MatchingBound bound{size_, 0, false};
    const std::uint64_t free_left = g_.left - size_;
    bound.upper = size_ + free_left;
    if (shortest_ > 0) bound.upper = std::min(bound.upper, size_ + size_ / shortest_);
    bound.upper = std::min<std::uint64_t>(bound.upper, std::min(g_.left, g_.right));
    return bound;
  }

  // Layers from the free left vertices; stops at the first free right one.
  // Returns the layer of the free right vertices (kFar: none, the matching
  // is maximum), or anything once stopped (cut_).
  std::uint32_t layer() {
    std::size_t head = 0, tail = 0;
    for (std::uint32_t u = 0; u < g_.left; ++u) {
      if (match_left_[u] == kUnmatched) {
        dist_[u] = 0;
        queue_[tail++] = u;
      } else {
        dist_[u] = kFar;
      }
    }
    std::uint32_t free_layer = kFar;
    while (head < tail) {
      if (stop_now()) return kFar;
      std::uint32_t u = queue_[head++];
      if (dist_[u] >= free_layer) continue;
      for (std::uint32_t e = g_.start[u]; e < g_.start[u + 1]; ++e) {
        std::uint32_t w = match_right_[g_.adjacency[e]];
        if (w == kUnmatched) {
          free_layer = std::min(free_layer, dist_[u] + 1);
        } else if (dist_[w] == kFar) {
          dist_[w] = dist_[u] + 1;
          queue_[tail++] = w;
        }
      }
    }
    return free_layer;
  }

  // Vertex-disjoint shortest augmenting paths, by an explicit-stack DFS.
  void augment(std::uint32_t free_layer) {
    for (std::uint32_t u = 0; u < g_.left; ++u) next_[u] = g_.start[u];
    for (std::uint32_t root = 0; root < g_.left; ++root) {
      if (match_left_[root] != kUnmatched) continue;
      if (stop_now()) return;
      stack_.assign(1, root);
      while (!stack_.empty()) {
        std::uint32_t v = stack_.back();
        if (next_[v] == g_.start[v + 1]) {
          dist_[v] = kFar;  // dead end for this phase
          stack_.pop_back();
          continue;
        }
        std::uint32_t r = g_.adjacency[next_[v]++];
        std::uint32_t w = match_right_[r];
        if (w == kUnmatched) {
          if (dist_[v] + 1 != free_layer) continue;
          flip();
          break;
        }
        if (dist_[w] == dist_[v] + 1) stack_.push_back(w);
      }
    }
  }

  // The path on the stack: every vertex on it takes the edge it used.
  void flip() {
    for (std::uint32_t s : stack_) {
      std::uint32_t used = g_.adjacency[next_[s] - 1];
      match_left_[s] = used;
      match_right_[used] = s;
    }
    ++size_;
  }

  const BipartiteGraph& g_;
  const Budget& budget_;
  std::vector<std::uint32_t> match_left_, match_right_;
  std::vector<std::uint32_t> dist_, queue_, next_, stack_;
  std::uint64_t size_ = 0;
  std::uint64_t shortest_ = 0;  // matched edges on every augmenting path (last layering)
  std::uint32_t polls_ = 0;
  bool cut_ = false;
};

}  // namespace

MatchingBound matching_bound(const BipartiteGraph& g, std::uint64_t enough, const Budget& budget) {
  return HopcroftKarp(g, budget).run(enough);
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
