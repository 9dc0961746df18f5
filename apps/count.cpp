// nursery count N: exact N-queens totals and, with --unique, symmetry classes.
// With --checkpoint, --part or --mpi the count is resumable: the frontier is
// built for a fixed split target (not per thread), so its ids mean the same
// in every run, on every machine.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <nursery/checkpoint.hpp>
#include <nursery/estimate.hpp>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>
#include <optional>

#include "cli.hpp"
#include "commands.hpp"

#ifdef NURSERY_HAVE_MPI
#include "distributed_count.hpp"
#endif

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery count N [--threads T] [--unique] [--stats] [--json] [--method M]\n"
    "                       [--timeout S] [--subproblems K] [--progress|--no-progress]\n"
    "                       [--checkpoint FILE [--resume]] [--part I/K] [--mpi]\n"
    "                       [--memory SIZE] [--estimate [S]]\n"
    "       nursery count --merge FILES... [--unique] [--json]\n"
    "Counts the solutions of the N-queens problem exactly (N = 1..32): the total\n"
    "(OEIS A000170) and, with --unique, the classes under the board's 8 symmetries\n"
    "(OEIS A002562). A count stopped by --timeout or Ctrl-C prints no number.\n"
    "--checkpoint appends finished subproblems to FILE; --resume skips them.\n"
    "--part I/K counts every K-th subproblem (from the I-th) into FILE, for job\n"
    "arrays; --merge sums the part files. --mpi spreads the count over MPI ranks\n"
    "(mpirun -np R nursery count N --mpi), each rank with its own thread pool.";

// Split target of resumable counts when --subproblems is not given: fixed,
// so ids do not depend on the thread count; wide enough for a few hundred
// workers (EPS: 30..100 subproblems per worker).
constexpr std::size_t kResumableTarget = 16384;

// What a resumable count needs to know of each counter: its name in
// checkpoints and output, its split target, and whether its subproblems
// carry symmetry classes (the join's carry totals only; a whole join
// count's classes follow by Burnside).
template <class Kind>
struct Counter;
template <>
struct Counter<queens::CanonicalCount> {
  static constexpr const char* checkpoint_kind = "queens-canonical";
  static constexpr const char* method = "bitboard";
  static constexpr std::size_t resumable_target = kResumableTarget;
  static constexpr bool counts_classes = true;
};
template <>
struct Counter<queens::JoinCount> {
  static constexpr const char* checkpoint_kind = "queens-join";
  static constexpr const char* method = "join";
  // The join's pieces cost more to cut finely (each enumerates its halves).
  static constexpr std::size_t resumable_target = 1024;
  static constexpr bool counts_classes = false;
};

template <class K>
Result<queens::Placement> count_with(int n, const RunOptions& options) {
  return run<K>(typename K::Instance{n}, options);
}

// From N = 14 on the join counts faster than the bitboard backtracker;
// below, both take well under a millisecond.
constexpr int kJoinFrom = 14;

// The method a --method value stands for ("fast" is the bitboard counter's
// former name).
std::string choose_method(const std::string& asked, int n) {
  if (asked == "auto") return n >= kJoinFrom && n <= queens::kMaxJoinN ? "join" : "bitboard";
  if (asked == "fast") return "bitboard";
  if (asked == "join" && n > queens::kMaxJoinN)
    throw UsageError("--method join: N must be between 1 and 31");
  if (asked != "join" && asked != "bitboard" && asked != "backtrack" && asked != "brute")
    throw UsageError("--method: expected auto, join, bitboard, backtrack or brute, found '" +
                     asked + "'");
  return asked;
}

// The join counts totals; unique counts follow from Burnside's lemma with
// the few rotation-invariant solutions, counted on the side.
Result<queens::Placement> count_join(const queens::JoinCount::Instance& instance,
                                     const RunOptions& options, bool unique) {
  auto result = run<queens::JoinCount>(instance, options);
  if (unique && result.status == Status::complete)
    result.unique = queens::unique_from_total(instance.n, result.count);
  return result;
}

// "8G", "512M", "100000K", "123456789": bytes.
std::uint64_t parse_bytes(const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const std::string unit = text.substr(used);
  double scale = 1;
  if (unit == "K" || unit == "k")
    scale = 1024.0;
  else if (unit == "M" || unit == "m")
    scale = 1024.0 * 1024;
  else if (unit == "G" || unit == "g")
    scale = 1024.0 * 1024 * 1024;
  else if (unit == "T" || unit == "t")
    scale = 1024.0 * 1024 * 1024 * 1024;
  else if (!unit.empty())
    used = 0;
  if (used == 0 || !(value > 0) || !std::isfinite(value))
    throw UsageError("--memory: expected a size such as 8G, 512M or 1048576, found '" + text + "'");
  return static_cast<std::uint64_t>(value * scale);
}

std::uint64_t memory_budget(const po::variables_map& vm) {
  if (vm.count("memory")) return parse_bytes(vm["memory"].as<std::string>());
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{4} << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2;
}

std::string gibibytes(double bytes) {
  char text[32];
  if (bytes >= 1024.0 * 1024 * 1024)
    std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
  else
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1024.0 * 1024));
  return text;
}

// The narrowest chunk whose pieces, one per worker, fit the budget; a
// count that cannot fit is refused before it starts.
queens::JoinCount::Instance join_instance(int n, std::uint64_t budget, unsigned workers) {
  const int width = queens::join_width_for(n, static_cast<double>(budget) / workers);
  if (width >= 0) return {n, width};
  throw UsageError("--memory: a join count of N = " + std::to_string(n) + " on " +
                   std::to_string(workers) + " threads needs about " +
                   gibibytes(queens::join_piece_bytes(n, queens::join_max_width(n)) * workers) +
                   " even in its finest pieces, more than the budget of " +
                   gibibytes(static_cast<double>(budget)) +
                   " (raise --memory, use fewer --threads, or --method bitboard)");
}

int print_estimate(const Estimate& e, int n, const std::string& method,
                   const po::variables_map& vm) {
  if (vm.count("json")) {
    nlohmann::json out = {{"n", n},
                          {"method", method},
                          {"estimate", true},
                          {"subproblems", e.subproblems},
                          {"sampled", e.sampled},
                          {"threads", e.threads},
                          {"sample_seconds", e.sample_seconds},
                          {"cpu_seconds_per_subproblem", e.cpu_mean},
                          {"projected_cpu_seconds", e.projected_cpu},
                          {"projected_wall_seconds", e.projected_wall},
                          {"wall_error_seconds", e.wall_error}};
    std::cout << out.dump() << '\n';
  } else if (e.sampled == 0) {
    std::cout << "no estimate: no subproblem finished (stopped)\n";
  } else {
    std::printf("count %d (%s, %u threads): %zu subproblems, %zu sampled in %.1f s\n", n,
                method.c_str(), e.threads, e.subproblems, e.sampled, e.sample_seconds);
    std::printf("projected %.1f s wall (+- %.1f s, 95%%), %.1f CPU s\n", e.projected_wall,
                e.wall_error, e.projected_cpu);
  }
  return e.sampled == 0 ? kExitInterrupted : kExitSuccess;
}

// How a finished count is shown, the same for every path.
struct Report {
  int n = 0;
  Status status = Status::complete;
  Count total = 0;
  Count unique = 0;
  bool unique_known = true;  // false: a part of a join count (its classes are not additive)
  Stats stats;
  nlohmann::json extra = nlohmann::json::object();  // checkpoint, part, ranks
};

int print_report(const Report& report, const po::variables_map& vm, const std::string& method) {
  const bool complete = report.status == Status::complete;
  const bool unique = vm.count("unique") != 0;
  if (vm.count("json")) {
    nlohmann::json out = {{"n", report.n},
                          {"method", method},
                          {"complete", complete},
                          {"status", to_string(report.status)},
                          {"stats", stats_json(report.stats)}};
    out["total"] = complete ? count_json(report.total) : nlohmann::json(nullptr);
    if (unique)
      out["unique"] =
          complete && report.unique_known ? count_json(report.unique) : nlohmann::json(nullptr);
    out.update(report.extra);
    std::cout << out.dump() << '\n';
  } else if (complete) {
    if (unique)
      std::cout << "total  " << to_string(report.total) << "\nunique " << to_string(report.unique)
                << '\n';
    else
      std::cout << to_string(report.total) << '\n';
  } else {
    std::cout << "unknown (" << to_string(report.status) << " after " << report.stats.wall_seconds
              << " s, " << report.stats.subproblems_done << " of " << report.stats.subproblems
              << " subproblems done)\n";
  }
  if (vm.count("stats")) print_stats(std::cerr, report.stats);
  if (report.status == Status::timeout) return kExitTimeout;
  if (report.status == Status::cancelled) return kExitInterrupted;
  return kExitSuccess;
}

//--- Resumable counts: checkpoint, parts, MPI ---------------------------------

// Rank 0's (or the single process's) bookkeeping: the frontier, what the
// checkpoint already holds, and the sums as subproblems finish.
template <class Kind>
class Ledger {
 public:
  using Subproblem = typename Kind::Subproblem;
  Ledger(const typename Kind::Instance& instance, std::optional<std::size_t> target,
         std::pair<std::uint32_t, std::uint32_t> part, const std::string& checkpoint_path,
         bool resume, double sync_seconds) {
    const int n = instance.n;
    using Clock = std::chrono::steady_clock;
    auto start = Clock::now();
    checkpoint::Contents contents;
    bool resuming = false;
    if (!checkpoint_path.empty() && resume) {
      std::error_code error;
      if (std::filesystem::exists(checkpoint_path, error)) {
        contents = checkpoint::read(checkpoint_path);
        resuming = true;
        // The split target is part of the checkpoint: take it from there.
        if (!target) target = contents.header.target;
      } else {
        spdlog::info("{}: no checkpoint yet, starting one", checkpoint_path);
      }
    }
    header_.kind = Counter<Kind>::checkpoint_kind;
    header_.n = n;
    header_.target = target.value_or(Counter<Kind>::resumable_target);
    frontier_ = Kind::split(instance, header_.target);
    header_.subproblems = frontier_.size();
    header_.frontier = checkpoint::frontier_crc(std::span<const Subproblem>(frontier_));
    header_.part = part.first;
    header_.parts = part.second;
    split_seconds_ = std::chrono::duration<double>(Clock::now() - start).count();

    tally_ = checkpoint::tally(frontier_.size(), {}, checkpoint_path);
    checkpoint::Writer::Batching batching;
    batching.seconds = sync_seconds;
    if (resuming) {
      checkpoint::require_match(checkpoint_path, header_, contents.header);
      if (contents.torn_tail)
        spdlog::warn("{}: dropping a torn last line (a write cut short)", checkpoint_path);
      checkpoint::add_records(tally_, contents.records, checkpoint_path);
      resumed_ = tally_.done_count;
      writer_.emplace(checkpoint::Writer::resume(checkpoint_path, contents, batching));
    } else if (!checkpoint_path.empty()) {
      writer_.emplace(checkpoint::Writer::create(checkpoint_path, header_, batching));
    }
    for (std::uint64_t id = 0; id < frontier_.size(); ++id) {
      if (!checkpoint::in_part(id, header_.part, header_.parts)) continue;
      ++in_part_;
      if (tally_.done[id]) continue;
      todo_ids_.push_back(id);
      todo_.push_back(frontier_[id]);
    }
  }

  // From any thread, as each subproblem finishes.
  void finished(std::uint64_t id, const Outcome& outcome) {
    if (writer_) writer_->add({id, outcome.count, outcome.unique});
    std::lock_guard lock(mutex_);
    if (!tally_.done[id]) {
      tally_.done[id] = true;
      ++tally_.done_count;
      if (!add_checked(tally_.total, outcome.count) || !add_checked(tally_.unique, outcome.unique))
        throw std::overflow_error("solution count exceeds 128 bits");
    }
  }

  void flush() {
    if (writer_) writer_->flush();
  }

  const checkpoint::Header& header() const { return header_; }
  const std::vector<std::uint64_t>& todo_ids() const { return todo_ids_; }
  const std::vector<Subproblem>& todo() const { return todo_; }
  std::uint64_t resumed() const { return resumed_; }
  std::uint64_t in_part() const { return in_part_; }
  double split_seconds() const { return split_seconds_; }

  // Done within this run's share (the part, or the whole frontier).
  std::uint64_t done() {
    std::lock_guard lock(mutex_);
    return tally_.done_count;
  }
  Count total() {
    std::lock_guard lock(mutex_);
    return tally_.total;
  }
  Count unique() {
    std::lock_guard lock(mutex_);
    return tally_.unique;
  }

 private:
  checkpoint::Header header_;
  std::vector<Subproblem> frontier_;
  checkpoint::Tally tally_;
  std::optional<checkpoint::Writer> writer_;
  std::vector<std::uint64_t> todo_ids_;
  std::vector<Subproblem> todo_;
  std::uint64_t resumed_ = 0;
  std::uint64_t in_part_ = 0;
  double split_seconds_ = 0;
  std::mutex mutex_;
};

struct ResumableOptions {
  int n = 0;
  std::optional<std::size_t> target;
  std::pair<std::uint32_t, std::uint32_t> part{1, 1};
  std::string checkpoint;
  bool resume = false;
  double sync_seconds = 1.0;
  bool mpi = false;
  RunOptions run;
  double progress_seconds = 10;
};

template <class Kind>
Report finish_report(Ledger<Kind>& ledger, const ResumableOptions& options, bool all_done,
                     StopReason reason, double wall_seconds) {
  Report report;
  report.n = options.n;
  report.status = status_of(Mode::count, all_done, false, reason);
  report.total = ledger.total();
  report.unique = ledger.unique();
  report.unique_known = Counter<Kind>::counts_classes;
  if (!report.unique_known && report.status == Status::complete && ledger.header().parts == 1) {
    report.unique = queens::unique_from_total(options.n, report.total);
    report.unique_known = true;
  }
  report.stats.subproblems = ledger.in_part();
  report.stats.subproblems_done = ledger.done();
  report.stats.split_seconds = ledger.split_seconds();
  report.stats.wall_seconds = wall_seconds;
  const auto& header = ledger.header();
  report.extra["split_target"] = header.target;
  report.extra["frontier"] = header.subproblems;
  if (!options.checkpoint.empty())
    report.extra["checkpoint"] = {{"file", options.checkpoint}, {"resumed", ledger.resumed()}};
  if (header.parts > 1)
    report.extra["part"] = std::to_string(header.part) + "/" + std::to_string(header.parts);
  return report;
}

int print_part_report(const Report& report, const po::variables_map& vm,
                      const checkpoint::Header& header, const std::string& method) {
  // A part's sum is not the answer: say so, and never print it bare.
  if (vm.count("json") || report.status != Status::complete)
    return print_report(report, vm, method);
  std::cout << "part " << header.part << '/' << header.parts << ": total "
            << to_string(report.total);
  if (report.unique_known) std::cout << " unique " << to_string(report.unique);
  std::cout << " (" << report.stats.subproblems << " of " << header.subproblems
            << " subproblems; sum the parts with nursery count --merge)\n";
  if (vm.count("stats")) print_stats(std::cerr, report.stats);
  return kExitSuccess;
}

template <class Kind>
int count_resumable(const typename Kind::Instance& instance, const ResumableOptions& options,
                    const po::variables_map& vm) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  Ledger<Kind> ledger(instance, options.target, options.part, options.checkpoint, options.resume,
                      options.sync_seconds);
  if (ledger.resumed() > 0)
    spdlog::info("{}: resuming, {} of {} subproblems already counted", options.checkpoint,
                 ledger.resumed(), ledger.in_part());

  Progress progress;
  progress.done = ledger.resumed();
  RunOptions run_options = options.run;
  run_options.progress = &progress;
  Execution<Kind> execution;
  {
    ProgressBar bar(progress, progress_wanted(vm), "count " + std::to_string(options.n));
    progress.total.fetch_add(ledger.resumed());
    execution = execute<Kind>(instance, std::span<const typename Kind::Subproblem>(ledger.todo()),
                              run_options, nullptr, [&](std::size_t i, const Outcome& outcome) {
                                ledger.finished(ledger.todo_ids()[i], outcome);
                              });
  }
  ledger.flush();
  Report report =
      finish_report(ledger, options, ledger.done() == ledger.in_part(), execution.stop_reason,
                    std::chrono::duration<double>(Clock::now() - start).count());
  for (const auto& outcome : execution.outcomes) report.stats.nodes += outcome.nodes;
  report.stats.threads = detail::worker_count(options.run.threads);
  report.stats.cpu_seconds = execution.cpu_seconds;
  if (ledger.header().parts > 1)
    return print_part_report(report, vm, ledger.header(), Counter<Kind>::method);
  return print_report(report, vm, Counter<Kind>::method);
}

#ifdef NURSERY_HAVE_MPI
template <class Kind>
int count_mpi(const typename Kind::Instance& instance, const ResumableOptions& options,
              const po::variables_map& vm) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  mpi::Session session;
  std::optional<Ledger<Kind>> ledger;
  std::string error;
  if (session.root()) {
    try {
      ledger.emplace(instance, options.target, options.part, options.checkpoint, options.resume,
                     options.sync_seconds);
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  // Rank 0 alone reads the checkpoint; when it refuses, every rank stops.
  if (!session.agree(error.empty())) {
    if (session.root()) std::cerr << "error: " << error << '\n';
    return kExitUsage;
  }

  mpi::Job job;
  job.n = options.n;
  job.run = mpi::runner_for<Kind>(instance);
  job.threads = options.run.threads;
  job.stop = options.run.stop;
  job.label = "count " + std::to_string(options.n);
  job.progress_seconds = vm.count("no-progress") ? 0 : options.progress_seconds;
  if (session.root()) {
    job.ids = ledger->todo_ids();
    job.subproblems = mpi::pack(ledger->todo());
    job.frontier_size = ledger->in_part();
    job.already_done = ledger->resumed();
    job.on_done = [&](std::uint64_t id, const Outcome& outcome) { ledger->finished(id, outcome); };
    if (ledger->resumed() > 0)
      spdlog::info("{}: resuming, {} of {} subproblems already counted", options.checkpoint,
                   ledger->resumed(), ledger->in_part());
  }
  mpi::Summary summary = mpi::count(session, job);
  if (!session.root()) return kExitSuccess;

  ledger->flush();
  const bool all_done = ledger->done() == ledger->in_part();
  Report report =
      finish_report(*ledger, options, all_done,
                    options.run.stop != nullptr ? options.run.stop->reason() : StopReason::none,
                    std::chrono::duration<double>(Clock::now() - start).count());
  report.stats.nodes = summary.nodes;
  report.stats.threads = summary.threads;
  report.stats.cpu_seconds = summary.cpu_seconds;
  report.extra["ranks"] = session.size();
  if (ledger->header().parts > 1)
    return print_part_report(report, vm, ledger->header(), Counter<Kind>::method);
  return print_report(report, vm, Counter<Kind>::method);
}
#endif

// Sums part checkpoints (or any checkpoints of one frontier) into the whole.
int merge_parts(const std::vector<std::string>& files, const po::variables_map& vm) {
  if (files.empty()) throw UsageError("--merge: expected checkpoint files");
  std::optional<checkpoint::Header> first;
  checkpoint::Tally tally;
  for (const auto& file : files) {
    auto contents = checkpoint::read(file);
    if (!first) {
      first = contents.header;
      tally = checkpoint::tally(first->subproblems, {}, file);
    } else {
      checkpoint::Header expected = *first;
      expected.part = contents.header.part;  // parts differ, everything else must not
      expected.parts = contents.header.parts;
      checkpoint::require_match(file, expected, contents.header);
    }
    checkpoint::add_records(tally, contents.records, file);
  }
  if (tally.done_count != first->subproblems) {
    std::uint64_t missing = 0;
    while (missing < tally.done.size() && tally.done[missing]) ++missing;
    throw UsageError("--merge: the files hold " + std::to_string(tally.done_count) + " of " +
                     std::to_string(first->subproblems) + " subproblems (first missing id " +
                     std::to_string(missing) + "): a part is missing or unfinished");
  }
  Report report;
  report.n = first->n;
  report.total = tally.total;
  report.unique = tally.unique;
  std::string method = Counter<queens::CanonicalCount>::method;
  if (first->kind == Counter<queens::JoinCount>::checkpoint_kind) {  // classes by Burnside
    method = Counter<queens::JoinCount>::method;
    report.unique = queens::unique_from_total(first->n, tally.total);
  }
  report.stats.subproblems = first->subproblems;
  report.stats.subproblems_done = tally.done_count;
  report.extra["merged"] = files;
  return print_report(report, vm, method);
}

}  // namespace

int cmd_count(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("n", po::value<int>(), "board size N, 1..32")(
      "threads,t", po::value<std::string>()->default_value("auto"),
      "worker threads (per MPI rank), or auto for every core")(
      "unique,u", "also count symmetry classes")("stats,s", "print search statistics on stderr")(
      "json", "print the result as JSON")(
      "method,m", po::value<std::string>()->default_value("auto"),
      "auto (join from N = 14, else bitboard), join (half boards counted against each "
      "other), bitboard (canonical frames, 8-fold symmetry), backtrack (textbook, arrays) "
      "or brute (N^N, N<=10)")("timeout", po::value<double>()->default_value(0),
                               "give up after S seconds (0: never)")(
      "subproblems", po::value<std::size_t>(),
      "frontier size to aim at (default 64 per thread; with a checkpoint, --part or --mpi "
      "16384 for bitboard, 1024 for join, recorded in the checkpoint)")(
      "progress", "draw a progress bar")("no-progress",
                                         "never draw a progress bar (nor MPI progress lines)")(
      "checkpoint", po::value<std::string>(),
      "append finished subproblems to FILE (fsynced in batches)")(
      "resume", "continue the count in --checkpoint FILE, skipping what it holds")(
      "checkpoint-interval", po::value<double>()->default_value(1.0),
      "seconds between checkpoint syncs (fsync)")(
      "part", po::value<std::string>(),
      "count only part I of K of the frontier (needs --checkpoint)")(
      "merge", po::value<std::vector<std::string>>()->multitoken(),
      "sum the counts of checkpoint files (the parts of one count)")(
      "mpi", "spread the count over the ranks of mpirun/srun")(
      "progress-interval", po::value<double>()->default_value(10),
      "seconds between MPI progress lines on rank 0")(
      "memory", po::value<std::string>(),
      "memory budget of a join count, e.g. 8G or 512M (default: half of the RAM); pieces are "
      "cut finer to fit it")(
      "estimate", po::value<double>()->implicit_value(10),
      "count nothing: run a random sample of the subproblems for S seconds (default 10) and "
      "project the whole count's time");
  po::positional_options_description positionals;
  positionals.add("n", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;

  if (vm.count("merge")) {
    if (vm.count("n") || vm.count("mpi") || vm.count("checkpoint") || vm.count("part"))
      throw UsageError("--merge takes only checkpoint files (and --unique, --json)");
    return merge_parts(vm["merge"].as<std::vector<std::string>>(), vm);
  }
  if (!vm.count("n")) throw UsageError("the option '--n' is required but missing");
  const int n = vm["n"].as<int>();
  if (n < 1 || n > queens::kMaxCountN) throw UsageError("N must be between 1 and 32");
  const std::string method = choose_method(vm["method"].as<std::string>(), n);
  if (method == "brute" && n > queens::kMaxBruteN)
    throw UsageError("--method brute: N must be between 1 and 10 (N^N placements)");
  if (vm["timeout"].as<double>() < 0) throw UsageError("--timeout: expected seconds >= 0");

  RunOptions run_options;
  run_options.mode = Mode::count;
  run_options.threads = parse_threads(vm["threads"].as<std::string>());
  run_options.timeout_seconds = vm["timeout"].as<double>();
  if (vm.count("subproblems")) run_options.subproblems = vm["subproblems"].as<std::size_t>();
  run_options.stop = &interrupt_source();
  const std::uint64_t budget = memory_budget(vm);  // checked whatever the method
  queens::JoinCount::Instance join{n, 0};
  if (method == "join") join = join_instance(n, budget, detail::worker_count(run_options.threads));
  if (vm.count("estimate")) {
    if (vm.count("checkpoint") || vm.count("part") || vm.count("mpi") || vm.count("merge"))
      throw UsageError("--estimate: runs alone (without --checkpoint, --part, --mpi)");
    const double seconds = vm["estimate"].as<double>();
    if (!(seconds > 0) || !std::isfinite(seconds))
      throw UsageError("--estimate: expected seconds > 0");
    if (method == "join")
      return print_estimate(estimate<queens::JoinCount>(join, run_options, seconds), n, method, vm);
    if (method == "bitboard")
      return print_estimate(estimate<queens::CanonicalCount>({n}, run_options, seconds), n, method,
                            vm);
    throw UsageError("--estimate: for --method join or bitboard");
  }

  const bool resumable = vm.count("checkpoint") || vm.count("part") || vm.count("mpi");
  if (vm.count("resume") && !vm.count("checkpoint"))
    throw UsageError("--resume: needs --checkpoint FILE");
  if (resumable) {
    if (method != "bitboard" && method != "join")
      throw UsageError("--checkpoint, --part and --mpi count with --method join or bitboard");
    ResumableOptions resumable_options;
    resumable_options.n = n;
    if (vm.count("subproblems")) {
      if (run_options.subproblems == 0) throw UsageError("--subproblems: expected K >= 1");
      resumable_options.target = run_options.subproblems;
    }
    if (vm.count("part")) {
      if (!vm.count("checkpoint"))
        throw UsageError("--part: needs --checkpoint FILE (the part's result, for --merge)");
      try {
        resumable_options.part = checkpoint::parse_part(vm["part"].as<std::string>());
      } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--part: ") + e.what());
      }
    }
    if (vm.count("checkpoint")) resumable_options.checkpoint = vm["checkpoint"].as<std::string>();
    resumable_options.resume = vm.count("resume") != 0;
    resumable_options.sync_seconds = vm["checkpoint-interval"].as<double>();
    if (resumable_options.sync_seconds < 0)
      throw UsageError("--checkpoint-interval: expected seconds >= 0");
    resumable_options.mpi = vm.count("mpi") != 0;
    resumable_options.run = run_options;
    resumable_options.progress_seconds = vm.count("progress") ? 1.0 : 10.0;
    if (!vm["progress-interval"].defaulted())
      resumable_options.progress_seconds = vm["progress-interval"].as<double>();
    if (resumable_options.progress_seconds < 0)
      throw UsageError("--progress-interval: expected seconds >= 0");
    if (resumable_options.mpi) {
#ifdef NURSERY_HAVE_MPI
      if (run_options.timeout_seconds > 0)
        throw UsageError("--timeout: not available with --mpi (use the scheduler's time limit)");
      if (method == "join") return count_mpi<queens::JoinCount>(join, resumable_options, vm);
      return count_mpi<queens::CanonicalCount>({n}, resumable_options, vm);
#else
      throw UsageError(
          "--mpi: this nursery was built without MPI support (install openmpi-bin "
          "libopenmpi-dev and rebuild)");
#endif
    }
    if (method == "join") return count_resumable<queens::JoinCount>(join, resumable_options, vm);
    return count_resumable<queens::CanonicalCount>({n}, resumable_options, vm);
  }

  Progress progress;
  run_options.progress = &progress;
  Result<queens::Placement> result;
  {
    ProgressBar bar(progress, progress_wanted(vm), "count " + std::to_string(n));
    if (method == "join")
      result = count_join(join, run_options, vm.count("unique") != 0);
    else if (method == "bitboard")
      result = count_with<queens::CanonicalCount>(n, run_options);
    else if (method == "backtrack")
      result = count_with<queens::Backtrack>(n, run_options);
    else
      result = count_with<queens::Brute>(n, run_options);
  }
  Report report;
  report.n = n;
  report.status = result.status;
  report.total = result.count;
  report.unique = result.unique;
  report.stats = result.stats;
  return print_report(report, vm, method);
}

}  // namespace nursery::cli
