// Propagation to a fixpoint: Latin singles on every changed line, then exact
// visibility filtering on every changed line that carries a clue.
#include <algorithm>
#include <bit>

#include "board.hpp"

namespace nursery::skyscrapers {

bool Board::propagate() {
  while (dirty_ != 0) {
    int index = std::countr_zero(dirty_);
    dirty_ &= dirty_ - 1;
    const Line& line = instance_.lines[index];
    if (!propagate_latin(line)) return false;
    if ((line.clue_start != 0 || line.clue_end != 0) && !propagate_visibility(line)) return false;
  }
  return true;
}

// Naked singles (a placed height leaves the rest of the line) and hidden
// singles (a height with one place left in the line goes there).
bool Board::propagate_latin(const Line& line) {
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
      if ((c & (c - 1)) != 0 && (c & placed) != 0 &&
          !restrict(line.cells[p], Candidates(~placed)))
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
bool Board::propagate_visibility(const Line& line) {
  const int n = instance_.size;
  const unsigned tallest = 1u << (n - 1);  // height N
  const unsigned lower = tallest - 1;      // heights 1..N-1, as a set
  Candidates domain[kMaxSize];
  for (int p = 0; p < n; ++p) domain[p] = candidates_[line.cells[p]];

  // forward[set]: visible counts reachable with `set` placed on the first
  // |set| cells from one end (only counts below the clue matter).
  std::uint16_t forward_start[1 << (kMaxSize - 1)];
  std::uint16_t forward_end[1 << (kMaxSize - 1)];
  auto reach = [&](int clue, bool from_end, std::uint16_t* forward) {
    const std::uint16_t cap = clue != 0 ? std::uint16_t((1u << clue) - 1) : 1;
    std::fill(forward, forward + lower + 1, 0);
    forward[0] = 1;
    for (unsigned set = 0; set < lower; ++set) {
      std::uint16_t counts = forward[set];
      if (counts == 0) continue;
      int k = std::popcount(set);
      unsigned free = domain[from_end ? n - 1 - k : k] & lower & ~set;
      while (free != 0) {
        unsigned height = free & (0u - free);
        free ^= height;
        bool visible = clue != 0 && height > set;
        forward[set | height] |= std::uint16_t((visible ? counts << 1 : counts) & cap);
      }
    }
  };
  const int a = line.clue_start;
  const int b = line.clue_end;
  reach(a, false, forward_start);
  reach(b, true, forward_end);

  // A split puts N on cell |A| with the set A before it and the rest after.
  const std::uint16_t need_a = a != 0 ? std::uint16_t(1u << (a - 1)) : 1;
  const std::uint16_t need_b = b != 0 ? std::uint16_t(1u << (b - 1)) : 1;
  std::uint16_t back_start[1 << (kMaxSize - 1)];
  std::uint16_t back_end[1 << (kMaxSize - 1)];
  std::fill(back_start, back_start + lower + 1, 0);
  std::fill(back_end, back_end + lower + 1, 0);
  Candidates support[kMaxSize] = {};
  bool any = false;
  for (unsigned before = 0; before <= lower; ++before) {
    int k = std::popcount(before);
    if ((domain[k] & tallest) == 0) continue;
    unsigned after = lower ^ before;
    if ((forward_start[before] & need_a) == 0 || (forward_end[after] & need_b) == 0) continue;
    back_start[before] = need_a;
    back_end[after] = need_b;
    support[k] |= Candidates(tallest);
    any = true;
  }
  if (!any) return false;

  // Backwards from the good splits: a height is kept where a reachable state
  // steps into a state that still leads to a good split.
  auto support_from = [&](int clue, bool from_end, const std::uint16_t* forward,
                          std::uint16_t* back) {
    for (unsigned set = lower + 1; set-- > 0;) {
      std::uint16_t counts = forward[set];
      if (counts == 0) continue;
      int k = std::popcount(set);
      if (k == n - 1) continue;
      int position = from_end ? n - 1 - k : k;
      unsigned free = domain[position] & lower & ~set;
      std::uint16_t leads = back[set];
      while (free != 0) {
        unsigned height = free & (0u - free);
        free ^= height;
        std::uint16_t later = back[set | height];
        if (later == 0) continue;
        bool visible = clue != 0 && height > set;
        std::uint16_t now = visible ? std::uint16_t(later >> 1) : later;
        if ((counts & now) != 0) support[position] |= Candidates(height);
        leads |= now;
      }
      back[set] = leads;
    }
  };
  support_from(a, false, forward_start, back_start);
  support_from(b, true, forward_end, back_end);

  for (int p = 0; p < n; ++p)
    if (!restrict(line.cells[p], support[p])) return false;
  return true;
}

}  // namespace nursery::skyscrapers
