// `queens N` files in a batch: one solution (the construction beyond the
// search's reach, as `nursery queens` does), or the exact count.
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>

#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

namespace qn = nursery::queens;

std::uint32_t n_of(const FileJob& job) {
  return std::any_cast<std::uint32_t>(job.problem);
}

void load(FileJob& job) {
  std::uint32_t n = qn::parse(job.text, job.source.display);
  job.problem = n;
  job.rows.resize(1);
  job.rows[0].size = "n=" + std::to_string(n);
}

void solve(FileJob& job, std::size_t, const Settings& settings, const StopSource& stop, unsigned) {
  Row& row = job.rows[0];
  std::string& answer = job.answers[0];
  const std::uint32_t n = n_of(job);
  if (settings.count) {
    if (n > static_cast<std::uint32_t>(qn::kMaxCountN)) {
      row.status = Status::error;
      row.message = job.source.display + ": --count: N-queens counts are exact up to n = " +
                    std::to_string(qn::kMaxCountN) + ", found n = " + std::to_string(n);
      return;
    }
    RunOptions run;
    run.budget = Budget(&stop, settings.timeout);
    auto result =
        nursery::run<qn::CanonicalCount>(qn::CanonicalCount::Instance{static_cast<int>(n)}, run);
    row.nodes = result.stats.nodes;
    row.status = from_scheduler(Status::ok, result.status, stop);  // 0 is a count too
    if (result.status == nursery::Status::complete) {
      row.count = result.count;
      answer = nursery::to_string(result.count) + "\n";
    }
    return;
  }
  // As `nursery queens N` finds it: the search up to 32, the construction beyond.
  RunOptions run;
  run.budget = Budget(&stop, settings.timeout);
  auto found = qn::find_one(n, run);
  row.nodes = found.report.stats.nodes;
  row.message = found.report.how;
  if (found.report.verdict == Verdict::unknown) {
    row.status = from_scheduler(Status::fail, found.report.status, stop);
    return;
  }
  if (!found.solution) {
    row.status = Status::fail;
    row.message = "n = 2 and 3 have no solution";
    answer = "FAIL\n";
    return;
  }
  row.status = Status::ok;
  const auto& rows = *found.solution;
  answer = n <= 64 ? qn::format(rows, qn::Format::board) : qn::format(rows, qn::Format::rows) + "\n";
}

Check check(const FileJob& job, std::size_t, const Settings&, const StopSource&) {
  const std::uint32_t n = n_of(job);
  Check check;
  if (job.rows[0].status == Status::fail) {
    if (n != 2 && n != 3) check.fault = "FAIL claimed for n = " + std::to_string(n);
  } else {
    auto verdict = qn::verify(n, qn::read_answer(job.answers[0], n));
    if (!verdict.valid) check.fault = verdict.reason.empty() ? "invalid" : verdict.reason;
  }
  check.verified = check.fault.empty();
  return check;
}

void resume(FileJob& job, const Settings& settings, const std::string& out) {
  Row& row = job.rows[0];
  const std::uint32_t n = n_of(job);
  if (settings.count) {
    if (!resume_count(row, out)) return;
    // A count on disk is kept only when the published total agrees (a
    // file edited or damaged is counted again); beyond the table it is
    // kept as resumed and unverified.
    if (auto known = qn::known_total(n)) {
      if (*row.count != Count{*known}) {
        row.count.reset();
        row.status = Status::pending;
        return;
      }
      row.verified = true;
      row.checked = true;
    } else {
      row.checked = true;
      row.message = "resumed count unverified (no published total for n=" + std::to_string(n) + ")";
    }
  } else {
    auto lines = meaningful_lines(out, 2);
    if (lines.size() == 1 && lines[0] == "FAIL") {
      if (n != 2 && n != 3) return;
      row.status = Status::fail;
    } else {
      auto placement = qn::read_answer(out, n);
      if (placement.empty() || !qn::verify(n, placement).valid) return;
      row.status = Status::ok;
    }
    row.verified = true;
  }
  row.resumed = true;
  job.answers[0] = out;
}

}  // namespace

const KindEntry kQueens = {"queens", qn::sniff, true, load, solve, check, resume};

}  // namespace nursery::batch
