// nursery skyscrapers FILE --bench R: per puzzle the best of R runs, to
// solve and to prove uniqueness; one table row with medians and maxima
// (bench/skyscrapers.sh builds its table from these rows).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nursery/scheduler.hpp>
#include <stdexcept>

#include "cli/skyscrapers/command.hpp"

namespace nursery::skyscrapers {

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double maximum(const std::vector<double>& v) {
  return *std::max_element(v.begin(), v.end());
}

}  // namespace

Status bench(const std::vector<Puzzle>& puzzles, const std::string& input, unsigned threads,
             int repeats, const Budget& budget) {
  auto since = [](SteadyClock::time_point start) {
    return std::chrono::duration<double>(SteadyClock::now() - start).count();
  };
  std::vector<double> solve_times, unique_times;
  for (const auto& puzzle : puzzles) {
    double best_solve = 1e100, best_unique = 1e100;
    for (int round = 0; round < repeats; ++round) {
      // A run the budget cut short times nothing: the bench ends, no row.
      if (budget.spent()) return budget.why();
      RunOptions options;
      options.threads = threads;
      options.mode = Mode::first;
      options.budget = budget;
      auto start = SteadyClock::now();
      auto solved = solve(puzzle, options);
      best_solve = std::min(best_solve, since(start));
      if (budget.spent()) return budget.why();
      if (!solved.solution || !verify(puzzle, *solved.solution).valid)
        throw std::runtime_error(puzzle.id + ": no verified solution in --bench");
      options.mode = Mode::all;
      options.limit = 2;
      start = SteadyClock::now();
      solve(puzzle, options);
      best_unique = std::min(best_unique, since(start));
    }
    solve_times.push_back(best_solve);
    unique_times.push_back(best_unique);
  }
  auto [smallest, largest] =
      std::minmax_element(puzzles.begin(), puzzles.end(),
                          [](const Puzzle& x, const Puzzle& y) { return x.size < y.size; });
  std::string sizes = std::to_string(smallest->size);
  if (largest->size != smallest->size) sizes.append("-").append(std::to_string(largest->size));
  std::printf("| %s | %s | %zu | %s | %.3f | %.3f | %.3f | %.3f |\n",
              std::filesystem::path(input).filename().c_str(), sizes.c_str(), puzzles.size(),
              threads == 0 ? std::to_string(tbb::this_task_arena::max_concurrency()).c_str()
                           : std::to_string(threads).c_str(),
              median(solve_times) * 1e3, maximum(solve_times) * 1e3, median(unique_times) * 1e3,
              maximum(unique_times) * 1e3);
  return Status::complete;
}

}  // namespace nursery::skyscrapers
