// Counting by joining half boards (meet in the middle), see queens.hpp.
//
// The top half is rows 0..a-1 with a = n/2 (odd n: a = (n-1)/2, and row a
// holds the middle queen at column `middle`). The bottom half is a top half
// turned upside down, so one enumeration of top halves serves both sides.
// A top half is reduced to a 64-bit key:
//   - its columns among the inner columns (those the chunk does not fix),
//   - where its down-right and down-left rays cross the cut, which is all
//     the other half needs to know about it.
// Two top halves C and D make a solution (C on top, D turned over below)
// exactly when their inner columns are complements and the rays of each
// miss the queens of the other: key(C) & turned(key(D)) == 0 on the ray
// bits, where turned() swaps the two ray families. Counting those pairs is
// a walk down the binary trie of both sorted key arrays (two of the four
// child pairs survive a column bit, three a ray bit), and small pairs of
// ranges are tested pair by pair.
//
// The frontier is the chunk patterns: the top half's columns among the 2h
// outer columns (h on each side). The vertical flip swaps a pattern with its
// complement and the mirror reverses it, so one pattern per orbit is
// counted, weighted by the orbit's size.
#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <vector>

#include "nursery/queens.hpp"

namespace nursery::queens {

namespace {

constexpr int kSortedBits = 32;           // the trie walk reads at most this many key bits
constexpr std::size_t kLeafPairs = 1024;  // below this many pairs, test them one by one

std::uint32_t full_mask(int n) { return n >= 32 ? ~0u : (1u << n) - 1; }

std::uint32_t mirror(std::uint32_t columns, int n) {
  std::uint32_t out = 0;
  for (int c = 0; c < n; ++c)
    if (columns >> c & 1u) out |= 1u << (n - 1 - c);
  return out;
}

// The columns a chunk of width h fixes: h on each side.
std::uint32_t chunk_columns(int n, int h) {
  if (h <= 0) return 0;
  const std::uint32_t low = (1u << h) - 1;
  return low | mirror(low, n);
}

int top_rows(int n) { return n / 2; }
bool has_middle(int n) { return n % 2 == 1; }

// Key bits: inner columns first, then for each cut position (center
// first) the pair (A, B). Position 0 and n.. never take part in a conflict.
struct Layout {
  int n = 0;
  int rows = 0;         // a
  int middle = -1;      // odd n: the middle row's queen column
  std::uint32_t full = 0;
  std::uint32_t chunk = 0;  // columns the pattern fixes (without the middle column)
  std::uint32_t inner = 0;  // the other columns (without the middle column)
  std::uint64_t column_key_mask = 0;
  std::uint64_t slot_a = 0, slot_b = 0;  // ray bits of family A and B
  std::array<std::array<std::uint64_t, 256>, 4> inner_key{}, a_key{}, b_key{};
  std::array<std::uint32_t, 32> allowed{};  // per top row, before the pattern rule

  std::uint64_t key(std::uint32_t columns, std::uint32_t a_rays, std::uint32_t b_rays) const {
    std::uint64_t k = 0;
    for (int byte = 0; byte < 4; ++byte) {
      k |= inner_key[byte][(columns >> (8 * byte)) & 0xff];
      k |= a_key[byte][(a_rays >> (8 * byte)) & 0xff];
      k |= b_key[byte][(b_rays >> (8 * byte)) & 0xff];
    }
    return k;
  }
  std::uint64_t turned(std::uint64_t k) const {
    return (k & column_key_mask) | ((k & slot_a) >> 1) | ((k & slot_b) << 1);
  }
};

Layout layout_for(int n, int width, int middle) {
  Layout layout;
  layout.n = n;
  layout.rows = top_rows(n);
  layout.middle = middle;
  layout.full = full_mask(n);
  const std::uint32_t middle_bit = middle >= 0 ? 1u << middle : 0u;
  layout.chunk = chunk_columns(n, width) & ~middle_bit;
  layout.inner = layout.full & ~chunk_columns(n, width) & ~middle_bit;
  int bit = 63;
  std::array<std::uint64_t, 32> column_bit{}, a_bit{}, b_bit{};
  for (int c = 0; c < n; ++c)
    if (layout.inner >> c & 1u) {
      column_bit[c] = std::uint64_t{1} << bit--;
      layout.column_key_mask |= column_bit[c];
    }
  // Cut positions 1..n-1, nearest the center first: those split best.
  std::vector<int> positions;
  for (int p = 1; p < n; ++p) positions.push_back(p);
  std::stable_sort(positions.begin(), positions.end(),
                   [n](int x, int y) { return std::abs(2 * x - n) < std::abs(2 * y - n); });
  for (int p : positions) {
    if (bit < 1) throw std::logic_error("join: key wider than 64 bits");
    a_bit[p] = std::uint64_t{1} << bit--;
    b_bit[p] = std::uint64_t{1} << bit--;
    layout.slot_a |= a_bit[p];
    layout.slot_b |= b_bit[p];
  }
  for (int byte = 0; byte < 4; ++byte)
    for (int value = 0; value < 256; ++value)
      for (int i = 0; i < 8; ++i) {
        if (!(value >> i & 1)) continue;
        const int c = 8 * byte + i;
        if (c >= 32) continue;
        layout.inner_key[byte][value] |= column_bit[c];
        layout.a_key[byte][value] |= a_bit[c];
        layout.b_key[byte][value] |= b_bit[c];
      }
  // The middle queen (odd n) attacks, in top row r, its column and the two
  // squares a - r to either side; the same holds for the turned bottom half.
  for (int r = 0; r < layout.rows; ++r) {
    std::uint32_t allowed = layout.full;
    if (middle >= 0) {
      const int reach = layout.rows - r;
      allowed &= ~middle_bit;
      if (middle - reach >= 0) allowed &= ~(1u << (middle - reach));
      if (middle + reach < n) allowed &= ~(1u << (middle + reach));
    }
    layout.allowed[r] = allowed;
  }
  return layout;
}

// Keys of every top half whose columns among the chunk's are `pattern`.
class TopHalves {
 public:
  TopHalves(const Layout& layout, std::uint32_t pattern, StopPoller& poller,
            std::vector<std::uint64_t>& out)
      : layout_(layout), pattern_(pattern), poller_(poller), out_(out) {
    forbidden_ = layout.chunk & ~pattern;
    even_ = layout.n % 2 == 0;
  }
  // false when stopped
  bool run() {
    place(0, 0, 0, 0);
    return !stopped_;
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  void place(int row, std::uint32_t columns, std::uint32_t left, std::uint32_t right) {
    if (stopped_) return;
    ++nodes_;
    if (row == layout_.rows) {
      if ((columns & layout_.chunk) != pattern_) return;
      // Rays at the cut: right = down-right positions in row a (family A);
      // left = down-left positions in row a, one further right for even n
      // (the turned half's rays start one row lower).
      const std::uint32_t cut = layout_.full & ~1u;
      const std::uint32_t a_rays = right & cut;
      const std::uint32_t b_rays = (even_ ? left << 1 : left) & cut;
      out_.push_back(layout_.key(columns & layout_.inner, a_rays, b_rays));
      return;
    }
    if (poller_.poll()) {
      stopped_ = true;
      return;
    }
    const int still_needed = std::popcount(pattern_ & ~columns);
    if (still_needed > layout_.rows - row) return;
    std::uint32_t free = layout_.allowed[row] & ~forbidden_ & ~(columns | left | right);
    while (free != 0) {
      const std::uint32_t bit = free & (0u - free);
      free ^= bit;
      place(row + 1, columns | bit, (left | bit) >> 1, (right | bit) << 1);
    }
  }

  const Layout& layout_;
  std::uint32_t pattern_;
  std::uint32_t forbidden_ = 0;
  bool even_ = false;
  StopPoller& poller_;
  std::vector<std::uint64_t>& out_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

// Orders keys by their top kSortedBits bits (two stable 16-bit passes).
void sort_keys(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch) {
  scratch.resize(keys.size());
  std::vector<std::uint32_t> counts(65536 + 1);
  for (int shift : {32, 48}) {
    std::fill(counts.begin(), counts.end(), 0u);
    for (auto k : keys) ++counts[((k >> shift) & 0xffff) + 1];
    for (std::size_t i = 1; i < counts.size(); ++i) counts[i] += counts[i - 1];
    for (auto k : keys) scratch[counts[(k >> shift) & 0xffff]++] = k;
    keys.swap(scratch);
  }
}

// Pairs (x in tops, y in bottoms) with complementary inner columns and
// disjoint rays; both ranges sorted, sharing the key bits above `depth`.
class Join {
 public:
  Join(const Layout& layout, StopPoller& poller)
      : column_mask_(layout.column_key_mask), ray_mask_(layout.slot_a | layout.slot_b),
        poller_(poller) {}

  std::uint64_t count(const std::uint64_t* a, std::size_t na, const std::uint64_t* b,
                      std::size_t nb, int depth) {
    if (na == 0 || nb == 0 || stopped_) return 0;
    ++nodes_;
    if (na * nb <= kLeafPairs || depth == kSortedBits) return pairwise(a, na, b, nb);
    if ((nodes_ & 1023) == 0 && poller_.now()) {
      stopped_ = true;
      return 0;
    }
    const std::uint64_t bit = std::uint64_t{1} << (63 - depth);
    const std::size_t am = split(a, na, bit);
    const std::size_t bm = split(b, nb, bit);
    if (column_mask_ & bit)  // one of the two holds the column
      return count(a, am, b + bm, nb - bm, depth + 1) + count(a + am, na - am, b, bm, depth + 1);
    return count(a, am, b, bm, depth + 1) + count(a, am, b + bm, nb - bm, depth + 1) +
           count(a + am, na - am, b, bm, depth + 1);
  }
  std::uint64_t nodes() const { return nodes_; }
  bool stopped() const { return stopped_; }

 private:
  static std::size_t split(const std::uint64_t* keys, std::size_t n, std::uint64_t bit) {
    return static_cast<std::size_t>(
        std::partition_point(keys, keys + n, [bit](std::uint64_t k) { return (k & bit) == 0; }) -
        keys);
  }
  std::uint64_t pairwise(const std::uint64_t* a, std::size_t na, const std::uint64_t* b,
                         std::size_t nb) const {
    std::uint64_t total = 0;
    const std::uint64_t columns = column_mask_, rays = ray_mask_;
    for (std::size_t i = 0; i < na; ++i) {
      const std::uint64_t x = a[i];
      std::uint64_t hits = 0;
      for (std::size_t j = 0; j < nb; ++j)
        hits += (((x & b[j]) & rays) | (~(x ^ b[j]) & columns)) == 0;
      total += hits;
    }
    return total;
  }

  std::uint64_t column_mask_, ray_mask_;
  StopPoller& poller_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

// The widest key: inner columns plus two bits per cut position 1..n-1.
int min_width(int n) {
  int width = 0;
  while (n - 2 * width + 2 * (n - 1) > 64) ++width;
  return width;
}

int max_width(int n) { return std::max(0, (n - 1) / 2); }

struct Orbit {
  std::uint32_t representative;
  int size;
};

// The orbit of a pattern under the flip (complement within the chunk) and,
// when the middle column allows it, the mirror.
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

std::vector<JoinCount::Subproblem> frontier_for(int n, int width) {
  std::vector<JoinCount::Subproblem> frontier;
  const int rows = top_rows(n);
  const int last_middle = has_middle(n) ? n / 2 : -1;
  for (int middle = has_middle(n) ? 0 : -1; middle <= last_middle; ++middle) {
    const std::uint32_t middle_bit = middle >= 0 ? 1u << middle : 0u;
    const std::uint32_t chunk = chunk_columns(n, width) & ~middle_bit;
    // The mirror keeps the middle column only when it is the center.
    const bool mirrored = middle < 0 || 2 * middle == n - 1;
    const int mirror_weight = mirrored ? 1 : 2;
    // Every subset of the chunk's columns, by a walk over its bits.
    std::uint32_t pattern = 0;
    do {
      const int mine = std::popcount(pattern);
      const int theirs = std::popcount(chunk & ~pattern);
      if (mine <= rows && theirs <= rows) {
        const Orbit orbit = orbit_of(pattern, chunk, n, mirrored);
        if (orbit.representative == pattern) {
          JoinCount::Subproblem s;
          s.pattern = pattern;
          s.middle = static_cast<std::uint8_t>(middle < 0 ? 0xff : middle);
          s.width = static_cast<std::uint8_t>(width);
          s.weight = static_cast<std::uint8_t>(orbit.size * mirror_weight);
          frontier.push_back(s);
        }
      }
      pattern = (pattern - chunk) & chunk;
    } while (pattern != 0);
  }
  return frontier;
}

}  // namespace

double join_piece_estimate(int n, int width) {
  // Top halves of the whole board, counted for n = 4..17; beyond, the
  // growth of the last steps (x2.3 to an odd n, x8 to the next even n).
  static constexpr double kTops[] = {6,      12,      36,      76,      344,      732,     3916,
                                     8492,   52856,   117694,  835056,   1897702, 15324708,
                                     35312064};
  double tops = 0;
  if (n < 4) {
    tops = 1;
  } else if (n <= 17) {
    tops = kTops[n - 4];
  } else {
    tops = kTops[17 - 4];
    for (int m = 18; m <= n; ++m) tops *= m % 2 == 0 ? 9.0 : 2.4;
  }
  // A pattern's share is uneven: the fullest patterns hold about four
  // times the mean; a piece holds its top halves and its partner's.
  return 2.0 * 4.0 * tops / static_cast<double>(std::uint64_t{1} << (2 * width));
}

std::vector<JoinCount::Subproblem> JoinCount::split(const Instance& instance, std::size_t target) {
  const int n = instance.n;
  if (n < 1 || n > kMaxJoinN) throw std::invalid_argument("join: N must be between 1 and 31");
  int width = std::max(min_width(n), instance.min_width);
  auto frontier = frontier_for(n, width);
  while (frontier.size() < target && width < max_width(n) && width < kMaxJoinWidth) {
    ++width;
    frontier = frontier_for(n, width);
  }
  return frontier;
}

Outcome JoinCount::solve(const Instance& instance, const Subproblem& subproblem,
                         Search<Solution>& search) {
  Outcome outcome;
  const int n = instance.n;
  const int middle = subproblem.middle == 0xff ? -1 : subproblem.middle;
  const Layout layout = layout_for(n, subproblem.width, middle);
  StopPoller poller = search.poller();
  std::vector<std::uint64_t> tops, bottoms, scratch;
  TopHalves top(layout, subproblem.pattern, poller, tops);
  if (!top.run()) return outcome;
  TopHalves bottom(layout, layout.chunk & ~subproblem.pattern, poller, bottoms);
  if (!bottom.run()) return outcome;
  for (auto& key : bottoms) key = layout.turned(key);
  sort_keys(tops, scratch);
  sort_keys(bottoms, scratch);
  Join join(layout, poller);
  const std::uint64_t pairs = join.count(tops.data(), tops.size(), bottoms.data(), bottoms.size(), 0);
  outcome.nodes = top.nodes() + bottom.nodes() + join.nodes();
  if (join.stopped()) return outcome;
  outcome.count = static_cast<Count>(pairs) * subproblem.weight;
  outcome.complete = true;
  return outcome;
}

}  // namespace nursery::queens
