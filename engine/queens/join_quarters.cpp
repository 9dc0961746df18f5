// The quarter tables a piece's halves are built from (see join.hpp;
// join_halves.cpp builds them).
//
// A top half (rows 0..a-1, a = n/2) is a left quarter (columns 0..a-1;
// odd n: 0..a, the middle column with it) and a right quarter (the other
// columns): every row holds its queen in one of the two, so the left
// quarter's rows R and the right quarter's are complements. Within a
// quarter the queens are placed once for the whole count (every row empty
// or one queen, none attacking another); two quarters make a half exactly
// when no queen of one shares a diagonal with a queen of the other. Only
// part of each diagonal family can hold queens of both: a left queen (r, c)
// and a right one (r', c') share a down-right diagonal when c - r = c' -
// r', which lies in 1..a-1 on both sides (odd n: 2..a), and a down-left one
// when r + c = r' + c', in a..2a-2 (odd n: a+1..2a-1); so a quarter's 2 (a
// - 1) diagonal bits, kept in its key's free low bits, say with one AND
// whether two quarters fit. A half's key is the OR of its quarters' keys
// (each queen's key bits, the same as TopHalves's), less those bits. The
// tables are ordered by (the quarter's chunk columns, its rows, whether it
// holds the board's long diagonal), so a piece reads the groups its
// pattern allows and the outer rows' ranks (R's first w rows) are known per
// group, before any pair is tried.
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "nursery/scheduler.hpp"
#include "queens/join.hpp"
#include "queens/kernels.hpp"

namespace nursery::queens::join_detail {

namespace {

// A share of a table's placements: those whose chunk columns' top `bits`
// bits (the group's top bits) are `value`, so that a share's groups are
// one run of the table (the whole table: bits 0).
struct Share {
  int bits = 0;
  std::uint32_t value = 0;
};

// Every placement of one quarter (of one share): rows 0..a-1, columns
// [first, first + width); `found(group, key)` for each. Depth first, a row
// left empty or given one queen.
template <class Found>
class Placer {
 public:
  Placer(const QuarterTables& tables, const QueenKeys& keys, int first, int width, Share share,
         Found& found, const StopPoller& poller)
      : a_(tables.n / 2),
        w_(tables.width),
        width_(width),
        left_(first == 0),
        found_(found),
        poller_(poller) {
    // The share's chunk columns, as the quarter's columns: those it must
    // hold (needed_) and those it must leave empty.
    const std::uint32_t top = ((1u << share.bits) - 1) << (w_ - share.bits);
    const std::uint32_t value = share.value << (w_ - share.bits);
    const int offset = left_ ? 0 : width_ - w_;
    needed_ = value << offset;
    allowed_ = ((1u << width_) - 1) & ~((top & ~value) << offset);
    const int n = tables.n, odd = n % 2;
    for (int r = 0; r < a_; ++r)
      for (int i = 0; i < width; ++i) {
        const int c = first + i;
        // The diagonals a queen of the other quarter may share.
        // In the key's free low bits (QuarterTables::diagonal_shift()).
        std::uint64_t shared = 0;
        if (c - r >= 1 + odd && c - r <= a_ - 1 + odd) shared |= 1ull << (c - r - 1 - odd);
        if (r + c >= a_ + odd && r + c <= 2 * a_ - 2 + odd)
          shared |= 1ull << (a_ - 1 + r + c - a_ - odd);
        shared_[r][i] = shared << QuarterTables::diagonal_shift(n);
        on_long_[r][i] = left_ ? c == r : c == n - 1 - r;
        key_[r][i] = keys[r][c];
      }
  }
  // false when stopped
  bool run() {
    place(0, 0, 0, 0, 0, false, 0);
    return !stopped_;
  }

 private:
  void place(int r, std::uint32_t rows, std::uint32_t columns, std::uint32_t down_right,
             std::uint32_t down_left, bool on_long, std::uint64_t key) {
    if (r == 3 && (stopped_ || (stopped_ = poller_.now()))) return;  // a thousand looks
    if (std::popcount(needed_ & ~columns) > a_ - r) return;          // the share's columns: no room
    if (r == a_) {
      const std::uint32_t low = (1u << w_) - 1;
      const std::uint32_t chunk = left_ ? columns & low : (columns >> (width_ - w_)) & low;
      found_((chunk << (a_ + 1)) | (rows << 1) | (on_long ? 1u : 0u), key);
      return;
    }
    place(r + 1, rows, columns, down_right << 1, down_left >> 1, on_long, key);
    for (std::uint32_t free = allowed_ & ~(columns | down_right | down_left); free != 0;
         free &= free - 1) {
      const int i = std::countr_zero(free);
      const std::uint32_t bit = 1u << i;
      place(r + 1, rows | 1u << r, columns | bit, (down_right | bit) << 1, (down_left | bit) >> 1,
            on_long || on_long_[r][i], key | key_[r][i] | shared_[r][i]);
    }
  }

  int a_, w_, width_;
  bool left_;
  std::uint32_t needed_ = 0, allowed_ = 0;
  Found& found_;
  const StopPoller& poller_;
  bool stopped_ = false;
  std::array<std::array<std::uint64_t, 32>, 16> shared_{};
  std::array<std::array<bool, 32>, 16> on_long_{};
  std::array<std::array<std::uint64_t, 32>, 16> key_{};
};

template <class Found>
bool place(const QuarterTables& tables, const QueenKeys& keys, int first, int width, Share share,
           const StopPoller& poller, Found&& found) {
  return Placer<std::remove_reference_t<Found>>(tables, keys, first, width, share, found, poller)
      .run();
}

// A side of the tables to build: its quarter's columns [first, first + width).
struct SideToBuild {
  int first = 0, width = 0;
  QuarterTables::Side* side = nullptr;
};

// Placed twice, counted then written: the tables are built in place, with
// no list of entries beside them (which doubled the peak at N = 18). Each
// pass is cut into shares (Share: by the top chunk columns, a run of
// groups each, so the entries land where one pass would put them), a task
// each on the current arena: the workers of the count build them together.
// One worker alone takes the table whole (no share's pruning to pay).
// false when stopped
bool build_sides(const QuarterTables& tables, const QueenKeys& keys,
                 std::span<const SideToBuild> sides, const StopPoller& poller) {
  const int a = tables.n / 2;
  const std::size_t groups = std::size_t{1} << (tables.width + a + 1);
  const int workers = tbb::this_task_arena::max_concurrency();
  // About four shares a worker (the shares are uneven), none for one.
  int bits = 0;
  while (workers > 1 && bits < tables.width && (1 << bits) < 4 * workers) ++bits;
  const std::size_t shares = std::size_t{1} << bits;
  const std::size_t share_groups = groups >> bits;
  std::atomic<bool> stopped{false};
  // Each (side, share) a task (the scheduler's for_each_index, whose loop
  // no cancellation cuts short): the count's cancellation reaches the
  // placers through `poller`, so that tables half built are never taken
  // for whole.
  auto each = [&](auto&& body) {
    for_each_index(sides.size() * shares, 0, [&](std::size_t task) {
      const SideToBuild& side = sides[task / shares];
      const std::uint32_t value = static_cast<std::uint32_t>(task % shares);
      if (!body(side, Share{bits, value}, value * share_groups)) stopped = true;
    });
    return !stopped.load();
  };
  for (const SideToBuild& side : sides) side.side->start.assign(groups + 1, 0);
  const bool counted = each([&](const SideToBuild& side, Share share, std::size_t) {
    std::uint32_t* start = side.side->start.data();
    return place(tables, keys, side.first, side.width, share, poller,
                 [start](std::uint32_t group, std::uint64_t) { ++start[group + 1]; });
  });
  if (!counted) return false;
  for (const SideToBuild& side : sides) {
    auto& start = side.side->start;
    for (std::size_t g = 0; g < groups; ++g) start[g + 1] += start[g];
    side.side->keys.resize(start[groups]);
  }
  return each([&](const SideToBuild& side, Share share, std::size_t first_group) {
    const auto& start = side.side->start;
    // The share's groups' next free entries.
    std::vector<std::uint32_t> next(
        start.begin() + static_cast<std::ptrdiff_t>(first_group),
        start.begin() + static_cast<std::ptrdiff_t>(first_group + share_groups));
    std::uint64_t* out = side.side->keys.data();
    const bool placed = place(
        tables, keys, side.first, side.width, share, poller,
        [&](std::uint32_t group, std::uint64_t key) { out[next[group - first_group]++] = key; });
    // Odd n: the left groups ordered by the middle column's field.
    if (placed && side.first == 0 && tables.middle_mask != 0)
      for (std::size_t g = first_group; g < first_group + share_groups; ++g)
        std::sort(out + start[g], out + start[g + 1],
                  [field = tables.middle_mask](std::uint64_t x, std::uint64_t y) {
                    return (x & field) < (y & field);
                  });
    return placed;
  });
}

}  // namespace

bool quarter_tables_fit(int n, int width) {
  return n >= 4 && n / 2 <= kMaxQuarterRows && width <= n / 2;
}

bool quarter_tables_mirrored(int n) {
  return n % 2 == 0 && kernels().isa == Isa::avx512;  // the level's kMirrorsKeys
}

bool quarter_tables_wanted(int n, const JoinTuning& tuning) {
  return quarter_tables_fit(n, 0) && n / 2 <= tuning.quarter_rows &&
         quarter_table_bytes(n, quarter_tables_mirrored(n)) <=
             static_cast<double>(tuning.quarter_bytes);
}

bool quarter_keys_fit(int n, const QueenKeys& keys) {
  // The placements' diagonal bits go below the key's lowest bit in use
  // (and above the tags, or odd n the middle column's distance): where they
  // do not fit (N = 18 in chunks narrower than 3, 19 narrower than 6),
  // none.
  const int shift = QuarterTables::diagonal_shift(n);
  std::uint64_t used = 0;
  for (const auto& row : keys)
    for (std::uint64_t key : row) used |= key;
  used &= ~((std::uint64_t{1} << shift) - 1);
  const int a = n / 2;
  return used == 0 || std::countr_zero(used) >= shift + 2 * (a - 1);
}

std::shared_ptr<const QuarterTables> build_quarter_tables(int n, int width, const QueenKeys& keys,
                                                          const KeyMirror& mirror, bool mirrors,
                                                          const StopPoller& poller) {
  if (!quarter_tables_fit(n, width) || !quarter_keys_fit(n, keys)) return nullptr;
  const int a = n / 2, odd = n % 2;
  auto tables = std::make_shared<QuarterTables>();
  tables->n = n;
  tables->width = width;
  tables->keys = keys;
  // Odd n: the middle column's field where the keys carry it (Layout::
  // middle_mask: a queen in row 0 of the middle column reads 1).
  if (odd == 1) tables->middle_mask = keys[0][a] & ((std::uint64_t{1} << kMiddlePairBits) - 1);
  if (tables->middle_mask != 0) tables->middle_mask = (std::uint64_t{1} << kMiddlePairBits) - 1;
  tables->diagonals = ((std::uint64_t{1} << (2 * (a - 1))) - 1) << QuarterTables::diagonal_shift(n);
  // Odd n: the middle column goes with the left quarter. Even n: the left
  // quarter is the right one mirrored (its diagonal bits: the down-right
  // family's i is the down-left's a-2-i and the other way round).
  std::vector<SideToBuild> sides = {{a + odd, a, &tables->right}};
  if (mirrors && odd == 0) {
    tables->mirrored = true;
    tables->mirror = mirror;
    const int d = QuarterTables::kDiagonalShift;
    for (int i = 0; i <= a - 2; ++i) {
      tables->mirror[static_cast<std::size_t>(d + i)] =
          static_cast<std::uint8_t>(d + a - 1 + a - 2 - i);
      tables->mirror[static_cast<std::size_t>(d + a - 1 + i)] =
          static_cast<std::uint8_t>(d + a - 2 - i);
    }
  } else {
    sides.push_back({0, a + odd, &tables->left});
  }
  if (!build_sides(*tables, keys, sides, poller)) return nullptr;
  return tables;
}

double quarter_table_bytes(int n, bool mirrored) {
  // Placements of one quarter, counted: a = n/2 rows and columns, and (odd
  // n, the left one) a rows and a + 1 columns; each side's group starts
  // (4 bytes a group, at most 2^(2a + 1) groups). Mirrored, only the right
  // side is kept (a worker's mirrored groups, a piece's share of the left
  // side, are counted with its piece).
  static constexpr double kSquare[] = {1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369};
  static constexpr double kWide[] = {1,    3,     9,      37,      185,     1039,
                                     6335, 42807, 316395, 2524999, 21637115};
  const int a = n / 2;
  if (a > kMaxQuarterRows) return 0;
  const double starts = 4.0 * static_cast<double>(std::size_t{1} << (a + 1 + a));
  if (mirrored && n % 2 == 0) return 8 * kSquare[a] + starts;
  const double placements = kSquare[a] + (n % 2 == 0 ? kSquare[a] : kWide[a]);
  return 8 * placements + 2 * starts;
}

}  // namespace nursery::queens::join_detail
