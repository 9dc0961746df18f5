// nursery count N: exact N-queens totals and, with --unique, symmetry classes.
// With --checkpoint, --part or --mpi the count is resumable: the frontier is
// built for a fixed split target (not per thread), so its ids mean the same
// in every run, on every machine.
// This file reads the options; count_run.cpp runs, count_report.cpp prints.
#include "count.hpp"


#include <cstdio>
#include <nursery/checkpoint.hpp>
#include <nursery/estimate.hpp>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>

#include "options.hpp"
#include "commands.hpp"

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

std::uint64_t memory_budget(const po::variables_map& vm) {
  return vm.count("memory") ? parse_memory(vm["memory"].as<std::string>()) : default_memory();
}

int count_one(int n, const po::variables_map& vm, bool listed);
int count_all(const po::variables_map& vm);

}  // namespace

// The shortest --estimate: a sample needs at least this long to start.
constexpr double kMinEstimate = 0.01;

int cmd_count(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "n", po::value<std::vector<int>>()->value_name("N"), "board sizes N, 1..32")(
      "unique,u", "also count symmetry classes")(
      "method,m", po::value<std::string>()->default_value("auto"),
      "auto (join from N = 14, else bitboard), join (half boards counted against each "
      "other), bitboard (canonical frames, 8-fold symmetry), backtrack (textbook, arrays), "
      "permutations (all N! permutations by Heap's algorithm, N<=12) or brute (N^N, N<=10)")(
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
      "memory", po::value<std::string>(),
      "memory budget of a join count, e.g. 8G or 512M (default: half of the RAM); pieces are "
      "cut finer to fit it")(
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

  const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "";
  if (!output.empty() && vm.count("mpi"))
    throw usage_error("-o: not with --mpi (rank 0 prints the count: redirect its stdout)");
  refuse_clobbering(
      vm.count("merge") ? vm["merge"].as<std::vector<std::string>>() : std::vector<std::string>{},
      {{"-o", output},
       {"--checkpoint", vm.count("checkpoint") ? vm["checkpoint"].as<std::string>() : ""}});
  ResultsTo results(output);
  const int status = count_all(vm);
  results.keep();
  return status;
}

namespace {

// Every N asked, or --merge.
int count_all(const po::variables_map& vm) {
  if (vm.count("merge")) {
    if (vm.count("n") || vm.count("mpi") || vm.count("checkpoint") || vm.count("part"))
      throw usage_error("--merge takes only checkpoint files (and --unique, --json)");
    return merge_parts(vm["merge"].as<std::vector<std::string>>(), vm);
  }
  if (!vm.count("n")) throw missing_argument("N");
  const auto sizes = vm["n"].as<std::vector<int>>();
  for (int n : sizes)
    if (n < 1 || n > queens::kMaxCountN)
      throw usage_error("N must be between 1 and 32, found " + std::to_string(n));
  if (sizes.size() == 1) return count_one(sizes[0], vm, false);
  for (const char* alone : {"estimate", "checkpoint", "part", "mpi"})
    if (vm.count(alone))
      throw usage_error(std::string("--") + alone + ": counts one N (found " +
                        std::to_string(sizes.size()) + ")");
  int status = kExitSuccess;
  for (int n : sizes) {
    status = count_one(n, vm, true);
    if (status != kExitSuccess) break;
  }
  return status;
}

// One count: N and the options; `listed` when it is one of several N.
int count_one(int n, const po::variables_map& vm, bool listed) {
  const queens::CountMethod* chosen = nullptr;
  try {
    chosen = &queens::choose_count_method(vm["method"].as<std::string>(), n);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const std::string method = chosen->name;
  const auto shared = read_shared(vm);

  RunOptions run_options;
  run_options.mode = Mode::count;
  run_options.threads = shared.threads;
  if (vm.count("subproblems")) {
    run_options.subproblems = vm["subproblems"].as<std::size_t>();
    if (run_options.subproblems > checkpoint::kMaxSubproblems)
      throw usage_error("--subproblems: expected at most " +
                        std::to_string(checkpoint::kMaxSubproblems) + ", found " +
                        std::to_string(run_options.subproblems));
  }
  run_options.budget = Budget(&interrupt_source(), shared.timeout);
  const std::uint64_t budget = memory_budget(vm);  // checked whatever the method
  Counting counting{n, chosen, {n, 0}, listed};
  if (chosen->method == queens::Method::join)
    try {
      counting.join = queens::join_for_memory(n, budget, detail::worker_count(run_options.threads));
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  if (vm.count("estimate")) {
    if (vm.count("checkpoint") || vm.count("part") || vm.count("mpi") || vm.count("merge"))
      throw usage_error("--estimate: runs alone (without --checkpoint, --part, --mpi)");
    const double seconds = vm["estimate"].as<double>();
    if (chosen->method != queens::Method::join && chosen->method != queens::Method::bitboard)
      throw usage_error("--estimate: for --method join or bitboard");
    // The bar: the share of S gone, and the pieces finished so far.
    Progress progress;
    run_options.progress = &progress;
    Estimate sampled;
    {
      ProgressBar bar(progress_wanted(vm), [&, label = "count " + std::to_string(n) +
                                                       " --estimate"](double elapsed) {
        return ProgressBar::gauge(label, std::min(1.0, elapsed / seconds)) + "  " +
               std::to_string(progress.done.load(std::memory_order_relaxed)) + " of " +
               std::to_string(progress.total.load(std::memory_order_relaxed)) +
               " pieces finished  " + duration_text(std::max(0.0, seconds - elapsed)) + " left";
      });
      sampled = chosen->method == queens::Method::join
                    ? estimate<queens::JoinCount>(counting.join, run_options, seconds)
                    : estimate<queens::CanonicalCount>({n}, run_options, seconds);
    }
    return print_estimate(sampled, n, method, vm);
  }

  const bool resumable = vm.count("checkpoint") || vm.count("part") || vm.count("mpi");
  if (vm.count("resume") && !vm.count("checkpoint"))
    throw usage_error("--resume: needs --checkpoint FILE");
  if (resumable) {
    if (!chosen->resumable)
      throw usage_error("--checkpoint, --part and --mpi count with --method join or bitboard");
    ResumableOptions resumable_options;
    if (vm.count("subproblems")) {
      if (run_options.subproblems == 0) throw usage_error("--subproblems: expected K >= 1");
      resumable_options.target = run_options.subproblems;
    }
    if (vm.count("part")) {
      if (!vm.count("checkpoint"))
        throw usage_error("--part: needs --checkpoint FILE (the part's result, for --merge)");
      try {
        resumable_options.part = checkpoint::parse_part(vm["part"].as<std::string>());
      } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--part: ") + e.what());
      }
    }
    if (vm.count("checkpoint")) resumable_options.checkpoint = vm["checkpoint"].as<std::string>();
    resumable_options.resume = vm.count("resume") != 0;
    resumable_options.sync_seconds = vm["checkpoint-interval"].as<double>();
    resumable_options.threads = run_options.threads;
    resumable_options.budget = run_options.budget;
    double progress_seconds = vm.count("progress") ? 1.0 : 10.0;
    if (!vm["progress-interval"].defaulted())
      progress_seconds = vm["progress-interval"].as<double>();
    if (vm.count("mpi")) return count_mpi(counting, resumable_options, vm, progress_seconds);
    return count_resumable(counting, resumable_options, vm);
  }
  return count_plain(counting, run_options, vm);
}

}  // namespace

}  // namespace nursery::cli
