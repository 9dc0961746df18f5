// The largest placement and a proven bound on it (nursery lizards --max),
// cheapest evidence first on both sides:
//   1. the column-major greedy: a first placement, O(n^2);
//   2. the segment tables, then the segment counts and the two matchings
//      (row x column, diagonal x anti-diagonal): a first bound;
//   3. the set-packing LP over all four directions and the 2x2 windows
//      (lp_bound.cpp): a bound coupling them, and which cells it likes;
//   4. beside the LP once it has a first preference, the improving local
//      search from the LP's favourite cells, one run per worker but the
//      LP's, each with its own seed, until the deadline or the bound;
//   5. small boards: DFS asked for best + 1 lizards; exhausted, it proves
//      best optimal (found, it raises best and asks again).
// The placement is only ever a set of lizards that see no other; the bound
// only ever a proof. Neither is traded for time: a timeout ends with both.
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <mutex>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

using Clock = SteadyClock;
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
  auto exact_start = Clock::now();
  while (report.best < report.upper && !options.budget.spent()) {
    Board ask = board;
    ask.p = report.best + 1;
    SolveOptions solve_options;
    solve_options.any = true;  // a proof, or any larger placement: the fastest
    solve_options.threads = options.threads;
    solve_options.budget = options.budget;
    solve_options.seed = options.seed;
    SolveReport answer = solve(ask, solve_options);
    if (answer.verdict == Verdict::ok && answer.solution && safe(in, *answer.solution)) {
      report.placement = std::move(*answer.solution);
      std::sort(report.placement.begin(), report.placement.end());
      report.best = report.placement.size();
    } else if (answer.verdict == Verdict::fail) {
      report.upper = report.best;
      report.upper_by = "DFS: " + answer.how + " for p = best + 1";
    } else {
      break;
    }
    if (options.on_progress) options.on_progress(report.best, report.upper);
  }
  report.exact_seconds = since(exact_start);
}

}  // namespace

MaximizeReport maximize(const Board& board, const MaximizeOptions& options) {
  auto start = Clock::now();
  Placement greedy = greedy_placement(board);
  const std::uint64_t target =
      options.target > 0 ? options.target : std::numeric_limits<std::uint64_t>::max();
  std::shared_ptr<const Instance> instance;
  if (greedy.size() < target && !options.budget.spent())
    instance = build_instance(board, options.budget);
  MaximizeReport report = improve(board, instance.get(), std::move(greedy), nullptr, options);
  if (instance != nullptr && instance->column_cells.size() <= options.exact_cells &&
      report.best < report.upper && report.best < target) {
    settle_by_search(board, *instance, report, options);
    report.status = report.best >= report.upper ? Status::complete
                    : report.best >= target     ? Status::limit
                                                : options.budget.why();
  }
  report.wall_seconds = since(start);
  return report;
}

MaximizeReport improve(const Board& board, const Instance* instance, Placement greedy,
                       const Bounds* known, const MaximizeOptions& options) {
  auto start = Clock::now();
  // The seconds this call has (0: no deadline): the phases' shares are of it.
  const double deadline = options.budget.timeout_seconds();
  MaximizeReport report;
  const std::uint64_t target =
      options.target > 0 ? options.target : std::numeric_limits<std::uint64_t>::max();
  auto stopped = [&] { return options.budget.spent(); };
  auto status_of_stop = [&] { return options.budget.why(); };
  auto progress = [&] {
    if (options.on_progress) options.on_progress(report.best, report.upper);
  };
  auto finish = [&](Status status) {
    report.status = status;
    if (report.best >= report.upper) report.status = Status::complete;
    report.wall_seconds = since(start);
    return report;
  };

  report.placement = std::move(greedy);
  report.best = report.greedy = report.placement.size();
  std::sort(report.placement.begin(), report.placement.end());
  report.upper = static_cast<std::uint64_t>(board.n) * board.n - board.trees();
  report.upper_by = "empty cells";
  progress();
  if (report.best >= target) return finish(Status::limit);

  if (instance == nullptr || stopped()) return finish(status_of_stop());
  const Instance& in = *instance;

  // The two matchings, side by side; on huge boards (10,000 x 10,000: some
  // minutes) cut short at a share of the deadline, with the bound their
  // last layering proves.
  auto matching_start = Clock::now();
  Bounds bounds = known != nullptr ? *known : Bounds{};
  auto matchings = [&] {
    bounds = root_bounds(in, std::numeric_limits<std::uint64_t>::max(),
                         options.budget.share(kMatchingShare));
  };
  if (known == nullptr) {  // else the caller's
    if (options.threads > 0)
      tbb::task_arena(static_cast<int>(options.threads)).execute(matchings);
    else
      matchings();
  }
  report.matching_bound = std::min<std::uint64_t>(bounds.upper(), in.capacity[0]);
  report.matching_seconds = since(matching_start);
  if (report.matching_bound < report.upper) {
    report.upper = report.matching_bound;
    report.upper_by = bounds.row_column_matching == report.upper ? "row x column matching"
                      : bounds.diagonal_matching == report.upper
                          ? "diagonal x anti-diagonal matching"
                          : "segment counts";
    if (bounds.matchings_cut && report.upper_by != "segment counts")
      report.upper_by += " (cut short: Hopcroft-Karp's bound)";
  }
  progress();
  if (report.best >= report.upper) return finish(Status::complete);
  if (stopped()) return finish(status_of_stop());

  // The LP and the improving search run side by side on the pool: the LP
  // alone at first (all workers on its sweeps), then it hands its cells'
  // preference to the searches, one per worker but its own, and goes on
  // with what is left. Each stops once the other has met it (best = bound).
  // One worker cannot share: the LP then gets a share of the deadline and
  // the search the rest.
  const unsigned workers = detail::worker_count(options.threads);
  std::atomic<std::uint64_t> best{report.best}, upper{report.upper};
  const bool exact = in.column_cells.size() <= options.exact_cells;
  Clock::time_point search_start = Clock::now();
  double search_end = 0;  // exact boards: the search only warms the DFS up
  // A decision (solve with p far above the greedy) asks with target = p:
  // a bound below it ends the run too.
  auto hopeless = [&] { return options.target > 0 && upper.load() < target; };
  auto search_over = [&] {
    return stopped() || hopeless() || (exact && since(start) > search_end);
  };
  std::mutex keep;
  std::vector<float> liked;
  Placement seed_placement;
  std::atomic<bool> lp_running{false};
  auto keep_if_larger = [&](Placement found) {
    std::lock_guard<std::mutex> lock(keep);
    if (found.size() > report.placement.size() && safe(in, found)) {
      report.placement = std::move(found);
      report.best = report.placement.size();
    }
  };
  // The improving search, in epochs: each worker improves the same
  // placement, kicking only in its band of rows; at the epoch's end the
  // bands are stitched (merge_bands) and the largest of the stitched and
  // the workers' own placements is the next epoch's start. The bands'
  // seams move by half a band every other epoch. While the LP runs it
  // keeps one worker and the search has the others.
  auto coordinate = [&] {
    Placement current = seed_placement.empty() ? report.placement : seed_placement;
    keep_if_larger(current);  // the LP's greedy may beat the column-major one
    if (current.size() > best.load()) best.store(current.size());
    const std::uint32_t n = in.board.n;
    const double epoch_seconds =
        std::clamp(kEpochSecondsPerCell * static_cast<double>(in.column_cells.size()),
                   kEpochSecondsMin, kEpochSecondsMax);
    // Each band keeps its improving search from one epoch to the next
    // (Improver: only what the stitching changed is redone), sharing one
    // map of the segments' cells. The first epoch's setup and the
    // stitching cannot stop midway (seconds on 10,000 x 10,000): the epochs
    // end early enough that the largest overhead measured still fits before
    // the deadline, and none starts that could not.
    std::shared_ptr<const SegmentCells> map;
    std::vector<std::unique_ptr<Improver>> improvers;
    double overhead = 0;
    for (std::uint64_t epoch = 0;
         !search_over() && best.load() < upper.load() && current.size() < target; ++epoch) {
      const double epoch_start = since(start);
      double epoch_end = epoch_start + epoch_seconds;
      if (deadline > 0) {
        epoch_end = std::min(epoch_end, deadline - overhead);
        if (epoch_end - epoch_start < std::min(overhead, epoch_seconds) / 4) break;
      }
      const unsigned bands = std::max(1u, lp_running.load() ? workers - 1 : workers);
      const std::uint32_t rows = (n + bands - 1) / bands;
      const std::uint32_t shift = epoch % 2 == 1 ? rows / 2 : 0;
      auto band_of = [n, rows, shift](std::uint32_t cell) { return (cell / n + shift) % n / rows; };
      std::vector<Placement> found(bands);
      if (!map) map = std::make_shared<const SegmentCells>(in);
      while (improvers.size() < bands)
        improvers.push_back(std::make_unique<Improver>(in, map, options.seed + 7919ull * improvers.size()));
      const double setup = since(start) - epoch_start;  // once per run, mostly
      // The tasks are built before the token is handed over (a worker reads
      // them), then spawned.
      auto band_task = [&](unsigned b) {
        return handed([&, b] {
          ImproveOptions improve_options;
          improve_options.target = target;
          improve_options.preference = liked.empty() ? nullptr : &liked;
          improve_options.best = &best;
          improve_options.budget = Budget().or_when([&] {
            if (options.on_progress) options.on_progress(best.load(), upper.load());
            const std::uint64_t held = best.load(std::memory_order_relaxed);
            return search_over() || held >= upper.load() || held >= target ||
                   since(start) > epoch_end;
          });
          if (bands > 1)
            improve_options.kicks_in = [&band_of, b](std::uint32_t cell) {
              return band_of(cell) == b;
            };
          found[b] = improvers[b]->improve(current, improve_options);
        });
      };
      std::vector<decltype(band_task(0))> tasks;
      for (unsigned b = 0; b < bands; ++b) tasks.push_back(band_task(b));
      tbb::task_group group;
      hand_over();
      for (auto& task : tasks) group.run(task);
      group.wait();
      take_over();
      Placement next = bands > 1 ? merge_bands(in, found, band_of) : std::move(found[0]);
      for (auto& placement : found)
        if (placement.size() > next.size()) next = std::move(placement);
      if (next.size() >= current.size()) current = std::move(next);
      keep_if_larger(current);
      ++report.search_epochs;
      // Past the planned end: stopping the bands and stitching (the map and
      // the improvers, built once, do not count).
      overhead = std::max(overhead, since(start) - epoch_end - setup);
    }
  };
  PackingOptions packing;
  packing.budget =
      options.budget.or_when([&] { return hopeless() || upper.load() <= best.load(); });
  if (deadline > 0 && workers == 1)
    packing.seconds = std::max(1e-3, kPackingShare * deadline - since(start));
  packing.preference_after = deadline > 0 ? kHandOverShare * deadline : kHandOverSeconds;
  packing.on_bound = [&](std::uint64_t value) {
    if (value < upper.load()) upper.store(value);
    if (options.on_progress) options.on_progress(best.load(), upper.load());
  };
  PackingBound lp;
  auto launch = [&] {
    tbb::task_group group;
    packing.on_preference = [&](std::vector<float> preference) {
      liked = std::move(preference);
      // (seconds of sorting on huge boards: not once the run is over)
      if (!liked.empty() && !search_over()) seed_placement = liked_first(in, liked);
      search_start = Clock::now();
      search_end = since(start) + kExactWarmUpPerCell * in.column_cells.size();
      auto search = handed(coordinate);
      hand_over();
      group.run(search);
    };
    if (in.column_cells.size() <= kPackingMaxCells) {
      lp_running = true;
      auto bound = handed([&] {
        lp = packing_bound(in, packing);
        lp_running = false;
      });
      hand_over();
      group.run(bound);
    } else {
      packing.on_preference({});  // too big for the LP: the search alone
    }
    group.wait();
    take_over();
  };
  if (options.threads > 0) {
    tbb::task_arena arena(static_cast<int>(options.threads));
    arena.execute(launch);
  } else {
    launch();
  }
  report.packing_bound = lp.value;
  report.packing_sweeps = lp.sweeps;
  report.packing_cliques = lp.cliques;
  report.packing_seconds = lp.seconds;
  if (lp.sweeps > 0 && lp.value < report.upper) {
    report.upper = lp.value;
    report.upper_by = "set-packing LP";
  }
  report.search_seconds = since(search_start);
  progress();
  if (report.best >= target) return finish(Status::limit);
  if (report.best >= report.upper) return finish(Status::complete);
  return finish(status_of_stop());  // a gap left: maximize() may settle it by DFS
}

}  // namespace nursery::lizards
