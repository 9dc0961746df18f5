// How long would the whole count take? Runs a random sample of the
// frontier's subproblems for a while, on the same pool and thread count as
// the real run, and projects the mean CPU time per subproblem onto the whole
// frontier, with a 95% error bar (Student-free: normal approximation with
// the finite-population correction, so a sample of every subproblem has no
// error at all).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "nursery/scheduler.hpp"

namespace nursery {

struct Estimate {
  std::size_t subproblems = 0;  // the frontier the real run would use
  std::size_t sampled = 0;      // subproblems run to the end in the sample
  unsigned threads = 0;
  double sample_seconds = 0;  // wall time the sample took
  double cpu_mean = 0;        // CPU seconds per subproblem
  double projected_cpu = 0;   // CPU seconds for the whole frontier
  double projected_wall = 0;  // wall seconds on `threads` (perfect scaling assumed)
  double wall_error = 0;      // 95% half-width of projected_wall
};

// Starts sampled subproblems until `seconds` have passed (those running
// then are finished, so at least one per thread completes), in an order
// shuffled with a fixed seed.
template <class Kind>
Estimate estimate(const typename Kind::Instance& instance, const RunOptions& options,
                  double seconds, std::uint64_t seed = 1) {
  using Clock = std::chrono::steady_clock;
  Estimate result;
  const auto frontier = Kind::split(instance, frontier_target(options));
  result.subproblems = frontier.size();
  result.threads = detail::worker_count(options.threads);
  if (frontier.empty()) return result;

  std::vector<std::size_t> order(frontier.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));

  StopSource stop(options.budget.stop());
  tbb::task_group_context context;
  Search<typename Kind::Solution> search(Mode::count, 0, stop, nullptr, nullptr,
                                         [&context] { context.cancel_group_execution(); });
  std::vector<double> cpu(frontier.size(), -1.0);
  const auto start = Clock::now();
  const auto deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  auto body = [&](const tbb::blocked_range<std::size_t>& range) {
    NURSERY_TSAN_ACQUIRE(&cpu);
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      if (Clock::now() >= deadline || stop.requested()) return;
      const double cpu0 = detail::thread_cpu_seconds();
      const Outcome outcome = Kind::solve(instance, frontier[order[i]], search);
      if (outcome.complete) cpu[i] = detail::thread_cpu_seconds() - cpu0;
      NURSERY_TSAN_RELEASE(&cpu);
    }
  };
  NURSERY_TSAN_RELEASE(&cpu);
  detail::run_pool(order.size(), options.threads, context, body);
  NURSERY_TSAN_ACQUIRE(&cpu);
  result.sample_seconds = std::chrono::duration<double>(Clock::now() - start).count();

  std::vector<double> times;
  for (double t : cpu)
    if (t >= 0) times.push_back(t);
  result.sampled = times.size();
  if (times.empty()) return result;
  const double k = static_cast<double>(times.size());
  const double n = static_cast<double>(frontier.size());
  result.cpu_mean = std::accumulate(times.begin(), times.end(), 0.0) / k;
  double variance = 0;
  for (double t : times) variance += (t - result.cpu_mean) * (t - result.cpu_mean);
  variance = times.size() > 1 ? variance / (k - 1) : result.cpu_mean * result.cpu_mean;
  const double correction = n > 1 ? std::sqrt(std::max(0.0, (n - k) / (n - 1))) : 0.0;
  const double mean_error = 1.96 * std::sqrt(variance / k) * correction;
  result.projected_cpu = result.cpu_mean * n;
  result.projected_wall = result.projected_cpu / result.threads;
  result.wall_error = mean_error * n / result.threads;
  return result;
}

}  // namespace nursery
