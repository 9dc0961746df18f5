// Counting by joining half boards (meet in the middle), see counters.hpp.
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
// counted, weighted by the orbit's size (join_frontier.cpp). At even n the
// two diagonal reflections weigh boards by their long diagonals
// (kDiagonalJoins). The pairs are counted in join_pairs.cpp. The halves
// come from the quarter tables (join_quarters.cpp) up to N = 19, else from
// TopHalves, row by row.
#include "queens/join.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <vector>

#include "queens/counters.hpp"
#include "queens/kernels.hpp"
#include "queens/splitmix.hpp"
// A kernel, compiled once per instruction-set level (isa.hpp): a piece
// (join_solve) and its weight (join_work), which JoinCount's solve and
// work call through the level's table (kernels.cpp).
#include "queens/isa_begin.hpp"

namespace nursery::queens::NURSERY_ISA_NS {

using namespace join_detail;
using namespace join_detail::NURSERY_ISA_NS;

namespace {

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
  std::uint64_t tag_mask = 0;            // even n: bits 0-1, a kHigh half's class
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
    return (k & (column_key_mask | tag_mask)) | ((k & slot_a) >> 1) | ((k & slot_b) << 1);
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
  // Even n: bits 0 and 1 hold a kHigh half's class (the tag, kClassWeights)
  // where the key leaves them free; where not (N >= 22 in its narrowest
  // chunks), every piece of the count weighs by the long diagonals alone.
  const bool tags = n % 2 == 0 && std::popcount(layout.inner) + 2 * (n - 1) <= 62;
  const int lowest = tags ? 2 : 0;
  layout.tag_mask = tags ? 3 : 0;
  for (int p : positions) {
    if (bit - 1 < lowest) throw std::logic_error("join: key wider than 64 bits");
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
// A queen in row r, column c: its column, its down-right ray crossing the
// cut at c + (a - r) and its down-left ray at c - (a - r) (one further
// right for even n, whose turned half starts a row lower); positions
// 1..n-1 only. A half's key is the OR of its queens' keys.
// Even n: where each key bit of a half mirrored left to right comes from
// (a queen at column c <-> n-1-c; its down-right ray at p = c + reach <->
// the down-left one at n-p, which the even offset makes (n-1-c) - reach +
// 1).
KeyMirror key_mirror(const Layout& layout) {
  KeyMirror from{};
  auto index = [](std::uint64_t bit) { return static_cast<std::uint8_t>(std::countr_zero(bit)); };
  const int n = layout.n;
  for (int c = 0; c < n; ++c)
    if (layout.column_bit[c] != 0)
      from[index(layout.column_bit[c])] = index(layout.column_bit[n - 1 - c]);
  for (int p = 1; p < n; ++p) {  // (a diagonal without a bit in the key has nothing to map)
    if (layout.a_bit[p] != 0) from[index(layout.a_bit[p])] = index(layout.b_bit[n - p]);
    if (layout.b_bit[p] != 0) from[index(layout.b_bit[p])] = index(layout.a_bit[n - p]);
  }
  return from;
}

QueenKeys queen_keys(const Layout& layout) {
  QueenKeys keys{};
  const bool even = layout.n % 2 == 0;
  for (int r = 0; r < layout.rows; ++r)
    for (int c = 0; c < layout.n; ++c) {
      const int reach = layout.rows - r;
      const int right = c + reach, left = c - reach + (even ? 1 : 0);
      const std::uint32_t column = 1u << c;
      const std::uint32_t a_ray = right < layout.n ? 1u << right : 0;
      const std::uint32_t b_ray = left >= 1 ? 1u << left : 0;
      keys[r][c] = layout.key(column & layout.inner, a_ray, b_ray);
    }
  return keys;
}
class TopHalves {
 public:
  // The halves go to out[kEqual + d] (d the long diagonals they hold) or
  // out[kHigh]; the four may be one vector. With `tiers` (even n), a
  // half's first `width`
  // rows' sides are ranked (side_rank()) against the piece's `rank`: below
  // it the half is dropped, at it the half is kEqual, above it kHigh.
  TopHalves(const Layout& layout, std::uint32_t pattern, int middle, StopPoller& poller,
            std::array<std::vector<std::uint64_t>*, kLists> out, Tiers tiers = {})
      : layout_(layout), pattern_(pattern), tiers_(tiers), poller_(poller), out_(out) {
    const std::uint32_t chunk = middle >= 0 ? layout.chunk & ~(1u << middle) : layout.chunk;
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
    queen_key_ = queen_keys(layout);
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
    const std::uint32_t left_half = (1u << (layout_.n / 2)) - 1;
    std::array<Frame, 32> stack;
    int row = 0;
    list_ = kEqual;
    tag_ = 0;
    prefix_[0] = 0;
    stack[0] = {choices(0, 0, 0, 0) & sides_allowed(0), 0, 0, 0, 0, 0};
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
      if (row < tiers_.width)
        prefix_[row + 1] = prefix_[row] | ((bit & left_half) != 0 ? 1u << row : 0);
      if (row + 1 == tiers_.width) {  // the outer rows are placed: rank their sides
        const int rank = side_rank(prefix_[row + 1], tiers_.width);
        if (rank < tiers_.low) continue;  // no pair of this piece weighs the half
        // For every half below this node: its list, and in kHigh its class.
        list_ = rank == tiers_.low ? kEqual : kHigh;
        tag_ = rank == tiers_.low || rank < tiers_.high ? 0 : rank == tiers_.high ? 1 : 2;
      }
      if (row + 1 == rows - 1) {  // the last row: its queens are not pushed
        std::uint32_t last = choices(row + 1, columns, left, right);
        if (last == 0) continue;
        nodes_ += static_cast<std::uint64_t>(std::popcount(last));
        const auto& last_key = queen_key_[rows - 1];
        const std::uint32_t on_diagonal = long_diagonals_[rows - 1];
        std::vector<std::uint64_t>& off = *out_[list_of(diagonals)];
        const std::uint64_t off_key = key | tag_;
        for (std::uint32_t free = last & ~on_diagonal; free != 0; free &= free - 1)
          off.push_back(off_key | last_key[std::countr_zero(free)]);
        if ((last & on_diagonal) != 0) {
          std::vector<std::uint64_t>& on = *out_[list_of(diagonals + 1)];
          const std::uint64_t on_key = key | tag_;
          for (std::uint32_t free = last & on_diagonal; free != 0; free &= free - 1)
            on.push_back(on_key | last_key[std::countr_zero(free)]);
        }
        continue;
      }
      if (row + 1 == rows) {  // one row only
        out_[list_of(diagonals)]->push_back(key | tag_);
        continue;
      }
      if (poller_.poll()) return false;
      ++row;
      stack[row] = {choices(row, columns, left, right) & sides_allowed(row),
                    columns,
                    left,
                    right,
                    diagonals,
                    key};
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
  int list_of(int diagonals) const { return tiers_.by_diagonals ? kEqual + diagonals : list_; }
  // The columns of row `row` that leave the outer rows' sides a rank at
  // least the piece's (all of them below the outer rows).
  std::uint32_t sides_allowed(int row) const {
    if (row >= tiers_.width) return ~0u;
    const std::uint32_t prefix = prefix_[row], left = 1u << row;
    const std::uint32_t left_half = (1u << (layout_.n / 2)) - 1;
    std::uint32_t allowed = 0;
    if (side_best(prefix | left, row + 1, tiers_.width) >= tiers_.low) allowed |= left_half;
    if (side_best(prefix, row + 1, tiers_.width) >= tiers_.low) allowed |= ~left_half;
    return allowed;
  }
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
  Tiers tiers_;
  int list_ = kEqual;      // the halves being listed: kEqual or kHigh,
  std::uint64_t tag_ = 0;  // and their key's tag
  std::array<std::uint32_t, kMaxRankWidth + 1> prefix_{};  // sides of the outer rows above
  std::array<std::uint32_t, 32> allowed_{};
  std::array<std::uint32_t, 32> long_diagonals_{};
  QueenKeys queen_key_{};  // rows <= 15 (kMaxJoinN)
  StopPoller& poller_;
  std::array<std::vector<std::uint64_t>*, kLists> out_;
  std::uint64_t nodes_ = 0;
};

// Even n: the transposes. The frontier's patterns stand for orbits of the
// four symmetries that keep the cut between the halves (flip, mirror); the
// two diagonal reflections (transposes) do not. They turn the board's
// outer columns into its outer rows: a solution S has
//   p(S): for each of the 2w chunk columns, is its queen in the top half
//         (the piece's pattern), and
//   q(S): for each of the 2w outer rows (0..w-1, n-w..n-1), is its queen
//         in the left half (the top half C knows rows 0..w-1, the turned
//         bottom half D rows n-1..n-w),
// and the transpose swaps them: p(S^T) = q(S), q(S^T) = p(S); the
// anti-transpose complements and reverses them as well. The flip and the
// mirror complement or reverse both. Rank a string of 2w bits by its two
// sides' ranks, (lower, higher), in lexicographic order (pattern_rank(),
// side_rank(): orbits of w bits under the complement and the reversal):
// the same for every image under these symmetries, so R(p(S^T)) = R(q(S)).
// Weigh
//   w(S) = 2      when R(p(S)) < R(q(S)),
//   w(S) = 0      when R(p(S)) > R(q(S)),
//   w(S) = v(S)   when they are equal:
//     v(S) = 1 when some side ranks above the lower rank of R(p(S)), else
//     (every half ties) by the long diagonals: 1 when neither long
//     diagonal holds a queen, else 2^d(C) [d(D) = 0], d(H) the long
//     diagonals a half holds.
// The transposes swap the first two cases and keep the third (and keep
// each long diagonal on itself). Over {identity, transpose, anti-transpose,
// half turn} the long diagonals' v adds up to 4: the transpose keeps the
// queen of the main diagonal in its half and moves that of the other long
// diagonal into the other half, the anti-transpose the other way round, so
// exactly 4 / 2^k of the four images hold all k diagonal queens on top.
// Which v a tie takes depends on R alone, the same for the whole class. So
// the weights of every class add up to its size, and the count is exact.
// w is kept by the mirror; the flip swaps C and D: a pattern's orbit {p,
// flip p, mirror ...} weighs size/2 x (X(p) + X(flip p)), in pairs of the
// piece's own halves (C of p, D of its partner), with (l, h) = R(p) and
// f(H) a half's outer rows' rank:
//   f(H) < l: 0, so such halves are not even listed (sides_allowed());
//   kHigh x kHigh (both above l): 2;
//   kEqual (at l) x kHigh: by the kHigh half's class (its key's tag):
//     0 below h, 1 at h, 2 above (kClassWeights);
//   kEqual x kEqual: 0 when l < h, 1 when l = h;
//   and where every half ties (l is the top rank, or w <= 1), the long
//   diagonals: 1 when at most one of C and D holds one, 2 when one holds
//   both (and the other none), 0 when both hold one (kEqualJoins).
// A quarter of the halves are never listed (0.74 of the keys at N = 16, 18,
// chunk width 4), and pairs compared stay about where the long diagonals
// alone left them.
struct TierJoin {
  int top, bottom;  // lists of C and of D (kEqual + d, kHigh)
  Count weight;
  bool tagged;  // weighed by kClassWeights as well
};
// Pieces whose halves rank apart.
constexpr std::array<TierJoin, 3> kHighJoins = {{
    {kHigh, kHigh, 2, false},
    {kEqual, kHigh, 1, true},
    {kHigh, kEqual, 1, true},
}};
// [4 top + bottom]: a kEqual half (tag 0) against a kHigh half of class 0
// (below h), 1 (at h) or 2 (above h).
constexpr PairWeights kClassWeights = {0, 1, 2, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0};
// Pieces whose halves all rank alike: the long diagonals.
constexpr std::array<TierJoin, 5> kEqualJoins = {{
    {kEqual, kEqual, 1, false},
    {kEqual + 1, kEqual, 1, false},
    {kEqual, kEqual + 1, 1, false},
    {kEqual + 2, kEqual, 2, false},
    {kEqual, kEqual + 2, 2, false},
}};

}  // namespace

double join_work(const JoinCount::Instance& instance, const JoinCount::Subproblem& subproblem) {
  const int n = instance.n;
  if (n < 4) return 1;
  const Layout layout = layout_for(n, subproblem.width);
  const bool own_middle = subproblem.middle != kInnerMiddles;
  const int middle = own_middle ? subproblem.middle : -1;
  const std::uint32_t chunk = own_middle ? layout.chunk & ~(1u << middle) : layout.chunk;
  StopPoller poller(nullptr);
  std::vector<std::uint64_t> unused;
  std::array<std::vector<std::uint64_t>*, kLists> lists;
  lists.fill(&unused);
  TopHalves top(layout, subproblem.pattern, middle, poller, lists);
  TopHalves bottom(layout, chunk & ~subproblem.pattern, middle, poller, lists);
  std::uint64_t state = 0x2545f4914f6cdd1dull ^ (std::uint64_t{subproblem.pattern} << 8) ^
                        subproblem.middle ^ (std::uint64_t{subproblem.width} << 40);
  SplitMix64 next{state};
  const double halves = top.estimate(kJoinDescents, next) + bottom.estimate(kJoinDescents, next);
  // Listing and sorting the halves, then one join (a middle queen of its
  // own) or one filtered join per inner column (odd n, inner middles).
  const double joins = has_middle(n) && !own_middle ? std::popcount(layout.inner) : 1;
  return 1 + halves * (1 + kJoinShare * joins);
}

namespace {
// The keys with no bit of `bits` (with `any`: some bit), written to `kept`
// (which may be `keys` itself) in order; their count. Branch-free: every
// key is written, the count moves past the kept ones.
std::size_t keep(const std::vector<std::uint64_t>& keys, std::uint64_t bits, std::uint64_t* kept,
                 bool any = false) {
  std::size_t count = 0;
  for (auto key : keys) {
    kept[count] = key;
    count += ((key & bits) == 0) != any;
  }
  return count;
}


// One piece of a join count, step by step (JoinCount::solve()): its
// halves listed (from the quarter tables, in rounds, or row by row),
// turned and sorted, then joined (even n: weighed by tiers; odd n: per
// middle column). Every step returns false when stopped.
class Piece {
 public:
  Piece(const JoinCount::Instance& instance, const JoinCount::Subproblem& subproblem,
        StopPoller& poller)
      : n_(instance.n),
        subproblem_(subproblem),
        run_(*instance.run),
        layout_(layout_for(n_, subproblem.width)),
        own_middle_(subproblem.middle != kInnerMiddles),
        middle_(own_middle_ ? subproblem.middle : -1),
        chunk_(own_middle_ ? layout_.chunk & ~(1u << middle_) : layout_.chunk),
        by_tiers_(!has_middle(n_)),
        rays_(layout_.slot_a | layout_.slot_b),
        sorted_bits_(run_.tuning().sorted_bits),
        poller_(poller),
        lease_(run_.buffers()),
        buffers_(*lease_) {
    for (auto* lists : {&buffers_.tops, &buffers_.bottoms})
      for (auto& list : *lists) list.clear();
    // The outer rows' ranks where the key has room for a tag (one weighing
    // for every piece of a count: the same n and chunk width).
    if (by_tiers_ && layout_.tag_mask != 0 && subproblem.width <= kMaxRankWidth) {
      const PatternRank rank = pattern_rank(subproblem.pattern, n_, subproblem.width);
      tiers_ = {subproblem.width, rank.low, rank.high,
                rank.low == side_top_rank(subproblem.width)};
    }
  }

  // The halves from the count's quarter tables where they fit (N <= 19,
  // quarters of up to 9 rows, and room in the key for their diagonal bits;
  // odd n: not for a middle queen in column 0, whose attacks no key bit
  // shows), else row by row; false when stopped.
  bool count(Outcome& outcome) {
    const int extra = quarter_extra(n_, subproblem_.width, run_.tuning().piece_keys());
    const auto quarters =
        middle_ != 0 ? run_.quarter_tables(n_, subproblem_.width + extra, queen_keys(layout_),
                                           key_mirror(layout_), kMirrorsKeys, poller_)
                     : nullptr;
    if (quarters) return count_in_rounds(*quarters, extra, outcome);
    if (poller_.now()) return false;  // perhaps while the tables were built
    return count_row_by_row(outcome);
  }
  Count pairs() const { return pairs_; }  // weighted

 private:
  // Even n in rounds: the tables group the quarters by `extra` more columns
  // beside the chunk on each side, and a round lists the tops that hold one
  // subset of them and the bottoms that hold the others (no other bottom
  // pairs with these tops), so a worker holds a round's lists, not the
  // piece's. (Odd n: none; the middle row may hold such a column.)
  bool count_in_rounds(const QuarterTables& quarters, int extra, Outcome& outcome) {
    const std::uint32_t wider = chunk_columns(n_, subproblem_.width + extra) & ~layout_.chunk;
    const std::uint32_t bottom_chunk = chunk_ & ~subproblem_.pattern;
    const Tiers listed = by_tiers_ ? tiers_ : Tiers{0, 0, 0, false};
    auto& tops = buffers_.tops;
    auto& bottoms = buffers_.bottoms;
    // Every subset of `wider`, the empty one last.
    std::uint32_t subset = 0;
    do {
      subset = (subset - wider) & wider;
      if (poller_.now()) return false;
      outcome.nodes += list_halves(quarters, subproblem_.pattern | subset, listed, lists(tops),
                                   buffers_.mirrored) +
                       list_halves(quarters, bottom_chunk | (wider & ~subset), listed,
                                   lists(bottoms), buffers_.mirrored);
      if (own_middle_) {  // the halves the middle queen attacks (chunk column m > 0)
        const std::uint64_t attacks = layout_.attacks_middle(middle_);
        tops[0].resize(keep(tops[0], attacks, tops[0].data()));
        bottoms[0].resize(keep(bottoms[0], attacks, bottoms[0].data()));
      }
      if (!turn_and_sort() || !join(outcome)) return false;
    } while (subset != 0);
    return true;
  }

  bool count_row_by_row(Outcome& outcome) {
    TopHalves top(layout_, subproblem_.pattern, middle_, poller_, lists(buffers_.tops), tiers_);
    TopHalves bottom(layout_, chunk_ & ~subproblem_.pattern, middle_, poller_,
                     lists(buffers_.bottoms), tiers_);
    if (!top.run() || !bottom.run()) return false;
    outcome.nodes = top.nodes() + bottom.nodes();
    return turn_and_sort() && join(outcome);
  }

  // Even n: the halves by their tier and the long diagonals they hold (see
  // kHighJoins, kEqualJoins); odd n: one list.
  std::array<std::vector<std::uint64_t>*, kLists> lists(
      std::array<std::vector<std::uint64_t>, kLists>& all) const {
    std::array<std::vector<std::uint64_t>*, kLists> out;
    for (int i = 0; i < kLists; ++i) out[i] = &all[by_tiers_ ? i : 0];
    return out;
  }

  // The bottoms turned, both sides ordered.
  bool turn_and_sort() {
    // (Layout::turned() on the masks as locals: a store to a key could
    // alias the layout's members, which the loop would read again.)
    const std::uint64_t kept = layout_.column_key_mask | layout_.tag_mask;
    const std::uint64_t slot_a = layout_.slot_a, slot_b = layout_.slot_b;
    for (auto& list : buffers_.bottoms)
      for (auto& key : list) key = (key & kept) | ((key & slot_a) >> 1) | ((key & slot_b) << 1);
    for (int i = 0; i < kLists; ++i)
      if (!sort_keys(buffers_.tops[i], buffers_.scratch, poller_, sorted_bits_) ||
          !sort_keys(buffers_.bottoms[i], buffers_.scratch, poller_, sorted_bits_))
        return false;
    return true;
  }

  bool join(Outcome& outcome) { return by_tiers_ ? join_tiers(outcome) : join_middles(outcome); }

  bool add(const PairCount& join, Count weight, Outcome& outcome) {
    pairs_ += static_cast<Count>(join.matched) * weight;
    outcome.nodes += join.nodes;
    outcome.pairs += join.compared;
    return !join.stopped;
  }

  // Even n: one weighted join of two lists.
  bool join_part(const TierJoin& part, Outcome& outcome) {
    auto& tops = buffers_.tops;
    auto& bottoms = buffers_.bottoms;
    std::uint64_t* x = tops[part.top].data();
    std::uint64_t* y = bottoms[part.bottom].data();
    std::size_t nx = tops[part.top].size(), ny = bottoms[part.bottom].size();
    if (part.tagged) {
      // The kHigh halves of class 0 weigh 0 with every kEqual half: the
      // others, still in order, in the radix passes' buffer.
      const bool top_high = part.top == kHigh;
      const auto& high = top_high ? tops[kHigh] : bottoms[kHigh];
      resize_exactly(buffers_.scratch, high.size());
      const std::size_t kept = keep(high, layout_.tag_mask, buffers_.scratch.data(), true);
      (top_high ? x : y) = buffers_.scratch.data();
      (top_high ? nx : ny) = kept;
    }
    return add(count_pairs(layout_.column_key_mask, rays_, x, nx, y, ny, poller_, buffers_.table,
                           part.tagged ? &kClassWeights : nullptr, sorted_bits_),
               part.weight, outcome);
  }

  // Even n: the weighted joins of the lists.
  bool join_tiers(Outcome& outcome) {
    if (tiers_.by_diagonals) {
      for (const TierJoin& part : kEqualJoins)
        if (!join_part(part, outcome)) return false;
      return true;
    }
    for (const TierJoin& part : kHighJoins)
      if (!join_part(part, outcome)) return false;
    return tiers_.low != tiers_.high || join_part({kEqual, kEqual, 1, false}, outcome);
  }

  // Odd n: one join (a middle queen of its own), or one per inner middle
  // column m of the halves that leave its square alone, joined on the inner
  // columns but m.
  bool join_middles(Outcome& outcome) {
    const std::vector<std::uint64_t>& all_tops = buffers_.tops[0];
    const std::vector<std::uint64_t>& all_bottoms = buffers_.bottoms[0];
    if (own_middle_)
      return add(count_pairs(layout_.column_key_mask, rays_, buffers_.tops[0].data(),
                             all_tops.size(), buffers_.bottoms[0].data(), all_bottoms.size(),
                             poller_, buffers_.table, nullptr, sorted_bits_),
                 1, outcome);
    auto& top_m = buffers_.top_m;
    auto& bottom_m = buffers_.bottom_m;
    resize_exactly(top_m, all_tops.size());
    resize_exactly(bottom_m, all_bottoms.size());
    for (int m = 0; m < n_; ++m) {
      if (!(layout_.inner >> m & 1u)) continue;
      if (poller_.now()) return false;
      const std::uint64_t attacks = layout_.attacks_middle(m);
      const std::size_t top_count = keep(all_tops, attacks, top_m.data());
      const std::size_t bottom_count = keep(all_bottoms, attacks, bottom_m.data());
      const PairCount join = count_pairs(layout_.column_key_mask & ~layout_.column_bit[m], rays_,
                                         top_m.data(), top_count, bottom_m.data(), bottom_count,
                                         poller_, buffers_.table, nullptr, sorted_bits_);
      if (!add(join, 1, outcome)) return false;
    }
    return true;
  }

  const int n_;
  const JoinCount::Subproblem& subproblem_;
  JoinRun& run_;
  const Layout layout_;
  const bool own_middle_;
  const int middle_;
  const std::uint32_t chunk_;  // the chunk's columns but the middle queen's
  const bool by_tiers_;
  const std::uint64_t rays_;
  const int sorted_bits_;
  StopPoller& poller_;
  JoinRun::Lease lease_;
  PieceBuffers& buffers_;
  Tiers tiers_;
  Count pairs_ = 0;  // weighted
};

}  // namespace

Outcome join_solve(const JoinCount::Instance& instance, const JoinCount::Subproblem& subproblem,
                   Search<Placement>& search) {
  Outcome outcome;
  if (instance.n == 1) {  // a lone queen: no halves to join
    outcome.count = 1;
    outcome.complete = true;
    return outcome;
  }
  StopPoller poller = search.poller();
  Piece piece(instance, subproblem, poller);
  if (!piece.count(outcome)) return outcome;
  outcome.count = piece.pairs() * subproblem.weight;
  outcome.complete = true;
  return outcome;
}

}  // namespace nursery::queens::NURSERY_ISA_NS

#include "queens/isa_end.hpp"
