// The largest placement and a proven bound on it (nursery lizards --max),
// cheapest evidence first on both sides:
//   1. the column-major greedy: a first placement, O(n^2);
//   2. the segment tables, then the segment counts and the two matchings
//      (row x column, diagonal x anti-diagonal): a first bound;
//   3. the set-packing LP over all four directions and the 2x2 windows
//      (lp_bound.cpp): a bound coupling them, and which cells it likes;
//   4. once the LP has a first preference, the improving local search
//      from the LP's favourite cells raced against the LP's further sweeps
//      (the scheduler's race: whichever closes the gap stops the other),
//      one band of rows per worker but the LP's, each with its own seed;
//   5. small boards: branch and bound with the LP at every node
//      (branch_bound.cpp), then DFS asked for best + 1 lizards; exhausted,
//      either proves best optimal (found, the DFS raises best and asks again).
// The placement is only ever a set of lizards that see no other; the bound
// only ever a proof. Neither is traded for time: a timeout ends with both.
#include <algorithm>
#include <chrono>
#include <optional>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

constexpr auto since = seconds_since;

// Does any lizard of the placement see another? The segment model's own
// check (the independent one is verify.cpp, used by the tests).
bool safe(const Instance& in, const Placement& placement) {
  std::vector<std::uint8_t> taken(in.total_segments, 0);
  for (auto cell : placement) {
    if (in.board.cells[cell] != kEmpty) return false;
    for (unsigned d = 0; d < 4; ++d)
      if (taken[in.segments_of(cell)[d]]++) return false;
  }
  return true;
}

// A placement built greedily: a cell is taken when no taken lizard sees it.
class Greedy {
 public:
  explicit Greedy(const Instance& in) : in_(in), taken_(in.total_segments, 0) {}
  void take(std::uint32_t cell) {
    const std::uint32_t* s = in_.segments_of(cell);
    if (taken_[s[0]] | taken_[s[1]] | taken_[s[2]] | taken_[s[3]]) return;
    for (unsigned d = 0; d < 4; ++d) taken_[s[d]] = 1;
    placement_.push_back(cell);
  }
  Placement placement() && { return std::move(placement_); }

 private:
  const Instance& in_;
  std::vector<std::uint8_t> taken_;
  Placement placement_;
};

// The bands' placements stitched: each band's lizards inside it, in band
// order, where nothing taken sees them; then every cell the seams left
// free. Safe by construction.
template <class BandOf>
Placement merge_bands(const Instance& in, const std::vector<Placement>& found, BandOf band_of) {
  Greedy merged(in);
  for (std::size_t b = 0; b < found.size(); ++b)
    for (auto cell : found[b])
      if (band_of(cell) == b) merged.take(cell);
  for (auto cell : in.column_cells) merged.take(cell);
  Placement placement = std::move(merged).placement();
  std::sort(placement.begin(), placement.end());
  return placement;
}

// Greedy in the LP's order: the cells it likes most first.
Placement liked_first(const Instance& in, const std::vector<float>& preference) {
  std::vector<std::uint32_t> order(in.column_cells);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return preference[a] > preference[b]; });
  Greedy placement(in);
  for (auto cell : order) placement.take(cell);
  return std::move(placement).placement();
}

// Small boards: DFS settles the last gap. A placement of best + 1 it
// finds raises best; exhausting the search for best + 1 proves best. The
// one place where maximize() asks solve(): solve() hands large decisions
// to improve(), never to maximize(), so the two never call each other.
void settle_by_search(const Board& board, const Instance& in, MaximizeReport& report,
                      const MaximizeOptions& options) {
  auto exact_start = SteadyClock::now();
  while (report.lower < report.upper && !options.budget.spent()) {
    Board ask = board;
    ask.p = report.lower + 1;
    SolveOptions solve_options;
    solve_options.any = true;  // a proof, or any larger placement: the fastest
    solve_options.threads = options.threads;
    solve_options.budget = options.budget;
    solve_options.seed = options.seed;
    SolveReport answer = solve(ask, solve_options);
    if (answer.verdict == Verdict::ok && answer.solution && safe(in, *answer.solution)) {
      report.solution = std::move(answer.solution);
      std::sort(report.solution->begin(), report.solution->end());
      report.lower = report.solution->size();
      report.how = "DFS: " + answer.how;
    } else if (answer.verdict == Verdict::fail) {
      report.upper = report.lower;
      report.upper_by = "DFS: " + answer.how + " for p = best + 1";
    } else {
      break;
    }
    if (options.on_progress) options.on_progress(report.lower, report.upper);
  }
  report.exact_seconds += since(exact_start);
}

// What a technique of the race below answers: it closed the gap (the bound
// met the best placement, the target was placed, or the bound fell below it).
struct GapClosed {};

// improve(), phase by phase: the report it fills, the best size and the
// bound as the techniques raise and lower them side by side, the clock.
// Every phase runs under a part of the options' budget: the phases' shares
// are of the time it had left at the start.
class Improvement {
 public:
  Improvement(const Instance* instance, const MaximizeOptions& options)
      : in_(instance),
        options_(options),
        target_(options.target > 0 ? options.target : std::numeric_limits<std::uint64_t>::max()),
        // One worker cannot share: the LP may take a share of the deadline,
        // the search the rest.
        lp_end_(detail::worker_count(options.threads) == 1
                    ? options.budget.share(kPackingShare).deadline()
                    : SteadyClock::time_point::max()),
        hand_over_(options.budget.has_deadline() ? kHandOverShare * options.budget.seconds_left()
                                                 : kHandOverSeconds) {}

  MaximizeReport run(const Board& board, Placement greedy, const Bounds* known);

 private:
  void progress() const {
    if (options_.on_progress) options_.on_progress(report_.lower, report_.upper);
  }
  MaximizeReport finish(Status status);
  void matchings(const Bounds* known);
  PackingOptions packing_options();
  void bound_and_search();
  std::optional<GapClosed> bound_beside(PackingLp& lp, const Budget& budget);
  std::optional<GapClosed> search(const Budget& budget);
  Placement epoch(const Placement& current, std::uint64_t index, unsigned bands,
                  const Budget& budget);
  bool over(const Budget& budget) const { return budget.spent() || hopeless(); }
  // The gap closed: the bound met the best placement (a condition of the
  // LP's and the bands' budgets; it only looks).
  bool closed() const { return hopeless() || upper_.load() <= best_.load(); }
  // A decision (solve with p far above the greedy) asks with target = p: a
  // bound below it ends the run too.
  bool hopeless() const { return options_.target > 0 && upper_.load() < target_; }
  void keep_if_larger(Placement found) {
    if (found.size() > report_.lower && safe(*in_, found)) {
      report_.lower = found.size();
      report_.solution = std::move(found);
      report_.how = "improving search";
    }
  }

  const Instance* in_;
  const MaximizeOptions& options_;
  const std::uint64_t target_;
  const SteadyClock::time_point lp_end_;  // the LP's own share's end (max: none)
  const double hand_over_;                // seconds the LP runs alone before the search
  SteadyClock::time_point start_ = SteadyClock::now();
  MaximizeReport report_;
  // Raised and lowered by the LP and the search while they run side by side.
  std::atomic<std::uint64_t> best_{0}, upper_{0};
  std::atomic<bool> lp_running_{false};
  bool exact_ = false;  // small enough for the DFS: the search only warms it up
  std::vector<float> liked_;
  Placement seed_;  // the greedy in the LP's order
  PackingBound lp_;
  // The improving search's state between its epochs (see epoch()).
  std::shared_ptr<const SegmentCells> map_;
  std::vector<std::unique_ptr<Improver>> improvers_;
  std::vector<std::unique_ptr<Population>> populations_;  // in place of the bands' improvers
};

MaximizeReport Improvement::finish(Status status) {
  report_.status = report_.lower >= report_.upper ? Status::complete : status;
  report_.verdict = Verdict::ok;  // a placement, the empty one at worst
  report_.stats.threads = detail::worker_count(options_.threads);
  report_.stats.wall_seconds = since(start_);
  return std::move(report_);
}

MaximizeReport Improvement::run(const Board& board, Placement greedy, const Bounds* known) {
  std::sort(greedy.begin(), greedy.end());
  report_.lower = report_.greedy = greedy.size();
  report_.solution = std::move(greedy);
  report_.how = "greedy";
  report_.upper = static_cast<std::uint64_t>(board.n) * board.n - board.trees();
  report_.upper_by = "empty cells";
  progress();
  if (report_.lower >= target_) return finish(Status::limit);
  if (in_ == nullptr || options_.budget.spent()) return finish(options_.budget.why());
  matchings(known);
  progress();
  if (report_.lower >= report_.upper) return finish(Status::complete);
  if (options_.budget.spent()) return finish(options_.budget.why());
  bound_and_search();
  progress();
  if (report_.lower >= target_) return finish(Status::limit);
  return finish(options_.budget.why());  // a gap left: maximize() may settle it by DFS
}

// The two matchings, side by side; on huge boards (10,000 x 10,000: some
// minutes) cut short at a share of the deadline, with the bound their last
// layering proves.
void Improvement::matchings(const Bounds* known) {
  auto matching_start = SteadyClock::now();
  Bounds bounds = known != nullptr ? *known : Bounds{};
  if (known == nullptr)  // else the caller's
    with_workers(options_.threads, [&] {
      bounds = root_bounds(*in_, std::numeric_limits<std::uint64_t>::max(),
                           options_.budget.share(kMatchingShare));
    });
  report_.matching_bound = std::min<std::uint64_t>(bounds.upper(), in_->capacity[0]);
  report_.matching_seconds = since(matching_start);
  if (report_.matching_bound >= report_.upper) return;
  report_.upper = report_.matching_bound;
  report_.upper_by = bounds.row_column_matching == report_.upper ? "row x column matching"
                     : bounds.diagonal_matching == report_.upper
                         ? "diagonal x anti-diagonal matching"
                         : "segment counts";
  if (bounds.matchings_cut && report_.upper_by != "segment counts")
    report_.upper_by += " (cut short: Hopcroft-Karp's bound)";
}

PackingOptions Improvement::packing_options() {
  PackingOptions packing;
  packing.keep_proof = options_.certificate;
  packing.finest_tau = kFinestTau;
  packing.refine_below = kRefineBelow;
  packing.refine_stall = kRefineStall;
  if (in_->column_cells.size() <= kCutMaxCells) {
    packing.cut_rounds = kCutRounds;
    packing.polish = true;  // PDHG past the descent's stall (primal_dual.cpp)
  }
  // The time goes where it buys more: at the fine temperatures the LP goes
  // on while its bound falls, per second, by at least the share by which
  // the placements grow (both relative; nothing grows before the search
  // starts).
  packing.worth_refining = [this, last = std::make_shared<std::pair<double, std::uint64_t>>(
                                      since(start_), best_.load())](double bound_gain) {
    const double now = since(start_), seconds = now - last->first;
    const std::uint64_t best = best_.load();
    const double search_gain =
        best > last->second && seconds > 0
            ? static_cast<double>(best - last->second) / static_cast<double>(best) / seconds
            : 0.0;
    *last = {now, best};
    return bound_gain >= search_gain;
  };
  packing.on_bound = [this](std::uint64_t value) {
    if (value < upper_.load()) upper_.store(value);
    if (options_.on_progress) options_.on_progress(best_.load(), upper_.load());
  };
  return packing;
}

// The LP alone at first (every worker on its sweeps) until it has a
// preference for the search, then the LP and the improving search raced on
// the pool: each stops once the other has closed the gap (best = bound).
void Improvement::bound_and_search() {
  best_ = report_.lower;
  upper_ = report_.upper;
  exact_ = in_->column_cells.size() <= options_.exact_cells;
  const Budget packing_budget = options_.budget.or_when([this] { return closed(); });
  std::optional<PackingLp> lp;
  bool searching = true;
  if (in_->column_cells.size() <= kPackingMaxCells) {
    with_workers(options_.threads, [&] {
      lp.emplace(*in_, packing_options());
      // Alone, within its own share, until its hand-over time from here
      // has passed at the end of a sweep.
      lp_ = lp->run(packing_budget.until(lp_end_), Budget().within(hand_over_));
    });
    // A bound spent or proven enough seeds no search (sorting every cell
    // by the preference takes seconds on huge boards). On exact boards the
    // search starts from the column-major greedy: the DFS settles them.
    searching = !packing_budget.spent();
    if (searching) liked_ = lp->preference();
    if (searching && !exact_ && !over(options_.budget)) seed_ = liked_first(*in_, liked_);
  }
  auto search_start = SteadyClock::now();
  if (searching) {
    std::vector<Technique<GapClosed>> techniques;
    if (lp) {
      lp_running_ = true;
      techniques.push_back([&](const Budget& budget) { return bound_beside(*lp, budget); });
    }
    techniques.push_back([this](const Budget& budget) { return search(budget); });
    RaceOptions race_options;
    race_options.threads = options_.threads;
    race_options.budget = options_.budget;
    race_options.any = true;
    race(techniques, race_options);
  }
  report_.packing_bound = lp_.value;
  report_.packing_sweeps = lp_.sweeps;
  report_.packing_cliques = lp_.cliques;
  report_.packing_seconds = lp_.seconds;
  if (options_.certificate && lp) report_.certificate = lp->certificate();
  if (lp_.sweeps > 0 && lp_.value < report_.upper) {
    report_.upper = lp_.value;
    report_.upper_by = "set-packing LP";
  }
  report_.search_seconds = since(search_start);
}

// The LP's further sweeps, beside the search (their budget: the race's
// within the LP's own share, and the gap closed or hopeless).
std::optional<GapClosed> Improvement::bound_beside(PackingLp& lp, const Budget& budget) {
  lp_ = lp.run(budget.until(lp_end_).or_when([this] { return closed(); }));
  lp_running_ = false;
  if (closed()) return GapClosed{};
  return std::nullopt;
}

// The improving search, in epochs: each worker improves the same placement,
// kicking only in its band of rows; at the epoch's end the bands are
// stitched (merge_bands) and the largest of the stitched and the workers'
// own placements is the next epoch's start. The first epoch's setup and the
// stitching cannot stop midway (seconds on 10,000 x 10,000): the epochs end
// early enough that the largest overhead measured still fits before the
// deadline, and none starts that could not. On boards the DFS settles the
// search only warms up (kExactWarmUpPerCell).
std::optional<GapClosed> Improvement::search(const Budget& race) {
  const Budget budget =
      exact_ ? race.within(kExactWarmUpPerCell * static_cast<double>(in_->column_cells.size()))
             : race;
  Placement current = seed_.empty() ? *report_.solution : seed_;
  keep_if_larger(current);  // the LP's greedy may beat the column-major one
  if (current.size() > best_.load()) best_.store(current.size());
  const double epoch_seconds =
      std::clamp(kEpochSecondsPerCell * static_cast<double>(in_->column_cells.size()),
                 kEpochSecondsMin, kEpochSecondsMax);
  const unsigned workers = detail::worker_count(options_.threads);
  double overhead = 0;
  for (std::uint64_t index = 0;
       !over(budget) && best_.load() < upper_.load() && current.size() < target_; ++index) {
    const auto epoch_start = SteadyClock::now();
    // Its time: ending early enough for the largest overhead yet, or none.
    const double length = std::min(epoch_seconds, budget.seconds_left() - overhead);
    if (length < std::min(overhead, epoch_seconds) / 4) break;
    const Budget epoch_budget = budget.within(length);
    // While the LP runs it keeps one worker and the search has the others.
    const unsigned bands = std::max(1u, lp_running_.load() ? workers - 1 : workers);
    // Each band keeps its improving search from one epoch to the next
    // (Improver: only what the stitching changed is redone), sharing one
    // map of the segments' cells: built once per run, mostly.
    if (!map_) map_ = std::make_shared<const SegmentCells>(*in_);
    // Boards small enough for a population: one per worker, on the whole
    // board (population.cpp).
    const bool breeding = in_->column_cells.size() <= options_.population_cells;
    while (breeding && populations_.size() < bands)
      populations_.push_back(std::make_unique<Population>(
          *in_, map_, options_.seed + 7919ull * populations_.size(), kPopulationSize));
    while (!breeding && improvers_.size() < bands)
      improvers_.push_back(
          std::make_unique<Improver>(*in_, map_, options_.seed + 7919ull * improvers_.size()));
    const double setup = since(epoch_start);
    Placement next = epoch(current, index, bands, epoch_budget);
    if (next.size() >= current.size()) current = std::move(next);
    keep_if_larger(current);
    ++report_.search_epochs;
    // Past the planned end: stopping the bands and stitching (the map and
    // the improvers do not count).
    overhead = std::max(overhead, since(epoch_start) - length - setup);
  }
  if (best_.load() >= upper_.load() || current.size() >= target_ || hopeless()) return GapClosed{};
  return std::nullopt;
}

// One epoch: every band improves `current` at once on the race's pool,
// kicking only in its rows (the seams move by half a band every other
// epoch), until the epoch's budget is spent; then the bands are stitched.
// With populations, each worker breeds one generation of its own on the
// whole board instead, and the largest of their members is the next.
Placement Improvement::epoch(const Placement& current, std::uint64_t index, unsigned bands,
                             const Budget& budget) {
  const std::uint32_t n = in_->board.n;
  const std::uint32_t rows = (n + bands - 1) / bands;
  const std::uint32_t shift = index % 2 == 1 ? rows / 2 : 0;
  auto band_of = [n, rows, shift](std::uint32_t cell) { return (cell / n + shift) % n / rows; };
  std::vector<Placement> found(bands);
  // The best size and the bound, shown as the bands raise them (beside the
  // bands: their stop condition only looks).
  Background shown;
  if (options_.on_progress)
    shown = Background::every(kProgressTick,
                              [this] { options_.on_progress(best_.load(), upper_.load()); });
  for_each_index(bands, 0, [&](std::size_t band) {
    ImproveOptions improve;
    improve.target = target_;
    improve.preference = liked_.empty() ? nullptr : &liked_;
    improve.best = &best_;
    improve.budget = budget.or_when([this] { return closed() || best_.load() >= target_; });
    if (!populations_.empty()) {
      found[band] = populations_[band]->generation(current, improve);
      return;
    }
    if (bands > 1)
      improve.kicks_in = [&band_of, band](std::uint32_t cell) { return band_of(cell) == band; };
    found[band] = improvers_[band]->improve(current, improve);
  });
  shown.stop();
  if (options_.on_progress) options_.on_progress(best_.load(), upper_.load());
  Placement next =
      bands > 1 && populations_.empty() ? merge_bands(*in_, found, band_of) : std::move(found[0]);
  for (auto& placement : found)
    if (placement.size() > next.size()) next = std::move(placement);
  return next;
}

}  // namespace

MaximizeReport improve(const Board& board, const Instance* instance, Placement greedy,
                       const Bounds* known, const MaximizeOptions& options) {
  return Improvement(instance, options).run(board, std::move(greedy), known);
}

MaximizeReport maximize(const Board& board, const MaximizeOptions& asked) {
  auto start = SteadyClock::now();
  // Every move of best and bound recorded, then handed on.
  Trajectory trajectory;
  MaximizeOptions options = asked;
  options.on_progress = [&trajectory, &asked](std::uint64_t best, std::uint64_t upper) {
    trajectory.record(best, upper);
    if (asked.on_progress) asked.on_progress(best, upper);
  };
  Placement greedy = greedy_placement(board);
  const std::uint64_t target =
      options.target > 0 ? options.target : std::numeric_limits<std::uint64_t>::max();
  std::shared_ptr<const Instance> instance;
  if (greedy.size() < target && !options.budget.spent())
    instance = build_instance(board, options.budget);
  MaximizeReport report = improve(board, instance.get(), std::move(greedy), nullptr, options);
  if (instance != nullptr && instance->column_cells.size() <= options.exact_cells &&
      report.lower < report.upper && report.lower < target) {
    settle_by_branching(*instance, report, options);  // branch_bound.cpp
    settle_by_search(board, *instance, report, options);
    report.status = report.lower >= report.upper ? Status::complete
                    : report.lower >= target     ? Status::limit
                                                 : options.budget.why();
  }
  // The LP's proof, or the segments' where they prove more (the LP did not
  // run, or had no sweep yet).
  if (options.certificate)
    if (BoundCertificate plain = segment_certificate(board);
        !report.certificate || plain.bound < report.certificate->bound)
      report.certificate = std::move(plain);
  trajectory.record(report.lower, report.upper);
  report.trajectory = trajectory.points();
  report.primal_dual_integral = trajectory.primal_dual_integral();
  report.stats.wall_seconds = since(start);
  return report;
}

}  // namespace nursery::lizards
