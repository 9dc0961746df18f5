// Every tuning constant of the lizards solver, in one table: what it sets,
// in what unit, and why it has its value. Figures in the comments are from
// bench/lizards.sh and bench/lizards_max.sh on the 2-core development
// machine (docs/lizards.md has the runs). Structural constants (sentinels,
// slot counts, fixed-point scales) stay beside the code they describe.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace nursery::lizards {

//--- Deciding p (solve.cpp) ---------------------------------------------------
// From this far above the greedy on, on boards of at least this many empty
// cells, p is decided by maximize (target p: the LP bound and the banded
// improving search); nearer (auto+1), the DFS + local search portfolio
// answers in a fraction of a second.
constexpr std::uint64_t kMaximizeMinCells = 4096;
constexpr double kMaximizeAboveGreedy = 1.05;
// Boards this small are proven by DFS before a local search warms up.
constexpr std::uint64_t kLocalSearchMinCells = 64;
// The first round of a reproducible decision: cells each DFS entry may look
// at, and the racer's perturbations (per empty cell, at least the minimum).
// A perturbation costs about as much time as looking at kCellsPerMove cells.
constexpr std::uint64_t kFirstRoundWork = std::uint64_t{1} << 16;
constexpr std::uint64_t kCellsPerMove = 1000;
constexpr std::uint64_t kRoundGrowth = 2;  // each round doubles both budgets
constexpr std::uint64_t kFirstRoundMovesPerCell = 2;  // four times this when the file says SA
constexpr std::uint64_t kFirstRoundMovesMin = 20000;
// The frontier a reproducible decision aims at, whatever the thread count:
// every entry left of a find spends its round's budget, so fewer entries
// cost less where one entry finds.
constexpr std::size_t kReproducibleEntries = 16;
// --any on one worker: the local search runs before the proof and hands
// over after this many seconds per empty cell (more when the file asked for
// SA), kept between the minimum and the maximum.
constexpr double kAnyLocalSearchSecondsPerCell = 1e-5;
constexpr double kAnyLocalSearchSecondsPerCellSa = 4e-5;
constexpr double kAnyLocalSearchSecondsMin = 0.05;
constexpr double kAnyLocalSearchSecondsMax = 30;
// The full matchings for the report of an undecided board; past this many
// empty cells they would overrun the deadline the user gave by seconds.
constexpr std::uint64_t kFullBoundCells = std::uint64_t{4} << 20;

//--- Bounds (bounds.cpp, lp_bound.cpp) -----------------------------------------
// The root matchings' share of a deadline, in solve() and maximize(): on
// huge boards (minutes) they are cut there, with the bound they prove.
constexpr double kMatchingShare = 0.25;
// Suffix matchings for the DFS capacities are cheap only on small boards.
constexpr std::uint64_t kSuffixMatchingCells = 20000;
// The set-packing LP takes about 90 bytes per empty cell beyond the segment
// tables: past this many (4,096 x 4,096) it is not built.
constexpr std::size_t kPackingMaxCells = std::size_t{1} << 24;

//--- Searches (first_fail.cpp, local_search.cpp) -------------------------------
// First-fail DFS: first mode on boards with at most kFirstFailCells empty
// cells and kFirstFailDepth column segments (it recurses once per decided
// segment, on a worker's stack).
constexpr std::size_t kFirstFailCells = 8192;
constexpr std::size_t kFirstFailDepth = 2048;
// Past this many 1-tight cells, the local search looks for pairs among a
// sample.
constexpr std::size_t kMaxCandidates = 192;
// The improving search's walk below its best goes back there once its log
// (a few entries per perturbation) holds this many changes.
constexpr std::size_t kWalkLog = std::size_t{1} << 16;

//--- Branch and bound (branch_bound.cpp) ----------------------------------------
// The root's LP: coordinate descent from this temperature, halved at each
// sweep that gains under 0.001 lizard, down to kBranchFinestTau, at most
// kBranchRootSweeps sweeps per round; then up to kBranchCutRounds rounds of
// cuts (cuts.cpp, kCutReach and kCutsPerRound), each converged again.
constexpr double kBranchRootFirstTau = 0.05;
constexpr double kBranchFinestTau = 1.0 / 1024;
constexpr unsigned kBranchRootSweeps = 2000;
constexpr unsigned kBranchCutRounds = 8;
// A node's LP: warm from its parent's weights, swept from this temperature
// (halved at each sweep that gains under 0.01 lizard) until it is cut or
// stalls at the finest, at most kBranchNodeSweeps sweeps.
constexpr double kBranchNodeFirstTau = 1.0 / 64;
constexpr unsigned kBranchNodeSweeps = 12;
// The budget is looked at every kBranchPoll nodes, the open nodes' bound
// shown every kBranchProgressNodes.
constexpr std::uint64_t kBranchPoll = 16;
constexpr std::uint64_t kBranchProgressNodes = 4096;
// --max on the boards its DFS settles: the branch and bound's share of the
// time left after the improving search's warm-up (the DFS has the rest).
constexpr double kBranchShare = 0.5;

//--- Maximizing (maximize.cpp) --------------------------------------------------
// One worker: the share of the deadline the LP may take before the search
// gets the rest. More workers: the LP runs alone for kHandOverShare of the
// deadline (kHandOverSeconds without one), then beside the search.
constexpr double kPackingShare = 0.4;
constexpr double kHandOverShare = 0.1;
constexpr double kHandOverSeconds = 2;
// The LP's temperatures, coarse to fine: cooled at every level that gains
// under 0.1% in two sweeps, down to kRefineBelow; from there on (to
// kFinestTau) each level is swept while two sweeps gain more than
// kRefineStall and, per second, at least what the placements gain (100 x
// 100, 10% trees: 767 at 1/256 and 0.1%, the LP's exact optimum 763.4 (Clp),
// 764 this way in about 1 s; 200 x 200, 5% trees: 1,755 -> 1,748 in 4 s).
constexpr double kFinestTau = 1.0 / 4096;
constexpr double kRefineBelow = 1.0 / 256;
constexpr double kRefineStall = 1e-5;
// The polish (primal_dual.cpp): PDHG's primal step over its dual step, the
// iterations between its restarts at their average, and how many periods
// without gain (it does not descend monotonically) make a stall. 100 x 100,
// 10% trees: the descent stalls at 759.64 (Clp over its cliques: 758.4),
// the polish ends at 758.48 in 2.4 CPU seconds in all.
constexpr double kPolishOmega = 1.0;
constexpr unsigned kPolishPeriod = 256;
constexpr unsigned kPolishPatience = 4;
// Cuts (cuts.cpp): rounds of violated cliques at the fine temperatures' and
// the polish's stalls on boards of at most kCutMaxCells empty cells (where
// the polish runs too), each round the
// kCutsPerRound most violated, their cells at most kCutReach apart.
constexpr unsigned kCutRounds = 16;
constexpr std::size_t kCutMaxCells = 250000;
constexpr std::size_t kCutsPerRound = 4096;
constexpr std::uint32_t kCutReach = 6;
// Odd cycles (cycles.cpp) in the same rounds, once a round finds fewer than
// kCyclesAfter cliques (before, their separation's time is the cliques':
// under --max on a loaded 2-core machine the 200 x 200 bounds came out 1 to
// 4 higher with cycles from the first round, equal or lower so): each round the
// kCyclesPerRound most violated, their consecutive cells at most
// kCycleReach apart, each search from a cell settling at most kCyclePops
// nodes of the double cover and following walks of at most kCycleCells cells.
constexpr std::size_t kCyclesPerRound = 4096;
constexpr std::uint32_t kCycleReach = 12;
constexpr std::size_t kCyclePops = 512;
constexpr std::uint32_t kCycleCells = 9;
constexpr std::size_t kCyclesAfter = 64;
// The local search's time on boards the DFS then settles, per empty cell
// (0.3 s at 40 x 40).
constexpr double kExactWarmUpPerCell = 2e-4;
// The improving search's epochs: 2 s on a 1000 x 1000 board, between
// these bounds elsewhere.
// How often --max's progress (best size, bound) is shown while the bands
// improve: a bar's refresh; the bands' stop condition only looks.
constexpr auto kProgressTick = std::chrono::milliseconds(100);
constexpr double kEpochSecondsPerCell = 2e-6;
constexpr double kEpochSecondsMin = 0.25;
constexpr double kEpochSecondsMax = 30;
// Boards of at most MaximizeOptions::population_cells empty cells (250,000,
// the cuts' limit: 500 x 500) run the improving search as a population of
// this many placements per worker, one child each epoch (population.cpp);
// larger ones, where one search still gains at the deadline, run the bands.
constexpr std::size_t kPopulationSize = 4;

}  // namespace nursery::lizards
