// The pairs of two lists of half-board keys that make solutions (see
// join.hpp): a walk down the binary trie of both sorted lists, then, once
// one side is short, bit-sliced matching of up to 512 keys at once.
#include <algorithm>
#include <array>
#include <bit>
#include <type_traits>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "queens/join.hpp"
// Compiled once per instruction-set level (isa.hpp).
#include "queens/isa_begin.hpp"

namespace nursery::queens::join_detail::NURSERY_ISA_NS {

namespace {

// The radix order covers JoinTuning::sorted_bits top key bits (tuning.hpp)
// in two passes of half of them each.

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
  // `weights` (or null: 1): a pair's weight by the tags (the keys' two
  // lowest bits) of its top and its bottom, (*weights)[4 * top + bottom].
  Join(std::uint64_t columns, std::uint64_t rays, const PairWeights* weights, StopPoller& poller,
       std::vector<std::uint64_t>& table, int sorted_bits)
      : sorted_bits_(sorted_bits),
        columns_(columns),
        rays_(rays),
        weights_(weights),
        table_(table),
        poller_(poller),
        column_bits_(64 - std::countr_zero(columns | rays) - std::popcount(rays)),
        key_bits_(64 - std::countr_zero(columns | rays)) {}

  // Both ranges are ordered by the key bits above sorted_bits_; below, a
  // range is partitioned in place by each bit as the walk reaches it (a
  // range met again is already partitioned, and the pass only reads it).
  std::uint64_t count(std::uint64_t* a, std::size_t na, std::uint64_t* b, std::size_t nb,
                      int depth) {
    if (na == 0 || nb == 0 || stopped_) return 0;
    ++nodes_;
    if (depth >= column_bits_ && (na <= 64 * kWords || nb <= 64 * kWords)) {  // columns settled
      // Slices pay for their table once the other side is long enough. In
      // rough operations: pairwise, one per pair (a branch-free compare);
      // slices, about 8 per small key (its ray bits into `holds`), 128 to
      // build the tables (16 entries per 4-bit chunk, 8 chunks), 6 per
      // large key (a lookup and an AND per chunk, then the popcounts).
      const std::size_t small = std::min(na, nb), large = std::max(na, nb);
      if (small * large < 8 * small + 128 + 6 * large) return pairwise(a, na, b, nb);
      return na <= nb ? sliced(a, na, b, nb, depth, true) : sliced(b, nb, a, na, depth, false);
    }
    if (depth == key_bits_) return pairwise(a, na, b, nb);  // below: no key bits (tags)
    if ((nodes_ & 1023) == 0 && poller_.now()) {
      stopped_ = true;
      return 0;
    }
    const std::uint64_t bit = std::uint64_t{1} << (63 - depth);
    const bool sorted = depth < sorted_bits_;
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
  // (Loops of their own, not std::partition_point and std::partition:
  // a predicate compiled for the level is not inlined into the standard
  // library's code, compiled for plain x86-64; isa.hpp.)
  static std::size_t split(const std::uint64_t* keys, std::size_t n, std::uint64_t bit) {
    std::size_t low = 0, high = n;  // the first key with the bit lies in [low, high]
    while (low < high) {
      const std::size_t mid = low + (high - low) / 2;
      if ((keys[mid] & bit) == 0)
        low = mid + 1;
      else
        high = mid;
    }
    return low;
  }
  static std::size_t partition(std::uint64_t* keys, std::size_t n, std::uint64_t bit) {
    std::size_t low = 0, high = n;  // from both ends, as std::partition
    for (;;) {
      while (low < high && (keys[low] & bit) == 0) ++low;
      while (low < high && (keys[high - 1] & bit) != 0) --high;
      if (low >= high) return low;
      std::swap(keys[low++], keys[--high]);
    }
  }
  // The small side (up to 64 * kWords keys) as bit slices, read kBits key
  // bits at a time: table[c][v] is the set of small keys that fit a big key
  // whose bits in chunk c are v; the W words of a set are ANDed side by side.
  static constexpr int kWords = 8;
  std::uint64_t sliced(const std::uint64_t* small, std::size_t ns, const std::uint64_t* big,
                       std::size_t nb, int depth, bool small_on_top) {
    pairs_ += static_cast<std::uint64_t>(ns) * nb;
    small_on_top_ = small_on_top;
    // 8-bit chunks: half the lookups, but a 16x larger table (256 entries a
    // chunk instead of 16), which pays only against a long other side.
    const bool wide = nb >= 8192;
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
#if NURSERY_ISA_AVX512
    // Per word of 64 keys and per ray bit, eight 8-key tests: a fifth of
    // the instructions of setting each key's bits one by one.
    for (int w = 0; w < W; ++w) {
      const std::size_t first = 64 * static_cast<std::size_t>(w);
      if (first >= ns) break;
      const std::size_t count = std::min<std::size_t>(64, ns - first);
      everyone.word[w] = count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
      __m512i keys[8];
      for (std::size_t g = 0; g < 8; ++g) {
        const std::size_t at = first + 8 * g;
        const std::size_t left = at < ns ? ns - at : 0;
        const auto valid = static_cast<__mmask8>(left >= 8 ? 0xff : (1u << left) - 1);
        keys[g] = left == 0 ? _mm512_setzero_si512() : _mm512_maskz_loadu_epi64(valid, small + at);
      }
      for (std::uint64_t bits = rays; bits != 0; bits &= bits - 1) {
        const int j = std::countr_zero(bits);
        const __m512i probe = _mm512_set1_epi64(static_cast<long long>(std::uint64_t{1} << j));
        std::uint64_t mask = 0;
        for (int g = 0; g < 8; ++g)
          mask |= static_cast<std::uint64_t>(_mm512_test_epi64_mask(keys[g], probe)) << (8 * g);
        holds[j].word[w] = mask;
      }
    }
#else
    for (std::size_t i = 0; i < ns; ++i) {
      const std::uint64_t mine = std::uint64_t{1} << (i % 64);
      everyone.word[i / 64] |= mine;
      for (std::uint64_t bits = small[i] & rays; bits != 0; bits &= bits - 1)
        holds[std::countr_zero(bits)].word[i / 64] |= mine;
    }
#endif
    const int low = std::countr_zero(rays | (std::uint64_t{1} << 63)) / kBits * kBits;
    const int chunks = (64 - depth - low + kBits - 1) / kBits;
    // Weighted: after the chunks' tables, for each tag t of a big key, the
    // small keys it weighs at least 1 with (entry t) and 2 with (4 + t).
    // Each set on a 64-byte line of its own (a set that straddles two lines
    // costs each lookup a second load): the vector's start rounded up.
    table_.resize((static_cast<std::size_t>(chunks) * kValues + 8) * W + 8);
    std::uint64_t* aligned = table_.data();
    aligned += (8 - (reinterpret_cast<std::uintptr_t>(aligned) / 8) % 8) % 8;
    auto* table = reinterpret_cast<Set*>(aligned);
    Set* by_tag = table + static_cast<std::size_t>(chunks) * kValues;
    if (weights_ != nullptr) {
      Set tagged[4] = {};
      for (std::size_t i = 0; i < ns; ++i)
        tagged[small[i] & 3].word[i / 64] |= std::uint64_t{1} << (i % 64);
      for (int t = 0; t < 4; ++t) {
        by_tag[t] = Set{};
        by_tag[4 + t] = Set{};
        for (int u = 0; u < 4; ++u) {
          const int weight = small_on_top_ ? (*weights_)[4 * u + t] : (*weights_)[4 * t + u];
          for (int w = 0; w < W; ++w) {
            if (weight >= 1) by_tag[t].word[w] |= tagged[u].word[w];
            if (weight >= 2) by_tag[4 + t].word[w] |= tagged[u].word[w];
          }
        }
      }
    }
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
#if NURSERY_ISA_AVX512
    // One vector register holds a set (W = 8: 512 bits): one AND per chunk,
    // and the popcounts add up in the lanes, summed once at the end.
    if constexpr (W >= 2) {
      if (weights_ != nullptr)
        return sliced_avx512<W, kBits, true>(aligned, chunks, big, nb, rays, low);
      return sliced_avx512<W, kBits, false>(aligned, chunks, big, nb, rays, low);
    }
#endif
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
      if (weights_ != nullptr) {
        const Set& once = by_tag[big[i] & 3];
        const Set& twice = by_tag[4 + (big[i] & 3)];
        for (int w = 0; w < W; ++w) {
          fits.word[w] &= once.word[w];
          total += static_cast<std::uint64_t>(std::popcount(fits.word[w] & twice.word[w]));
        }
      }
      for (int w = 0; w < W; ++w) total += static_cast<std::uint64_t>(std::popcount(fits.word[w]));
    }
    return total;
  }
#if NURSERY_ISA_AVX512
  template <int W, int kBits, bool kWeighted>
  std::uint64_t sliced_avx512(const std::uint64_t* table, int chunks, const std::uint64_t* big,
                              std::size_t nb, std::uint64_t rays, int low) {
    constexpr std::uint64_t kMask = (1u << kBits) - 1;
    constexpr std::size_t kStride = std::size_t{1} << kBits;  // entries per chunk
    auto entry = [table](std::size_t index) { return table + index * W; };
    auto run = [&](auto zero, auto load, auto both, auto add_popcount, auto sum) -> std::uint64_t {
      auto total = zero();
      for (std::size_t i = 0; i < nb; ++i) {
        if ((i & 65535) == 65535 && poller_.now()) {
          stopped_ = true;
          return 0;
        }
        const std::uint64_t x = (big[i] & rays) >> low;
        auto fits = load(entry(x & kMask));
        for (int c = 1; c < chunks; ++c)
          fits = both(fits, load(entry(c * kStride + ((x >> (kBits * c)) & kMask))));
        if constexpr (kWeighted) {  // the tag's entries follow the chunks'
          const std::size_t tags = static_cast<std::size_t>(chunks) * kStride + (big[i] & 3);
          fits = both(fits, load(entry(tags)));
          total = add_popcount(total, both(fits, load(entry(tags + 4))));
        }
        total = add_popcount(total, fits);
      }
      return sum(total);
    };
    if constexpr (W == 8) {
      return run([] { return _mm512_setzero_si512(); },
                 [](const std::uint64_t* p) { return _mm512_loadu_si512(p); },
                 [](__m512i x, __m512i y) { return _mm512_and_si512(x, y); },
                 [](__m512i t, __m512i x) { return _mm512_add_epi64(t, _mm512_popcnt_epi64(x)); },
                 [](__m512i t) {
                   alignas(64) std::uint64_t lanes[8];  // (GCC 12 warns on _mm512_reduce_add_epi64)
                   _mm512_store_si512(lanes, t);
                   std::uint64_t sum = 0;
                   for (auto lane : lanes) sum += lane;
                   return sum;
                 });
    } else if constexpr (W == 4) {
      return run([] { return _mm256_setzero_si256(); },
                 [](const std::uint64_t* p) {
                   return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
                 },
                 [](__m256i x, __m256i y) { return _mm256_and_si256(x, y); },
                 [](__m256i t, __m256i x) { return _mm256_add_epi64(t, _mm256_popcnt_epi64(x)); },
                 [](__m256i t) {
                   alignas(32) std::uint64_t lanes[4];
                   _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), t);
                   return lanes[0] + lanes[1] + lanes[2] + lanes[3];
                 });
    } else {
      static_assert(W == 2);
      return run([] { return _mm_setzero_si128(); },
                 [](const std::uint64_t* p) {
                   return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
                 },
                 [](__m128i x, __m128i y) { return _mm_and_si128(x, y); },
                 [](__m128i t, __m128i x) { return _mm_add_epi64(t, _mm_popcnt_epi64(x)); },
                 [](__m128i t) {
                   alignas(16) std::uint64_t lanes[2];
                   _mm_store_si128(reinterpret_cast<__m128i*>(lanes), t);
                   return lanes[0] + lanes[1];
                 });
    }
  }
#endif
  std::uint64_t pairwise(const std::uint64_t* a, std::size_t na, const std::uint64_t* b,
                         std::size_t nb) {
    pairs_ += static_cast<std::uint64_t>(na) * nb;
    std::uint64_t total = 0;
    if (weights_ != nullptr) {
      for (std::size_t i = 0; i < na; ++i)
        for (std::size_t j = 0; j < nb; ++j)
          total += ((((a[i] & b[j]) & rays_) | (~(a[i] ^ b[j]) & columns_)) == 0) *
                   (*weights_)[4 * (a[i] & 3) + (b[j] & 3)];
      return total;
    }
    for (std::size_t i = 0; i < na; ++i)
      for (std::size_t j = 0; j < nb; ++j)
        total += (((a[i] & b[j]) & rays_) | (~(a[i] ^ b[j]) & columns_)) == 0;
    return total;
  }

  int sorted_bits_;  // the top key bits sort_keys() ordered
  std::uint64_t columns_, rays_;
  const PairWeights* weights_;
  bool small_on_top_ = true;           // the slices' side: the tops (a) or the bottoms
  std::vector<std::uint64_t>& table_;  // the slices' lookup table
  StopPoller& poller_;
  int column_bits_;  // the key's top bits that are columns
  int key_bits_;     // the key's top bits that are columns or rays
  std::uint64_t nodes_ = 0;
  std::uint64_t pairs_ = 0;
  bool stopped_ = false;
};

}  // namespace

namespace {

// Two stable radix passes of `bits` each (an int, or a constant the
// compiler folds in: the default width's loops shift by immediates).
template <class Bits>
bool radix_passes(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch,
                  const StopPoller& poller, Bits bits) {
  resize_exactly(scratch, keys.size());
  const int radix_bits = bits;
  const int lower = 64 - 2 * radix_bits, upper = 64 - radix_bits;
  const std::uint64_t mask = (std::uint64_t{1} << radix_bits) - 1;
  const std::size_t entries = (std::size_t{1} << radix_bits) + 1;
  // Both passes' counts from one read of the keys.
  std::array<std::array<std::uint32_t, (1u << kMaxRadixBits) + 1>, 2> counts;
  for (auto& count : counts) std::fill_n(count.begin(), entries, 0u);
  for (auto k : keys) {
    ++counts[0][((k >> lower) & mask) + 1];
    ++counts[1][((k >> upper) & mask) + 1];
  }
  for (int pass = 0; pass < 2; ++pass) {
    if (poller.now()) return false;
    auto& count = counts[pass];
    const int shift = pass == 0 ? lower : upper;
    for (std::size_t i = 1; i < entries; ++i) count[i] += count[i - 1];
    for (auto k : keys) scratch[count[(k >> shift) & mask]++] = k;
    keys.swap(scratch);
  }
  return true;
}

}  // namespace

// Orders keys by their top `sorted_bits` bits: two stable passes of half
// of them, the lower digit first; false when stopped (a piece's keys can
// take a good part of a second).
bool sort_keys(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch,
               const StopPoller& poller, int sorted_bits) {
  // Short lists (a piece's rarer classes): a comparison sort costs less
  // than two passes over the count table.
  if (keys.size() < 512) {
    std::sort(keys.begin(), keys.end());
    return true;
  }
  if (sorted_bits == kSortedBits)
    return radix_passes(keys, scratch, poller, std::integral_constant<int, kSortedBits / 2>());
  return radix_passes(keys, scratch, poller, sorted_bits / 2);
}

PairCount count_pairs(std::uint64_t columns, std::uint64_t rays, std::uint64_t* tops,
                      std::size_t n_tops, std::uint64_t* bottoms, std::size_t n_bottoms,
                      StopPoller& poller, std::vector<std::uint64_t>& table,
                      const PairWeights* weights, int sorted_bits) {
  Join join(columns, rays, weights, poller, table, sorted_bits);
  PairCount count;
  count.matched = join.count(tops, n_tops, bottoms, n_bottoms, 0);
  count.compared = join.pairs();
  count.nodes = join.nodes();
  count.stopped = join.stopped();
  return count;
}

}  // namespace nursery::queens::join_detail::NURSERY_ISA_NS

#include "queens/isa_end.hpp"
