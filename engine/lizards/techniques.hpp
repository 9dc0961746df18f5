// The lizards solver's techniques behind the facade (nursery/lizards.hpp):
// the segment model, the bounds, the searches and the LP bound, one file
// each. Tests and the engine's own files use them; the installed package
// does not ship this header.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "nursery/budget.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

// ---- The segment model (instance.cpp) ---------------------------------------

// The four line directions a lizard sees along.
enum Direction : unsigned { kRow = 0, kColumn = 1, kDiagonal = 2, kAntiDiagonal = 3 };

// The segment model, built once and shared read-only by every task.
struct Instance {
  Board board;
  std::uint32_t segment_count[4] = {0, 0, 0, 0};   // per direction
  std::uint32_t segment_offset[4] = {0, 0, 0, 0};  // global id = offset + local id
  std::uint32_t total_segments = 0;                // sum over the four directions
  std::vector<std::uint32_t> segment;              // 4 global ids per cell (trees: unused)
  // Empty cells by column segment (column-major; inside a segment, the
  // cells seeing most first: the DFS value order); column segment k owns
  // column_cells[column_start[k] .. column_start[k+1]).
  std::vector<std::uint32_t> column_cells;
  std::vector<std::uint32_t> column_start;
  std::vector<std::uint32_t> column_of_segment;  // column index of column segment k
  // capacity[k]: an upper bound on the lizards column segments k.. can hold,
  // whatever was placed before them (DFS pruning).
  std::vector<std::uint32_t> capacity;

  const std::uint32_t* segments_of(std::uint32_t cell) const { return &segment[4ull * cell]; }
};

// Builds the segment tables (instance.cpp) and the DFS capacities (bounds.cpp).
// `budget` is polled once per row and column: nothing comes back once it
// is spent (a deadline on a 10,000 x 10,000 board, Ctrl-C).
std::shared_ptr<const Instance> build_instance(Board board, const Budget& budget = {});

// ---- Bounds (greedy.cpp, bounds.cpp) ----------------------------------------

// Column-major greedy (the homework's seed approach), O(n) extra memory:
// the lizards it places (all of them, not capped at p). `budget` is polled
// once per column: once it is spent, the scan ends there and what it placed
// so far comes back (a prefix of the scan: still safe, a smaller lower
// bound); a caller asks the budget again to tell.
Placement greedy_placement(const Board& board, const Budget& budget = {});
std::uint64_t greedy_count(const Board& board);
// The whole scan's count, or nothing when `budget` was spent first.
std::optional<std::uint64_t> greedy_count(const Board& board, const Budget& budget);

struct Bounds {
  std::uint64_t free_cells = 0;
  std::uint64_t segments[4] = {0, 0, 0, 0};  // at most one lizard per segment
  std::uint64_t row_column_matching = 0;     // rooks with walls: exact for 2 directions
  std::uint64_t diagonal_matching = 0;       // bishops with walls
  bool matchings_cut = false;                // stopped early: the matchings' entries are
                                             // Hopcroft-Karp's bound on them, not their size
  std::uint64_t upper() const;               // the best of the above
};
// Matchings stop once they reach `enough` (p, when only "can p fit" is
// asked); their entries then hold the segment-count bound instead. Asked
// to stop (`stopped`, optional; huge boards take minutes), a matching's
// entry is the bound its last layering proves.
Bounds root_bounds(const Instance& instance,
                   std::uint64_t enough = std::numeric_limits<std::uint64_t>::max(),
                   const Budget& budget = {});

// ---- Solving (solve.cpp) ---------------------------------------------------

// solve() on a model already built (solve(board) builds only what it needs).
SolveReport solve(const Instance& instance, const SolveOptions& options);

// ---- Local search (local_search.cpp) ---------------------------------------

struct LocalSearchOptions {
  std::uint64_t seed = 1;
  // Polled every 256 moves: cancel, deadline, the DFS's proof. Its work
  // limit counts perturbations (a Racer's run ends there, and the next
  // goes on): a budget that does not depend on the clock, so the same
  // board and seed end the same way.
  Budget budget;
  std::atomic<std::uint64_t>* best = nullptr;  // raised to the largest placement seen
  Progress* progress = nullptr;                // ... and shown there (optional)
};
// Local search from a start placement (independent lizards) toward p
// lizards; returns a full placement of p lizards or nothing.
std::optional<Placement> local_search(const Instance& instance, Placement start,
                                      const LocalSearchOptions& options);

// ---- Maximum (lp_bound.cpp, local_search.cpp) -------------------------------

// The set-packing LP bound: every segment of the four directions and every
// 2x2 window holds one lizard at most. Any nonnegative clique weights give
// sum(weights) + sum over cells of max(0, 1 - weights through the cell) as
// a bound, computed exactly in integers; coordinate descent on a smoothed
// dual finds good weights.
struct PackingOptions {
  unsigned threads = 0;  // packing_bound: 0, the current pool (PackingLp: always the current)
  Budget budget;         // packing_bound's (stop, deadline, the driver's conditions), per chunk
  std::uint64_t enough = 0;                     // stop once the bound is this low (a proof)
  double first_tau = 0.05;                      // the first smoothing temperature
  double finest_tau = 1.0 / 256;                // the last one
  // At the finest temperature the sweeps go on while two of them lower the
  // bound by more than this fraction (coarser levels: 0.1%), and, when
  // given, while worth_refining(that fraction per second) says so (the
  // driver weighs it against what the placements gain).
  double refine_stall = 1e-3;
  double refine_below = 1.0 / 256;  // the temperatures that count as fine
  std::function<bool(double gain_per_second)> worth_refining;
  // Rounds of cuts (cuts.cpp) at the fine temperatures' stalls (0: none).
  unsigned cut_rounds = 0;
  // With the cliques, each round separates odd cycles (cycles.cpp).
  bool cycles = true;
  // Past the finest temperature's stall, PDHG (primal_dual.cpp) polishes
  // the weights while it gains (refine_stall, worth_refining), cutting at
  // its stalls while cut_rounds last.
  bool polish = false;
  std::function<void(std::uint64_t)> on_bound;  // each sweep's best bound (progress)
  bool keep_proof = false;                      // the best weights, for PackingLp::certificate()
};
struct PackingBound {
  std::uint64_t value = 0;   // proven: no placement holds more lizards
  std::size_t cliques = 0;   // segments and windows in the LP
  std::uint64_t sweeps = 0;  // coordinate-descent passes over every clique
  std::uint64_t iterations = 0;  // PDHG iterations (options.polish)
  std::size_t cuts = 0;          // cut cliques added (cuts.cpp), among the cliques
  std::size_t cycles = 0;        // odd cycles added (cycles.cpp), among the cliques
  double tau = 0;            // the temperature it ended at
  double seconds = 0;
  std::vector<float> preference;  // per cell (row-major): 1 - cover, higher = the LP likes it
};
// The LP as a technique that pauses and goes on: each run() sweeps (every
// family on the current pool) until `budget` is spent, the bound has
// converged (or reached options.enough), or, looked at between sweeps
// only (a sweep begun is finished), `pause` is spent; the next run() goes
// on from the weights it left. options.budget is not read here.
class PackingLp {
 public:
  PackingLp(const Instance& instance, PackingOptions options);
  ~PackingLp();
  const PackingBound& run(const Budget& budget, const Budget& pause = Budget());
  bool converged() const;
  // How much the LP likes each cell now (PackingBound::preference).
  std::vector<float> preference() const;
  // The proof of the bound run() reported (options.keep_proof; without it,
  // of the bound of all weights zero: the empty cells).
  BoundCertificate certificate() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};
// The LP's polish where the descent stalls (primal_dual.cpp): PDHG over a
// clique table (clique k holds the cells members[start[k] .. start[k+1]),
// local indices below `cells`), the table referenced, not copied: after
// cliques are appended, grow(). Clique k holds bound[k] lizards at most (1;
// an odd cycle's (k - 1) / 2). Its weights (y >= 0) give bounds as any
// weights do; its values (x in [0, 1]) are the LP's primal, for the cuts.
class PrimalDual {
 public:
  PrimalDual(const std::vector<std::uint32_t>& start, const std::vector<std::uint32_t>& members,
             const std::vector<double>& bound, std::size_t cells, double omega);
  void warm(const std::vector<double>& weights, const std::vector<float>& values);
  void grow();
  void step();             // one iteration
  void restart_at_mean();  // from the average of the iterations since the last restart
  const std::vector<double>& weights() const { return weight_; }
  const std::vector<double>& mean_weights() const { return mean_weight_; }
  const std::vector<double>& values() const { return value_; }

 private:
  void restart();
  const std::vector<std::uint32_t>& start_;
  const std::vector<std::uint32_t>& members_;
  const std::vector<double>& bound_;              // per clique: its right-hand side
  double omega_;                                  // primal step over dual step
  std::vector<double> value_, through_;           // per cell: x, the cliques through it
  std::vector<double> cover_;                     // per cell: the weights through it
  std::vector<double> extrapolated_;              // per cell: 2 x_new - x_old
  std::vector<double> weight_;                    // per clique: y
  std::vector<double> mean_value_, mean_weight_;  // since the last restart
  std::uint64_t averaged_ = 0;
};

// One run to the end under options.budget on a pool of options.threads,
// with the preference unless the budget was spent.
PackingBound packing_bound(const Instance& instance, const PackingOptions& options);

// Cliques of the sight graph (cells pairwise on one segment, not all on
// one: triangles, diamonds, squares) whose cells' values (row-major, per
// cell) sum to more than 1.02: the `most` most violated, each grown from
// one cell by its heaviest neighbours at most `reach` away along their
// segments, as sorted board indices (cuts.cpp).
using CutClique = std::vector<std::uint32_t>;
std::vector<CutClique> violated_cliques(const Instance& instance, const std::vector<float>& value,
                                        std::uint32_t reach, std::size_t most);

// Odd cycles of the sight graph (each cell sees the next, the last the
// first; k cells, k odd, hold (k - 1) / 2 lizards at most) whose cells'
// values (row-major, per cell) sum to more than (k - 1) / 2 + 0.02: the
// `most` most violated, found by shortest odd closed walks (at most `pops`
// nodes settled each) over edges at most `reach` long, as board indices in
// the cycle's order (cycles.cpp).
using CutCycle = std::vector<std::uint32_t>;
std::vector<CutCycle> violated_cycles(const Instance& instance, const std::vector<float>& value,
                                      std::uint32_t reach, std::size_t most, std::size_t pops);

// The improving search for the largest placement (iterated local search,
// perturbations guided by the LP's preference): the best placement found
// before `budget` is spent or `target` lizards are placed.
struct ImproveOptions {
  std::uint64_t seed = 1;
  std::uint64_t target = std::numeric_limits<std::uint64_t>::max();
  Budget budget;                                   // polled every few hundred moves
  const std::vector<float>* preference = nullptr;  // per cell; none: uniform
  std::atomic<std::uint64_t>* best = nullptr;      // raised to the size held (progress)
  // Where perturbations may land (empty: anywhere): workers improving one
  // placement side by side each take a band of rows (maximize.cpp).
  std::function<bool(std::uint32_t cell)> kicks_in;
  // Keep a perturbation that lost lizards with Andrade, Resende and
  // Werneck's chance (local_search.cpp): the populations' searches, which
  // stall; the bands, still gaining at the deadline, undo every loss.
  bool walk = false;
};
Placement improve_placement(const Instance& instance, Placement start,
                            const ImproveOptions& options);

// ---- Branch and bound (branch_bound.cpp) ------------------------------------

// The largest placement, proven: depth-first branch and bound on cells (in:
// its sight taken away; out: unusable, still see-through), each node cut by
// the set-packing LP over its usable cells (segments, 2 x 2 windows and the
// root's cuts), the weights warm from the node before.
struct BranchBoundOptions {
  Budget budget;        // polled every few nodes (its work limit counts nodes); spent:
                        // the best so far and the open nodes' bound
  Placement incumbent;  // a safe placement (board cells): only larger ones are searched for
  std::uint64_t target = std::numeric_limits<std::uint64_t>::max();          // stop once this many
  std::function<void(std::uint64_t best, std::uint64_t bound)> on_progress;  // optional
};
struct BranchBoundResult {
  Placement best;                // the incumbent or a larger placement (board cells, sorted)
  std::uint64_t bound = 0;       // proven: no placement holds more
  std::uint64_t root_bound = 0;  // the root's LP with its cuts: floor(root_value)
  double root_value = 0;         // the LP's value there (its exact dual objective)
  bool optimal = false;          // the tree was exhausted: bound = best.size()
  std::uint64_t nodes = 0;
  std::size_t cuts = 0;  // cliques the root's cut rounds added
  double seconds = 0;
};
BranchBoundResult branch_and_bound(const Instance& instance, const BranchBoundOptions& options);
// --max on the boards its DFS settles (maximize.cpp), before the DFS: the
// search from the report's best placement under kBranchShare of the time
// left; a larger placement raises best, an exhausted tree proves it, a
// stopped one lowers the bound to its open nodes' where that is lower.
void settle_by_branching(const Instance& instance, MaximizeReport& report,
                         const MaximizeOptions& options);

}  // namespace nursery::lizards
