// The join's frontier (see join.hpp): the top half's columns among the 2w
// outer chunk columns, one pattern per orbit of the flip (complement) and
// the mirror, weighted by the orbit's size; for odd n, the middle queen in
// an inner column (one piece for all of them) or in a chunk column.
#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "queens/join.hpp"

namespace nursery::queens {

namespace join_detail {

namespace {

struct Orbit {
  std::uint32_t representative;
  int size;
};

// The orbit of a pattern under the flip (complement within `chunk`) and,
// when `mirrored`, the mirror.
Orbit orbit_of(std::uint32_t pattern, std::uint32_t chunk, int n, bool mirrored) {
  std::uint32_t members[4] = {pattern, chunk & ~pattern, 0, 0};
  int count = 2;
  if (mirrored) {
    members[2] = mirror(pattern, n);
    members[3] = mirror(chunk & ~pattern, n);
    count = 4;
  }
  Orbit orbit{members[0], 0};
  for (int i = 0; i < count; ++i) {
    orbit.representative = std::min(orbit.representative, members[i]);
    bool seen = false;
    for (int j = 0; j < i; ++j) seen = seen || members[j] == members[i];
    if (!seen) ++orbit.size;
  }
  return orbit;
}

// Patterns of `chunk` a top half can take (at most `rows` columns, and the
// partner's too), one per orbit.
// False when `budget` ended it (looked at every 2^16 subsets).
bool add_patterns(std::vector<JoinCount::Subproblem>& frontier, int n, int width,
                  std::uint32_t chunk, int middle, bool mirrored, int extra_weight,
                  const Budget& budget) {
  const int rows = top_rows(n);
  std::uint32_t pattern = 0, subsets = 0;
  do {  // every subset of the chunk
    if ((++subsets & 0xffff) == 0 && budget.spent()) return false;
    if (std::popcount(pattern) <= rows && std::popcount(chunk & ~pattern) <= rows) {
      const Orbit orbit = orbit_of(pattern, chunk, n, mirrored);
      if (orbit.representative == pattern) {
        JoinCount::Subproblem s;
        s.pattern = pattern;
        s.middle = static_cast<std::uint8_t>(middle);
        s.width = static_cast<std::uint8_t>(width);
        s.weight = static_cast<std::uint8_t>(orbit.size * extra_weight);
        s.middle_pair = middle_pair_fits(n, width) ? 1 : 0;
        frontier.push_back(s);
      }
    }
    pattern = (pattern - chunk) & chunk;
  } while (pattern != 0);
  return true;
}

// The ranks of the w-bit strings (w <= kMaxRankWidth): their orbits under
// the complement and the reversal, the larger orbits first, then by their
// least member, descending (measured at N = 14, 16: the order that prunes
// the most halves among a few tried).
struct SideRanks {
  std::array<std::vector<std::uint16_t>, kMaxRankWidth + 1> rank, best;
  SideRanks() {
    for (int width = 0; width <= kMaxRankWidth; ++width) {
      const std::uint32_t count = 1u << width, all = count - 1;
      auto reversed = [width](std::uint32_t s) {
        std::uint32_t out = 0;
        for (int i = 0; i < width; ++i)
          if (s >> i & 1u) out |= 1u << (width - 1 - i);
        return out;
      };
      struct SideOrbit {
        std::uint32_t least;
        int size;
      };
      std::vector<SideOrbit> orbits;
      std::vector<std::uint32_t> least(count);
      for (std::uint32_t s = 0; s < count; ++s) {
        const std::uint32_t members[4] = {s, all & ~s, reversed(s), all & ~reversed(s)};
        least[s] = *std::min_element(members, members + 4);
        if (least[s] != s) continue;
        int size = 0;
        for (int i = 0; i < 4; ++i)
          if (std::find(members, members + i, members[i]) == members + i) ++size;
        orbits.push_back({s, size});
      }
      std::sort(orbits.begin(), orbits.end(), [](const SideOrbit& x, const SideOrbit& y) {
        return x.size != y.size ? x.size > y.size : x.least > y.least;
      });
      std::vector<std::uint16_t> rank_of_least(count);
      for (std::size_t r = 0; r < orbits.size(); ++r)
        rank_of_least[orbits[r].least] = static_cast<std::uint16_t>(r);
      rank[width].resize(count);
      for (std::uint32_t s = 0; s < count; ++s) rank[width][s] = rank_of_least[least[s]];
      // best[(1 << k) | prefix]: the highest rank of a string whose first k
      // bits are `prefix`.
      best[width].assign(std::size_t{2} << width, 0);
      for (std::uint32_t s = 0; s < count; ++s)
        for (int k = 0; k <= width; ++k) {
          auto& b = best[width][(std::size_t{1} << k) | (s & ((1u << k) - 1))];
          b = std::max(b, rank[width][s]);
        }
    }
  }
};

const SideRanks& side_ranks() {
  static const SideRanks ranks;
  return ranks;
}

}  // namespace

int side_rank(std::uint32_t bits, int width) {
  return side_ranks().rank[width][bits];
}

int side_best(std::uint32_t prefix, int bits, int width) {
  return side_ranks().best[width][(std::size_t{1} << bits) | prefix];
}

int side_top_rank(int width) {
  const auto& ranks = side_ranks().rank[width];
  return *std::max_element(ranks.begin(), ranks.end());
}

PatternRank pattern_rank(std::uint32_t pattern, int n, int width) {
  std::uint32_t left = 0, right = 0;
  for (int i = 0; i < width; ++i) {
    left |= (pattern >> i & 1u) << i;
    right |= (pattern >> (n - 1 - i) & 1u) << i;
  }
  const int a = side_rank(left, width), b = side_rank(right, width);
  return {std::min(a, b), std::max(a, b)};
}

// The widest key: inner columns plus two bits per cut position 1..n-1
// (even n: two more for a tag where they fit, see join.cpp).
int min_width(int n) {
  int width = has_middle(n) && n >= 3 ? 1 : 0;  // odd n: column 0 is never a shared middle
  while (n - 2 * width + 2 * (n - 1) > 64) ++width;
  return width;
}

// One subproblem per pattern orbit; for odd n, the middle queen either
// stands in an inner column (all of them in one subproblem, which shares
// the enumeration of halves) or in a chunk column (a subproblem per left
// chunk column, the mirror giving the right ones).
std::vector<JoinCount::Subproblem> frontier_for(int n, int width, const Budget& budget) {
  std::vector<JoinCount::Subproblem> frontier;
  const std::uint32_t chunk = chunk_columns(n, width);
  bool whole = add_patterns(frontier, n, width, chunk, kInnerMiddles, true, 1, budget);
  if (has_middle(n))
    for (int middle = 0; whole && middle < width; ++middle)
      whole = add_patterns(frontier, n, width, chunk & ~(1u << middle), middle, false, 2, budget);
  if (!whole) frontier.clear();  // never a part of a frontier
  return frontier;
}

}  // namespace join_detail

using namespace join_detail;

int join_max_width(int n) {
  return std::min(kMaxJoinWidth, std::max(0, (n - 1) / 2));
}

std::vector<JoinCount::Subproblem> JoinCount::split(const Instance& instance, std::size_t target) {
  return *split(instance, target, Budget());
}

std::optional<std::vector<JoinCount::Subproblem>> JoinCount::split(const Instance& instance,
                                                                   std::size_t target,
                                                                   const Budget& budget) {
  const int n = instance.n;
  if (n < 1 || n > kMaxJoinN)
    throw std::invalid_argument("join: N must be between 1 and " + std::to_string(kMaxJoinN));
  int width = std::max(min_width(n), instance.min_width);
  if (n == 1) return std::vector<Subproblem>{Subproblem{0, kInnerMiddles, 0, 1, 0}};
  // Halves from quarter tables: a finer piece lists no half twice, so the
  // chunk also widens until a piece lists about a round's keys (the L2
  // cache, JoinTuning) on average (N = 18: width 7, 3.6 s against 5.3 at
  // width 4; N = 16 stays at 4). Odd n too, since its middle queen in
  // column 0 is no longer listed row by row (N = 17 width 5: 1.17-1.24 s
  // and 16 MB against 1.28-1.33 s and 27 MB at width 4; N = 19 width 7:
  // 47.1 s and 47 MB against 48.5 s and 61 MB at 6). Halves listed row by
  // row (N >= 21: no quarter tables; JoinTuning::quarter_bytes) widen the
  // chunk the same way, so that a worker's lists stay as short at every N
  // (a finer piece walks the rows above its halves again, but a coarser
  // one holds them all: N = 20 at 64 pieces a worker took 781 MB, N = 21
  // 2.0 GB; their largest pieces hold 5 to 10 times the mean).
  // A target of one piece keeps the chunk asked for (the tests of every
  // width).
  const JoinTuning& tuning = instance.run ? instance.run->tuning() : join_tuning();
  const double piece_keys = tuning.piece_keys();
  const bool by_rows = !instance.quarter_tables || !quarter_tables_wanted(n, tuning);
  while (target > 1 && width < join_max_width(n) && (by_rows || quarter_tables_fit(n, width + 1)) &&
         join_piece_keys(n, width) > piece_keys)
    ++width;
  auto frontier = frontier_for(n, width, budget);
  while (!budget.spent() && frontier.size() < target && width < join_max_width(n)) {
    ++width;
    frontier = frontier_for(n, width, budget);
  }
  if (budget.spent()) return std::nullopt;
  return frontier;
}

}  // namespace nursery::queens
