// The whole decision for one board, cheapest evidence first:
//   1. p beyond the empty cells: FAIL at once; no trees and p = n >= 4:
//      N-queens (the construction finds one, the bitboard counter counts);
//   2. the column-major greedy reaches p: OK, no tables built;
//   3. segment counts and the two matchings bound p away: FAIL, proven;
//   4. the frontier: DFS (or BFS to a memory budget, then DFS) proves,
//      while a local search races it for an OK (first mode: the first to
//      answer cancels the rest). Counting aggregates DFS counts exactly.
#include <algorithm>
#include <chrono>
#include <nursery/scheduler.hpp>

#include "lizards/internal.hpp"
#include "queens/counters.hpp"

namespace nursery::lizards {

namespace {

constexpr auto since = seconds_since;

std::uint64_t full_bound(const Instance& in) {
  if (in.column_cells.size() > kFullBoundCells) return in.capacity[0];
  return std::min<std::uint64_t>(root_bounds(in).upper(), in.capacity[0]);
}

// What decided a board, in words.
struct Decision {
  Verdict verdict;
  std::string how;
};

// Which bound proves p out of reach.
std::string bound_away(const Bounds& bounds, std::uint64_t upper, std::uint64_t p) {
  std::uint64_t counted = bounds.free_cells;
  for (auto segments : bounds.segments) counted = std::min(counted, segments);
  std::string how = "upper bound " + std::to_string(upper) + " < p (";
  if (p > counted) return how + "segment counts)";
  if (p > bounds.row_column_matching) return how + "row x column segment matching)";
  if (p > bounds.diagonal_matching) return how + "diagonal x anti-diagonal segment matching)";
  return how + "suffix matchings of the column order)";
}

// Well above the greedy's reach (issue 13) the --max machinery decides p:
// the LP bound and the banded improving search with p as the target end at
// p placed (OK), at a bound below p (FAIL), or at the deadline.
Decision decide_by_improving(const Instance& in, const SolveOptions& options,
                             const Placement& greedy, const Bounds& bounds, SolveReport& report) {
  const std::uint64_t p = in.board.p;
  MaximizeOptions ask;
  ask.threads = options.threads;
  ask.seed = options.seed;
  ask.target = p;
  ask.exact_cells = 0;  // no DFS follows: the search keeps its whole share
  ask.budget = options.budget;
  MaximizeReport most = improve(in.board, &in, greedy, &bounds, ask);
  report.lower = std::max<std::uint64_t>(report.lower, most.lower);
  report.upper = std::min<std::uint64_t>(report.upper, most.upper);
  if (most.lower >= p) {       // maximize keeps only safe placements
    most.solution->resize(p);  // any p of a safe placement are safe
    report.solution = std::move(most.solution);
    return {Verdict::ok, "improving search (the --max machinery) reached p"};
  }
  if (most.upper < p)
    return {Verdict::fail,
            "upper bound " + std::to_string(most.upper) + " < p (" + most.upper_by + ")"};
  report.status = options.budget.why();
  return {Verdict::unknown, to_string(report.status)};
}

// The frontier of the search: DFS entries and, racing them in first mode,
// the local search as entry 0 (its Portfolio shared by all), with their
// first-round budgets when the decision runs in rounds.
struct Frontier {
  std::vector<Subproblem> entries;
  std::size_t dfs_entries = 0;
  std::shared_ptr<Portfolio> shared;  // with the racer
};

Frontier cut_frontier(const Instance& in, const SolveOptions& options, Algorithm algorithm,
                      Placement greedy, bool rounds) {
  RunOptions run;
  run.threads = options.threads;
  // A reproducible decision cuts the same frontier whatever the thread
  // count (its rounds' answer depends on the cut).
  const std::size_t target = rounds ? kReproducibleEntries : frontier_target(run);
  Frontier cut;
  std::vector<Subproblem>& frontier = cut.entries;
  frontier =
      algorithm == Algorithm::bfs
          ? expand_frontier(in, std::max<std::size_t>(target, options.bfs_budget_bytes / 256),
                            options.bfs_budget_bytes)
          : ColumnSegments::split(in, target);
  const std::size_t dfs_entries = cut.dfs_entries = frontier.size();
  std::shared_ptr<Portfolio>& shared = cut.shared;
  // First mode, reproducible (the default): rounds of growing budgets
  // counted in cells looked at and moves, not seconds; see search().
  if (!options.count && options.local_search && in.column_cells.size() >= kLocalSearchMinCells) {
    shared = std::make_shared<Portfolio>();
    shared->start = std::move(greedy);
    shared->seed = options.seed;
    shared->progress = options.progress;
    if (options.any) {
      // Fastest wins. With one worker the local search runs before the
      // proof and must hand over; it gets more of the time when the file
      // asked for SA.
      unsigned workers = detail::worker_count(options.threads);
      double per_cell = algorithm == Algorithm::sa ? kAnyLocalSearchSecondsPerCellSa
                                                   : kAnyLocalSearchSecondsPerCell;
      if (workers == 1)
        shared->own =
            Budget().within(std::clamp(per_cell * in.column_cells.size(), kAnyLocalSearchSecondsMin,
                                       kAnyLocalSearchSecondsMax));
    } else {
      // The racer's first-round budget in moves, not seconds (more when the
      // file asked for SA).
      std::uint64_t per_cell = algorithm == Algorithm::sa ? kFirstRoundMovesPerCell * 4
                                                          : kFirstRoundMovesPerCell;
      shared->moves = std::max(kFirstRoundMovesMin, per_cell * in.column_cells.size());
    }
    for (auto& sub : frontier) sub.portfolio = shared;
    Subproblem racer;
    racer.technique = Subproblem::Technique::local_search;
    racer.portfolio = shared;
    frontier.insert(frontier.begin(), std::move(racer));
  }
  // The DFS entries' first-round budget, in cells looked at: together about
  // the racer's moves' worth, so that neither waits long for the other.
  if (rounds) {
    std::uint64_t work = kFirstRoundWork;
    if (shared)
      work = std::max(work, shared->moves * kCellsPerMove / std::max<std::size_t>(1, dfs_entries));
    for (auto& sub : frontier) sub.work_budget = work;
  }
  return cut;
}

// The frontier in the scheduler's rounds (run_rounds), and what they came
// to: a placement, an exhausted search (FAIL), a count, or unknown.
Decision search(const Instance& in, const SolveOptions& options, Placement greedy,
                SolveReport& report, SteadyClock::time_point start) {
  const std::uint64_t p = in.board.p;
  const Algorithm algorithm = options.algorithm.value_or(in.board.algorithm);
  const bool rounds = !options.count && !options.any;
  Frontier cut = cut_frontier(in, options, algorithm, std::move(greedy), rounds);
  report.stats.split_seconds = since(start);
  const std::shared_ptr<Portfolio>& shared = cut.shared;
  RunOptions run;
  run.mode = options.count ? Mode::count : Mode::first;
  run.threads = options.threads;
  run.budget = options.budget;
  run.progress = options.progress;
  // With --any the first find wins and cancels the rest: one round.
  // Otherwise the scheduler's rounds: each gives every DFS entry a budget
  // of cells to look at and the racer (entry 0, kept every round) a budget
  // of moves, and under the leftmost rule a find waits for the entries to
  // its left to end (a find, their budget, or their end), so a round's
  // answer is its leftmost find: the same on every run, machine and thread
  // count. The next round runs the entries not exhausted from their start
  // with twice the budget, and the racer twice the moves from where it
  // stopped. The proof is done when no DFS entry is left.
  run.any = options.any;
  Rounds<ColumnSegments> plan;
  plan.keeps = [](const Subproblem& sub) {
    return sub.technique == Subproblem::Technique::local_search;
  };
  plan.next_round = [&](std::span<Subproblem> entries, std::size_t round, std::size_t dfs) {
    if (round > 0) {
      if (!rounds) return false;
      for (auto& sub : entries) sub.work_budget *= kRoundGrowth;
      if (shared) shared->moves *= kRoundGrowth;
    }
    if (shared) {
      shared->dfs_pending = dfs;
      shared->proof_done = dfs == 0;
    }
    return true;
  };
  auto ran = reported<Solved<Placement>>(
      run_rounds<ColumnSegments>(in, std::move(cut.entries), run, plan), run.mode);
  report.status = ran.status;
  report.stats.nodes += ran.stats.nodes;
  report.stats.subproblems = cut.dfs_entries;
  report.stats.subproblems_done = ran.stats.subproblems_done;
  report.stats.threads = ran.stats.threads;
  report.stats.cpu_seconds = ran.stats.cpu_seconds;
  const char* how = algorithm == Algorithm::bfs ? "BFS+DFS" : "DFS";
  if (options.count) {
    if (!ran.count) return {Verdict::unknown, "count incomplete"};
    report.count = ran.count;
    return {ran.verdict, std::string(how) + " count"};
  }
  if (ran.solution) {
    report.solution = std::move(ran.solution);
    report.lower = p;
    // The racer is entry 0; its solutions carry no DFS nodes of their own.
    return {Verdict::ok,
            shared ? std::string(how) + " + local search portfolio" : std::string(how)};
  }
  if (ran.verdict == Verdict::fail) {
    report.upper = std::min<std::uint64_t>(report.upper, p - 1);
    return {Verdict::fail, std::string(how) + " exhausted the search space"};
  }
  // Undecided: the local search's best placement and the bounds known so
  // far. The full matchings (seconds on a huge board) only when the run
  // ended for another reason than the user's deadline or stop, which they
  // would overrun.
  if (shared) report.lower = std::max<std::uint64_t>(report.lower, shared->best.load());
  if (report.status != Status::timeout && report.status != Status::cancelled)
    report.upper = std::min(report.upper, full_bound(in));
  return {Verdict::unknown, to_string(report.status)};
}

// The decision on a model already built, cheapest evidence first (the
// file's header).
Decision decide(const Instance& in, const SolveOptions& options, SolveReport& report,
                SteadyClock::time_point start) {
  const std::uint64_t p = in.board.p;
  // On huge boards the matchings take minutes: they get part of the
  // deadline and, cut short, still prove a bound (Hopcroft-Karp's).
  Bounds bounds = root_bounds(in, p, options.budget.share(kMatchingShare));
  report.upper = std::min<std::uint64_t>(bounds.upper(), in.capacity[0]);
  if (options.progress != nullptr) options.progress->lower_bound_to(report.upper);
  if (p > report.upper) {
    if (options.count) report.count = 0;
    return {Verdict::fail, bound_away(bounds, report.upper, p)};
  }
  Placement greedy;
  if (!options.count) {
    greedy = greedy_placement(in.board, options.budget);
    report.lower = greedy.size();
    if (options.progress != nullptr) options.progress->raise_best(greedy.size());
    if (greedy.size() >= p) {
      greedy.resize(p);
      report.solution = greedy;
      return {Verdict::ok, "greedy"};
    }
    if (in.column_cells.size() >= kMaximizeMinCells && in.column_cells.size() <= kPackingMaxCells &&
        static_cast<double>(p) > kMaximizeAboveGreedy * static_cast<double>(greedy.size()))
      return decide_by_improving(in, options, greedy, bounds, report);
  }
  return search(in, options, std::move(greedy), report, start);
}

}  // namespace

SolveReport solve(const Board& board, const SolveOptions& options) {
  auto start = SteadyClock::now();
  SolveReport report;
  const std::uint64_t cells = static_cast<std::uint64_t>(board.n) * board.n;
  if (board.p > cells) {
    report.verdict = Verdict::fail;
    report.how = "p exceeds the n*n cells";
    report.upper = cells;
    if (options.count) report.count = 0;
    return report;
  }
  if (!options.count && board.trees() == 0 && board.p == board.n && board.n >= 4) {
    // Without trees this is N-queens: the classic construction answers at once.
    auto rows = queens::construct(board.n);
    Placement lizards;
    for (std::uint32_t c = 0; c < board.n; ++c) lizards.push_back(rows[c] * board.n + c);
    std::sort(lizards.begin(), lizards.end());
    report.solution = std::move(lizards);
    report.verdict = Verdict::ok;
    report.how = "N-queens construction (no trees, p = n)";
    report.lower = report.upper = board.n;
    report.stats.wall_seconds = since(start);
    return report;
  }
  if (options.count && board.trees() == 0 && board.p == board.n &&
      board.n <= static_cast<std::uint32_t>(queens::kMaxCountN)) {
    // Counted as N-queens: the symmetry-reduced bitboard counter.
    RunOptions run;
    run.threads = options.threads;
    run.budget = options.budget;
    run.progress = options.progress;
    static_cast<Report&>(report) =
        reported(nursery::run<queens::CanonicalCount>(
                     queens::CanonicalCount::Instance{static_cast<int>(board.n)}, run),
                 Mode::count, "N-queens count (no trees, p = n)");
    return report;
  }
  // The greedy scan and the tables of a huge board take seconds: they stop
  // at the deadline too (the scan polls once per column).
  const Budget& budget = options.budget;
  if (!options.count) {
    Placement greedy = greedy_placement(board, budget);
    report.lower = greedy.size();
    if (options.progress != nullptr) options.progress->raise_best(greedy.size());
    if (greedy.size() >= board.p) {
      greedy.resize(board.p);  // any subset of a safe placement is safe
      report.solution = std::move(greedy);
      report.verdict = Verdict::ok;
      report.how = "greedy";
      report.stats.wall_seconds = since(start);
      return report;
    }
  }
  auto instance = budget.spent() ? nullptr : build_instance(board, budget);
  if (!instance || budget.spent()) {
    report.status = budget.why();
    report.verdict = Verdict::unknown;
    report.how = "stopped while building the segment tables";
    report.upper = cells;
    report.stats.wall_seconds = since(start);
    return report;
  }
  SolveReport full = solve(*instance, options);
  full.lower = std::max(full.lower, report.lower);
  full.stats.wall_seconds = since(start);
  return full;
}

SolveReport solve(const Instance& in, const SolveOptions& options) {
  auto start = SteadyClock::now();
  SolveReport report;
  Decision decision = decide(in, options, report, start);
  report.verdict = decision.verdict;
  report.how = std::move(decision.how);
  report.stats.wall_seconds = since(start);
  return report;
}

}  // namespace nursery::lizards
