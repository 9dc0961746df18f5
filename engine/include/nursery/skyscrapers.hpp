// Skyscrapers (Towers): fill an N x N grid with heights 1..N, each once per
// row and column, so that every clue outside the grid counts the buildings
// visible from there (a taller building hides every shorter one behind it).
//
// The facade of the kind: the puzzle and its formats, the solver, an
// independent checker and a generator (the command, nursery skyscrapers
// FILE, is the CLI's: apps/cli/skyscrapers/command.hpp). The solver core (instance,
// propagate, search: a kind of the frontier scheduler) knows nothing of
// files and is internal: engine/skyscrapers/techniques.hpp.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "nursery/frontier.hpp"
#include "nursery/input.hpp"
#include "nursery/kind.hpp"
#include "nursery/report.hpp"

namespace nursery::skyscrapers {

constexpr int kMaxSize = 9;  // heights are one character; candidate sets fit 16 bits

// ---- Problem ---------------------------------------------------------------

using Grid = std::vector<int>;  // N*N heights row-major; 0 = empty (givens only)

struct Puzzle {
  std::string id;          // unique name in its file ("puzzle" when the input has none)
  int size = 0;            // N
  std::vector<int> clues;  // 4N, clockwise from the top-left corner; 0 = no clue
  Grid givens;             // N*N, 0 = empty cell
  Grid solution;           // the known solution from the file; empty when unknown
  std::string info;        // free tokens after the solution (line format)
  std::string source;      // "file:line" where the puzzle starts, for messages
};

// Where clue number i (clockwise order) stands: which line it looks along.
//   [0, N)   above column i, looking down      [N, 2N)   right of row i-N, looking left
//   [2N, 3N) below column 3N-1-i, looking up   [3N, 4N)  left of row 4N-1-i, looking right

// ---- Formats (format.cpp): bad input throws nursery::InputError --------------

// Whether a text (its first lines, after `#` comments) holds puzzles: a
// game ID ends the line, or the line format (yes); the grid form (maybe:
// lines of digits and dots could be a bare lizards board as well).
Sniff sniff(std::string_view head);

// Reads every puzzle of a text in any of the three forms, detected from its
// first meaningful line: the line format (`id N clues givens solution ...`),
// Tatham game IDs (`N:c/c/.../c[,grid]`, one a line) or the plain grid form
// (the clue ring drawn around the grid, `.` for no clue and empty cells).
// Memory: the puzzles and a few bytes, never a multiple of the text (a
// line as long as the file included); ReadStopped when `budget` is spent
// on the way (a huge file).
std::vector<Puzzle> parse(std::string_view text, const std::string& name,
                          const Budget& budget = Budget());

Puzzle parse_game_id(std::string_view id, const std::string& where);  // one Tatham game ID
// A puzzle written back in one of the three forms: the line format, Tatham's
// game ID, or the grid form (the clue ring around the givens).
enum class Form { line, game_id, grid };
std::string format_instance(const Puzzle& puzzle, Form form);
// An answer: the grid form with `heights` inside the clue ring.
std::string format(const Puzzle& puzzle, const Grid& heights);

// An answer read back from a solver's output (what `nursery verify` checks):
// blocks in the grid form, each after an optional `# id ...` header line.
struct Answer {
  std::string id;          // from the header line; empty when absent
  std::vector<int> clues;  // the ring drawn with the answer; empty when bare
  Grid heights;            // N*N
  std::string source;      // "file:line"
};
std::vector<Answer> read_answer(std::string_view text, const std::string& name,
                                const Budget& budget = Budget());

// ---- Solving (search.cpp) ---------------------------------------------------

// The solver's options: the scheduler's (nursery/frontier.hpp: threads, the
// budget, a limit, progress), but a default solve finds one solution;
// counting and listing are asked for by name:
//   Mode::first (the default): one solution, in `solution`;
//   Mode::all: the first solution, every solution found handed to `each`
//     (one call at a time; on one thread in the search's order, the same
//     on every run), and their number;
//   Mode::count: the number of solutions.
// `limit` (all, count) stops at that many (0: none).
struct SolveOptions : RunOptions {
  SolveOptions() { mode = Mode::first; }
};

// Solves one puzzle. Counting or listing, the report's `count` is the
// total when the search ran to its end (status complete) or the limit
// when it reached it (status limit); a search stopped by its deadline or
// a stop leaves `count` empty and says how many it found in `at_least`, a
// lower bound (above 0, the verdict is ok: the puzzle has a solution).
using Solved = nursery::Solved<Grid>;
Solved solve(const Puzzle& puzzle, const SolveOptions& options = {},
             const std::function<void(const Grid&)>& each = {});

// ---- Verification (verify.cpp: shares no code with the solver) --------------

// Valid when `heights` is a Latin square of 1..N that keeps every clue and
// every given of `puzzle`; otherwise the reason is the first fault, in words.
Verification verify(const Puzzle& puzzle, const Grid& heights);

// ---- Generation (generate.cpp) ----------------------------------------------

Grid random_latin_square(int size, std::mt19937_64& random);  // row by row, random SDRs
std::vector<int> clues_of(const Grid& heights, int size);     // all 4N clues of a grid

struct GenerateOptions {
  int size = 4;
  int clues = -1;           // clues kept, chosen at random; -1: all 4N
  int givens = 0;           // cells given, chosen at random
  bool unique = false;      // make the puzzle unique ...
  bool redraw = false;      // ... by drawing new squares (else by giving cells that differ)
  int max_draws = 1000000;  // redraw: squares tried before giving up
  Budget budget;            // Ctrl-C, gen --timeout
};
// One puzzle drawn from `random`, its square as the solution and `info`
// saying what it holds ("clues=12 givens=3 unique"). Nothing once `budget`
// is spent; std::runtime_error when --redraw finds no unique puzzle in
// max_draws squares.
std::optional<Puzzle> generate(const GenerateOptions& options, std::mt19937_64& random,
                               std::string id);
// nursery gen skyscrapers: `count` puzzles drawn from `seed` (ids
// genN-SEED-K) in the line format, one a line; nothing once the budget is
// spent.
std::optional<std::string> generate_lines(const GenerateOptions& options, int count,
                                          std::uint64_t seed);

// ---- Answers to a file of puzzles (verify.cpp) ---------------------------------

// Each puzzle's fault (empty: its answer is valid). Answers name their
// puzzles in their `# id` lines; bare grids go in order. `output` names the
// answer file in messages.
std::vector<std::string> verify_answers(const std::vector<Puzzle>& puzzles,
                                       const std::vector<Answer>& answers,
                                       const std::string& output);

// ---- The kind for the generic drivers (nursery/kind.hpp; facade.cpp) ------

// Files of puzzles: each puzzle's part of the answer file leads with the
// puzzle's content hash (`# input fnv1a64 HEX`, nursery/stamp.hpp), then its
// grid under a `# id` line, or `# id: ...` saying what became of it (no
// solution, a count, a timeout, an error). take_back matches parts to
// puzzles by id, in order among puzzles that share one.
struct Facade {
  using Puzzle = skyscrapers::Puzzle;
  using Answer = Solved;
  static constexpr const char* name = "skyscrapers";
  static constexpr const char* described = "Skyscrapers puzzles";
  static constexpr const char* known_by = "Skyscrapers puzzle";
  static constexpr bool homework_names = false;
  static Sniff sniff(std::string_view head) { return skyscrapers::sniff(head); }
  static std::vector<Puzzle> read(std::string_view text, const std::string& file) {
    return parse(text, file);
  }
  static Label label(const Puzzle& puzzle);
  // The solver's options (batch's, declared with nursery skyscrapers'):
  // a count stops at `limit` solutions (0: none; 2 proves uniqueness).
  struct Options {
    std::uint64_t limit = 0;
  };
  static Answer answer(const Puzzle& puzzle, const Ask& ask, const Options& options);
  static Answer answer(const Puzzle& puzzle, const Ask& ask) { return answer(puzzle, ask, {}); }
  static std::string write(const Puzzle& puzzle, const Answer& answer, const Ask& ask);
  static std::string write_none(const Puzzle& puzzle, std::string_view word);
  static std::optional<Verification> check(const Puzzle& puzzle, std::string_view input,
                                           std::string_view answer, const Budget& budget);
  // Answers name their puzzles in `# id` lines; bare grids go in order.
  static std::optional<std::vector<Checked>> verify_answers(
      std::string_view input, std::string_view answer, const std::string& input_name,
      const std::string& answer_name, const Budget& budget, Progress*, const VerifyAsk&);
  static std::vector<std::optional<Taken>> take_back(const std::vector<Puzzle>& puzzles,
                                                     std::string_view input,
                                                     std::string_view output, const Ask& ask);
};
static_assert(PuzzleKind<Facade>);

}  // namespace nursery::skyscrapers
