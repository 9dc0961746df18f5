// nursery count N: exact N-queens totals and, with --unique, symmetry classes;
// resumable with --checkpoint, --part or --mpi; --estimate projects the time.
// This file reads the options into the command's request
// (cli/queens/count_command.hpp, which holds every policy), runs it under the
// bar, and count_report.cpp prints what it returns.
#include "count.hpp"

#include <spdlog/spdlog.h>

#include <nursery/queens.hpp>

#include "commands.hpp"
#include "options.hpp"
#include "solver_options.hpp"

#ifdef NURSERY_HAVE_MPI
#include "queens_count.hpp"
#endif

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery count N... [--threads T] [--unique] [--stats] [--json] [--method M]\n"
    "                       [--timeout S] [--subproblems K] [--progress|--no-progress]\n"
    "                       [--checkpoint FILE [--resume]] [--part I/K] [--mpi]\n"
    "                       [--memory SIZE] [--estimate [S]] [-o FILE]\n"
    "       nursery count --merge FILES... [--unique] [--json]\n"
    "Counts the solutions of the N-queens problem exactly (N = 1..32): the total\n"
    "(OEIS A000170) and, with --unique, the classes under the board's 8 symmetries\n"
    "(OEIS A002562). A count stopped by --timeout or Ctrl-C prints no number.\n"
    "--checkpoint appends finished subproblems to FILE; --resume skips them.\n"
    "--part I/K counts every K-th subproblem (from the I-th) into FILE, for job\n"
    "arrays; --merge sums the part files. --mpi spreads the count over MPI ranks\n"
    "(mpirun -np R nursery count N --mpi), each rank with its own thread pool.\n"
    "Several N count one after another, a line 'N TOTAL [UNIQUE]' each (with\n"
    "--json a line of JSON each), each with its own --timeout; the first that\n"
    "does not finish ends the list.";

// The shortest --estimate: a sample needs at least this long to start.
constexpr double kMinEstimate = 0.01;

template <class T>
std::optional<T> given(const po::variables_map& vm, const char* name) {
  return vm.count(name) ? std::optional<T>(vm[name].as<T>()) : std::nullopt;
}

std::string text(const po::variables_map& vm, const char* name) {
  return given<std::string>(vm, name).value_or("");
}

#ifdef NURSERY_HAVE_MPI
int count_mpi(const queens::CountPlan& plan, const po::variables_map& vm, std::ostream& out) {
  double progress_seconds = vm.count("progress") ? 1.0 : 10.0;
  if (!vm["progress-interval"].defaulted()) progress_seconds = vm["progress-interval"].as<double>();
  const mpi::Reporting reporting{vm.count("no-progress") ? 0 : progress_seconds,
                                 "count " + std::to_string(plan.n)};
  const mpi::RankCount counted = mpi::count_queens(plan, reporting);
  if (counted.refused) return kExitUsage;
  if (!counted.report) return kExitSuccess;  // not rank 0: rank 0 prints
  return print_count(out, *counted.report, vm, false, {{"ranks", counted.ranks}});
}
#else
int count_mpi(const queens::CountPlan&, const po::variables_map&, std::ostream&) {
  throw UsageError(
      "--mpi: this nursery was built without MPI support (install openmpi-bin "
      "libopenmpi-dev and rebuild)");
}
#endif

// One count: N and the options; `listed` when it is one of several N.
int count_one(int n, const po::variables_map& vm, bool listed, std::ostream& out) {
  queens::CountRequest request;
  request.n = n;
  request.method = vm["method"].as<std::string>();
  queens::count_method_name(request.method, n);  // its errors before the shared options'
  const SharedOptions shared = read_shared(vm);
  request.unique = vm.count("unique") != 0;
  request.memory = given<std::string>(vm, "memory");
  request.subproblems = given<std::size_t>(vm, "subproblems");
  request.estimate = given<double>(vm, "estimate");
  // The estimate projects the time of the total; it counts no classes and
  // keeps no checkpoint.
  if (request.estimate)
    refuse_unused(vm, "--estimate", {"unique", "resume", "checkpoint-interval"},
                  "the estimate counts nothing (it projects the total count's time)");
  request.checkpoint = given<std::string>(vm, "checkpoint");
  request.resume = vm.count("resume") != 0;
  request.part = given<std::string>(vm, "part");
  request.mpi = vm.count("mpi") != 0;
  request.sync_seconds = vm["checkpoint-interval"].as<double>();
  request.threads = shared.threads;
  request.budget = Budget(&interrupt_source(), shared.timeout);
  queens::CountPlan plan = queens::plan_count(request);
  // The ledger's messages (no checkpoint yet, a torn line, resuming) as logs.
  plan.resumable.log = [](LogLevel level, const std::string& message) {
    level == LogLevel::warning ? spdlog::warn("{}", message) : spdlog::info("{}", message);
  };
  if (request.mpi) return count_mpi(plan, vm, out);

  Progress progress;
  plan.run.progress = plan.resumable.progress = &progress;
  const std::string label = "count " + std::to_string(n);
  // The bar from the count's start (a resumable one's checkpoint read
  // first); an estimate's: the share of S gone, and the pieces finished.
  std::optional<ProgressBar> bar;
  std::optional<ProgressLog> log;
  plan.started = [&, seconds = plan.estimate_seconds] {
    if (plan.way != queens::CountWay::estimate) {
      bar.emplace(progress, progress_wanted(vm), label);
      log.emplace(progress, [](const std::string& message) { spdlog::warn("{}", message); });
    } else {
      bar.emplace(progress_wanted(vm), [&](double elapsed) {
        return ProgressBar::gauge(label + " --estimate", std::min(1.0, elapsed / seconds)) + "  " +
               std::to_string(progress.done.load(std::memory_order_relaxed)) + " of " +
               std::to_string(progress.total.load(std::memory_order_relaxed)) +
               " pieces finished  " + duration_text(std::max(0.0, seconds - elapsed)) + " left";
      });
    }
  };
  const queens::CountReport report = queens::count(plan);
  log.reset();
  bar.reset();
  return print_count(out, report, vm, listed);
}

// Every N asked, or --merge.
int count_all(const po::variables_map& vm, std::ostream& out) {
  if (vm.count("merge")) {
    if (vm.count("n") || vm.count("mpi") || vm.count("checkpoint") || vm.count("part"))
      throw usage_error("--merge takes only checkpoint files (and --unique, --json)");
    refuse_unused(vm, "--merge",
                  {"estimate", "resume", "method", "subproblems", "memory", "checkpoint-interval",
                   "progress-interval", "threads", "timeout"},
                  "the part files are summed, nothing is counted (only --unique, --json, -o)");
    const auto files = vm["merge"].as<std::vector<std::string>>();
    return print_count(out, queens::merge_counts(files), vm, false, {{"merged", files}});
  }
  if (!vm.count("n")) throw missing_argument("N");
  if (!vm.count("checkpoint") && !vm["checkpoint-interval"].defaulted())
    throw usage_error("--checkpoint-interval: only with --checkpoint FILE (it spaces its syncs)");
  if (!vm.count("mpi") && !vm["progress-interval"].defaulted())
    throw usage_error("--progress-interval: only with --mpi (rank 0's progress lines)");
  const auto sizes = vm["n"].as<std::vector<int>>();
  for (int n : sizes)
    if (n < 1 || n > queens::kMaxCountN)
      throw usage_error("N must be between 1 and 32, found " + std::to_string(n));
  if (sizes.size() == 1) return count_one(sizes[0], vm, false, out);
  for (const char* alone : {"estimate", "checkpoint", "part", "mpi"})
    if (vm.count(alone))
      throw usage_error(std::string("--") + alone + ": counts one N (found " +
                        std::to_string(sizes.size()) + ")");
  int status = kExitSuccess;
  for (int n : sizes) {
    status = count_one(n, vm, true, out);
    if (status != kExitSuccess) break;
  }
  return status;
}

}  // namespace

int cmd_count(int argc, char** argv) {
  po::options_description options = command_options();
  options.add_options()("n", po::value<std::vector<int>>()->value_name("N"),
                        "board sizes N, 1..32")("unique,u", "also count symmetry classes");
  add_queens_count_options(options);
  options.add_options()(
      "subproblems", po::value<std::size_t>(),
      "frontier size to aim at (default 64 per thread; with a checkpoint, --part or --mpi "
      "16384 for bitboard, 1024 for join, recorded in the checkpoint)")(
      "checkpoint", po::value<std::string>(),
      "append finished subproblems to FILE (fsynced in batches)")(
      "resume", "continue the count in --checkpoint FILE, skipping what it holds")(
      "checkpoint-interval",
      po::value<double>()->default_value(1.0)->notifier(
          within("--checkpoint-interval", "seconds", 0, kMaxTimeout)),
      "seconds between checkpoint syncs (fsync), 0 to 1000000")(
      "part", po::value<std::string>(),
      "count only part I of K of the frontier (needs --checkpoint)")(
      "merge", po::value<std::vector<std::string>>()->multitoken(),
      "sum the counts of checkpoint files (the parts of one count)")(
      "mpi", "spread the count over the ranks of mpirun/srun")(
      "progress-interval",
      po::value<double>()->default_value(10)->notifier(
          within("--progress-interval", "seconds", 0, kMaxTimeout)),
      "seconds between MPI progress lines on rank 0, 0 to 1000000")(
      "estimate",
      po::value<double>()->implicit_value(10)->notifier(
          within("--estimate", "seconds", kMinEstimate, kMaxTimeout)),
      "count nothing: run a random sample of the subproblems for S seconds (default 10; "
      "0.01 to 1000000) and project the whole count's time")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write the result (text or JSON) to FILE instead of stdout, atomically");
  add_shared(options, kSolving, "give up after S seconds (0: never)");
  po::positional_options_description positionals;
  positionals.add("n", -1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;

  const std::string output = text(vm, "output");
  if (!output.empty() && vm.count("mpi"))
    throw usage_error("-o: not with --mpi (rank 0 prints the count: redirect its stdout)");
  refuse_clobbering(
      vm.count("merge") ? vm["merge"].as<std::vector<std::string>>() : std::vector<std::string>{},
      {{"-o", output}, {"--checkpoint", text(vm, "checkpoint")}});
  Results results(output);  // -o FILE: written at the end, atomically
  const int status = count_all(vm, results.out());
  results.keep();
  return status;
}

}  // namespace nursery::cli
