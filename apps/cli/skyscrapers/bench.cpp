// nursery skyscrapers FILE --bench R: per puzzle the best of R runs, to
// solve and to prove uniqueness; one table row with medians and maxima
// (bench/skyscrapers.sh builds its table from these rows), or its JSON.
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

// The row's columns that say what was timed: the file, its sizes, puzzles, threads.
BenchRow row_of(const std::vector<Puzzle>& puzzles, const std::string& input, unsigned threads,
                int repeats) {
  BenchRow row;
  row.file = std::filesystem::path(input).filename().string();
  auto [smallest, largest] =
      std::minmax_element(puzzles.begin(), puzzles.end(),
                          [](const Puzzle& x, const Puzzle& y) { return x.size < y.size; });
  row.sizes = std::to_string(smallest->size);
  if (largest->size != smallest->size) row.sizes.append("-").append(std::to_string(largest->size));
  row.puzzles = puzzles.size();
  row.threads =
      threads == 0 ? static_cast<unsigned>(tbb::this_task_arena::max_concurrency()) : threads;
  row.runs = repeats;
  return row;
}

}  // namespace

Benched bench(const std::vector<Puzzle>& puzzles, const std::string& input, unsigned threads,
              int repeats, const Budget& budget) {
  auto since = [](SteadyClock::time_point start) {
    return std::chrono::duration<double>(SteadyClock::now() - start).count();
  };
  Benched benched{Status::complete, row_of(puzzles, input, threads, repeats)};
  std::vector<double> solve_times, unique_times;
  for (const auto& puzzle : puzzles) {
    double best_solve = 1e100, best_unique = 1e100;
    for (int round = 0; round < repeats; ++round) {
      // A run the budget cut short times nothing: the bench ends, no row.
      if (budget.spent()) return {budget.why(), benched.row};
      SolveOptions options;  // Mode::first
      options.threads = threads;
      options.budget = budget;
      auto start = SteadyClock::now();
      auto solved = solve(puzzle, options);
      best_solve = std::min(best_solve, since(start));
      if (budget.spent()) return {budget.why(), benched.row};
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
  BenchRow& row = benched.row;
  row.solve_median = median(solve_times);
  row.solve_max = maximum(solve_times);
  row.unique_median = median(unique_times);
  row.unique_max = maximum(unique_times);
  return benched;
}

std::string table_row(const BenchRow& row) {
  char times[128];
  std::snprintf(times, sizeof times, "%.3f | %.3f | %.3f | %.3f", row.solve_median * 1e3,
                row.solve_max * 1e3, row.unique_median * 1e3, row.unique_max * 1e3);
  return "| " + row.file + " | " + row.sizes + " | " + std::to_string(row.puzzles) + " | " +
         std::to_string(row.threads) + " | " + times + " |";
}

nlohmann::json bench_json(const Benched& benched, const char* status) {
  const BenchRow& row = benched.row;
  const bool timed = benched.status == Status::complete;
  auto figure = [timed](double seconds) {
    return timed ? nlohmann::json(seconds) : nlohmann::json(nullptr);
  };
  return {{"status", status},
          {"benchmark", "skyscrapers"},
          {"file", row.file},
          {"sizes", row.sizes},
          {"puzzles", row.puzzles},
          {"threads", row.threads},
          {"runs", row.runs},
          {"solve_median_seconds", figure(row.solve_median)},
          {"solve_max_seconds", figure(row.solve_max)},
          {"unique_median_seconds", figure(row.unique_median)},
          {"unique_max_seconds", figure(row.unique_max)}};
}

}  // namespace nursery::skyscrapers
