// What the lizards files share behind the facade: the search tree, the
// frontier, the matching bound (the techniques themselves: techniques.hpp).
// Not part of the public API.
#pragma once

#include <atomic>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "lizards/techniques.hpp"
#include "lizards/tuning.hpp"
#include "nursery/lizards.hpp"
#include "nursery/scheduler.hpp"

namespace nursery::lizards {

// A bipartite graph in compressed rows: left vertex u's neighbours are
// adjacency[start[u] .. start[u+1]).
struct BipartiteGraph {
  std::uint32_t left = 0, right = 0;
  std::vector<std::uint32_t> start, adjacency;
};
// Hopcroft-Karp: the size of a maximum matching, or, once a matching of
// `enough` edges is found, that size (a proof that the bound does not bite).
std::uint64_t max_matching(const BipartiteGraph& graph,
                           std::uint64_t enough = std::numeric_limits<std::uint64_t>::max());
// The same, stoppable (`budget`, polled every few thousand vertices): a
// matching cut short still proves a bound. Hopcroft-Karp's last layering
// says every augmenting path uses at least k matched edges; a maximum
// matching M* and the current M differ by |M*| - |M| disjoint augmenting
// paths, so |M*| <= |M| + |M| / k (and <= |M| + the free left vertices).
struct MatchingBound {
  std::uint64_t size = 0;   // the matching found
  std::uint64_t upper = 0;  // a proven bound on the maximum (size when complete)
  bool complete = false;    // maximum, or `enough` reached
};
MatchingBound matching_bound(const BipartiteGraph& graph, std::uint64_t enough,
                             const Budget& budget);

// The edges (one per empty cell) between two directions' segments, for the
// cells listed.
BipartiteGraph segment_graph(const Instance& instance, const std::uint32_t* cells,
                             std::size_t count, Direction left, Direction right);

// capacity[k] for k in [0, column segments]: see Instance::capacity.
std::vector<std::uint32_t> column_capacities(const Instance& instance);

// maximize() but its last phase (DFS on small boards), from what its caller
// has built: the greedy placement, the segment tables (nullptr: stopped
// before they were built) and the root matchings (nullptr: computed here):
// the bounds (matchings, the LP) and the banded improving search. solve()
// hands a large decision to it with target p; it never calls solve(), and
// maximize() calls both, so the two drivers never call each other.
MaximizeReport improve(const Board& board, const Instance* instance, Placement greedy,
                       const Bounds* known, const MaximizeOptions& options);

// The local search of a decision, resumed round after round (a
// reproducible decision gives it a budget of moves per round): each run()
// goes on where the last one ended (local_search.cpp).
class Racer {
 public:
  Racer(const Instance& in, Placement start, std::uint64_t seed);
  ~Racer();
  // A placement of p, or nothing once options' budget or moves end the
  // call.
  std::optional<Placement> run(const LocalSearchOptions& options);

 private:
  struct State;
  const Instance& in_;
  std::unique_ptr<State> state_;
};

// Every segment's empty cells, in one compressed table: segment s holds
// cells[start[s] .. start[s+1]). The local search's map of the board, built
// once per run and shared by its workers (4 entries per empty cell).
struct SegmentCells {
  explicit SegmentCells(const Instance& in);
  std::vector<std::uint32_t> start, cells;
};

// The improving search of --max, kept between the epochs of a run: each
// improve() first moves its placement to `from` (only what differs, and
// the swaps around it), then improves it until options say stop. The first
// call fills every free cell and looks for swaps everywhere (local_search.cpp).
class Improver {
 public:
  Improver(const Instance& in, std::shared_ptr<const SegmentCells> map, std::uint64_t seed);
  ~Improver();
  Placement improve(const Placement& from, const ImproveOptions& options);

 private:
  struct State;
  const Instance& in_;
  std::unique_ptr<State> state_;
};

// A line across the board: rows (or columns, across_columns) before `at`
// are the near side.
struct Cut {
  bool across_columns = false;
  std::uint32_t at = 0;
};
// A child of two placements (population.cpp): `near`'s lizards on the near
// side of the cut, then `far`'s beyond it that see none taken. Safe, but
// not filled: the seam may leave free cells.
Placement recombine(const Instance& in, const Placement& near, const Placement& far,
                    const Cut& cut);

// The improving search of --max on boards of up to
// MaximizeOptions::population_cells empty cells: a few placements, each with its own Improver,
// improved and recombined one generation at a time (population.cpp).
class Population {
 public:
  Population(const Instance& in, std::shared_ptr<const SegmentCells> map, std::uint64_t seed,
             std::size_t size);
  ~Population();
  // One generation under `options`: the first improve the first member
  // until one gains nothing, the next grow the other members from the first
  // placement offered; the others improve a child of two random members (a
  // larger `offered` first replaces the smallest). The largest member comes
  // back.
  Placement generation(const Placement& offered, const ImproveOptions& options);
  std::uint64_t generations() const { return generations_; }  // children bred

 private:
  std::size_t largest() const;
  std::size_t smallest() const;
  std::uint64_t random(std::uint64_t below);

  const Instance& in_;
  const std::size_t size_;
  std::vector<std::unique_ptr<Improver>> improvers_;  // one per member
  std::vector<Placement> members_;
  Placement first_;       // where every member started
  bool stalled_ = false;  // the first member alone gained nothing in an epoch
  std::mt19937_64 rng_;
  std::uint64_t generations_ = 0;
};

// The portfolio's shared state: DFS tasks count down as they finish
// without a find; the local search gives up once they all have (the proof
// is then complete).
struct Portfolio {
  std::atomic<std::size_t> dfs_pending{0};
  std::atomic<bool> proof_done{false};
  std::atomic<std::uint64_t> best{0};  // the local search's largest placement
  Placement start;                     // the greedy placement the local search starts from
  Budget own;                          // its own time (--any on one worker; else none)
  std::uint64_t moves = 0;             // a round's work limit in moves (0: none; the default
                                       // is reproducible: rounds of growing moves)
  std::unique_ptr<Racer> racer;        // its state between rounds (one round at a time)
  std::uint64_t seed = 1;
  Progress* progress = nullptr;        // the local search's best shown live (optional)
};

struct Subproblem {
  enum class Technique : std::uint8_t { dfs, local_search };
  Technique technique = Technique::dfs;
  std::uint32_t next = 0;                // the first column segment not yet decided
  Placement placed;                      // lizards of the decided prefix
  std::uint64_t work_budget = 0;         // stop, incomplete, after looking at this many
                                         // cells (0: none)
  std::shared_ptr<Portfolio> portfolio;  // set on every entry of a portfolio run
};

// The search tree of a board (frontier.hpp's SearchTree): DFS over column segments.
struct ColumnSegments {
  using Instance = lizards::Instance;
  using Subproblem = lizards::Subproblem;
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
};
static_assert(SearchTree<ColumnSegments>);

Outcome first_fail_search(const Instance& instance, const Subproblem& subproblem,
                          Search<Placement>& search);

// Breadth-first expansion from the root (bfs.cpp) until `target` open nodes
// or `max_bytes` of frontier; nodes that already hold p lizards stay in it
// as finished leaves.
std::vector<Subproblem> expand_frontier(const Instance& instance, std::size_t target,
                                        std::size_t max_bytes);

// A cut a separation found (cuts.cpp, cycles.cpp): its cells and how far
// the LP's solution exceeds its right-hand side there.
struct ViolatedCut {
  float excess;
  std::vector<std::uint32_t> cells;
};
// The `most` most violated of `found`, most violated first (ties in the
// order found).
std::vector<std::vector<std::uint32_t>> most_violated(std::vector<ViolatedCut> found,
                                                      std::size_t most);

// The board's empty cells numbered from 0 in row-major order (windows and
// rows stay local): the cell numbers of the set-packing LP (lp_bound.cpp)
// and of the branch and bound's node LP (branch_bound.cpp).
inline constexpr std::uint32_t kTreeCell = std::numeric_limits<std::uint32_t>::max();
struct EmptyCells {
  std::vector<std::uint32_t> number;  // per board cell: its number, kTreeCell for a tree
  std::vector<std::uint32_t> cell;    // per number: its board cell
};
EmptyCells number_empty_cells(const Board& board);
// The numbers (`number`: EmptyCells::number) of the empty cells of the 2 x 2
// window with top-left corner (r, c) on an n x n board, into `members`; how
// many there are.
inline unsigned window_members(const std::vector<std::uint32_t>& number, std::uint32_t n,
                               std::uint32_t r, std::uint32_t c, std::uint32_t (&members)[4]) {
  unsigned count = 0;
  for (std::uint32_t at : {r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1})
    if (number[at] != kTreeCell) members[count++] = number[at];
  return count;
}

}  // namespace nursery::lizards
