// The ways `nursery count` counts N-queens solutions, as one table: each
// method's --method name, the largest N it takes, whether a count by it can
// be resumed, and the count itself. queens::count and the count command's
// entry (apps/cli/queens/count_command.hpp) pick a row; the CLI knows no method.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "nursery/scheduler.hpp"
#include "queens/counters.hpp"

namespace nursery::queens {

enum class Method { join, bitboard, backtrack, permutations, brute };

struct CountMethod {
  Method method;
  const char* name;          // --method NAME; the "method" of --json
  int max_n;                 // the largest N it counts
  const char* max_n_reason;  // why ("N^N placements"), or ""
  bool resumable;            // checkpoint, part, MPI and --estimate (join, bitboard)
  bool kernels;              // runs the kernels of an instruction-set level (kernels.hpp)
  // The count: `instance` is N and, for join, its chunk; `unique` asks the
  // join for its classes (Burnside), which the others count themselves.
  Result<Placement> (*count)(const JoinCount::Instance& instance, const RunOptions& options,
                             bool unique);
};

// Every method, fastest first.
std::span<const CountMethod> count_methods();

// The method a --method value stands for: "auto" the join from kJoinFrom to
// kMaxJoinN (tuning.hpp), else the bitboard;
// "fast" the bitboard's former name. std::invalid_argument, in the user's
// words ("--method brute: N must be between 1 and 10 (N^N placements)"),
// for an unknown name or an N the method does not take.
const CountMethod& choose_count_method(const std::string& asked, int n);

// The join's instance for a memory budget: the narrowest chunk whose
// pieces, one per worker, fit `budget` bytes; a count that cannot fit is
// refused before it starts (std::invalid_argument "--memory: a join count
// of N = ... needs about ..., more than the budget of ...").
JoinCount::Instance join_for_memory(int n, std::uint64_t budget, unsigned workers);

}  // namespace nursery::queens
