// N-queens, what a library user needs: exact counts (total and symmetry
// classes), the solutions in order, a first solution for any N, an
// independent checker, the formats and `queens N` files. The counters behind
// these verbs are the engine's own (engine/queens/counters.hpp, not
// installed); nursery count's whole policy is the CLI's
// (apps/cli/queens/count_command.hpp).
#pragma once

#include <cstdint>
#include <functional>
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

// A placement lists, for each column c (0-based), the row of its queen.
using Placement = std::vector<std::uint32_t>;

//--- The count, as `nursery count N` makes it ---------------------------------
// The library's one call for a count: the method `nursery count` would take
// (the join from N = 14, the bitboard below: engine/queens/count_methods.hpp),
// the classes under the 8 symmetries with the total, on all cores unless
// `run.threads` says otherwise, stopped by `run.budget`. The result's
// status says whether the counts are exact (complete) or the run stopped.
// std::invalid_argument, in the CLI's words, for N outside 1..kMaxCountN, an
// unknown method, or a memory budget the count cannot fit. The report's
// count and verdict are there when the count is exact (complete); its
// `unique`, the classes (when asked for).
struct CountOptions {
  std::string method = "auto";  // as --method: auto, join, bitboard, backtrack, ...
  bool unique = true;           // also the symmetry classes (join, bitboard; others: 0)
  std::uint64_t memory = 0;     // bytes the join's pieces may take; 0: default_memory()
  RunOptions run;               // threads, budget (stop, deadline), progress
};
Counted count(int n, const CountOptions& options = {});
// The join's memory when none is given: half the physical memory (4 GiB
// when it is unknown); nursery count's default --memory too.
std::uint64_t default_memory();
// The instruction set the counters' hot kernels (the join's and the
// bitboard's) run on in this process: "avx512" (AVX-512 with VPOPCNTDQ and
// BITALG), "avx2" (AVX2 + BMI2) or "x86-64" ("portable" off x86-64), the
// best the CPU has, chosen once at the first count; the environment's
// NURSERY_ISA (avx2, x86-64) holds it at most to the level it names.
const char* kernel_isa();
// What is wrong with NURSERY_ISA ("" when nothing): the CLI's error line.
// A name it does not know leaves the best level.
std::string kernel_isa_error();

//--- The solutions in order, as `nursery queens N --all` lists them ------------
// Every solution in lexicographic order (one worker walks the frontier left
// to right), each checked by verify before `each` sees it, the first `skip`
// left out and at most `limit` after them (0: no limit); N from 1 to
// kMaxCountN (std::invalid_argument beyond). `run` gives the budget and the
// progress; its mode, threads and limit are the listing's.
struct ListOptions {
  std::uint64_t skip = 0;
  std::uint64_t limit = 0;
  RunOptions run;
};
// The run's report (its status, statistics) and the solutions it met.
struct Listed : Report {
  std::uint64_t seen = 0;  // solutions met, the skipped ones too
};
Listed list(int n, const ListOptions& options, const std::function<void(const Placement&)>& each);

//--- Any N -------------------------------------------------------------------
// An explicit solution (the classic construction), for every n except 2 and 3.
Placement construct(std::uint32_t n);
// The same, looking at `budget` as it fills the placement (n = 10^8 is 400
// MB): nothing once the budget is spent.
std::optional<Placement> construct(std::uint32_t n, const Budget& budget);

// One solution, the way every command and batch find it (find_one.cpp):
// automatic is the parallel search (Columns, first mode) for n <=
// kMaxCountN and the construction beyond; the others ask for one method
// (search: n <= kMaxCountN, forward_checking: n <= 64; std::invalid_argument
// beyond). The report's verdict is fail for n = 2, 3.
enum class FindMethod { automatic, search, forward_checking, construction };
// The method a --method name stands for (auto, search, cp, construction) for
// N; std::invalid_argument in the CLI's words for an unknown name or an N
// beyond the method's reach ("--method cp: N must be between 1 and 64").
FindMethod find_method(const std::string& name, std::uint32_t n);
Solved<Placement> find_one(std::uint32_t n, const RunOptions& options,
                           FindMethod method = FindMethod::automatic);

//--- Checking (independent of every search above) ----------------------------
using nursery::Verification;
Verification verify(std::uint32_t n, std::span<const std::uint32_t> placement);
// The same verdict, or nothing when `budget` was spent first (polled every
// 2^20 columns: checking 10^8 queens takes seconds on a slow build).
std::optional<Verification> verify(std::uint32_t n, std::span<const std::uint32_t> placement,
                                   const Budget& budget);

//--- Formats -----------------------------------------------------------------
// The three ways to write a solution:
//   string  "*15863724": position c holds the 1-based row of column c's queen,
//           one character each (1-9, then a-z for rows 10..35);
//   rows    "0 4 7 5 2 6 1 3": the 0-based rows;
//   board   one text line per row, 'Q' for a queen, '.' for an empty square.
enum class Format { string, rows, board };
std::string format(std::span<const std::uint32_t> placement, Format format);
// The same text in pieces of about `bytes` each, for an answer written as it
// is made (rows of 10^8 queens are 890 MB, a board of 10^5 is 10 GB): each
// call of the function returned appends the next piece to its argument and
// says whether more follow. `placement` must outlive it.
std::function<bool(std::string&)> format_pieces(std::span<const std::uint32_t> placement,
                                                Format format, std::size_t bytes = 1 << 20);
// By --format's name: string, rows, board, or a picture, svg or png
// (nursery/picture.hpp: a density picture beyond N = 200).
std::string format(const Placement& placement, const std::string& name);

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
  static constexpr const char* described = "a 'queens N' file";
  static constexpr const char* known_by = "'queens N'";
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
  // The solver's options (batch's, declared with nursery count's): the
  // count's method and the join's memory, as count() takes them.
  struct Options {
    std::string method = "auto";  // as --method: auto (the join from its threshold), bitboard, ...
    std::uint64_t memory = 0;     // the join's budget in bytes; 0: default_memory()
  };
  // A count is made as `nursery count N` makes it (count() above).
  static Answer answer(Puzzle n, const Ask& ask, const Options& options);
  static Answer answer(Puzzle n, const Ask& ask) { return answer(n, ask, Options{}); }
  static std::string write(Puzzle n, const Answer& answer, const Ask& ask);
  static std::string write_none(Puzzle, std::string_view) { return {}; }
  // The answer known without solving, for batch's categories: a count is
  // the published total (N <= 27; beyond: empty); one solution exists for
  // every N but 2 and 3 (OK; FAIL for those).
  static std::string expected(Puzzle n, bool count);
  static std::optional<Verification> check(Puzzle n, std::string_view input,
                                           std::string_view answer, const Budget& budget);
  static std::optional<std::vector<Checked>> verify_answers(
      std::string_view input, std::string_view answer, const std::string& input_name,
      const std::string& answer_name, const Budget& budget, Progress*, const VerifyAsk&);
  // Kept only when its hash line names this N; a count only when the
  // published total agrees (beyond the table: kept, unverified).
  static std::vector<std::optional<Taken>> take_back(const std::vector<Puzzle>& puzzles,
                                                     std::string_view input,
                                                     std::string_view output, const Ask& ask);
};
static_assert(SizedKind<Facade>);

}  // namespace nursery::queens
