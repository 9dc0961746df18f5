// nursery count's methods as one table (count_methods.hpp).
#include "queens/count_methods.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>

#include "queens/join.hpp"

namespace nursery::queens {

namespace {

template <class Tree>
Result<Placement> count_with(const JoinCount::Instance& instance, const RunOptions& options, bool) {
  return run<Tree>(typename Tree::Instance{instance.n}, options);
}

// The join counts totals; unique counts follow from Burnside's lemma with
// the few rotation-invariant solutions, counted on the side.
Result<Placement> count_join(const JoinCount::Instance& instance, const RunOptions& options,
                             bool unique) {
  // The pieces a worker is given (JoinTuning), unless the caller asked.
  RunOptions tuned = options;
  if (instance.run && tuned.per_worker == RunOptions{}.per_worker)
    tuned.per_worker = instance.run->tuning().pieces_per_worker;
  auto result = run<JoinCount>(instance, tuned);
  if (unique && result.status == Status::complete)
    result.unique = unique_from_total(instance.n, result.count);
  return result;
}

constexpr std::array kMethods = {
    CountMethod{Method::join, "join", kMaxJoinN, "", true, true, count_join},
    CountMethod{Method::bitboard, "bitboard", kMaxCountN, "", true, true,
                count_with<CanonicalCount>},
    CountMethod{Method::backtrack, "backtrack", kMaxCountN, "", false, false,
                count_with<Backtrack>},
    CountMethod{Method::permutations, "permutations", kMaxPermutationsN, "N! permutations", false,
                false, count_with<Permutations>},
    CountMethod{Method::brute, "brute", kMaxBruteN, "N^N placements", false, false,
                count_with<Brute>},
};

const CountMethod& row(Method method) {
  return kMethods[static_cast<std::size_t>(method)];
}

std::string gibibytes(double bytes) {
  char text[32];
  if (bytes >= 1024.0 * 1024 * 1024)
    std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
  else
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1024.0 * 1024));
  return text;
}

}  // namespace

std::span<const CountMethod> count_methods() {
  return kMethods;
}

const CountMethod& choose_count_method(const std::string& asked, int n) {
  if (asked == "auto")
    return row(n >= kJoinFrom && n <= kMaxJoinN ? Method::join : Method::bitboard);
  if (asked == "fast") return row(Method::bitboard);
  for (const auto& method : kMethods) {
    if (asked != method.name) continue;
    if (n > method.max_n)
      throw std::invalid_argument(
          "--method " + asked + ": N must be between 1 and " + std::to_string(method.max_n) +
          (*method.max_n_reason ? std::string(" (") + method.max_n_reason + ")" : std::string()));
    return method;
  }
  throw std::invalid_argument(
      "--method: expected auto, join, bitboard, backtrack, permutations or brute, found '" + asked +
      "'");
}

JoinCount::Instance join_for_memory(int n, std::uint64_t budget, unsigned workers) {
  const double bytes = static_cast<double>(budget) / workers;
  if (const int width = join_width_for(n, bytes); width >= 0) return {n, width};
  // Quarter tables over the budget: every half row by row.
  if (const int width = join_width_for(n, bytes, false); width >= 0) {
    JoinCount::Instance instance{n, width};
    instance.quarter_tables = false;
    return instance;
  }
  throw std::invalid_argument("--memory: a join count of N = " + std::to_string(n) + " on " +
                              std::to_string(workers) + " threads needs about " +
                              gibibytes(join_piece_bytes(n, join_max_width(n), false) * workers) +
                              " even in its finest pieces, more than the budget of " +
                              gibibytes(static_cast<double>(budget)) +
                              " (raise --memory, use fewer --threads, or --method bitboard)");
}

std::uint64_t default_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{4} << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2;
}

Counted count(int n, const CountOptions& options) {
  if (n < 1 || n > kMaxCountN)
    throw std::invalid_argument("N must be between 1 and " + std::to_string(kMaxCountN) +
                                ", found " + std::to_string(n));
  const CountMethod& method = choose_count_method(options.method, n);
  RunOptions run = options.run;
  run.mode = Mode::count;
  JoinCount::Instance instance{n, 0};
  if (method.method == Method::join)
    instance = join_for_memory(n, options.memory ? options.memory : default_memory(),
                               detail::worker_count(run.threads));
  Counted counted =
      reported<Counted>(method.count(instance, run, options.unique), Mode::count, method.name);
  counted.stats.isa = method.kernels ? kernel_isa() : nullptr;
  return counted;
}

}  // namespace nursery::queens
