// Breadth-first expansion from the root: the frontier the scheduler shares
// out (split), and the BFS of the algorithm line, which expands layer by
// layer until its memory budget and then searches each node depth-first.
#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

// Occupied flags for one node's prefix, set and cleared around its expansion.
class PrefixFlags {
 public:
  explicit PrefixFlags(const Instance& in) : in_(in), occupied_(in.total_segments, 0) {}
  void set(const Placement& placed, std::uint8_t value) {
    for (auto cell : placed) {
      const std::uint32_t* s = in_.segments_of(cell);
      for (unsigned d = 0; d < 4; ++d) occupied_[s[d]] = value;
    }
  }
  bool safe(std::uint32_t cell) const {
    const std::uint32_t* s = in_.segments_of(cell);
    return (occupied_[s[0]] | occupied_[s[1]] | occupied_[s[2]] | occupied_[s[3]]) == 0;
  }

 private:
  const Instance& in_;
  std::vector<std::uint8_t> occupied_;
};

}  // namespace

std::vector<Subproblem> expand_frontier(const Instance& in, std::size_t target,
                                        std::size_t max_bytes) {
  const std::uint64_t p = in.board.p;
  const std::uint32_t segments = in.segment_count[kColumn];
  std::vector<Subproblem> layer(1);
  if (p > in.capacity[0]) return {};  // nothing to search: the bound already says FAIL
  PrefixFlags flags(in);
  std::size_t bytes_per_lizard = sizeof(std::uint32_t);
  while (true) {
    std::size_t open = 0;
    for (const auto& node : layer) open += node.placed.size() < p && node.next < segments;
    if (open == 0 || layer.size() >= target) break;
    std::vector<Subproblem> next;
    std::size_t bytes = 0;
    for (auto& node : layer) {
      if (node.placed.size() >= p || node.next >= segments) {
        next.push_back(std::move(node));  // a finished leaf
        continue;
      }
      std::uint64_t left = p - node.placed.size();
      const std::uint32_t k = node.next;
      flags.set(node.placed, 1);
      for (std::uint32_t i = in.column_start[k]; i < in.column_start[k + 1]; ++i) {
        std::uint32_t cell = in.column_cells[i];
        // Placing here leaves left-1 lizards for the segments after k.
        if (!flags.safe(cell) || left - 1 > in.capacity[k + 1]) continue;
        Subproblem child;
        child.next = k + 1;
        child.placed = node.placed;
        child.placed.push_back(cell);
        bytes += sizeof(Subproblem) + child.placed.size() * bytes_per_lizard;
        next.push_back(std::move(child));
      }
      flags.set(node.placed, 0);
      if (left <= in.capacity[k + 1]) {  // leaving segment k empty
        Subproblem child;
        child.next = k + 1;
        child.placed = std::move(node.placed);
        bytes += sizeof(Subproblem) + child.placed.size() * bytes_per_lizard;
        next.push_back(std::move(child));
      }
    }
    layer = std::move(next);
    if (bytes > max_bytes) break;
  }
  return layer;
}

}  // namespace nursery::lizards
