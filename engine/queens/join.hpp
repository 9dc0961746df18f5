// The join counter's parts (engine/queens/join*.cpp), internal to the
// engine: the board's helpers, the frontier, the pair counting and the
// memory model. The scheduler kind is JoinCount in counters.hpp.
//   join.cpp           a piece: its halves listed, sorted, joined, weighed
//   join_layout.cpp    the key's layout: a column's and a ray's bits, each
//                      queen's (join_layout.hpp)
//   join_rows.cpp      a piece's halves row by row, where no quarter tables
//                      serve it, and a piece's work estimate
//   join_pairs.cpp     the pairs of two sorted key lists that make solutions
//   join_frontier.cpp  the chunk patterns, one per orbit, and their weights
//   join_quarters.cpp  the quarter tables (N <= 20)
//   join_halves.cpp    a piece's halves from the quarter tables
//   join_memory.cpp    what a piece needs, the chunk for a budget
//   join_run.cpp       what a count owns: its quarter tables and its
//                      workers' buffers (JoinRun)
//   join_tuning.cpp    the machine's tuning (JoinTuning, tuning.hpp)
// join.cpp, join_rows.cpp, join_pairs.cpp and join_halves.cpp are the hot
// kernels, compiled once per instruction-set level (isa.hpp): what they
// define lies in the level's namespace (NURSERY_ISA_NS, the including
// file's level).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "queens/counters.hpp"
#include "queens/isa.hpp"
#include "queens/tuning.hpp"

namespace nursery::queens::join_detail {

inline std::uint32_t full_mask(int n) {
  return n >= 32 ? ~0u : (1u << n) - 1;
}

// The columns reflected left to right.
inline std::uint32_t mirror(std::uint32_t columns, int n) {
  std::uint32_t out = 0;
  for (int c = 0; c < n; ++c)
    if (columns >> c & 1u) out |= 1u << (n - 1 - c);
  return out;
}

// The columns a chunk of width h fixes: h on each side.
inline std::uint32_t chunk_columns(int n, int h) {
  if (h <= 0) return 0;
  const std::uint32_t low = (1u << h) - 1;
  return low | mirror(low, n);
}

// Rows of a half: a = n/2 (odd n: the middle row lies between the halves).
inline int top_rows(int n) {
  return n / 2;
}
inline bool has_middle(int n) {
  return n % 2 == 1;
}

// Odd n, the transposes (join.cpp, "Odd n: the middle pair"): a half's key
// carries in its lowest kMiddlePairBits bits the row of its queen in the
// middle column (r, a) plus 1 (0: the half has none), where the key has
// room for them at this chunk width.
constexpr int kMiddlePairBits = 4;
bool middle_pair_fits(int n, int width);

// Subproblem::middle: the middle queen in any inner column (one piece
// shares its halves among them).
constexpr std::uint8_t kInnerMiddles = 0xff;

// The narrowest chunk whose key fits 64 bits (join_frontier.cpp).
int min_width(int n);
// One pattern per orbit of the flip and the mirror (join_frontier.cpp).
std::vector<JoinCount::Subproblem> frontier_for(int n, int width, const Budget& budget = Budget());

// Even n, the transposes (join.cpp, "Even n: the transposes"): a side of
// a chunk of width w, as w bits (the columns 0..w-1 of a pattern: in the
// top half; the rows 0..w-1 of a half: queen in the left half), is ranked
// by its orbit under the complement and the reversal (join_frontier.cpp).
// The flip and the mirror complement or reverse both sides (and swap
// them), and the transposes turn a board's columns' pattern into its rows'
// sides.
// Widths up to kMaxRankWidth (chunks that wide hold every even n up to
// kMaxJoinN; a wider one would weigh by the long diagonals alone).
constexpr int kMaxRankWidth = 16;
int side_rank(std::uint32_t bits, int width);
// The highest rank of a side whose first `bits` bits are `prefix`.
int side_best(std::uint32_t prefix, int bits, int width);
// The highest rank of all.
int side_top_rank(int width);
// A pattern's rank: its two sides' (columns 0..w-1 and n-1..n-w), the
// lower and the higher, the same for every pattern of its orbit.
struct PatternRank {
  int low = 0, high = 0;
};
PatternRank pattern_rank(std::uint32_t pattern, int n, int width);

// How a piece weighs its halves (join.cpp, "Even n: the transposes"): a
// half's first `width` rows' sides are ranked (side_rank()) against the
// piece's pattern's ranks; below `low` the half is dropped, at it kEqual,
// above it kHigh (tagged by its class against `high`). width 0: every half
// kEqual. by_diagonals: kEqual + d, the long diagonals d a half holds.
struct Tiers {
  int width = 0;
  int low = 0;
  int high = 0;
  bool by_diagonals = true;
};

// Pairs (x of the tops, y of the turned bottoms) whose inner columns (the
// key bits `columns`) are complements and whose rays (`rays`) miss each
// other (join_pairs.cpp). Both lists are ordered by sort_keys(); they are
// partitioned further in place. `table` is the caller's, reused.
struct PairCount {
  std::uint64_t matched = 0;   // pairs that make a solution
  std::uint64_t compared = 0;  // candidate pairs the leaves compared (--stats: pairs)
  std::uint64_t nodes = 0;     // trie nodes walked
  bool stopped = false;
};
// A pair's weight (0, 1 or 2) by the tags, the two lowest key bits, of its
// top and of its bottom: [4 * top + bottom] (join.cpp, even n: the class
// of a kHigh half).
using PairWeights = std::array<std::uint8_t, 16>;
namespace NURSERY_ISA_NS {  // the kernels of the including file's level
// `weights`: null, every pair that makes a solution counts 1.
PairCount count_pairs(std::uint64_t columns, std::uint64_t rays, std::uint64_t* tops,
                      std::size_t n_tops, std::uint64_t* bottoms, std::size_t n_bottoms,
                      StopPoller& poller, std::vector<std::uint64_t>& table,
                      const PairWeights* weights = nullptr, int sorted_bits = kSortedBits);
// Orders keys by their top `sorted_bits` bits (even, at most 2
// kMaxRadixBits) for count_pairs(); false when stopped.
bool sort_keys(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch,
               const StopPoller& poller, int sorted_bits = kSortedBits);
}  // namespace NURSERY_ISA_NS

// The lists of a piece: see PieceBuffers.
constexpr int kEqual = 0, kHigh = 3, kLists = 4;

// Each queen's key bits, [row][column] (the top half's rows <= 15).
using QueenKeys = std::array<std::array<std::uint64_t, 32>, 16>;

// Even n: the key bits of a half mirrored left to right, [bit] = the bit
// it comes from (columns c <-> n-1-c, a ray at p <-> the other family's at
// n-p; 0: none, a tag bit, always clear in the tables).
using KeyMirror = std::array<std::uint8_t, 64>;

// A piece's halves from quarter tables (join_quarters.cpp): every
// placement of the top half's left quarter (rows and columns 0..a-1; odd
// n: columns 0..a) and of its right one, once per count, paired by their
// rows and diagonals.
// Quarters up to kMaxQuarterRows rows (N <= 21: at N = 18 915,442
// placements a side, at N = 19 2,524,999 on the left, at N = 20 7,535,369,
// at N = 21 21,637,115 on the left; JoinTuning::quarter_bytes says which
// of them a count builds).
constexpr int kMaxQuarterRows = 10;
// Counts the live objects of a type (tests: nothing is left once a count
// returns).
template <class Owner>
struct Live {
  static inline std::atomic<int> count{0};
  Live() { count.fetch_add(1, std::memory_order_relaxed); }
  Live(const Live&) : Live() {}
  Live& operator=(const Live&) { return *this; }
  ~Live() { count.fetch_sub(1, std::memory_order_relaxed); }
};
struct QuarterTables {
  Live<QuarterTables> live;
  int n = 0, width = 0;
  QueenKeys keys{};
  // A quarter's placements ordered by group: (its chunk columns << (a +
  // 1)) | (its rows << 1) | (holds the long diagonal); `start` has a
  // group's first entry (and one past the last group).
  // Each placement's key holds, below the key's bits in use, the diagonals
  // a queen of the other side may share (2 (a - 1) bits from bit
  // kDiagonalShift, above the tags): `diagonals`, cleared in a half's key.
  struct Side {
    std::vector<std::uint64_t> keys;
    std::vector<std::uint32_t> start;
  };
  // (Odd n: above the middle column's distance, kMiddlePairBits.)
  static constexpr int kDiagonalShift = 2;
  static constexpr int diagonal_shift(int n) {
    return n % 2 == 1 ? kMiddlePairBits : kDiagonalShift;
  }
  std::uint64_t diagonals = 0;
  Side left, right;
  // Even n where the kernels' level mirrors keys (AVX-512 BITALG, a bit
  // gather a key): only the right side is kept; a piece mirrors the left
  // groups it reads from it (`mirror`, the
  // key bits' sources, the diagonal bits' too).
  bool mirrored = false;
  KeyMirror mirror{};
  // Odd n where the keys carry the middle column's row (Layout::
  // middle_mask): that field's bits, and each left group (whose quarter
  // holds the middle column) ordered by it, so that the halves a piece's
  // middle pair takes (a field below a limit) come from a prefix of each.
  std::uint64_t middle_mask = 0;
};
bool quarter_tables_fit(int n, int width);
// Whether a count lists n's halves from quarter tables (in the chunks
// whose keys have room for them, quarter_keys_fit()): quarters of at most
// tuning.quarter_rows rows whose tables, as this process's kernels keep
// them (quarter_table_bytes()), hold at most tuning.quarter_bytes.
bool quarter_tables_wanted(int n, const JoinTuning& tuning);
// Whether n's tables keep one side alone (even n, and this process's
// kernels mirror keys: QuarterTables::mirrored).
bool quarter_tables_mirrored(int n);
// The keys a piece lists on average (both sides; join_memory.cpp), and how
// many a piece (or a round of one) should hold (JoinTuning::piece_keys(),
// the L2 cache).
double join_piece_keys(int n, int width);
// The columns beside a chunk of `width` (on each side) that split a piece
// into rounds of about `piece_keys` keys (join.cpp): 0 where its lists are
// short.
int quarter_extra(int n, int width, double piece_keys);
// Whether the key's layout leaves room for the quarters' diagonal bits.
bool quarter_keys_fit(int n, const QueenKeys& keys);
// The tables for n, a chunk width and the key's layout, built by the tasks
// of the current arena (tbb::parallel_for; the caller's workers join in);
// null where they do not fit (quarter_tables_fit(), quarter_keys_fit()) or
// when stopped while they were built. A count's JoinRun builds them once.
// `mirrors`: the kernels that read them mirror keys (kMirrorsKeys), so that
// even n keeps the right side alone (QuarterTables::mirrored).
std::shared_ptr<const QuarterTables> build_quarter_tables(int n, int width, const QueenKeys& keys,
                                                          const KeyMirror& mirror, bool mirrors,
                                                          const StopPoller& poller);
// The keys of the top halves whose chunk columns are `pattern`, into the
// lists `out` (distinct, grown to exactly their size) as `tiers` sorts
// them; the number of halves. `mirrored`: the worker's buffer for the
// mirrored left groups (even n, QuarterTables::mirrored). `middle_below`
// (odd n, QuarterTables::middle_mask): only the halves whose middle
// column's field lies below it.
namespace NURSERY_ISA_NS {  // (join_halves.cpp: a kernel)
// Whether the level mirrors keys (build_quarter_tables()' `mirrors`).
constexpr bool kMirrorsKeys = NURSERY_ISA_AVX512 != 0;
std::uint64_t list_halves(const QuarterTables& tables, std::uint32_t pattern, const Tiers& tiers,
                          std::array<std::vector<std::uint64_t>*, kLists> out,
                          std::vector<std::uint64_t>& mirrored,
                          std::uint64_t middle_below = ~std::uint64_t{0});
}  // namespace NURSERY_ISA_NS
// The tables' bytes (0 where none are built): one side's placements and
// group starts where `mirrored` (even n, kernels that mirror keys), else
// both sides'.
double quarter_table_bytes(int n, bool mirrored = false);
// A list written past its end by up to this many keys (vector stores).
constexpr std::size_t kWriteSlack = 8;

// A worker's lists of keys, kept from piece to piece: allocating them
// afresh for each piece cost page faults (system time: a quarter of the CPU
// time at N = 19) and left the allocator holding the largest pieces' pages.
// A piece takes a set from its count's pool (JoinRun::buffers()) and gives
// it back when done: about one set per worker, freed with the count.
// A piece's lists of halves (join.cpp, "Even n: the transposes"): kEqual
// for the halves whose outer rows rank at the piece's lower rank (kEqual + d
// by the long diagonals d they hold, where every half does), kHigh for
// those that rank higher. Odd n: one list.
struct PieceBuffers {
  Live<PieceBuffers> live;
  std::array<std::vector<std::uint64_t>, kLists> tops, bottoms;
  std::vector<std::uint64_t> scratch;                       // the radix passes' other half
  std::vector<std::uint64_t> bottom_m;  // odd n: filtered per middle column (the tops: scratch)
  std::vector<std::uint64_t> table;                         // the slices' lookup tables
  std::vector<std::uint64_t> mirrored;                      // list_halves()' left groups
};

// What one count owns (JoinCount::Instance::run, shared by the copies of
// its instance): its tuning, its quarter tables and its workers' buffers,
// all freed with the last copy of the instance (when the count returns).
// Two counts at once, of the same n or not, share nothing.
class JoinRun {
 public:
  explicit JoinRun(const JoinTuning& tuning) : tuning_(tuning) {}
  const JoinTuning& tuning() const { return tuning_; }
  // The quarter tables of this count for n, a chunk width and the key's
  // layout (build_quarter_tables()): the first piece to ask builds them,
  // and the workers that ask meanwhile help build them
  // (tbb::collaborative_call_once) instead of waiting; null as there.
  std::shared_ptr<const QuarterTables> quarter_tables(int n, int width, const QueenKeys& keys,
                                                      const KeyMirror& mirror, bool mirrors,
                                                      const StopPoller& poller);
  // A set of buffers for one piece, back in the pool when the lease ends:
  // the set this thread gave back last where it is free (a set that moves
  // between threads is freed and grown in another thread's malloc arena,
  // and both arenas keep the pages: 16 MB more at N = 19 on 2 threads).
  class Lease {
   public:
    Lease(JoinRun& run, std::unique_ptr<PieceBuffers> buffers)
        : run_(run), buffers_(std::move(buffers)) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { run_.give_back(std::move(buffers_)); }
    PieceBuffers& operator*() const { return *buffers_; }

   private:
    JoinRun& run_;
    std::unique_ptr<PieceBuffers> buffers_;
  };
  Lease buffers();

 private:
  struct Tables;  // one (n, width, keys) and its once flag (join_run.cpp)
  void give_back(std::unique_ptr<PieceBuffers> buffers);

  JoinTuning tuning_;
  std::mutex mutex_;  // held only to find a slot or a free set, never while building
  std::list<std::shared_ptr<Tables>> tables_;
  std::vector<std::pair<std::thread::id, std::unique_ptr<PieceBuffers>>> free_;  // by last user
};
// Live quarter tables and buffer sets in the process (tests).
inline int live_quarter_tables() {
  return Live<QuarterTables>::count.load();
}
inline int live_piece_buffers() {
  return Live<PieceBuffers>::count.load();
}
// A reused list resized to n keys: grown to exactly n when short (resize()
// alone may double it, and a worker keeps what it grew to).
inline void resize_exactly(std::vector<std::uint64_t>& keys, std::size_t n) {
  if (keys.capacity() < n) {
    std::vector<std::uint64_t>().swap(keys);
    keys.reserve(n);
  }
  keys.resize(n);
}

}  // namespace nursery::queens::join_detail
