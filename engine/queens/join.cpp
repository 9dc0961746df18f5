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
// child pairs survive a column bit, three a ray bit) that ends, once one
// side is short, in bit-sliced matching of up to 512 keys at once.
//
// The frontier is the chunk patterns: the top half's columns among the 2w
// outer columns (w on each side). The vertical flip swaps a pattern with its
// complement and the mirror reverses it, so one pattern per orbit is
// counted, weighted by the orbit's size. At even n the two diagonal
// reflections weigh boards by their long diagonals (kDiagonalJoins).
#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <vector>

#include "nursery/queens.hpp"
#include "queens/splitmix.hpp"

namespace nursery::queens {

namespace {

constexpr int kSortedBits = 22;  // the radix order covers this many top key bits
// The time of one join over a piece's halves, as a share of listing and
// sorting them (measured at N = 16, 17): for JoinCount::work.
constexpr double kJoinShare = 0.1;

std::uint32_t full_mask(int n) {
  return n >= 32 ? ~0u : (1u << n) - 1;
}

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

int top_rows(int n) {
  return n / 2;
}
bool has_middle(int n) {
  return n % 2 == 1;
}

constexpr std::uint8_t kInnerMiddles =
    0xff;  // Subproblem::middle: every middle column not in the chunk

// Key bits: inner columns first, then for each cut position (center
// first) the pair (A, B). Positions 0 and n.. never take part in a conflict.
struct Layout {
  int n = 0;
  int rows = 0;  // a
  std::uint32_t full = 0;
  std::uint32_t chunk = 0;  // columns the pattern fixes
  std::uint32_t inner = 0;  // the other columns
  std::uint64_t column_key_mask = 0;
  std::uint64_t slot_a = 0, slot_b = 0;  // ray bits of family A and B
  std::array<std::uint64_t, 32> column_bit{}, a_bit{}, b_bit{};
  std::array<std::array<std::uint64_t, 256>, 4> inner_key{}, a_key{}, b_key{};
  int bytes = 4;  // bytes of a column mask that hold columns

  std::uint64_t key(std::uint32_t columns, std::uint32_t a_rays, std::uint32_t b_rays) const {
    std::uint64_t k = 0;
    for (int byte = 0; byte < bytes; ++byte) {
      k |= inner_key[byte][(columns >> (8 * byte)) & 0xff];
      k |= a_key[byte][(a_rays >> (8 * byte)) & 0xff];
      k |= b_key[byte][(b_rays >> (8 * byte)) & 0xff];
    }
    return k;
  }
  std::uint64_t turned(std::uint64_t k) const {
    return (k & column_key_mask) | ((k & slot_a) >> 1) | ((k & slot_b) << 1);
  }
  // The key bits of a half that attacks the middle square (a, m): a queen
  // in column m or a ray crossing row a at m.
  std::uint64_t attacks_middle(int m) const { return column_bit[m] | a_bit[m] | b_bit[m]; }
};

Layout layout_for(int n, int width) {
  Layout layout;
  layout.n = n;
  layout.rows = top_rows(n);
  layout.full = full_mask(n);
  layout.chunk = chunk_columns(n, width);
  layout.inner = layout.full & ~layout.chunk;
  layout.bytes = (n + 7) / 8;
  int bit = 63;
  for (int c = 0; c < n; ++c)
    if (layout.inner >> c & 1u) {
      layout.column_bit[c] = std::uint64_t{1} << bit--;
      layout.column_key_mask |= layout.column_bit[c];
    }
  // Cut positions 1..n-1, nearest the center first: their rays are the
  // densest on both sides, so they split the trie best.
  std::vector<int> positions;
  for (int p = 1; p < n; ++p) positions.push_back(p);
  std::stable_sort(positions.begin(), positions.end(),
                   [n](int x, int y) { return std::abs(2 * x - n) < std::abs(2 * y - n); });
  for (int p : positions) {
    if (bit < 1) throw std::logic_error("join: key wider than 64 bits");
    layout.a_bit[p] = std::uint64_t{1} << bit--;
    layout.b_bit[p] = std::uint64_t{1} << bit--;
    layout.slot_a |= layout.a_bit[p];
    layout.slot_b |= layout.b_bit[p];
  }
  for (int byte = 0; byte < 4; ++byte)
    for (int value = 0; value < 256; ++value)
      for (int i = 0; i < 8; ++i) {
        if (!(value >> i & 1)) continue;
        const int c = 8 * byte + i;
        layout.inner_key[byte][value] |= layout.column_bit[c];
        layout.a_key[byte][value] |= layout.a_bit[c];
        layout.b_key[byte][value] |= layout.b_bit[c];
      }
  return layout;
}

// Keys of every top half whose columns among the chunk's are `pattern`
// (and, when `middle` >= 0, that leave the middle square (a, middle) alone).
// An iterative bitboard backtracker; the last row is not pushed: its
// queens' keys are the parent's key with one column's bits added.
class TopHalves {
 public:
  // The halves go to out[d], d the long diagonals they hold (0, 1 or 2);
  // the three may be one vector.
  TopHalves(const Layout& layout, std::uint32_t pattern, int middle, StopPoller& poller,
            std::array<std::vector<std::uint64_t>*, 3> out)
      : layout_(layout), pattern_(pattern), poller_(poller), out_(out) {
    const std::uint32_t chunk = middle >= 0 ? layout.chunk & ~(1u << middle) : layout.chunk;
    const bool even = layout.n % 2 == 0;
    for (int r = 0; r < layout.rows; ++r) {
      std::uint32_t allowed = layout.full & ~(chunk & ~pattern);
      if (middle >= 0) {  // the middle queen's column and diagonals
        const int reach = layout.rows - r;
        allowed &= ~(1u << middle);
        if (middle - reach >= 0) allowed &= ~(1u << (middle - reach));
        if (middle + reach < layout.n) allowed &= ~(1u << (middle + reach));
      }
      allowed_[r] = allowed;
      // The board's long diagonals in row r of a half: (r, r) and (r, n-1-r)
      // for the top half, and the same squares of the turned bottom half.
      long_diagonals_[r] = (1u << r) | (1u << (layout.n - 1 - r));
    }
    // A queen in row r, column c: its column, its down-right ray crossing
    // the cut at c + (a - r) and its down-left ray at c - (a - r) (one
    // further right for even n, whose turned half starts a row lower);
    // positions 1..n-1 only. A half's key is the OR of its queens' keys.
    for (int r = 0; r < layout.rows; ++r)
      for (int c = 0; c < layout.n; ++c) {
        const int reach = layout.rows - r;
        const int right = c + reach, left = c - reach + (even ? 1 : 0);
        const std::uint32_t column = 1u << c;
        const std::uint32_t a_ray = right < layout.n ? 1u << right : 0;
        const std::uint32_t b_ray = left >= 1 ? 1u << left : 0;
        queen_key_[r][c] = layout.key(column & layout.inner, a_ray, b_ray);
      }
  }

  // false when stopped
  bool run() {
    const int rows = layout_.rows;
    if (rows == 0) return true;
    struct Frame {
      std::uint32_t free, columns, left, right;
      int diagonals;      // long diagonals held by the rows above
      std::uint64_t key;  // the rows above as a key
    };
    std::array<Frame, 32> stack;
    int row = 0;
    stack[0] = {choices(0, 0, 0, 0), 0, 0, 0, 0, 0};
    while (row >= 0) {
      Frame& frame = stack[row];
      if (frame.free == 0) {
        --row;
        continue;
      }
      const std::uint32_t bit = frame.free & (0u - frame.free);
      frame.free ^= bit;
      const std::uint32_t columns = frame.columns | bit;
      const std::uint32_t left = (frame.left | bit) >> 1;
      const std::uint32_t right = (frame.right | bit) << 1;
      const int diagonals = frame.diagonals + ((bit & long_diagonals_[row]) != 0);
      const std::uint64_t key = frame.key | queen_key_[row][std::countr_zero(bit)];
      ++nodes_;
      if (row + 1 == rows - 1) {  // the last row: its queens are not pushed
        std::uint32_t last = choices(row + 1, columns, left, right);
        if (last == 0) continue;
        nodes_ += static_cast<std::uint64_t>(std::popcount(last));
        const auto& last_key = queen_key_[rows - 1];
        const std::uint32_t on_diagonal = long_diagonals_[rows - 1];
        std::vector<std::uint64_t>& off = *out_[diagonals];
        for (std::uint32_t free = last & ~on_diagonal; free != 0; free &= free - 1)
          off.push_back(key | last_key[std::countr_zero(free)]);
        if ((last & on_diagonal) != 0) {
          std::vector<std::uint64_t>& on = *out_[diagonals + 1];
          for (std::uint32_t free = last & on_diagonal; free != 0; free &= free - 1)
            on.push_back(key | last_key[std::countr_zero(free)]);
        }
        continue;
      }
      if (row + 1 == rows) {  // one row only
        out_[diagonals]->push_back(key);
        continue;
      }
      if (poller_.poll()) return false;
      ++row;
      stack[row] = {choices(row, columns, left, right), columns, left, right, diagonals, key};
    }
    return true;
  }
  std::uint64_t nodes() const { return nodes_; }

  // Knuth's estimate of how many halves run() lists: random descents
  // through the same choices, each the product of the branching it met (0
  // at a dead end); `next` draws the random numbers.
  template <class Random>
  double estimate(int descents, Random& next) const {
    const int rows = layout_.rows;
    if (rows == 0) return 1;
    double sum = 0;
    for (int descent = 0; descent < descents; ++descent) {
      std::uint32_t columns = 0, left = 0, right = 0;
      double product = 1;
      for (int row = 0; row < rows && product > 0; ++row) {
        std::uint32_t free = choices(row, columns, left, right);
        const int count = std::popcount(free);
        product *= count;
        if (count == 0) break;
        for (auto skip = next() % static_cast<std::uint64_t>(count); skip != 0; --skip)
          free &= free - 1;
        const std::uint32_t bit = free & (0u - free);
        columns |= bit;
        left = (left | bit) >> 1;
        right = (right | bit) << 1;
      }
      sum += product;
    }
    return sum / descents;
  }

 private:
  // The columns row `row` may take: free ones, and when the rows left are
  // just enough for the pattern columns still unused, only those.
  std::uint32_t choices(int row, std::uint32_t columns, std::uint32_t left,
                        std::uint32_t right) const {
    const std::uint32_t needed = pattern_ & ~columns;
    const int rows_left = layout_.rows - row;
    const int count = std::popcount(needed);
    if (count > rows_left) return 0;
    std::uint32_t free = allowed_[row] & ~(columns | left | right);
    if (count == rows_left) free &= needed;
    return free;
  }

  const Layout& layout_;
  std::uint32_t pattern_;
  std::array<std::uint32_t, 32> allowed_{};
  std::array<std::uint32_t, 32> long_diagonals_{};
  std::array<std::array<std::uint64_t, 32>, 16> queen_key_{};  // rows <= 15 (kMaxJoinN)
  StopPoller& poller_;
  std::array<std::vector<std::uint64_t>*, 3> out_;
  std::uint64_t nodes_ = 0;
};

// Orders keys by their top kSortedBits bits (two stable 11-bit passes);
// false when stopped (a piece's keys can take a good part of a second).
bool sort_keys(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch,
               const StopPoller& poller) {
  static_assert(kSortedBits == 22);
  scratch.resize(keys.size());
  std::array<std::uint32_t, 2048 + 1> counts;
  for (int shift : {42, 53}) {
    if (poller.now()) return false;
    std::fill(counts.begin(), counts.end(), 0u);
    for (auto k : keys) ++counts[((k >> shift) & 0x7ff) + 1];
    for (std::size_t i = 1; i < counts.size(); ++i) counts[i] += counts[i - 1];
    if (poller.now()) return false;
    for (auto k : keys) scratch[counts[(k >> shift) & 0x7ff]++] = k;
    keys.swap(scratch);
  }
  return true;
}

// Pairs (x of the tops, y of the turned bottoms) with complementary inner
// columns (among `columns`) and disjoint rays. Both ranges are sorted and
// share the key bits above `depth`. Once one side is at most 512 keys long,
// it is cut into bit slices read through lookup tables (see sliced()), and
// each key of the other side is matched against all of them at once.
class Join {
 public:
  // `columns` are the top key bits (a middle column among them may be
  // left out: both sides leave it empty).
  // `table` holds the slices' lookup tables (the caller's, reused).
  Join(std::uint64_t columns, std::uint64_t rays, StopPoller& poller,
       std::vector<std::uint64_t>& table)
      : columns_(columns),
        rays_(rays),
        table_(table),
        poller_(poller),
        column_bits_(64 - std::countr_zero(columns | rays) - std::popcount(rays)) {}

  // Both ranges are ordered by the key bits above kSortedBits; below, a
  // range is partitioned in place by each bit as the walk reaches it (a
  // range met again is already partitioned, and the pass only reads it).
  std::uint64_t count(std::uint64_t* a, std::size_t na, std::uint64_t* b, std::size_t nb,
                      int depth) {
    if (na == 0 || nb == 0 || stopped_) return 0;
    ++nodes_;
    if (depth >= column_bits_ && (na <= 64 * kWords || nb <= 64 * kWords)) {  // columns settled
      // Slices pay for their table once the other side is long enough.
      const std::size_t small = std::min(na, nb), large = std::max(na, nb);
      if (small * large < 8 * small + 128 + 6 * large) return pairwise(a, na, b, nb);
      return na <= nb ? sliced(a, na, b, nb, depth) : sliced(b, nb, a, na, depth);
    }
    if (depth == 64) return pairwise(a, na, b, nb);
    if ((nodes_ & 1023) == 0 && poller_.now()) {
      stopped_ = true;
      return 0;
    }
    const std::uint64_t bit = std::uint64_t{1} << (63 - depth);
    const bool sorted = depth < kSortedBits;
    const std::size_t am = sorted ? split(a, na, bit) : partition(a, na, bit);
    const std::size_t bm = sorted ? split(b, nb, bit) : partition(b, nb, bit);
    if (columns_ & bit)  // one of the two holds the column
      return count(a, am, b + bm, nb - bm, depth + 1) + count(a + am, na - am, b, bm, depth + 1);
    return count(a, am, b, bm, depth + 1) + count(a, am, b + bm, nb - bm, depth + 1) +
           count(a + am, na - am, b, bm, depth + 1);
  }
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t pairs() const { return pairs_; }  // candidate pairs the leaves compared
  bool stopped() const { return stopped_; }

 private:
  static std::size_t split(const std::uint64_t* keys, std::size_t n, std::uint64_t bit) {
    return static_cast<std::size_t>(
        std::partition_point(keys, keys + n, [bit](std::uint64_t k) { return (k & bit) == 0; }) -
        keys);
  }
  static std::size_t partition(std::uint64_t* keys, std::size_t n, std::uint64_t bit) {
    return static_cast<std::size_t>(
        std::partition(keys, keys + n, [bit](std::uint64_t k) { return (k & bit) == 0; }) - keys);
  }
  // The small side (up to 64 * kWords keys) as bit slices, read kBits key
  // bits at a time: table[c][v] is the set of small keys that fit a big key
  // whose bits in chunk c are v; the W words of a set are ANDed side by side.
  static constexpr int kWords = 8;
  std::uint64_t sliced(const std::uint64_t* small, std::size_t ns, const std::uint64_t* big,
                       std::size_t nb, int depth) {
    pairs_ += static_cast<std::uint64_t>(ns) * nb;
    const bool wide = nb >= 8192;  // 8-bit chunks: half the lookups, a 16x larger table
    if (ns <= 64)
      return wide ? sliced<1, 8>(small, ns, big, nb, depth)
                  : sliced<1, 4>(small, ns, big, nb, depth);
    if (ns <= 128)
      return wide ? sliced<2, 8>(small, ns, big, nb, depth)
                  : sliced<2, 4>(small, ns, big, nb, depth);
    if (ns <= 256)
      return wide ? sliced<4, 8>(small, ns, big, nb, depth)
                  : sliced<4, 4>(small, ns, big, nb, depth);
    return wide ? sliced<8, 8>(small, ns, big, nb, depth) : sliced<8, 4>(small, ns, big, nb, depth);
  }
  template <int W, int kBits>
  std::uint64_t sliced(const std::uint64_t* small, std::size_t ns, const std::uint64_t* big,
                       std::size_t nb, int depth) {
    struct Set {
      std::uint64_t word[W];
    };
    constexpr int kValues = 1 << kBits;
    const std::uint64_t below =
        depth == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (64 - depth)) - 1;
    const std::uint64_t rays = rays_ & below;
    Set holds[64] = {};  // holds[j]: the small side's keys with bit j
    Set everyone{};
    for (std::size_t i = 0; i < ns; ++i) {
      const std::uint64_t mine = std::uint64_t{1} << (i % 64);
      everyone.word[i / 64] |= mine;
      for (std::uint64_t bits = small[i] & rays; bits != 0; bits &= bits - 1)
        holds[std::countr_zero(bits)].word[i / 64] |= mine;
    }
    const int low = std::countr_zero(rays | (std::uint64_t{1} << 63)) / kBits * kBits;
    const int chunks = (64 - depth - low + kBits - 1) / kBits;
    table_.resize(static_cast<std::size_t>(chunks) * kValues * W);
    auto* table = reinterpret_cast<Set*>(table_.data());
    for (int c = 0; c < chunks; ++c) {
      Set* entries = table + c * kValues;
      const int base = low + kBits * c;
      entries[0] = everyone;
      for (int v = 1; v < kValues; ++v) {
        const Set& from = entries[v & (v - 1)];
        const Set& bit = holds[(base + std::countr_zero(static_cast<unsigned>(v))) & 63];
        for (int w = 0; w < W; ++w) entries[v].word[w] = from.word[w] & ~bit.word[w];
      }
    }
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < nb; ++i) {
      if ((i & 65535) == 65535 && poller_.now()) {
        stopped_ = true;
        return 0;
      }
      const std::uint64_t x = (big[i] & rays) >> low;
      Set fits = table[x & (kValues - 1)];
      for (int c = 1; c < chunks; ++c) {
        const Set& entry = table[c * kValues + ((x >> (kBits * c)) & (kValues - 1))];
        for (int w = 0; w < W; ++w) fits.word[w] &= entry.word[w];
      }
      for (int w = 0; w < W; ++w) total += static_cast<std::uint64_t>(std::popcount(fits.word[w]));
    }
    return total;
  }
  std::uint64_t pairwise(const std::uint64_t* a, std::size_t na, const std::uint64_t* b,
                         std::size_t nb) {
    pairs_ += static_cast<std::uint64_t>(na) * nb;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < na; ++i)
      for (std::size_t j = 0; j < nb; ++j)
        total += (((a[i] & b[j]) & rays_) | (~(a[i] ^ b[j]) & columns_)) == 0;
    return total;
  }

  std::uint64_t columns_, rays_;
  std::vector<std::uint64_t>& table_;  // the slices' lookup table
  StopPoller& poller_;
  int column_bits_;  // the key's top bits that are columns
  std::uint64_t nodes_ = 0;
  std::uint64_t pairs_ = 0;
  bool stopped_ = false;
};

// Even n: the transposes. The frontier's patterns stand for orbits of the
// four symmetries that keep the cut between the halves (flip, mirror); the
// two diagonal reflections do not, but they keep the board's two long
// diagonals, each on itself. Weigh a solution S = (C on top, D turned below)
//   w(S) = 1                   when neither long diagonal holds a queen,
//   w(S) = 2^d(C) [d(D) = 0]   otherwise,
// d(H) the long diagonals a half holds. Over {identity, transpose,
// anti-transpose, half turn} the weights add up to 4: the transpose keeps
// the queen of the main diagonal in its half and moves that of the other
// long diagonal into the other half, the anti-transpose the other way round,
// so exactly 4 / 2^k of the four images hold all k diagonal queens on top.
// The same holds for the mirror's coset, so the weights of every class add
// up to its size, and the count is exact. w is kept by the mirror but not
// by the flip (it swaps C and D); a pattern's orbit {p, flip p, mirror ...}
// then weighs size/2 x (X(p) + X(flip p)), which in pairs of the pattern
// p's own halves (C of p, D of its partner) is the table below. Pairs whose
// halves both hold a long diagonal are never compared: about 0.6 of the
// pairs are left (half boards leave both long diagonals empty about 37%
// of the time; 0.37 x (2 - 0.37)).
struct DiagonalJoin {
  int top, bottom;  // long diagonals held by C and by D
  Count weight;
};
constexpr DiagonalJoin kDiagonalJoins[] = {{0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {2, 0, 2}, {0, 2, 2}};

// A worker's lists of keys, kept from piece to piece: allocating them
// afresh for each piece cost page faults (system time: a quarter of the CPU
// time at N = 19) and left the allocator holding the largest pieces' pages.
// A worker runs one piece at a time (solve() spawns no tasks), so one set
// per thread.
struct PieceBuffers {
  std::array<std::vector<std::uint64_t>, 3> tops, bottoms;  // by long diagonals held
  std::vector<std::uint64_t> scratch;                       // the radix passes' other half
  std::vector<std::uint64_t> top_m, bottom_m;               // odd n: filtered per middle column
  std::vector<std::uint64_t> table;                         // the slices' lookup tables
};
PieceBuffers& piece_buffers() {
  thread_local PieceBuffers buffers;
  return buffers;
}

// The widest key: inner columns plus two bits per cut position 1..n-1.
int min_width(int n) {
  int width = has_middle(n) && n >= 3 ? 1 : 0;  // odd n: column 0 is never a shared middle
  while (n - 2 * width + 2 * (n - 1) > 64) ++width;
  return width;
}

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
void add_patterns(std::vector<JoinCount::Subproblem>& frontier, int n, int width,
                  std::uint32_t chunk, int middle, bool mirrored, int extra_weight) {
  const int rows = top_rows(n);
  std::uint32_t pattern = 0;
  do {  // every subset of the chunk
    if (std::popcount(pattern) <= rows && std::popcount(chunk & ~pattern) <= rows) {
      const Orbit orbit = orbit_of(pattern, chunk, n, mirrored);
      if (orbit.representative == pattern) {
        JoinCount::Subproblem s;
        s.pattern = pattern;
        s.middle = static_cast<std::uint8_t>(middle);
        s.width = static_cast<std::uint8_t>(width);
        s.weight = static_cast<std::uint8_t>(orbit.size * extra_weight);
        frontier.push_back(s);
      }
    }
    pattern = (pattern - chunk) & chunk;
  } while (pattern != 0);
}

// One subproblem per pattern orbit; for odd n, the middle queen either
// stands in an inner column (all of them in one subproblem, which shares
// the enumeration of halves) or in a chunk column (a subproblem per left
// chunk column, the mirror giving the right ones).
std::vector<JoinCount::Subproblem> frontier_for(int n, int width) {
  std::vector<JoinCount::Subproblem> frontier;
  const std::uint32_t chunk = chunk_columns(n, width);
  add_patterns(frontier, n, width, chunk, kInnerMiddles, true, 1);
  if (has_middle(n))
    for (int middle = 0; middle < width; ++middle)
      add_patterns(frontier, n, width, chunk & ~(1u << middle), middle, false, 2);
  return frontier;
}

}  // namespace

double join_piece_bytes(int n, int width) {
  // Top halves of the whole board, counted for n = 4..17; beyond, the
  // growth of the last steps (x2.3 to an odd n, x8 to the next even n).
  static constexpr double kTops[] = {6,    12,    36,     76,     344,     732,      3916,
                                     8492, 52856, 117694, 835056, 1897702, 15324708, 35312064};
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
  // times the mean; a piece holds its top halves and its partner's, 8
  // bytes each, as many again for sorting, and (odd n) the filtered copies.
  const double keys = 2.0 * 4.0 * tops / static_cast<double>(std::uint64_t{1} << (2 * width));
  return keys * 24.0 + (1 << 20);
}

int join_max_width(int n) {
  return std::min(kMaxJoinWidth, std::max(0, (n - 1) / 2));
}

int join_width_for(int n, double bytes) {
  for (int width = 0; width <= join_max_width(n); ++width)
    if (join_piece_bytes(n, width) <= bytes) return width;
  return -1;
}

std::vector<JoinCount::Subproblem> JoinCount::split(const Instance& instance, std::size_t target) {
  const int n = instance.n;
  if (n < 1 || n > kMaxJoinN) throw std::invalid_argument("join: N must be between 1 and 31");
  int width = std::max(min_width(n), instance.min_width);
  if (n == 1) return {Subproblem{0, kInnerMiddles, 0, 1, 0}};
  auto frontier = frontier_for(n, width);
  while (frontier.size() < target && width < join_max_width(n)) {
    ++width;
    frontier = frontier_for(n, width);
  }
  return frontier;
}

double JoinCount::work(const Instance& instance, const Subproblem& subproblem) {
  const int n = instance.n;
  if (n < 4) return 1;
  const Layout layout = layout_for(n, subproblem.width);
  const bool own_middle = subproblem.middle != kInnerMiddles;
  const int middle = own_middle ? subproblem.middle : -1;
  const std::uint32_t chunk = own_middle ? layout.chunk & ~(1u << middle) : layout.chunk;
  StopPoller poller(nullptr);
  std::vector<std::uint64_t> unused;
  TopHalves top(layout, subproblem.pattern, middle, poller, {&unused, &unused, &unused});
  TopHalves bottom(layout, chunk & ~subproblem.pattern, middle, poller,
                   {&unused, &unused, &unused});
  std::uint64_t state = 0x2545f4914f6cdd1dull ^ (std::uint64_t{subproblem.pattern} << 8) ^
                        subproblem.middle ^ (std::uint64_t{subproblem.width} << 40);
  SplitMix64 next{state};
  constexpr int kDescents = 64;
  const double halves = top.estimate(kDescents, next) + bottom.estimate(kDescents, next);
  // Listing and sorting the halves, then one join (a middle queen of its
  // own) or one filtered join per inner column (odd n, inner middles).
  const double joins = has_middle(n) && !own_middle ? std::popcount(layout.inner) : 1;
  return 1 + halves * (1 + kJoinShare * joins);
}

Outcome JoinCount::solve(const Instance& instance, const Subproblem& subproblem,
                         Search<Solution>& search) {
  Outcome outcome;
  const int n = instance.n;
  if (n == 1) {  // a lone queen: no halves to join
    outcome.count = 1;
    outcome.complete = true;
    return outcome;
  }
  const Layout layout = layout_for(n, subproblem.width);
  const bool own_middle = subproblem.middle != kInnerMiddles;
  const int middle = own_middle ? subproblem.middle : -1;
  const std::uint32_t chunk = own_middle ? layout.chunk & ~(1u << middle) : layout.chunk;
  StopPoller poller = search.poller();
  // Even n: the halves by the long diagonals they hold (see kDiagonalJoins).
  const bool by_diagonals = !has_middle(n);
  PieceBuffers& buffers = piece_buffers();
  auto& tops = buffers.tops;
  auto& bottoms = buffers.bottoms;
  auto& scratch = buffers.scratch;
  for (auto* lists : {&tops, &bottoms})
    for (auto& list : *lists) list.clear();
  auto classes = [by_diagonals](std::array<std::vector<std::uint64_t>, 3>& lists) {
    return by_diagonals ? std::array{&lists[0], &lists[1], &lists[2]}
                        : std::array{&lists[0], &lists[0], &lists[0]};
  };
  TopHalves top(layout, subproblem.pattern, middle, poller, classes(tops));
  TopHalves bottom(layout, chunk & ~subproblem.pattern, middle, poller, classes(bottoms));
  if (!top.run() || !bottom.run()) return outcome;
  for (auto& list : bottoms)
    for (auto& key : list) key = layout.turned(key);
  for (int d = 0; d < 3; ++d)
    if (!sort_keys(tops[d], scratch, poller) || !sort_keys(bottoms[d], scratch, poller))
      return outcome;
  outcome.nodes = top.nodes() + bottom.nodes();

  const std::uint64_t rays = layout.slot_a | layout.slot_b;
  Count pairs = 0;  // weighted
  if (by_diagonals) {
    for (const DiagonalJoin& part : kDiagonalJoins) {
      auto& x = tops[part.top];
      auto& y = bottoms[part.bottom];
      Join join(layout.column_key_mask, rays, poller, buffers.table);
      pairs +=
          static_cast<Count>(join.count(x.data(), x.size(), y.data(), y.size(), 0)) * part.weight;
      outcome.nodes += join.nodes();
      outcome.pairs += join.pairs();
      if (join.stopped()) return outcome;
    }
  } else if (!has_middle(n) || own_middle) {
    Join join(layout.column_key_mask, rays, poller, buffers.table);
    pairs = join.count(tops[0].data(), tops[0].size(), bottoms[0].data(), bottoms[0].size(), 0);
    outcome.nodes += join.nodes();
    outcome.pairs += join.pairs();
    if (join.stopped()) return outcome;
  } else {
    // The middle queen in each inner column m: the halves that leave its
    // square alone, joined on the inner columns but m.
    const std::vector<std::uint64_t>& all_tops = tops[0];
    const std::vector<std::uint64_t>& all_bottoms = bottoms[0];
    auto& top_m = buffers.top_m;
    auto& bottom_m = buffers.bottom_m;
    top_m.resize(all_tops.size());
    bottom_m.resize(all_bottoms.size());
    // Branch-free: every key is written, the count moves past the kept ones.
    auto keep = [](const std::vector<std::uint64_t>& keys, std::uint64_t attacks,
                   std::vector<std::uint64_t>& kept) {
      std::size_t count = 0;
      for (auto key : keys) {
        kept[count] = key;
        count += (key & attacks) == 0;
      }
      return count;
    };
    for (int m = 0; m < n; ++m) {
      if (!(layout.inner >> m & 1u)) continue;
      if (poller.now()) return outcome;
      const std::uint64_t attacks = layout.attacks_middle(m);
      const std::size_t top_count = keep(all_tops, attacks, top_m);
      const std::size_t bottom_count = keep(all_bottoms, attacks, bottom_m);
      Join join(layout.column_key_mask & ~layout.column_bit[m], rays, poller, buffers.table);
      pairs += join.count(top_m.data(), top_count, bottom_m.data(), bottom_count, 0);
      outcome.nodes += join.nodes();
      outcome.pairs += join.pairs();
      if (join.stopped()) return outcome;
    }
  }
  outcome.count = pairs * subproblem.weight;
  outcome.complete = true;
  return outcome;
}

}  // namespace nursery::queens
