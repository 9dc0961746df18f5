// The N-queens counters behind nursery/queens.hpp's verbs, internal to the
// engine (not installed; tests see the engine's source folder): the scheduler
// kinds (canonical pre-placements, columns, the textbook baselines, forward
// checking, the half-board join), the join's sizing, rotations and
// Burnside's lemma, the square's symmetries. A library user counts with
// queens::count and lists with queens::list.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "nursery/count.hpp"
#include "nursery/frontier.hpp"
#include "nursery/queens.hpp"
#include "queens/tuning.hpp"

namespace nursery::queens {

//--- Counting by canonical pre-placements (the fast method) ----------------
// Every solution has one queen on each border line of the board; the
// nearest of them to a corner (its distance along its edge) can be turned by
// the square's 8 symmetries to the top row, left half. So only two kinds of
// boards are searched:
//   corner: a queen at (0, 0), and of the two transposed twins the one whose
//           column-1 queen lies below its row-1 queen; weight 8, one class;
//   edge:   the top queen at column d >= 1, every other border queen at
//           distance >= d from its corners (rows d..n-1-d on the sides,
//           columns d..n-1-d on the bottom row); weight 8 and one class,
//           except for ties (another border queen at distance d) which are
//           resolved on the whole board against the tied images.
// The frontier is these pre-placements with the queens of the first rows.
struct CanonicalCount {
  struct Instance {
    int n = 0;
  };
  struct Subproblem {
    std::uint8_t top = 0;         // column of the queen in row 0 (0: the corner case)
    std::uint8_t depth = 0;       // rows 1..depth are fixed as well
    std::uint8_t prefix[6] = {};  // their columns
  };
  using Solution = Placement;  // not produced: CanonicalCount only counts

  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
  // The expected work of a subproblem (Knuth's estimate of its tree's
  // nodes): the progress bar's weight, so that it tracks time.
  static double work(const Instance& instance, const Subproblem& subproblem);
};
static_assert(SearchTree<CanonicalCount>);

//--- Full board, column by column --------------------------------------------
// Enumeration (all), a first solution and the plain count (no symmetry used),
// with a bitboard backtracker; the frontier fixes the first columns.
struct Columns {
  struct Instance {
    int n = 0;
  };
  struct Subproblem {
    std::uint32_t prefix[2] = {0, 0};  // rows of the queens in the first `depth` columns
    std::uint8_t depth = 0;
  };
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
};
static_assert(SearchTree<Columns>);

//--- Textbook baselines ------------------------------------------------------
// Three counters on Columns' instance and frontier, each its own split (which
// refuses an N beyond its reach) and solve (baselines.cpp, permutations.cpp):
//   backtrack     the column-by-column backtracker of the textbooks: arrays,
//                 no bitboards; its nodes are the partial checks (a square
//                 tested against earlier queens), 15,712 for n = 8;
//   brute         every one of the n^n placements with one queen per column,
//                 generated and tested (16,777,216 for n = 8), n <= kMaxBruteN;
//   permutations  every one of the n! permutations of the rows, made by
//                 Heap's algorithm and checked for diagonals (40,320 for
//                 n = 8), n <= kMaxPermutationsN; counts only.
using ColumnsSplit = std::vector<Columns::Subproblem>(const Columns::Instance& instance,
                                                      std::size_t target);
using ColumnsSolve = Outcome(const Columns::Instance& instance,
                             const Columns::Subproblem& subproblem, Search<Placement>& search);
ColumnsSplit backtrack_split, brute_split, permutations_split;
ColumnsSolve backtrack_solve, brute_solve, permutations_solve;

template <ColumnsSplit* cut, ColumnsSolve* search_one>
struct Textbook {
  using Instance = Columns::Instance;
  using Subproblem = Columns::Subproblem;
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target) {
    return cut(instance, target);
  }
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search) {
    return search_one(instance, subproblem, search);
  }
};
using Backtrack = Textbook<backtrack_split, backtrack_solve>;
static_assert(SearchTree<Backtrack>);
using Brute = Textbook<brute_split, brute_solve>;
static_assert(SearchTree<Brute>);
using Permutations = Textbook<permutations_split, permutations_solve>;
static_assert(SearchTree<Permutations>);

// One solution by constraint programming: forward checking with the
// smallest domain first (engine/queens/forward_checking.cpp), one search
// whose node count (values tried) is the figure to compare. First mode.
struct ForwardChecking {
  using Instance = Columns::Instance;
  struct Subproblem {};
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
};
static_assert(SearchTree<ForwardChecking>);

//--- Join: half boards counted against each other ------------------------------
namespace join_detail {
class JoinRun;  // a join count's own state (join.hpp)
// A fresh one, with the process's tuning (join_tuning()).
std::shared_ptr<JoinRun> new_join_run();
}  // namespace join_detail

// Meet in the middle (engine/queens/join.cpp): every top half (rows 0..a-1,
// a = n/2) is reduced to its inner columns and the rays it sends across the
// cut; a solution is a top half joined with another top half turned upside
// down (odd n: with the middle row's queen between them). The frontier is
// the top half's columns among the 2*width outer columns, one pattern per
// orbit of the flip and the mirror, weighted by the orbit's size; at even n
// the boards are weighed by their long diagonals for the diagonal
// reflections (only the sum over the frontier is the total). Counts
// totals only; unique counts come from Burnside's lemma (rotations below).
struct JoinCount {
  struct Instance {
    int n = 0;
    int min_width = 0;  // narrowest chunk (memory: a wider chunk makes smaller pieces)
    // What the count owns (join.hpp): its tuning, quarter tables and
    // workers' buffers, freed with the instance; a fresh one for each
    // instance made (the instance stays immutable: this is its workspace).
    std::shared_ptr<join_detail::JoinRun> run = join_detail::new_join_run();
    // Halves from quarter tables where the run's tuning builds them; false
    // (a memory budget too small for the tables, join_for_memory()): every
    // half row by row (the same pieces, less memory, more time).
    bool quarter_tables = true;
  };
  struct Subproblem {
    std::uint32_t pattern = 0;  // the top half's columns among the chunk's
    std::uint8_t middle = 0;    // odd n: column of the middle row's queen; 0xff for even n
    std::uint8_t width = 0;     // chunk columns on each side
    std::uint8_t weight = 0;    // boards this pattern stands for (orbit size)
    // Odd n: 1 where the middle pair weighs the boards (the transposes,
    // join.cpp), so that a checkpoint of the join before it, whose pieces
    // count otherwise, has another frontier checksum; 0 for even n.
    std::uint8_t middle_pair = 0;
  };
  using Solution = Placement;  // not produced: JoinCount only counts

  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  // The same, looking at `budget` while the patterns are listed (N = 29
  // on a large --memory: 11.5 million subproblems, 0.6 s): nothing once
  // it is spent, never a part of the frontier.
  static std::optional<std::vector<Subproblem>> split(const Instance& instance, std::size_t target,
                                                      const Budget& budget);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
  // The expected work of a subproblem (the halves it lists, estimated by
  // random descents, and the joins over them): the progress bar's weight.
  static double work(const Instance& instance, const Subproblem& subproblem);
};
static_assert(SearchTree<JoinCount>);

// Bytes one join piece of chunk width `width` needs at most (an upper
// estimate from the top halves' growth, for memory budgets), with the
// quarter tables where the process's tuning builds them and
// `quarter_tables` allows them.
double join_piece_bytes(int n, int width, bool quarter_tables = true);
// The widest chunk (the finest pieces) a join of size n is cut into.
int join_max_width(int n);
// The narrowest chunk whose pieces need at most `bytes` each; -1 when even
// the finest pieces need more.
int join_width_for(int n, double bytes, bool quarter_tables = true);

//--- Rotations and Burnside ---------------------------------------------------
// Solutions left unchanged by a quarter turn (quarter_turns = 1) or a half
// turn (quarter_turns = 2), counted by a search over a quarter or a half of
// the board (engine/queens/rotations.cpp).
Count count_rotation_invariant(int n, int quarter_turns);
// Symmetry classes from the total: (Q + R180 + 2 R90) / 8 for n >= 2 (no
// solution of n >= 2 is its own reflection); 1 for n = 1.
Count unique_from_total(int n, Count total);

//--- Symmetry ----------------------------------------------------------------
// The 8 symmetries of the square, g = 0 (identity) .. 7, acting on (row, column).
void transform(int g, int n, int& row, int& column);
// Whether `placement` is the smallest (lexicographically) of its 8 images:
// counting these counts symmetry classes.
bool is_canonical(std::span<const std::uint32_t> placement);

}  // namespace nursery::queens
