// Baby-lizards boards in a batch: the kind's own solve() (so batch and
// `nursery lizards` answer a board the same way), answers in the homework
// format, checked by the independent verifier against the input text.
#include <nursery/lizards.hpp>

#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

namespace lz = nursery::lizards;

const lz::Board& board_of(const FileJob& job) {
  return *std::any_cast<std::shared_ptr<const lz::Board>>(job.problem);
}

void load(FileJob& job) {
  auto board = std::make_shared<const lz::Board>(lz::parse(job.text, job.source.display));
  job.rows.resize(1);
  job.rows[0].size = std::to_string(board->n) + "x" + std::to_string(board->n) +
                     " p=" + std::to_string(board->p);
  job.problem = std::move(board);
}

void solve(FileJob& job, std::size_t, const Settings& settings, const StopSource& stop,
           unsigned inner) {
  Row& row = job.rows[0];
  const lz::Board& board = board_of(job);
  lz::SolveOptions options;
  options.count = settings.count;
  options.threads = inner;
  options.budget = Budget(&stop, settings.timeout);
  auto report = lz::solve(board, options);
  row.nodes = report.stats.nodes;
  row.message = report.how;
  if (report.verdict == lz::Verdict::unknown) {
    row.status = stop.requested() ? Status::pending : Status::timeout;
    return;
  }
  // A count is an answer whatever it is (0 too).
  row.status = report.verdict == lz::Verdict::ok || settings.count ? Status::ok : Status::fail;
  if (settings.count) {
    row.count = *report.count;
    job.answers[0] = nursery::to_string(*report.count) + "\n";
  } else {
    job.answers[0] = lz::format(board, report.placement ? &*report.placement : nullptr);
  }
}

Check check(const FileJob& job, std::size_t, const Settings&, const StopSource& stop) {
  Check check;
  // Seconds on a 10,000 x 10,000 board: Ctrl-C ends the check too.
  auto checked = lz::verify(job.text, job.answers[0], Budget(&stop));
  if (!checked) {
    check.stopped = true;
    return check;
  }
  const auto& verdict = *checked;
  check.verified = verdict.valid;
  if (verdict.unproved)
    check.note = verdict.reason;  // a FAIL the checker cannot prove: not verified, no mismatch
  else if (!verdict.valid)
    check.fault = verdict.reason;
  return check;
}

void resume(FileJob& job, const Settings& settings, const std::string& out) {
  Row& row = job.rows[0];
  if (settings.count) {
    if (!resume_count(row, out)) return;
    row.checked = true;  // no checker can check a count: said in the report
    row.message = "resumed count unverified (no table of lizards counts)";
  } else {
    if (!lz::verify(job.text, out).valid) return;
    auto lines = meaningful_lines(out, 1);
    row.status = !lines.empty() && lines[0] == "FAIL" ? Status::fail : Status::ok;
    row.verified = true;
  }
  row.resumed = true;
  job.answers[0] = out;
}

}  // namespace

const KindEntry kLizards = {"lizards", lz::sniff, true, load, solve, check, resume, lz::size_limit};

}  // namespace nursery::batch
