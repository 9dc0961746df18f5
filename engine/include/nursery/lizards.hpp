// Baby lizards: place p lizards on an n x n nursery so that no two see each
// other along a row, column, diagonal or anti-diagonal unless a tree stands
// between them (USC CSCI-561 Fall 2017, homework 1).
//
// The public facade: the board and its formats, and the verbs (solve,
// maximize, verify, generate) with their options. Everything here is free
// of I/O: the CLI reads files and hands text in. The techniques behind the
// verbs (the segment model, bounds, searches, the LP bound) are internal:
// engine/lizards/techniques.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nursery/budget.hpp"
#include "nursery/count.hpp"
#include "nursery/frontier.hpp"
#include "nursery/input.hpp"
#include "nursery/kind.hpp"
#include "nursery/progress.hpp"
#include "nursery/report.hpp"
#include "nursery/stats.hpp"
#include "nursery/stop.hpp"

namespace nursery::lizards {

// ---- Problem ---------------------------------------------------------------

enum class Algorithm { dfs, bfs, sa };
const char* to_string(Algorithm algorithm);

constexpr std::uint8_t kEmpty = 0;  // a cell a lizard may take
constexpr std::uint8_t kTree = 2;   // cuts every line through it
// The BFS frontier's memory, and that of a frontier cut by BFS (--bfs-memory).
constexpr std::size_t kBfsBudgetBytes = std::size_t{16} << 20;

struct Board {
  Algorithm algorithm = Algorithm::dfs;  // the file's first line
  std::uint32_t n = 0;                   // side
  std::uint64_t p = 0;                   // lizards asked for (may exceed n*n)
  std::vector<std::uint8_t> cells;       // n*n, row-major: kEmpty or kTree
  std::uint64_t trees() const;
};

// A placement: lizard cells as row-major indices r*n+c (greedy ones in
// column-major order, searched ones ascending).
using Placement = std::vector<std::uint32_t>;

// ---- Format ----------------------------------------------------------------

// Whether a text (its first lines) is a lizards board: yes for the
// algorithm line, maybe for a file without it (n and p alone, then rows).
Sniff sniff(std::string_view head);

// Parses the homework format. Accepts LF, CRLF and lone CR line ends, a
// missing final newline, blanks around a line, lines after the grid, and a
// file without its algorithm line (DFS). `name` prefixes errors.
Board parse(std::string_view text, const std::string& name);
// The most bytes a board file can hold, from its first lines (its first
// 4 KiB): what its n allows, with room for CRLF and blanks around lines.
// InputError when no first line ends there (no board starts that way:
// /dev/zero, binary data); no limit when n cannot be read (the parser then
// says what is wrong, with its line).
std::uint64_t size_limit(std::string_view head, const std::string& name);
std::string format_instance(const Board& board);  // the input format (format: the answer)
std::string format(const Board& board, const Placement* placement);  // OK+rows or FAIL

// ---- Solving ---------------------------------------------------------------

using nursery::Verdict;
using nursery::to_string;

struct SolveOptions {
  bool count = false;                        // count every placement of p lizards exactly
  std::optional<Algorithm> algorithm;        // override the file's algorithm line
  unsigned threads = 0;                      // 0: all cores
  Budget budget;                             // Ctrl-C, the deadline; none: runs to the end
  Progress* progress = nullptr;              // live counters for a display
  std::size_t bfs_budget_bytes = kBfsBudgetBytes;  // BFS frontier memory (about 256 B a node)
  std::uint64_t seed = 1;                    // local search
  bool local_search = true;                  // first mode: race a local search against DFS
  // First mode: take whichever search finds first (the fastest; the answer
  // may differ from run to run). Otherwise the search runs in rounds of
  // growing budgets counted in nodes and moves, not seconds, and a round's
  // answer is its leftmost find, so every run prints the same answer.
  bool any = false;
};

// The shared Report (verdict, status, count, how, stats) and the lizards'
// own answer: the placement, and the bounds known on the largest one.
struct SolveReport : Solved<Placement> {  // the solution when ok
  std::uint64_t lower = 0;             // best placement size known
  std::uint64_t upper = 0;             // best proven upper bound
};

SolveReport solve(const Board& board, const SolveOptions& options);  // builds only what it needs

// ---- Verification (shares no code with the solver) ---------------------------

using nursery::Verification;
// How many lizards an OK answer holds: exactly p (the homework places each
// of the p babies), or p or more, each safe (asked for by name: a --max
// placement checked against the board it was asked on).
enum class Placed { exactly_p, at_least_p };
// Checks an answer text against an input text, both in the homework format:
// the answer's trees are the board's (none missing, none added), its
// lizards stand on empty cells, none sees another, and there are p of them.
Verification verify(std::string_view input, std::string_view output,
                    Placed placed = Placed::exactly_p);
// The same verdict, or nothing when `budget` was spent first (polled once
// per row or line checked: Ctrl-C during a 10,000 x 10,000 check).
std::optional<Verification> verify(std::string_view input, std::string_view output,
                                   const Budget& budget);
// The same, counting its work in `progress` for a bar: total is 2n rows
// (the board's rows read, then the answer's rows checked in one pass),
// done those checked so far.
std::optional<Verification> verify(std::string_view input, std::string_view output,
                                   const Budget& budget, Progress* progress,
                                   Placed placed = Placed::exactly_p);

// ---- Generation ---------------------------------------------------------------

struct GenerateOptions {
  std::uint32_t n = 8;
  double trees = 0;     // fraction of cells that are trees
  std::int64_t p = -1;  // -1: auto (greedy), -2: auto+1
  std::uint64_t seed = 1;
  Algorithm algorithm = Algorithm::dfs;
};
Board generate(const GenerateOptions& options);
// The column-major greedy's count on a board of side n given as one bit a
// cell (row-major, bit i of word i/64: a tree): n*n/8 bytes, for `gen --p
// auto` on boards whose bytes would not fit.
std::optional<std::uint64_t> greedy_count(std::uint32_t n, const std::vector<std::uint64_t>& trees,
                                          const Budget& budget);
// The rows of the board generate() draws, one at a time (the same bytes for
// the same options): a board written as it is drawn needs O(n) memory.
class TreeRows {
 public:
  explicit TreeRows(const GenerateOptions& options);
  // The next row's n cells, kEmpty or kTree.
  void next(std::vector<std::uint8_t>& row);

 private:
  std::mt19937_64 rng_;
  double trees_;
  std::uint32_t n_;
};
// The same board, or nothing when `budget` was spent first (polled once
// per row while trees are drawn and once per column of the greedy).
std::optional<Board> generate(const GenerateOptions& options, const Budget& budget);

// ---- Maximum (issue 13): the largest placement, and a proven bound ------------
// (maximize.cpp, lp_bound.cpp; the improving search is in local_search.cpp)

// The command line's deadline for --max when none is given (a library
// caller gives its own budget; none runs until the gap closes).
constexpr double kMaximizeDefaultSeconds = 60;
struct MaximizeOptions {
  unsigned threads = 0;  // 0: all cores
  Budget budget;         // Ctrl-C, the deadline; none: until the gap closes
  std::uint64_t seed = 1;
  std::uint64_t target = 0;  // stop once this many are placed (0: none)
  // Boards with at most this many empty cells are proven optimal by DFS
  // (p = best + 1 exhausted) when the bounds leave a gap.
  std::uint64_t exact_cells = 1600;
  // Boards with at most this many empty cells run the improving search as
  // a population per worker on the whole board; larger ones as bands of
  // rows stitched every epoch (docs/lizards.md, technique 11).
  std::uint64_t population_cells = 250000;
  std::function<void(std::uint64_t best, std::uint64_t upper)> on_progress;
  bool certificate = false;  // keep the bound's proof (MaximizeReport::certificate)
};

// A proof of an upper bound anyone can check (--certificate; docs/lizards.md
// has the text format): cliques of the sight graph (cells that pairwise see
// each other, so each holds one lizard at most), each with a nonnegative
// weight in units of 1/scale, that cover every empty cell with weight at
// least 1. Then every placement holds at most sum(weights) lizards: its
// lizards each take weight 1 or more from cliques that hold no other. Odd
// cycles of the sight graph may stand beside the cliques: one of k cells
// holds (k - 1) / 2 lizards at most, and counts its weight that often.
enum class CliqueShape {
  row,            // cells (row, column + i), i < length
  column,         // cells (row + i, column), i < length
  diagonal,       // cells (row + i, column + i), i < length
  anti_diagonal,  // cells (row + i, column - i), i < length
  window,         // the empty cells of the 2 x 2 window at (row, column)
  cell,           // the cell (row, column) alone
  triangle,       // the cells (row, column), (row2, column2), (row3, column3)
  clique,         // the cells (row, column) and `others` (four or more in all)
  cycle           // an odd cycle: (row, column), then `others` in order, each seeing
                  // the next and the last the first; holds (cells - 1) / 2 lizards
};
struct WeightedClique {
  CliqueShape shape = CliqueShape::cell;
  std::uint32_t row = 0, column = 0;
  std::uint32_t length = 1;  // the lines' cells (window and cell: unused)
  std::uint64_t weight = 0;  // in units of 1/scale
  std::uint32_t row2 = 0, column2 = 0, row3 = 0, column3 = 0;  // a triangle's other cells
  std::vector<std::array<std::uint32_t, 2>> others;  // a clique's or cycle's: (row, column)
};
struct BoundCertificate {
  std::uint32_t n = 0;
  std::uint64_t scale = 1;
  std::uint64_t bound = 0;  // floor(sum of the weights / scale; a cycle's (k - 1) / 2 times)
  std::string by;           // which bound it proves ("set-packing LP", "row segments")
  std::vector<WeightedClique> cliques;
};
// The certificate's text (docs/lizards.md, "Bound certificates").
std::string format_certificate(const BoundCertificate& certificate);
// The plainest certificate of a board: every segment of the direction with
// the fewest, weight 1 (a bound at most the empty cells; for a board the
// LP was not run on).
BoundCertificate segment_certificate(const Board& board);
// How best and bound moved over a --max run (trajectory.cpp), so two runs
// compare over time and not only at their end: a point each time either
// moved (changes less than a millisecond apart: the last of them), and the
// primal-dual integral of optimisation solvers: the integral over the run
// of the gap (bound - best) / bound, in seconds (1 until the first point;
// lower is better: a small gap, early).
struct TrajectoryPoint {
  double seconds = 0;  // since the run's start
  std::uint64_t best = 0, bound = 0;
};
class Trajectory {
 public:
  Trajectory();
  // A placement of `best` and a proof of `bound` known now (any thread;
  // values that move neither are dropped at the cost of two atomic loads).
  void record(std::uint64_t best, std::uint64_t bound);
  // The run ended now: its points and the integral up to now.
  std::vector<TrajectoryPoint> points() const;
  double primal_dual_integral() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

// The one answer shape of solve() (SolveReport: the Report, the placement as
// its solution, its bounds) and --max's own figures: the placement is always
// there (verdict ok, every lizard safe), `lower` is its size and `upper` the
// proven bound; status complete when they meet or the target was reached.
struct MaximizeReport : SolveReport {
  std::string upper_by;              // which evidence gave `upper`
  std::uint64_t greedy = 0;          // the column-major greedy's size
  std::uint64_t matching_bound = 0;  // min of the segment counts and two matchings
  std::uint64_t packing_bound = 0;   // the LP bound (0: not computed)
  std::uint64_t packing_sweeps = 0;
  std::size_t packing_cliques = 0;
  std::uint64_t search_epochs = 0;   // the improving search's epochs (bands stitched)
  double matching_seconds = 0, packing_seconds = 0, search_seconds = 0, exact_seconds = 0;
  // With MaximizeOptions::certificate: the proof of the LP's bound (of the
  // segment counts when the LP did not run); it may prove less than `upper`
  // where a matching or the DFS gave that.
  std::optional<BoundCertificate> certificate;
  std::vector<TrajectoryPoint> trajectory;  // best and bound as they moved (Trajectory)
  double primal_dual_integral = 0;          // seconds (Trajectory)
  double gap() const {  // (upper - lower) / upper
    return upper == 0 ? 0.0 : static_cast<double>(upper - lower) / static_cast<double>(upper);
  }
};
MaximizeReport maximize(const Board& board, const MaximizeOptions& options);

// ---- The kind for the generic drivers (nursery/kind.hpp; facade.cpp) ------

// Boards in the homework format: solve()'s decision (OK and the grid, or
// FAIL) or its count, checked by verify() against the input text.
struct Facade {
  using Puzzle = Board;
  using Answer = SolveReport;
  static constexpr const char* name = "lizards";
  static constexpr const char* described = "a lizards board";
  static constexpr const char* known_by = "DFS/BFS/SA line";
  // verify --at-least: p or more safe lizards answer p (a --max placement).
  static constexpr bool verifies_at_least = true;
  static constexpr bool homework_names = true;
  static Sniff sniff(std::string_view head) { return lizards::sniff(head); }
  static std::vector<Puzzle> read(std::string_view text, const std::string& file);
  static std::uint64_t size_limit(std::string_view head, const std::string& file) {
    return lizards::size_limit(head, file);
  }
  static Label label(const Puzzle& board);
  // The solver's options (batch's, declared with nursery lizards'): the
  // algorithm, seed, local search, any and BFS budget of SolveOptions; its
  // count, threads, budget and progress are the Ask's.
  using Options = SolveOptions;
  static Answer answer(const Puzzle& board, const Ask& ask, const Options& options);
  static Answer answer(const Puzzle& board, const Ask& ask) { return answer(board, ask, {}); }
  static std::string write(const Puzzle& board, const Answer& answer, const Ask& ask);
  static std::string write_none(const Puzzle&, std::string_view) { return {}; }
  static std::optional<Verification> check(const Puzzle& board, std::string_view input,
                                           std::string_view answer, const Budget& budget);
  static std::optional<std::vector<Checked>> verify_answers(
      std::string_view input, std::string_view answer, const std::string& input_name,
      const std::string& answer_name, const Budget& budget, Progress* progress,
      const VerifyAsk& ask);
  // A decision is kept when it checks against the board as it is now; a
  // count (no table of lizards counts) when its hash line names this board,
  // unverified.
  static std::vector<std::optional<Taken>> take_back(const std::vector<Puzzle>& boards,
                                                     std::string_view input,
                                                     std::string_view output, const Ask& ask);
};
static_assert(SizedKind<Facade>);

}  // namespace nursery::lizards
