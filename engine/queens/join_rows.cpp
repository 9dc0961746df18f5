// A piece's halves listed row by row (join_layout.hpp: list_rows), where no
// quarter tables serve it (N >= 21, keys without room for the quarters'
// diagonal bits), and every piece's weight for the progress bar (join_work:
// Knuth's estimate of the halves it lists).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <vector>

#include "queens/counters.hpp"
#include "queens/join.hpp"
#include "queens/join_layout.hpp"
#include "queens/kernels.hpp"
#include "queens/splitmix.hpp"
// A kernel, compiled once per instruction-set level (isa.hpp).
#include "queens/isa_begin.hpp"

namespace nursery::queens::join_detail::NURSERY_ISA_NS {

namespace {

// Keys of every top half whose columns among the chunk's are `pattern`
// (and, when `middle` >= 0, that leave the middle square (a, middle) alone).
// An iterative bitboard backtracker; the last row is not pushed: its
// queens' keys are the parent's key with one column's bits added
// (queen_keys(), join_layout.hpp).
class TopHalves {
 public:
  // The halves go to out[kEqual + d] (d the long diagonals they hold) or
  // out[kHigh]; the four may be one vector. With `tiers` (even n), a
  // half's first `width`
  // rows' sides are ranked (side_rank()) against the piece's `rank`: below
  // it the half is dropped, at it the half is kEqual, above it kHigh.
  // `keys`: the layout's queen_keys() where the caller has them.
  TopHalves(const Layout& layout, std::uint32_t pattern, int middle, StopPoller& poller,
            std::array<std::vector<std::uint64_t>*, kLists> out, Tiers tiers = {},
            const QueenKeys* keys = nullptr)
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
    // Odd n, the middle pair (join.cpp): a half whose queen of the middle
    // column lies no farther from the middle row than the middle queen's
    // column from the middle column (inner middles: the nearest but the
    // centre's, 1) pairs with none of the piece's halves.
    if (layout.middle_mask != 0) {
      const int a = layout.rows;
      const int near = middle >= 0 ? std::abs(middle - a) : 1;
      for (int r = std::max(a - near, 0); r < a; ++r) allowed_[r] &= ~(1u << a);
    }
    queen_key_ = keys != nullptr ? *keys : queen_keys(layout);
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

}  // namespace

bool list_rows(const Layout& layout, std::uint32_t pattern, int middle, StopPoller& poller,
               std::array<std::vector<std::uint64_t>*, kLists> out, const Tiers& tiers,
               std::uint64_t& nodes) {
  TopHalves halves(layout, pattern, middle, poller, out, tiers);
  const bool whole = halves.run();
  nodes += halves.nodes();
  return whole;
}

}  // namespace nursery::queens::join_detail::NURSERY_ISA_NS

namespace nursery::queens::NURSERY_ISA_NS {

using namespace join_detail;
using namespace join_detail::NURSERY_ISA_NS;

namespace {
// The layout of (n, width) and its queens' keys, kept by each thread from
// one piece's weight to the next (a frontier's pieces share them; built
// afresh they took most of the weighing, which runs on one thread before
// the count: about 70 us a piece, 2 s of N = 19's 31 s at 29,436 pieces).
struct WeighingKeys {
  int n = -1, width = -1;
  Layout layout;
  QueenKeys keys{};
};
const WeighingKeys& weighing_keys(int n, int width) {
  thread_local WeighingKeys cached;
  if (cached.n != n || cached.width != width) {
    cached.layout = layout_for(n, width);
    cached.keys = queen_keys(cached.layout);
    cached.n = n;
    cached.width = width;
  }
  return cached;
}
}  // namespace

double join_work(const JoinCount::Instance& instance, const JoinCount::Subproblem& subproblem) {
  const int n = instance.n;
  if (n < 4) return 1;
  const WeighingKeys& weighing = weighing_keys(n, subproblem.width);
  const Layout& layout = weighing.layout;
  const bool own_middle = subproblem.middle != kInnerMiddles;
  const int middle = own_middle ? subproblem.middle : -1;
  const std::uint32_t chunk = own_middle ? layout.chunk & ~(1u << middle) : layout.chunk;
  StopPoller poller(nullptr);
  std::vector<std::uint64_t> unused;
  std::array<std::vector<std::uint64_t>*, kLists> lists;
  lists.fill(&unused);
  TopHalves top(layout, subproblem.pattern, middle, poller, lists, {}, &weighing.keys);
  TopHalves bottom(layout, chunk & ~subproblem.pattern, middle, poller, lists, {}, &weighing.keys);
  std::uint64_t state = 0x2545f4914f6cdd1dull ^ (std::uint64_t{subproblem.pattern} << 8) ^
                        subproblem.middle ^ (std::uint64_t{subproblem.width} << 40);
  SplitMix64 next{state};
  const int descents = has_middle(n) ? kJoinOddDescents : kJoinDescents;
  const double halves = top.estimate(descents, next) + bottom.estimate(descents, next);
  // Listing and sorting the halves, then one join (a middle queen of its
  // own) or one filtered join per inner column (odd n, inner middles).
  const double joins = has_middle(n) && !own_middle ? std::popcount(layout.inner) : 1;
  return 1 + halves * (1 + kJoinShare * joins);
}

}  // namespace nursery::queens::NURSERY_ISA_NS

#include "queens/isa_end.hpp"
