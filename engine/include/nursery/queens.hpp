// N-queens: exact counts (total and symmetry classes), enumeration, a first
// solution for any N, and an independent checker.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nursery/frontier.hpp"
#include "nursery/input.hpp"
#include "nursery/kind.hpp"
#include "nursery/report.hpp"

namespace nursery::queens {

constexpr int kMaxCountN = 32;  // bitboards are 32 bits wide
constexpr int kMaxBruteN = 10;  // N^N placements: 10^10 is already minutes of work

// A placement lists, for each column c (0-based), the row of its queen.
using Placement = std::vector<std::uint32_t>;

//--- The count, as `nursery count N` makes it ---------------------------------
// The library's one call for a count: the method `nursery count` would take
// (the join from N = 14, the bitboard below; count_methods.hpp lists them),
// the classes under the 8 symmetries with the total, on all cores unless
// `run.threads` says otherwise, stopped by `run.budget`. The result's
// status says whether the counts are exact (complete) or the run stopped.
// std::invalid_argument, in the CLI's words, for N outside 1..kMaxCountN, an
// unknown method, or a memory budget the count cannot fit.
struct CountOptions {
  std::string method = "auto";  // as --method: auto, join, bitboard, backtrack, ...
  bool unique = true;           // also the symmetry classes (join, bitboard; others: 0)
  std::uint64_t memory = 0;     // bytes the join's pieces may take; 0: half of the RAM
  RunOptions run;               // threads, budget (stop, deadline), progress
};
Result<Placement> count(int n, const CountOptions& options = {});

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

//--- Textbook baselines ------------------------------------------------------
// The column-by-column backtracker of the textbooks: arrays, no bitboards;
// its nodes are the partial checks (a square tested against earlier queens),
// 15,712 for n = 8.
struct Backtrack {
  using Instance = Columns::Instance;
  using Subproblem = Columns::Subproblem;
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
};

// Brute force: every one of the n^n placements with one queen per column is
// generated and tested (16,777,216 for n = 8). n <= kMaxBruteN.
struct Brute {
  using Instance = Columns::Instance;
  using Subproblem = Columns::Subproblem;
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
};

// The permutation method: every one of the n! permutations of the rows is
// made by Heap's algorithm and checked for diagonals (40,320 for n = 8).
// n <= kMaxPermutationsN; counts only.
constexpr int kMaxPermutationsN = 12;
struct Permutations {
  using Instance = Columns::Instance;
  using Subproblem = Columns::Subproblem;
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
};

// One solution by constraint programming: forward checking with the
// smallest domain first (engine/queens/forward_checking.cpp), one search
// whose node count (values tried) is the figure to compare. First mode.
constexpr int kMaxForwardCheckingN = 64;
struct ForwardChecking {
  using Instance = Columns::Instance;
  struct Subproblem {};
  using Solution = Placement;
  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
};

//--- Join: half boards counted against each other ------------------------------
// Meet in the middle (engine/queens/join.cpp): every top half (rows 0..a-1,
// a = n/2) is reduced to its inner columns and the rays it sends across the
// cut; a solution is a top half joined with another top half turned upside
// down (odd n: with the middle row's queen between them). The frontier is
// the top half's columns among the 2*width outer columns, one pattern per
// orbit of the flip and the mirror, weighted by the orbit's size; at even n
// the boards are weighed by their long diagonals for the diagonal
// reflections (only the sum over the frontier is the total). Counts
// totals only; unique counts come from Burnside's lemma (rotations below).
constexpr int kMaxJoinN = 31;
constexpr int kMaxJoinWidth = 10;
struct JoinCount {
  struct Instance {
    int n = 0;
    int min_width = 0;  // narrowest chunk (memory: a wider chunk makes smaller pieces)
  };
  struct Subproblem {
    std::uint32_t pattern = 0;  // the top half's columns among the chunk's
    std::uint8_t middle = 0;    // odd n: column of the middle row's queen; 0xff for even n
    std::uint8_t width = 0;     // chunk columns on each side
    std::uint8_t weight = 0;    // boards this pattern stands for (orbit size)
    std::uint8_t reserved = 0;
  };
  using Solution = Placement;  // not produced: JoinCount only counts

  static std::vector<Subproblem> split(const Instance& instance, std::size_t target);
  static Outcome solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Solution>& search);
  // The expected work of a subproblem (the halves it lists, estimated by
  // random descents, and the joins over them): the progress bar's weight.
  static double work(const Instance& instance, const Subproblem& subproblem);
};

// Bytes one join piece of chunk width `width` needs at most (an upper
// estimate from the top halves' growth, for memory budgets).
double join_piece_bytes(int n, int width);
// The widest chunk (the finest pieces) a join of size n is cut into.
int join_max_width(int n);
// The narrowest chunk whose pieces need at most `bytes` each; -1 when even
// the finest pieces need more.
int join_width_for(int n, double bytes);

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

//--- Any N -------------------------------------------------------------------
// An explicit solution (the classic construction), for every n except 2 and 3.
Placement construct(std::uint32_t n);

// One solution, the way every command and batch find it (find_one.cpp):
// automatic is the parallel search (Columns, first mode) for n <=
// kMaxCountN and the construction beyond; the others ask for one method
// (search: n <= kMaxCountN, forward_checking: n <= kMaxForwardCheckingN;
// std::invalid_argument beyond). The report's verdict is fail for n = 2, 3.
enum class FindMethod { automatic, search, forward_checking, construction };
Solved<Placement> find_one(std::uint32_t n, const RunOptions& options,
                           FindMethod method = FindMethod::automatic);

//--- Checking (independent of every search above) ----------------------------
using nursery::Verification;
Verification verify(std::uint32_t n, std::span<const std::uint32_t> placement);

//--- Formats -----------------------------------------------------------------
// The three ways to write a solution:
//   string  "*15863724": position c holds the 1-based row of column c's queen,
//           one character each (1-9, then a-z for rows 10..35);
//   rows    "0 4 7 5 2 6 1 3": the 0-based rows;
//   board   one text line per row, 'Q' for a queen, '.' for an empty square.
enum class Format { string, rows, board };
std::string format(std::span<const std::uint32_t> placement, Format format);

// ---- Instance files ----------------------------------------------------------

// A `queens N` file (one line, N from 1 to kMaxFileN) asks for one solution,
// or with --count for the number of solutions.
constexpr std::uint32_t kMaxFileN = 100000;
Sniff sniff(std::string_view head);
// N of a `queens N` file; InputError "name:1: expected ..., found ..." otherwise.
std::uint32_t parse(std::string_view text, const std::string& name);
// An answer read back: one line of N 0-based rows, or N lines of 'Q' and
// '.'. Empty when it does not read as a placement of N queens.
Placement read_answer(std::string_view text, std::uint32_t n);

// The published total for N (OEIS A000170), N = 1..27; nothing beyond.
std::optional<std::uint64_t> known_total(std::uint32_t n);

// ---- The kind for the generic drivers (nursery/kind.hpp; facade.cpp) ------

// `queens N` files: one solution (found as find_one finds it; the board up
// to N = 64, the 0-based rows beyond), FAIL for N = 2, 3, or the count.
struct Facade {
  using Puzzle = std::uint32_t;  // N
  using Answer = Solved<Placement>;
  static constexpr const char* name = "queens";
  static constexpr bool homework_names = true;
  static Sniff sniff(std::string_view head) { return queens::sniff(head); }
  static std::vector<Puzzle> read(std::string_view text, const std::string& file) {
    return {parse(text, file)};
  }
  // The most bytes a `queens N` file or an answer to it holds: the board
  // (N <= 64) or the rows on one line, with room for CRLF and blanks (an
  // answer read from /dev/zero ends there).
  static std::uint64_t size_limit(std::string_view head, const std::string& file) {
    const std::uint64_t n = parse(head, file);
    return n <= 64 ? 2 * (n + 2) * (n + 2) + 4096 : 12 * n + 4096;
  }
  static Label label(Puzzle n) { return {"", "n=" + std::to_string(n), ""}; }
  static Answer answer(Puzzle n, const Ask& ask);
  static std::string write(Puzzle n, const Answer& answer, const Ask& ask);
  static std::string write_none(Puzzle, std::string_view) { return {}; }
  static std::optional<Verification> check(Puzzle n, std::string_view input,
                                           std::string_view answer, const Budget& budget);
  static std::optional<std::vector<Checked>> verify_answers(std::string_view input,
                                                            std::string_view answer,
                                                            const std::string& input_name,
                                                            const std::string& answer_name,
                                                            const Budget& budget, Progress*);
  // A count is kept only when the published total agrees (beyond the table:
  // kept, unverified).
  static std::vector<std::optional<Taken>> take_back(const std::vector<Puzzle>& puzzles,
                                                     std::string_view input,
                                                     std::string_view output, const Ask& ask);
};
static_assert(SizedKind<Facade>);

}  // namespace nursery::queens
