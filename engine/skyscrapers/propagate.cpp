// Propagation to a fixpoint: Latin singles on every changed line, then exact
// visibility filtering on every changed line that carries a clue.
#include <algorithm>
#include <bit>

#include "skyscrapers/search_state.hpp"

namespace nursery::skyscrapers {

// Cheap Latin singles on every changed line first, so the costlier exact
// filter of a clued line runs on candidates the singles already narrowed.
// The filter leaves its own line at a fixpoint (every height it keeps is
// part of an arrangement that survives, and Latin singles are implied), so
// its own changes do not queue that line again.
bool SearchState::propagate() {
  const std::uint32_t clued = instance_.clued_lines;
  while (true) {
    if (dirty_ != 0) {
      int index = std::countr_zero(dirty_);
      dirty_ &= dirty_ - 1;
      if (!propagate_latin(instance_.lines[index])) return false;
      continue;
    }
    std::uint32_t pending = unfiltered_ & clued;
    if (pending == 0) break;
    int index = std::countr_zero(pending);
    unfiltered_ &= ~(1u << index);
    if (!propagate_visibility(instance_.lines[index])) return false;
    dirty_ &= ~(1u << index);
    unfiltered_ &= ~(1u << index);
  }
  unfiltered_ = 0;
  return true;
}

// Naked singles (a placed height leaves the rest of the line) and hidden
// singles (a height with one place left in the line goes there).
bool SearchState::propagate_latin(const Line& line) {
  const int n = instance_.size;
  const Candidates all_heights = Candidates((1u << n) - 1);
  Candidates placed = 0;
  for (int p = 0; p < n; ++p) {
    Candidates c = candidates_[line.cells[p]];
    if ((c & (c - 1)) != 0) continue;
    if ((placed & c) != 0) return false;  // one height twice in a line
    placed |= c;
  }
  if (placed != 0) {
    for (int p = 0; p < n; ++p) {
      Candidates c = candidates_[line.cells[p]];
      if ((c & (c - 1)) != 0 && (c & placed) != 0 && !restrict(line.cells[p], Candidates(~placed)))
        return false;
    }
  }
  Candidates once = 0;
  Candidates twice = 0;
  for (int p = 0; p < n; ++p) {
    Candidates c = candidates_[line.cells[p]];
    twice |= once & c;
    once |= c;
  }
  if (once != all_heights) return false;  // some height has no place left
  Candidates hidden = once & ~twice;
  if (hidden == 0) return true;
  for (int p = 0; p < n; ++p) {
    Candidates c = candidates_[line.cells[p]];
    Candidates only_here = c & hidden;
    if (only_here == 0 || only_here == c) continue;
    if ((only_here & (only_here - 1)) != 0) return false;  // two heights need this cell
    if (!restrict(line.cells[p], only_here)) return false;
  }
  return true;
}

namespace {

// One sweep from one end of a line. forward[set]: the visible counts
// reachable with `set` on the first |set| cells (only counts below the
// clue matter). `order` lists the reachable sets breadth-first, so layer
// by layer; the backward pass walks it in reverse, touching reachable
// states only.
struct Sweep {
  std::uint16_t forward[1 << (kMaxSize - 1)];
  std::uint16_t back[1 << (kMaxSize - 1)];
  std::uint8_t order[1 << (kMaxSize - 1)];
  int reached = 0;
};

// A line of n cells and their candidates; `lower` is heights 1..n-1 as a set.
struct LineDomains {
  int n;
  unsigned lower;
  const Candidates* domain;
};

void reach(const LineDomains& line, int clue, bool at_end, Sweep& sweep) {
  const int n = line.n;
  const std::uint16_t cap = clue != 0 ? std::uint16_t((1u << clue) - 1) : 1;
  std::fill(sweep.forward, sweep.forward + line.lower + 1, 0);
  std::fill(sweep.back, sweep.back + line.lower + 1, 0);
  sweep.forward[0] = 1;
  sweep.order[0] = 0;
  sweep.reached = 1;
  for (int i = 0; i < sweep.reached; ++i) {
    unsigned set = sweep.order[i];
    std::uint16_t counts = sweep.forward[set];
    int k = std::popcount(set);
    if (k == n - 1) continue;
    unsigned free = line.domain[at_end ? n - 1 - k : k] & line.lower & ~set;
    while (free != 0) {
      unsigned height = free & (0u - free);
      free ^= height;
      bool visible = clue != 0 && height > set;
      std::uint16_t next = std::uint16_t((visible ? counts << 1 : counts) & cap);
      if (next == 0) continue;
      unsigned grown = set | height;
      if (sweep.forward[grown] == 0) sweep.order[sweep.reached++] = std::uint8_t(grown);
      sweep.forward[grown] |= next;
    }
  }
}

// Backwards from the good splits: a height is kept (in `support`) where a
// reachable state steps into a state that still leads to a good split.
void support_from(const LineDomains& line, int clue, bool at_end, Sweep& sweep,
                  Candidates* support) {
  const int n = line.n;
  for (int i = sweep.reached; i-- > 0;) {
    unsigned set = sweep.order[i];
    int k = std::popcount(set);
    if (k == n - 1) continue;
    int position = at_end ? n - 1 - k : k;
    std::uint16_t counts = sweep.forward[set];
    unsigned free = line.domain[position] & line.lower & ~set;
    std::uint16_t leads = sweep.back[set];
    while (free != 0) {
      unsigned height = free & (0u - free);
      free ^= height;
      std::uint16_t later = sweep.back[set | height];
      if (later == 0) continue;
      bool visible = clue != 0 && height > set;
      std::uint16_t now = visible ? std::uint16_t(later >> 1) : later;
      if ((counts & now) != 0) support[position] |= Candidates(height);
      leads |= now;
    }
    sweep.back[set] = leads;
  }
}

}  // namespace

// Exact filtering of one clued line: keeps a height in a cell only when some
// arrangement of the line (a permutation within the current candidates) puts
// it there and shows every clue of the line.
//
// Where the tallest building N stands splits the line: the clue at the start
// sees only the part before N (plus N), the clue at the end only the part
// after N. So a dynamic program over the SET of heights 1..N-1 already placed
// from one end suffices: the running maximum is the set's largest element,
// so a new height is visible exactly when it exceeds every height of the set.
// States are (set, visible count); per set one bit mask of reachable counts.
// With 2^(N-1) <= 256 sets, a line costs a few thousand bit operations, which
// is far cheaper than walking the up to 9! arrangements.
bool SearchState::propagate_visibility(const Line& line) {
  const int n = instance_.size;
  const unsigned tallest = 1u << (n - 1);  // height N
  const unsigned lower = tallest - 1;      // heights 1..N-1, as a set
  Candidates domain[kMaxSize];
  bool settled = true;
  for (int p = 0; p < n; ++p) {
    domain[p] = candidates_[line.cells[p]];
    settled = settled && (domain[p] & (domain[p] - 1)) == 0;
  }
  if (settled) return line_holds(line, domain);

  const LineDomains domains{n, lower, domain};
  const int a = line.clue_start;
  const int b = line.clue_end;
  Sweep from_start, from_end;
  reach(domains, a, false, from_start);
  reach(domains, b, true, from_end);

  // A split puts N on cell |A| with the set A before it and the rest after.
  const std::uint16_t need_a = a != 0 ? std::uint16_t(1u << (a - 1)) : 1;
  const std::uint16_t need_b = b != 0 ? std::uint16_t(1u << (b - 1)) : 1;
  Candidates support[kMaxSize] = {};
  bool any = false;
  for (int i = 0; i < from_start.reached; ++i) {
    unsigned before = from_start.order[i];
    int k = std::popcount(before);
    if ((domain[k] & tallest) == 0 || (from_start.forward[before] & need_a) == 0) continue;
    unsigned after = lower ^ before;
    if ((from_end.forward[after] & need_b) == 0) continue;
    from_start.back[before] = need_a;
    from_end.back[after] = need_b;
    support[k] |= Candidates(tallest);
    any = true;
  }
  if (!any) return false;
  support_from(domains, a, false, from_start, support);
  support_from(domains, b, true, from_end, support);

  for (int p = 0; p < n; ++p)
    if (!restrict(line.cells[p], support[p])) return false;
  return true;
}

// A line whose every cell holds one height: distinct heights, and each clue
// sees exactly its number.
bool SearchState::line_holds(const Line& line, const Candidates* heights) const {
  const int n = instance_.size;
  Candidates used = 0;
  for (int p = 0; p < n; ++p) used |= heights[p];
  if (used != Candidates((1u << n) - 1)) return false;
  auto seen = [&](bool from_end) {
    int count = 0;
    Candidates tallest = 0;
    for (int i = 0; i < n; ++i) {
      Candidates h = heights[from_end ? n - 1 - i : i];
      if (h > tallest) {
        tallest = h;
        ++count;
      }
    }
    return count;
  };
  return (line.clue_start == 0 || seen(false) == line.clue_start) &&
         (line.clue_end == 0 || seen(true) == line.clue_end);
}

}  // namespace nursery::skyscrapers
