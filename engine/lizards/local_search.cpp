// Local search for boards where p is feasible but backtracking struggles:
// the iterated local search of Andrade, Resende and Werneck (2012) for
// maximum independent sets, in segment terms. A lizard L is "1-tight" to a
// cell when L alone blocks the cell. Two 1-tight cells of L that do not see
// each other replace L: one more lizard (a (1,2)-swap). When no swap is
// left, a perturbation forces a lizard onto a random cell, evicting its
// blockers, refills, looks for swaps around it, and is undone unless the
// placement kept its size. It can only answer OK; DFS does the proofs.
#include <algorithm>
#include <chrono>
#include <iterator>
#include <limits>
#include <random>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

constexpr std::uint32_t kNobody = std::numeric_limits<std::uint32_t>::max();

// The improving and local searches' board: the lizards held, which
// segment each one takes (a segment's owner) and how many lizards see each
// free cell, kept as lizards come and go.
class Occupancy {
 public:
  Occupancy(const Instance& in, const SegmentCells& map, std::uint64_t seed)
      : in_(in),
        owner_(in.total_segments, kNobody),
        index_(std::size_t{in.board.n} * in.board.n, kNobody),
        seen_by_(std::size_t{in.board.n} * in.board.n, 0),
        start_(map.start),
        cells_(map.cells),
        rng_(seed) {}

  std::size_t size() const { return lizards_.size(); }
  const Placement& lizards() const { return lizards_; }

  void place(std::uint32_t cell) {
    const std::uint32_t* s = in_.segments_of(cell);
    for (unsigned d = 0; d < 4; ++d) {
      owner_[s[d]] = cell;
      for (std::uint32_t i = start_[s[d]]; i < start_[s[d] + 1]; ++i) ++seen_by_[cells_[i]];
    }
    index_[cell] = static_cast<std::uint32_t>(lizards_.size());
    lizards_.push_back(cell);
    log_.push_back(cell);
    if (watching_) woken_.push_back(cell);
  }
  void remove(std::uint32_t cell) {
    const std::uint32_t* s = in_.segments_of(cell);
    for (unsigned d = 0; d < 4; ++d) {
      owner_[s[d]] = kNobody;
      // Any other cell lies on one segment of `cell` only: its count is
      // final here. The cell itself is on all four: looked at after.
      for (std::uint32_t i = start_[s[d]]; i < start_[s[d] + 1]; ++i) {
        const std::uint32_t seen = cells_[i];
        if (--seen_by_[seen] == 1 && watching_ && seen != cell) woken_.push_back(seer_of(seen));
      }
    }
    if (watching_ && seen_by_[cell] == 1) woken_.push_back(seer_of(cell));
    std::uint32_t at = index_[cell];
    lizards_[at] = lizards_.back();
    index_[lizards_[at]] = at;
    lizards_.pop_back();
    index_[cell] = kNobody;
    log_.push_back(cell | kRemoved);
  }
  bool is_lizard(std::uint32_t cell) const { return index_[cell] != kNobody; }

  // The lizards whose (1,2)-swaps may have appeared since the queue was
  // last emptied: a swap at L needs two cells seen by L alone, so L is new
  // (every placement queues itself) or a removal left one of them seen by
  // L alone (every removal queues the one lizard still seeing a cell it
  // leaves seen once). Undoing a perturbation queues nothing.
  std::vector<std::uint32_t>& woken() { return woken_; }

  // Distinct lizards blocking `cell` (at most four).
  unsigned blockers(std::uint32_t cell, std::uint32_t out[4]) const {
    const std::uint32_t* s = in_.segments_of(cell);
    unsigned count = 0;
    for (unsigned d = 0; d < 4; ++d) {
      std::uint32_t o = owner_[s[d]];
      if (o == kNobody) continue;
      bool seen = false;
      for (unsigned i = 0; i < count; ++i) seen |= out[i] == o;
      if (!seen) out[count++] = o;
    }
    return count;
  }
  bool free(std::uint32_t cell) const { return seen_by_[cell] == 0; }
  // A cell a perturbation may take: empty, and seen by at most two lizards
  // (a cell shares at most one segment with any other, so the count is the
  // number of distinct blockers).
  bool kickable(std::uint32_t cell) const { return seen_by_[cell] <= 2; }

  // Places every free cell of `cells`, in order; false when `stopped()`
  // (asked every 65,536 cells: a fill may walk 10^8) said stop first.
  template <class Stopped>
  bool fill(const std::vector<std::uint32_t>& cells, Stopped&& stopped) {
    std::uint64_t walked = 0;
    for (auto cell : cells) {
      if ((++walked & 0xFFFF) == 0 && stopped()) return false;
      if (free(cell)) place(cell);
    }
    return true;
  }

  // Raises `best` (optional) to the size held; whether `budget` is spent.
  // What a search looks at now and then (below): its budget, and the size
  // a progress bar shows.
  bool spent(std::atomic<std::uint64_t>* best, const Budget& budget) const {
    if (best != nullptr && size() > best->load(std::memory_order_relaxed))
      best->store(size(), std::memory_order_relaxed);
    return budget.spent();
  }

  // The (1,2)-swaps at the lizards woken() holds, until none is left or
  // `enough` lizards are held (true), or `stopped()`, asked every 256
  // swaps, says stop first (false).
  template <class Stopped>
  bool drain(std::uint64_t enough, std::uint64_t& steps, Stopped&& stopped) {
    while (!woken_.empty()) {
      if (size() >= enough) return true;
      if ((++steps & 255) == 0 && stopped()) return false;
      std::uint32_t lizard = woken_.back();
      woken_.pop_back();
      if (is_lizard(lizard)) two_for_one(lizard);
    }
    return true;
  }

  // Perturbations (kick, then `swaps()`) at the cells `draw()` gives
  // (kNobody: none this time) while `go_on()` holds; false when
  // `stopped()`, asked every 64, said stop first.
  // `keep(lost)` says whether a perturbation that lost `lost` lizards stays.
  template <class Draw, class GoOn, class Stopped, class Swaps, class Keep>
  bool perturb(std::uint64_t& steps, Draw&& draw, GoOn&& go_on, Stopped&& stopped, Swaps&& swaps,
               Keep&& keep) {
    while (go_on()) {
      if ((++steps & 63) == 0 && stopped()) return false;
      const std::uint32_t cell = draw();
      if (cell != kNobody) kick(cell, swaps, keep);
    }
    return true;
  }

  // Places every free cell of the segments of `cell`.
  void refill_around(std::uint32_t cell) {
    const std::uint32_t* s = in_.segments_of(cell);
    for (unsigned d = 0; d < 4; ++d)
      for (std::uint32_t i = start_[s[d]]; i < start_[s[d] + 1]; ++i)
        if (free(cells_[i])) place(cells_[i]);
  }

  // A (1,2)-swap at lizard L; true when it was made.
  bool two_for_one(std::uint32_t lizard) {
    candidates_.clear();
    const std::uint32_t* s = in_.segments_of(lizard);
    for (unsigned d = 0; d < 4; ++d) {
      for (std::uint32_t i = start_[s[d]]; i < start_[s[d] + 1]; ++i) {
        std::uint32_t cell = cells_[i];
        if (cell == lizard) continue;
        // Two cells share at most one segment, so a cell seen by one
        // lizard on L's segment is seen by L alone (1-tight to L).
        if (seen_by_[cell] == 1) candidates_.push_back(cell);
      }
    }
    if (candidates_.size() < 2) return false;
    if (candidates_.size() > kMaxCandidates) {
      std::shuffle(candidates_.begin(), candidates_.end(), rng_);
      candidates_.resize(kMaxCandidates);
    }
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
      const std::uint32_t* a = in_.segments_of(candidates_[i]);
      for (std::size_t j = i + 1; j < candidates_.size(); ++j) {
        const std::uint32_t* b = in_.segments_of(candidates_[j]);
        if (a[0] == b[0] || a[1] == b[1] || a[2] == b[2] || a[3] == b[3]) continue;
        std::uint32_t y = candidates_[i], z = candidates_[j];
        remove(lizard);
        place(y);
        place(z);
        refill_around(lizard);
        return true;
      }
    }
    return false;
  }

  std::uint32_t random_cell() {
    const auto& all = in_.column_cells;
    return all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng_)];
  }
  std::uint64_t random(std::uint64_t below) {
    return std::uniform_int_distribution<std::uint64_t>(0, below - 1)(rng_);
  }

  // The change log since mark(), to undo a perturbation that did not pay.
  std::size_t mark() const { return log_.size(); }
  void undo_to(std::size_t mark) {
    watching_ = false;
    while (log_.size() > mark) {
      std::uint64_t entry = log_.back();
      log_.pop_back();
      auto cell = static_cast<std::uint32_t>(entry);
      if (entry & kRemoved) {
        place(cell);
      } else {
        remove(cell);
      }
      log_.pop_back();  // the entry the undo itself logged
    }
    watching_ = true;
  }
  // The log runs from the best placement held since it was last forgotten:
  // a search that keeps smaller placements (the improving search below)
  // walks back there with back_to_best().
  void forget_log() {
    log_.clear();
    best_held_ = size();
  }
  std::size_t best_held() const { return best_held_; }
  std::size_t logged() const { return log_.size(); }
  void back_to_best() {
    if (size() >= best_held_) return;
    undo_to(0);
    woken_.clear();  // every swap had been looked for there
  }

  // Makes the placement `from` (sorted, safe) the one held, changing only
  // what differs: the lizards not in it leave, its cells not held are
  // placed, and the cells the leavers freed are refilled (woken() says
  // where swaps may have appeared).
  void adopt(const Placement& from) {
    Placement held = lizards_;
    std::sort(held.begin(), held.end());
    Placement gone, come;
    std::set_difference(held.begin(), held.end(), from.begin(), from.end(), std::back_inserter(gone));
    std::set_difference(from.begin(), from.end(), held.begin(), held.end(), std::back_inserter(come));
    for (auto cell : gone) remove(cell);
    for (auto cell : come)
      if (free(cell)) place(cell);
    for (auto cell : gone) refill_around(cell);
    forget_log();
  }

  // One perturbation: `cell` takes a lizard and its blockers leave (mostly
  // one, a plateau move; sometimes two, a deeper kick), the cells they free
  // are refilled, the swaps around run (`drain` empties woken()), and the
  // move is undone when the placement shrank, unless `keep(lizards lost)`
  // says it stays (a walk below the best: the log keeps the way back).
  // Nothing happens when `cell` holds a lizard or has too many blockers.
  template <class Drain, class Keep>
  void kick(std::uint32_t cell, Drain&& drain, Keep&& keep) {
    // Seen by two lizards at most (a lizard's own cell counts its four):
    // one byte read rules most cells out before the tables are touched.
    if (!kickable(cell) || (seen_by_[cell] == 2 && random(8) != 0)) return;
    std::uint32_t who[4];
    unsigned evicted = blockers(cell, who);
    std::size_t before = size();
    std::size_t undo = mark();
    woken_.clear();
    for (unsigned i = 0; i < evicted; ++i) remove(who[i]);
    place(cell);
    for (unsigned i = 0; i < evicted; ++i) refill_around(who[i]);
    drain();
    // A drain cut short (time, stop) may leave a move half paid: undone like
    // any other that lost size.
    if (size() < before && !keep(before - size())) {
      undo_to(undo);
      woken_.clear();  // back where every swap had been looked for
    }
    if (size() >= best_held_) forget_log();
  }

 private:
  // The one lizard seeing a cell seen once.
  std::uint32_t seer_of(std::uint32_t cell) const {
    const std::uint32_t* s = in_.segments_of(cell);
    for (unsigned d = 0; d < 3; ++d)
      if (owner_[s[d]] != kNobody) return owner_[s[d]];
    return owner_[s[3]];
  }

  static constexpr std::uint64_t kRemoved = std::uint64_t{1} << 32;
  const Instance& in_;
  std::vector<std::uint32_t> owner_;  // per segment: the lizard in it, or kNobody
  std::vector<std::uint32_t> index_;  // per cell: its place in lizards_, or kNobody
  // Per cell: the lizards that see it (its segments that hold one; a
  // lizard's own cell counts its 4), kept by place() and remove().
  std::vector<std::uint8_t> seen_by_;
  const std::vector<std::uint32_t>& start_;  // SegmentCells
  const std::vector<std::uint32_t>& cells_;
  Placement lizards_;
  std::vector<std::uint32_t> candidates_;
  std::vector<std::uint64_t> log_;  // cells placed, or removed (| kRemoved)
  std::vector<std::uint32_t> woken_;
  std::size_t best_held_ = 0;  // the size where the log starts
  bool watching_ = true;       // off while undoing
  std::mt19937_64 rng_;
};

}  // namespace

struct Racer::State {
  State(const Instance& in, Placement from, std::uint64_t seed)
      : map(in), occupancy(in, map, seed), start(std::move(from)) {}
  SegmentCells map;
  Occupancy occupancy;
  Placement start;
  std::uint64_t steps = 0;
  bool swapped = false;  // filled, and no (1,2)-swap left: perturbations next
};

Racer::Racer(const Instance& in, Placement start, std::uint64_t seed)
    : in_(in), state_(std::make_unique<State>(in, std::move(start), seed)) {}
Racer::~Racer() = default;

std::optional<Placement> Racer::run(const LocalSearchOptions& options) {
  const Instance& in = in_;
  const std::uint64_t p = in.board.p;
  if (p > in.column_cells.size()) return std::nullopt;
  Occupancy& occupancy = state_->occupancy;
  std::uint64_t& steps = state_->steps;
  auto done = [&] {
    if (occupancy.size() < p) return std::optional<Placement>();
    Placement placement(occupancy.lizards().begin(), occupancy.lizards().begin() + p);
    std::sort(placement.begin(), placement.end());
    return std::optional<Placement>(std::move(placement));
  };
  auto out_of_time = [&] {
    const bool spent = occupancy.spent(options.best, options.budget);
    if (options.progress != nullptr && options.best != nullptr)
      options.progress->raise_best(options.best->load(std::memory_order_relaxed));
    return spent;
  };
  auto swaps = [&] { return occupancy.drain(p, steps, out_of_time); };

  if (!state_->swapped) {
    // The first fill walks every cell (10^8 on the largest boards): it
    // stops when asked to, as the moves below do.
    auto asked_to_stop = [&] { return options.budget.spent(); };
    if (!occupancy.fill(state_->start, asked_to_stop) ||
        !occupancy.fill(in.column_cells, asked_to_stop))
      return std::nullopt;
    // Phase 1: (1,2)-swaps everywhere until none is left.
    occupancy.woken().assign(occupancy.lizards().begin(), occupancy.lizards().end());
    const bool finished = swaps();
    if (occupancy.size() >= p) return done();
    if (!finished) return std::nullopt;  // stopped midway
    occupancy.forget_log();
    state_->swapped = true;
  }

  // Phase 2: perturb, look around, keep when the size held; this call ends
  // once the budget's work limit (in perturbations) is spent (the next one
  // goes on from there). Counted here, charged once at the end.
  const std::uint64_t allowed = options.budget.work_left();
  std::uint64_t moves = 0;
  auto go_on = [&] { return occupancy.size() < p && moves++ < allowed; };
  auto draw = [&] { return occupancy.random_cell(); };
  occupancy.perturb(steps, draw, go_on, out_of_time, swaps, [](std::size_t) { return false; });
  options.budget.charge(std::min(moves, allowed));
  return done();
}

std::optional<Placement> local_search(const Instance& in, Placement start,
                                      const LocalSearchOptions& options) {
  return Racer(in, std::move(start), options.seed).run(options);
}

SegmentCells::SegmentCells(const Instance& in) {
  start.assign(in.total_segments + 1, 0);
  for (auto cell : in.column_cells)
    for (unsigned d = 0; d < 4; ++d) ++start[in.segments_of(cell)[d] + 1];
  for (std::uint32_t s = 0; s < in.total_segments; ++s) start[s + 1] += start[s];
  cells.resize(start.back());
  std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
  for (auto cell : in.column_cells)
    for (unsigned d = 0; d < 4; ++d) cells[fill[in.segments_of(cell)[d]]++] = cell;
}

// The same moves for the largest placement (nursery lizards --max): no p
// to reach, so it runs until stopped or `target`. A perturbation is undone
// unless the size held, so the placement held is always the best seen.
// With the LP's preference, a perturbation's cell is the best of a few
// random draws: the cells the LP relaxation fills are where optimal
// placements tend to put lizards.
struct Improver::State {
  State(const Instance& in, std::shared_ptr<const SegmentCells> cells, std::uint64_t seed)
      : map(std::move(cells)), occupancy(in, *map, seed) {}
  std::shared_ptr<const SegmentCells> map;
  Occupancy occupancy;
  bool filled = false;  // every free cell taken once (then only changes are refilled)
};

Improver::Improver(const Instance& in, std::shared_ptr<const SegmentCells> map, std::uint64_t seed)
    : in_(in), state_(std::make_unique<State>(in, std::move(map), seed)) {}
Improver::~Improver() = default;

Placement Improver::improve(const Placement& from, const ImproveOptions& options) {
  const Instance& in = in_;
  Occupancy& occupancy = state_->occupancy;
  auto finish = [&] {
    occupancy.back_to_best();
    Placement placement = occupancy.lizards();
    std::sort(placement.begin(), placement.end());
    return placement;
  };
  const std::uint64_t target = options.target;
  auto should_stop = [&] {
    return occupancy.spent(options.best, options.budget) || occupancy.size() >= target;
  };
  if (std::is_sorted(from.begin(), from.end())) {
    occupancy.adopt(from);
  } else {
    Placement sorted = from;
    std::sort(sorted.begin(), sorted.end());
    occupancy.adopt(sorted);
  }
  if (!state_->filled) {
    // The first call walks every cell (10^8 on the largest boards) and
    // looks for swaps at every lizard; later calls only around changes.
    if (!occupancy.fill(in.column_cells, [&] { return options.budget.spent(); })) return finish();
    occupancy.forget_log();
    occupancy.woken().assign(occupancy.lizards().begin(), occupancy.lizards().end());
    state_->filled = true;
  }
  if (in.column_cells.empty()) return finish();
  std::uint64_t steps = 0;
  bool stop = false;
  auto swaps = [&] {
    if (!occupancy.drain(target, steps, should_stop) || occupancy.size() >= target) stop = true;
  };
  swaps();
  occupancy.forget_log();
  const std::vector<float>* liked = options.preference;
  // A random cell, in the band when there is one (a few draws; the bands
  // are large, a whole share of the rows).
  auto draw_once = [&] {
    std::uint32_t cell = occupancy.random_cell();
    for (int tries = 0; options.kicks_in && !options.kicks_in(cell) && tries < 64; ++tries)
      cell = occupancy.random_cell();
    return cell;
  };
  auto draw = [&] {
    std::uint32_t cell = draw_once();
    if (liked) {  // the most liked of three draws a perturbation may take
      for (int more = 0; more < 2; ++more) {
        std::uint32_t other = draw_once();
        if (!occupancy.kickable(other)) continue;
        if (!occupancy.kickable(cell) || (*liked)[other] > (*liked)[cell]) cell = other;
      }
    }
    return options.kicks_in && !options.kicks_in(cell) ? kNobody : cell;
  };
  // With options.walk, a perturbation that lost lizards stays with the
  // chance Andrade, Resende and Werneck give it, 1 / (1 + lost x (best -
  // size)): the walk leaves a plateau it has exhausted but stays near the
  // best, and goes back there once its way back (the log) grows long.
  auto keep = [&](std::size_t lost) {
    if (!options.walk) return false;
    const std::size_t below = occupancy.best_held() - occupancy.size();
    return occupancy.random(1 + lost * below) == 0;
  };
  auto go_on = [&] {
    if (occupancy.logged() > kWalkLog) occupancy.back_to_best();
    return !stop;
  };
  occupancy.perturb(steps, draw, go_on, should_stop, swaps, keep);
  return finish();
}

Placement improve_placement(const Instance& in, Placement start, const ImproveOptions& options) {
  return Improver(in, std::make_shared<const SegmentCells>(in), options.seed).improve(start, options);
}

}  // namespace nursery::lizards
