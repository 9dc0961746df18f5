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
// come from the quarter tables (join_quarters.cpp) up to N = 20 (the
// tables JoinTuning allows), else row by row (join_rows.cpp); the key's
// layout is join_layout.cpp's.
#include "queens/join.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <stdexcept>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "queens/counters.hpp"
#include "queens/join_layout.hpp"
#include "queens/kernels.hpp"
// A kernel, compiled once per instruction-set level (isa.hpp): a piece
// (join_solve), which JoinCount's solve calls through the level's table
// (kernels.cpp; its weight, join_work, is join_rows.cpp's).
#include "queens/isa_begin.hpp"

namespace nursery::queens::NURSERY_ISA_NS {

using namespace join_detail;
using namespace join_detail::NURSERY_ISA_NS;

namespace {

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

// Odd n: the middle pair. The pieces stand for orbits of the flip and the
// mirror; the transposes, which swap the middle row and the middle column,
// weigh the boards instead. A solution S has its middle row's queen at (a,
// m) and its middle column's at (r, a); let d_m = |m - a| and d_r = |r -
// a|. The centre (m = r = a) is one queen; elsewhere d_m and d_r are
// distinct (equal, the two queens would share a diagonal) and at least 1.
// The transpose swaps them (its middle row's queen is S's (r, a) turned to
// (a, r)), and the flip and the mirror keep both. Weigh
//   w(S) = 2 when d_m < d_r,  0 when d_m > d_r,  1 at the centre:
// w(S) + w(S transposed) = 2 for every S off the centre, so the weights of
// all solutions add up to their number, and every orbit of the flip and
// the mirror weighs alike, so a piece may stand for its pattern's orbit as
// before. A half's key carries the row of its queen in the middle column
// plus 1 (Layout::middle_mask; 0: none; a turned bottom's row counts from
// the board's edge as a top's does, so d_r = a - row either way), and a
// middle queen in column m pairs only the halves whose field lies below
// a + 1 - d_m (those without such a queen, or with it farther from the
// middle row than m from the middle column), with weight 2. The middle
// queens of the chunk columns, far from the centre, whose pieces list
// their own halves (w of them for every inner piece's one), so list and
// sort only the halves that hold no queen in the middle column or hold it
// near the board's edge: about a half fewer (N = 17, chunk width 5: 62%
// of the halves, a quarter of the pairs); the inner middles, near the
// centre, keep most of theirs. Where the key has no room for the field
// (middle_pair_fits(): N = 31), every board weighs 1 as before.

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

// The keys with no bit of `bits` whose lowest bits `field` lie below
// `limit` (odd n: the middle column's row plus 1, Layout::middle_mask; with
// no field, every key's 0 does), written to `kept` (which may be `keys`
// itself) in order; their count. Branch-free as keep().
std::size_t keep_below(const std::vector<std::uint64_t>& keys, std::uint64_t bits,
                       std::uint64_t field, std::uint64_t limit, std::uint64_t* kept) {
  std::size_t count = 0, i = 0;
#if NURSERY_ISA_AVX512
  // 8 keys at a time, the kept ones compressed and stored whole: the store
  // reaches at most the 8 keys just read (count <= i), so `kept` may be
  // `keys` and needs no slack (the last keys, fewer than 8, one by one).
  // (Odd n: 16% of N = 19's time one key at a time.)
  const __m512i bits_v = _mm512_set1_epi64(static_cast<long long>(bits));
  const __m512i field_v = _mm512_set1_epi64(static_cast<long long>(field));
  const __m512i limit_v = _mm512_set1_epi64(static_cast<long long>(limit));
  for (; i + 8 <= keys.size(); i += 8) {
    const __m512i k = _mm512_loadu_si512(static_cast<const void*>(keys.data() + i));
    const __mmask8 fit = _mm512_testn_epi64_mask(k, bits_v) &
                         _mm512_cmplt_epu64_mask(_mm512_and_si512(k, field_v), limit_v);
    _mm512_storeu_si512(static_cast<void*>(kept + count), _mm512_maskz_compress_epi64(fit, k));
    count += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(fit)));
  }
#endif
  for (; i < keys.size(); ++i) {
    const std::uint64_t key = keys[i];
    kept[count] = key;
    count += static_cast<std::size_t>(((key & bits) == 0) & ((key & field) < limit));
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
        middle_(!own_middle_             ? -1
                : subproblem.middle == 0 ? n_ - 1
                                         : subproblem.middle),
        pattern_(middle_ == n_ - 1 ? mirror(subproblem.pattern, n_) : subproblem.pattern),
        chunk_(own_middle_ ? layout_.chunk & ~(1u << middle_) : layout_.chunk),
        middle_mask_(layout_.middle_mask),
        middle_below_(!has_middle(n_) ? ~std::uint64_t{0}
                      : own_middle_   ? below(middle_)
                                      : below(layout_.rows + 1)),
        by_tiers_(!has_middle(n_)),
        rays_(layout_.slot_a | layout_.slot_b),
        sorted_bits_(run_.tuning().sorted_bits),
        quarter_tables_(instance.quarter_tables && quarter_tables_wanted(n_, run_.tuning())),
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

  // The halves from the count's quarter tables where it builds them
  // (quarter_tables_wanted(): N <= 20 by default, JoinTuning) and the key
  // has room for their diagonal bits, else row by row; false when stopped.
  bool count(Outcome& outcome) {
    if (!quarter_tables_) return count_row_by_row(outcome);
    const int extra = quarter_extra(n_, subproblem_.width, run_.tuning().piece_keys());
    const auto quarters = run_.quarter_tables(n_, subproblem_.width + extra, queen_keys(layout_),
                                              key_mirror(layout_), kMirrorsKeys, poller_);
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
    const std::uint32_t bottom_chunk = chunk_ & ~pattern_;
    const Tiers listed = by_tiers_ ? tiers_ : Tiers{0, 0, 0, false};
    auto& tops = buffers_.tops;
    auto& bottoms = buffers_.bottoms;
    // Every subset of `wider`, the empty one last.
    std::uint32_t subset = 0;
    do {
      subset = (subset - wider) & wider;
      if (poller_.now()) return false;
      outcome.nodes += list_halves(quarters, pattern_ | subset, listed, lists(tops),
                                   buffers_.mirrored, middle_below_) +
                       list_halves(quarters, bottom_chunk | (wider & ~subset), listed,
                                   lists(bottoms), buffers_.mirrored, middle_below_);
      drop_unpaired();
      if (!turn_and_sort() || !join(outcome)) return false;
    } while (subset != 0);
    return true;
  }

  bool count_row_by_row(Outcome& outcome) {
    if (!list_rows(layout_, pattern_, middle_, poller_, lists(buffers_.tops), tiers_,
                   outcome.nodes) ||
        !list_rows(layout_, chunk_ & ~pattern_, middle_, poller_, lists(buffers_.bottoms), tiers_,
                   outcome.nodes))
      return false;
    drop_unpaired();
    return turn_and_sort() && join(outcome);
  }

  // Odd n: the listed halves no pair of the piece takes, dropped before
  // they are sorted: those that attack its own middle queen's square, and
  // (the middle pair) those whose queen of the middle column lies no
  // farther from the middle row than its middle queen's column from the
  // middle column (inner middles: the nearest but the centre's, d_m = 1).
  void drop_unpaired() {
    if (!has_middle(n_) || (!own_middle_ && middle_mask_ == 0)) return;
    const std::uint64_t attacks = own_middle_ ? layout_.attacks_middle(middle_) : 0;
    for (auto* list : {&buffers_.tops[0], &buffers_.bottoms[0]})
      list->resize(keep_below(*list, attacks, middle_mask_, middle_below_, list->data()));
  }

  // Odd n, the middle pair: a half pairs with a middle queen in column m
  // where its field (the row of its queen in the middle column, plus 1; 0:
  // none) lies below a + 1 - |m - a|; at the centre every half (none holds
  // the middle column there).
  std::uint64_t below(int m) const {
    if (middle_mask_ == 0) return 1;  // every key's field reads 0
    return static_cast<std::uint64_t>(layout_.rows + 1 - std::abs(m - layout_.rows));
  }
  // And the weight of those pairs: 2, at the centre 1.
  Count middle_weight(int m) const { return middle_mask_ != 0 && m != layout_.rows ? 2 : 1; }

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
    const std::uint64_t kept = layout_.column_key_mask | layout_.tag_mask | layout_.middle_mask;
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
                 middle_weight(middle_), outcome);
    // The tops' copy in the radix passes' buffer, free once the lists are
    // sorted and at least as long as either (one list less a worker holds:
    // N = 23's largest pieces, 7.6e6 halves, would hold 310 MB on 2 threads).
    auto& top_m = buffers_.scratch;
    auto& bottom_m = buffers_.bottom_m;
    resize_exactly(top_m, all_tops.size());
    resize_exactly(bottom_m, all_bottoms.size());
    for (int m = 0; m < n_; ++m) {
      if (!(layout_.inner >> m & 1u)) continue;
      if (poller_.now()) return false;
      const std::uint64_t attacks = layout_.attacks_middle(m);
      const std::uint64_t limit = below(m);
      const std::size_t top_count =
          keep_below(all_tops, attacks, middle_mask_, limit, top_m.data());
      const std::size_t bottom_count =
          keep_below(all_bottoms, attacks, middle_mask_, limit, bottom_m.data());
      const PairCount join = count_pairs(layout_.column_key_mask & ~layout_.column_bit[m], rays_,
                                         top_m.data(), top_count, bottom_m.data(), bottom_count,
                                         poller_, buffers_.table, nullptr, sorted_bits_);
      if (!add(join, middle_weight(m), outcome)) return false;
    }
    return true;
  }

  const int n_;
  const JoinCount::Subproblem& subproblem_;
  JoinRun& run_;
  const Layout layout_;
  const bool own_middle_;
  // Odd n, a middle queen of the piece's own: its column. In column 0 (a
  // square no key bit shows attacked: its down-left diagonal crosses the
  // cut at position 0) the piece counts its mirror image instead, the
  // pattern mirrored and the middle queen in column n-1 (a ray bit at n-1
  // shows it): the same boards' count, from the quarter tables.
  const int middle_;
  const std::uint32_t pattern_;  // the top half's chunk columns (mirrored with the middle)
  const std::uint32_t chunk_;  // the chunk's columns but the middle queen's
  const std::uint64_t middle_mask_;  // odd n: the middle pair weighs (Layout::middle_mask)
  // Odd n: the field below which a listed half pairs with one of the
  // piece's middle queens (its own, or the inner ones but the centre,
  // whose halves hold no queen in the middle column).
  const std::uint64_t middle_below_;
  const bool by_tiers_;
  const std::uint64_t rays_;
  const int sorted_bits_;
  const bool quarter_tables_;  // the count builds them for n
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
