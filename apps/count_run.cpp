// nursery count's runs, once the options are read: the plain count, the
// resumable one (nursery/resumable.hpp: checkpoint, resume, part), the same
// over MPI ranks, and the merge of part files.
#include <spdlog/spdlog.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <thread>
#include <nursery/queens_resumable.hpp>
#include <optional>

#include "count.hpp"

#ifdef NURSERY_HAVE_MPI
#include "resumable_count.hpp"
#endif

namespace nursery::cli {

namespace {

// NURSERY_PROGRESS_LOG's write failures as a warning.
void log_warning(const std::string& message) {
  spdlog::warn("{}", message);
}

// The ledger's messages (no checkpoint yet, a torn line, resuming) as logs.
void log_ledger(LogLevel level, const std::string& message) {
  if (level == LogLevel::warning)
    spdlog::warn("{}", message);
  else
    spdlog::info("{}", message);
}

template <class Kind>
int resumable_with(const typename Kind::Instance& instance, ResumableOptions options,
                   const std::string& method, const po::variables_map& vm) {
  Progress progress;
  options.progress = &progress;
  options.log = log_ledger;
  Ledger<Kind> ledger(instance, options);
  ResumableResult result;
  {
    ProgressBar bar(progress, progress_wanted(vm), "count " + std::to_string(ledger.header().n));
    ProgressLog log(progress, log_warning);
    result = ledger.run();
  }
  return print_resumable(result, options.checkpoint, vm, method);
}

#ifdef NURSERY_HAVE_MPI
template <class Kind>
int mpi_with(const typename Kind::Instance& instance, ResumableOptions options,
             const std::string& method, const po::variables_map& vm,
             const mpi::Reporting& reporting) {
  const auto start = std::chrono::steady_clock::now();
  mpi::Session session;
  options.log = log_ledger;
  std::optional<Ledger<Kind>> ledger;
  std::string error;
  if (session.root()) {
    try {
      ledger.emplace(instance, options);
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  // Rank 0 alone reads the checkpoint; when it refuses, every rank stops.
  if (!session.agree(error.empty())) {
    if (session.root()) std::cerr << "error: " << error << '\n';
    return kExitUsage;
  }
  auto result = mpi::count_resumable<Kind>(session, ledger ? &*ledger : nullptr, instance, options,
                                           reporting, start);
  if (!result) return kExitSuccess;  // not rank 0: rank 0 prints
  return print_resumable(*result, options.checkpoint, vm, method, {{"ranks", session.size()}});
}
#endif

}  // namespace

int count_plain(const Counting& counting, const RunOptions& options, const po::variables_map& vm) {
  const int n = counting.n;
  Progress progress;
  RunOptions run_options = options;
  run_options.progress = &progress;
  Result<queens::Placement> result;
  {
    ProgressBar bar(progress, progress_wanted(vm), "count " + std::to_string(n));
    ProgressLog log(progress, log_warning);
    result = counting.method->count(counting.join, run_options, vm.count("unique") != 0);
  }
  Report report;
  report.n = n;
  report.status = result.status;
  report.total = result.count;
  report.unique = result.unique;
  report.stats = result.stats;
  report.listed = counting.listed;
  return print_report(report, vm, counting.method->name);
}

int count_resumable(const Counting& counting, ResumableOptions options,
                    const po::variables_map& vm) {
  if (counting.method->method == queens::Method::join)
    return resumable_with<queens::JoinCount>(counting.join, std::move(options), "join", vm);
  return resumable_with<queens::CanonicalCount>({counting.n}, std::move(options), "bitboard", vm);
}

int count_mpi([[maybe_unused]] const Counting& counting,
              [[maybe_unused]] const ResumableOptions& options,
              [[maybe_unused]] const po::variables_map& vm,
              [[maybe_unused]] double progress_seconds) {
#ifdef NURSERY_HAVE_MPI
  if (options.budget.has_deadline())
    throw usage_error("--timeout: not available with --mpi (use the scheduler's time limit)");
  const mpi::Reporting reporting{vm.count("no-progress") ? 0 : progress_seconds,
                                 "count " + std::to_string(counting.n)};
  if (counting.method->method == queens::Method::join)
    return mpi_with<queens::JoinCount>(counting.join, options, "join", vm, reporting);
  return mpi_with<queens::CanonicalCount>({counting.n}, options, "bitboard", vm, reporting);
#else
  throw UsageError(
      "--mpi: this nursery was built without MPI support (install openmpi-bin "
      "libopenmpi-dev and rebuild)");
#endif
}

int merge_parts(const std::vector<std::string>& files, const po::variables_map& vm) {
  if (files.empty()) throw usage_error("--merge: expected checkpoint files");
  const MergedParts merged = nursery::merge_parts(files);
  if (!merged.complete())
    throw usage_error("--merge: the files hold " + std::to_string(merged.done) + " of " +
                      std::to_string(merged.header.subproblems) +
                      " subproblems (first missing id " + std::to_string(merged.first_missing) +
                      "): a part is missing or unfinished");
  return print_merged(merged, files, vm);
}

}  // namespace nursery::cli
