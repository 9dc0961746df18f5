// How long would the whole count take? Runs a random sample of finer
// pieces of the frontier (kEstimateFiner times the real run's target) for
// S seconds, on the same pool and thread count as the real run, and
// projects the mean CPU time per piece onto every piece, with a 95% error
// bar (normal approximation with the finite-population correction, so a
// sample of every piece has no error at all). It keeps to S: at S the
// pieces still running are stopped and count with the CPU time they had
// (a lower bound on theirs), so a projection with any of them is a lower
// bound too, and one with none finished says only "more than".
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

#include "nursery/scheduler.hpp"

namespace nursery {

// The sample's pieces are this many times finer than the real run's
// subproblems, so that some finish within a short S on a big N.
constexpr std::size_t kEstimateFiner = 16;
// Fewer finished pieces than this give a projection but no error bar.
constexpr std::size_t kEstimateMinSamples = 10;
// The sample holds at most this many pieces, drawn at random from the
// frontier: a run's set-up grows with its pieces (their outcomes), and a
// frontier of millions (N = 25 by the join: 2.4 million) took S's first
// 0.1-0.3 s with it, so that on a loaded machine no piece ran in a short
// S. A sample of 65,536 finished pieces projects within a fraction of a
// per cent; a smaller frontier is sampled whole, as before.
constexpr std::size_t kEstimateMostPieces = std::size_t{1} << 16;

struct Estimate {
  std::size_t subproblems = 0;  // the frontier the real run would use
  std::size_t pieces = 0;       // the finer frontier the sample is drawn from
  std::size_t sampled = 0;      // pieces run to the end in the sample
  std::size_t cut = 0;          // few finished: pieces stopped at S, counted with their time so far
  unsigned threads = 0;
  double sample_seconds = 0;  // wall time the sample took
  double cpu_mean = 0;        // CPU seconds per piece
  double projected_cpu = 0;   // CPU seconds for every piece
  double projected_wall = 0;  // wall seconds on `threads` (perfect scaling assumed)
  double wall_error = 0;      // 95% half-width of projected_wall (0: too few samples)
  // The projection is a lower bound: few pieces finished, and those cut at
  // S count with the time they had (with none finished, it is all that is
  // known: "more than").
  bool lower_bound() const { return cut > 0; }
};

// Starts pieces in an order shuffled with a fixed seed until `seconds`
// have passed (or the budget's deadline, if sooner), then stops those
// running; ends within `seconds` plus the kind's cancel latency, or at the
// budget's stop.
template <class Tree>
Estimate estimate(const typename Tree::Instance& instance, const RunOptions& options,
                  double seconds, std::uint64_t seed = 1) {
  Estimate result;
  result.subproblems = Tree::split(instance, frontier_target(options)).size();
  const auto frontier = Tree::split(instance, frontier_target(options) * kEstimateFiner);
  result.pieces = frontier.size();
  result.threads = detail::worker_count(options.threads);
  if (frontier.empty()) return result;
  // The pieces in an order shuffled with a fixed seed (at most
  // kEstimateMostPieces of them), run by the scheduler's execute on the
  // run's pool within S (the watchdog stops the pieces still running at
  // S; each one's CPU time comes back either way).
  std::vector<std::size_t> order(frontier.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
  order.resize(std::min(order.size(), kEstimateMostPieces));
  std::vector<typename Tree::Subproblem> sample;
  sample.reserve(order.size());
  for (std::size_t i : order) sample.push_back(frontier[i]);
  if (options.progress != nullptr)  // the sample's pieces, and those finished (a bar's)
    options.progress->total.store(sample.size(), std::memory_order_relaxed);

  RunOptions run = options;
  run.mode = Mode::count;
  run.limit = 0;
  run.any = false;
  run.progress = nullptr;  // (execute would weigh every piece first)
  std::function<void(std::size_t, const Outcome&)> on_done;
  if (options.progress != nullptr)
    on_done = [progress = options.progress](std::size_t, const Outcome&) {
      progress->done.fetch_add(1, std::memory_order_relaxed);
    };
  // The pool is started before the clock: its first start (tens of
  // milliseconds under a sanitizer on a loaded machine) is no part of S.
  with_workers(options.threads, [] { tbb::parallel_for(0, 1, [](int) {}); });
  const auto start = SteadyClock::now();
  run.budget = options.budget.within(std::max(seconds, 1e-9));  // (S <= 0: at once)
  const Execution<Tree> execution = execute<Tree>(
      instance, std::span<const typename Tree::Subproblem>(sample), run, nullptr, on_done);
  result.sample_seconds = seconds_since(start);
  // Per piece: its CPU seconds (finished or cut), or -1 (not started).
  const std::vector<double>& cpu = execution.cpu_each;
  std::vector<char> finished(sample.size(), 0);
  for (std::size_t i = 0; i < sample.size(); ++i)
    finished[i] = cpu[i] >= 0 && execution.outcomes[i].complete ? 1 : 0;

  // With enough finished pieces the mean is theirs, and a cut piece counts
  // only when it already ran longer than that mean (leaving it out would
  // favour the short pieces). With few, every cut piece counts with its
  // time so far, and the projection is a lower bound.
  double finished_sum = 0;
  for (std::size_t i = 0; i < cpu.size(); ++i) {
    if (cpu[i] < 0) continue;
    if (finished[i]) {
      ++result.sampled;
      finished_sum += cpu[i];
    }
  }
  const bool enough = result.sampled >= kEstimateMinSamples;
  const double finished_mean = result.sampled > 0 ? finished_sum / result.sampled : 0;
  std::vector<double> times;
  for (std::size_t i = 0; i < cpu.size(); ++i) {
    if (cpu[i] < 0) continue;
    if (finished[i]) {
      times.push_back(cpu[i]);
    } else if (!enough || cpu[i] > finished_mean) {
      times.push_back(cpu[i]);
      if (!enough) ++result.cut;
    }
  }
  if (times.empty()) return result;
  const double k = static_cast<double>(times.size());
  const double n = static_cast<double>(frontier.size());
  result.cpu_mean = std::accumulate(times.begin(), times.end(), 0.0) / k;
  result.projected_cpu = result.cpu_mean * n;
  result.projected_wall = result.projected_cpu / result.threads;
  if (result.sampled >= kEstimateMinSamples) {
    double variance = 0;
    for (double t : times) variance += (t - result.cpu_mean) * (t - result.cpu_mean);
    variance /= k - 1;
    const double correction = n > 1 ? std::sqrt(std::max(0.0, (n - k) / (n - 1))) : 0.0;
    const double mean_error = 1.96 * std::sqrt(variance / k) * correction;
    result.wall_error = mean_error * n / result.threads;
  }
  return result;
}

}  // namespace nursery
