// nursery count's policy (cli/queens/count_command.hpp): a request checked into
// a plan, the plan run plainly, resumably or as a sampled estimate, and the
// parts of a count merged; the CLI only reads options and prints.
#include "cli/queens/count_command.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "cli/cli.hpp"
#include "queens/count_methods.hpp"
#include "queens/resumable_counts.hpp"

namespace nursery::queens {

namespace {

using cli::data_error;
using cli::usage_error;
using cli::UsageError;

const CountMethod& chosen(const std::string& asked, int n) {
  try {
    return choose_count_method(asked, n);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

// printf's formatting into a string; the estimate's lines hold numbers and
// method names, well under 256 bytes.
template <class... Values>
std::string printed(const char* format, Values... values) {
  char text[256];
  std::snprintf(text, sizeof text, format, values...);
  return text;
}

// Seconds for a person: "0.42 s" under a minute, else "5m44s", "3h05m", ...
std::string seconds_text(double seconds) {
  return seconds >= 60 ? duration_text(seconds) : printed("%.2g s", seconds);
}

bool is_join(const CountPlan& plan) {
  return std::string(plan.method) == "join";
}

// A checkpoint is a file the count reads back and appends to: a FIFO, a
// device or a directory would block on its open or read (a FIFO waits for
// a writer that never comes) or lose what was counted, so it is refused
// before anything runs. A name that does not exist yet is created.
void refuse_non_regular(const std::string& option, const std::string& path) {
  if (path.empty()) throw usage_error(option + ": expected a file name, found ''");
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return;
  const char* what = S_ISFIFO(st.st_mode)   ? "a FIFO"
                     : S_ISDIR(st.st_mode)  ? "a directory"
                     : S_ISCHR(st.st_mode)  ? "a character device"
                     : S_ISBLK(st.st_mode)  ? "a block device"
                     : S_ISSOCK(st.st_mode) ? "a socket"
                                            : "not a regular file";
  throw usage_error(option + " " + path + ": expected a regular checkpoint file, found " + what);
}

void check_resumable(const CountRequest& request, const CountMethod& method, CountPlan& plan) {
  if (!method.resumable)
    throw usage_error("--checkpoint, --part and --mpi count with --method join or bitboard");
  ResumableOptions& options = plan.resumable;
  if (request.subproblems) {
    if (*request.subproblems == 0) throw usage_error("--subproblems: expected K >= 1");
    options.target = *request.subproblems;
  }
  if (request.part) {
    if (!request.checkpoint)
      throw usage_error("--part: needs --checkpoint FILE (the part's result, for --merge)");
    try {
      options.part = checkpoint::parse_part(*request.part);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--part: ") + e.what());
    }
  }
  if (request.checkpoint) refuse_non_regular("--checkpoint", *request.checkpoint);
  options.checkpoint = request.checkpoint.value_or("");
  options.resume = request.resume;
  options.sync_seconds = request.sync_seconds;
  options.threads = request.threads;
  options.budget = request.budget;
}

template <class Tree>
ResumableResult resumable_with(const typename Tree::Instance& instance,
                               const ResumableOptions& options,
                               const std::function<void()>& started) {
  Ledger<Tree> ledger(instance, options);
  if (started) started();
  return ledger.run();
}

}  // namespace

const char* count_method_name(const std::string& asked, int n) {
  return chosen(asked, n).name;
}

CountPlan plan_count(const CountRequest& request) {
  const int n = request.n;
  const CountMethod& method = chosen(request.method, n);
  CountPlan plan;
  plan.n = n;
  plan.method = method.name;
  plan.unique = request.unique;
  plan.run.mode = Mode::count;
  plan.run.threads = request.threads;
  plan.run.budget = request.budget;
  if (request.subproblems) {
    plan.run.subproblems = *request.subproblems;
    if (plan.run.subproblems > checkpoint::kMaxSubproblems)
      throw usage_error("--subproblems: expected at most " +
                        std::to_string(checkpoint::kMaxSubproblems) + ", found " +
                        std::to_string(plan.run.subproblems));
  }
  // Checked whatever the method.
  const std::uint64_t memory =
      request.memory ? cli::parse_memory(*request.memory) : queens::default_memory();
  if (method.method == Method::join) try {
      const JoinCount::Instance join =
          join_for_memory(n, memory, detail::worker_count(plan.run.threads));
      plan.join_width = join.min_width;
      plan.join_quarters = join.quarter_tables;
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  const bool resumable = request.checkpoint || request.part || request.mpi;
  if (request.estimate) {
    if (resumable)
      throw usage_error("--estimate: runs alone (without --checkpoint, --part, --mpi)");
    if (method.method != Method::join && method.method != Method::bitboard)
      throw usage_error("--estimate: for --method join or bitboard");
    plan.way = CountWay::estimate;
    plan.estimate_seconds = *request.estimate;
    return plan;
  }
  if (request.resume && !request.checkpoint) throw usage_error("--resume: needs --checkpoint FILE");
  if (resumable) {
    check_resumable(request, method, plan);
    plan.way = CountWay::resumable;
  }
  return plan;
}

CountReport report_of(const CountPlan& plan, const ResumableResult& result) {
  CountReport report;
  report.n = result.header.n;
  report.how = plan.method;
  report.status = result.status;
  report.count = result.total;
  report.unique = result.unique;
  report.unique_known = result.unique_known;
  report.stats = result.stats;
  report.resumable = result;
  report.checkpoint = plan.resumable.checkpoint;
  report.verdict = report.status == Status::complete ? Verdict::ok : Verdict::unknown;
  return report;
}

CountReport count(const CountPlan& plan) {
  JoinCount::Instance join{plan.n, plan.join_width};
  join.quarter_tables = plan.join_quarters;
  // The instruction set the kernels ran on (--stats, --json): the join's
  // and the bitboard's, the methods that have kernels.
  const char* isa = choose_count_method(plan.method, plan.n).kernels ? kernel_isa() : nullptr;
  if (plan.way == CountWay::resumable) {
    CountReport report = report_of(
        plan, is_join(plan)
                  ? resumable_with<JoinCount>(join, plan.resumable, plan.started)
                  : resumable_with<CanonicalCount>({plan.n}, plan.resumable, plan.started));
    report.stats.isa = isa;
    return report;
  }
  CountReport report;
  report.n = plan.n;
  report.how = plan.method;
  if (plan.started) plan.started();
  if (plan.way == CountWay::estimate) {
    report.estimate = is_join(plan)
                          ? estimate<JoinCount>(join, plan.run, plan.estimate_seconds)
                          : estimate<CanonicalCount>({plan.n}, plan.run, plan.estimate_seconds);
    // Nothing measured: a signal ended the sample before a piece ran. A
    // projection, even a lower bound only, is an answer.
    report.status = plan.run.budget.stop_requested()                  ? Status::cancelled
                    : report.estimate->sampled + report.estimate->cut ? Status::complete
                                                                      : Status::timeout;
    return report;
  }
  const CountMethod& method = choose_count_method(plan.method, plan.n);
  static_cast<Counted&>(report) =
      reported<Counted>(method.count(join, plan.run, plan.unique), Mode::count, plan.method);
  report.stats.isa = isa;
  return report;
}

CountReport merge_counts(const std::vector<std::string>& files) {
  if (files.empty()) throw usage_error("--merge: expected checkpoint files");
  for (const auto& file : files) refuse_non_regular("--merge", file);
  const MergedParts merged = merge_parts(files);
  if (!merged.complete())
    throw data_error("--merge: the files hold " + std::to_string(merged.done) + " of " +
                     std::to_string(merged.header.subproblems) + " subproblems (first missing id " +
                     std::to_string(merged.first_missing) + "): a part is missing or unfinished");
  CountReport report;
  report.n = merged.header.n;
  report.count = merged.total;
  report.unique = merged.unique;
  report.how = "bitboard";
  if (merged.header.kind == Resumable<JoinCount>::checkpoint_kind) {
    report.how = "join";  // its classes follow from the total, by Burnside
    report.unique = whole_classes<JoinCount>(merged.header.n, merged.total, merged.unique);
  }
  report.stats.subproblems = merged.header.subproblems;
  report.stats.subproblems_done = merged.done;
  report.verdict = Verdict::ok;  // every part is there
  return report;
}

nlohmann::json report_json(const CountReport& report, bool unique) {
  const std::string status = cli::status_word(exit_code(report, Asked::count));
  if (const auto& e = report.estimate)
    return {{"n", report.n},
            {"method", report.how},
            {"status", status},
            {"estimate", true},
            {"subproblems", e->subproblems},
            {"pieces", e->pieces},
            {"sampled", e->sampled},
            {"cut", e->cut},
            {"lower_bound", e->lower_bound()},
            {"threads", e->threads},
            {"sample_seconds", e->sample_seconds},
            {"cpu_seconds_per_piece", e->cpu_mean},
            {"projected_cpu_seconds", e->projected_cpu},
            {"projected_wall_seconds", e->projected_wall},
            {"wall_error_seconds", e->wall_error}};
  const bool complete = report.status == Status::complete;
  nlohmann::json out = {{"n", report.n},
                        {"method", report.how},
                        {"complete", complete},
                        {"status", status},
                        {"stats", stats_json(report.stats)}};
  out["total"] = complete ? count_json(report.total()) : nlohmann::json(nullptr);
  if (unique)
    out["unique"] =
        complete && report.unique_known ? count_json(report.unique) : nlohmann::json(nullptr);
  if (const auto& resumable = report.resumable) {
    const checkpoint::Header& header = resumable->header;
    out["split_target"] = header.target;
    out["frontier"] = header.subproblems;
    if (!report.checkpoint.empty())
      out["checkpoint"] = {{"file", report.checkpoint}, {"resumed", resumable->resumed}};
    if (header.parts > 1)
      out["part"] = std::to_string(header.part) + "/" + std::to_string(header.parts);
  }
  return out;
}

std::string estimate_text(const CountReport& report, double seconds) {
  const Estimate& e = *report.estimate;
  if (report.status == Status::cancelled) return "no estimate: stopped\n";
  if (report.status == Status::timeout)
    return printed("no estimate: no piece ran in %.15g s\n", seconds);
  const std::string wall = seconds_text(e.projected_wall), cpu = seconds_text(e.projected_cpu);
  const std::string sampled = printed(
      "count %d (%s, %u threads): %zu subproblems; %zu of %zu finer pieces finished in %.1f s\n",
      report.n, report.how.c_str(), e.threads, e.subproblems, e.sampled, e.pieces,
      e.sample_seconds);
  if (e.lower_bound())
    return sampled +
           printed("projected more than %s wall, %s CPU (%s in %.15g s: each takes longer)\n",
                   wall.c_str(), cpu.c_str(),
                   e.sampled == 0 ? "no sampled piece finished" : "few sampled pieces finished",
                   seconds);
  if (e.wall_error > 0)
    return sampled + printed("projected %s wall (+- %s, 95%%), %s CPU\n", wall.c_str(),
                             seconds_text(e.wall_error).c_str(), cpu.c_str());
  return sampled + printed("projected %s wall, %s CPU\n", wall.c_str(), cpu.c_str());
}

}  // namespace nursery::queens
