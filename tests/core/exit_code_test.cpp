// One exit-status table (report.hpp) for every command, batch and MPI: the
// mappings from a report, a run's status and a check agree with it.
#include <gtest/gtest.h>

#include <nursery/report.hpp>

namespace {

using namespace nursery;

TEST(ExitCode, AReportsVerdictAndStatus) {
  Report report;
  report.verdict = Verdict::ok;
  EXPECT_EQ(exit_code(report), kExitSuccess);
  report.verdict = Verdict::fail;
  EXPECT_EQ(exit_code(report), kExitNoSolution);
  report.verdict = Verdict::unknown;
  report.status = Status::timeout;
  EXPECT_EQ(exit_code(report), kExitTimeout);
  report.status = Status::cancelled;
  EXPECT_EQ(exit_code(report), kExitInterrupted);
  report.count = 7;  // a count cut short is a lower bound, not an answer
  report.status = Status::timeout;
  EXPECT_EQ(exit_code(report), kExitTimeout);
  report.count = 0;  // a zero count is a count
  report.status = Status::complete;
  EXPECT_EQ(exit_code(report), kExitSuccess);
}

TEST(ExitCode, ARunsStatusAndWhetherItFound) {
  EXPECT_EQ(exit_code(Status::complete, true), kExitSuccess);
  EXPECT_EQ(exit_code(Status::solved, true), kExitSuccess);
  EXPECT_EQ(exit_code(Status::limit, true), kExitSuccess);
  EXPECT_EQ(exit_code(Status::complete, false), kExitNoSolution);
  EXPECT_EQ(exit_code(Status::timeout, false), kExitTimeout);
  EXPECT_EQ(exit_code(Status::cancelled, true), kExitInterrupted);
}

TEST(ExitCode, AnIndependentCheck) {
  Verification check;
  check.valid = true;
  EXPECT_EQ(exit_code(check), kExitSuccess);
  check.valid = false;
  EXPECT_EQ(exit_code(check), kExitNoSolution);
  check.unproved = true;
  EXPECT_EQ(exit_code(check), kExitUnverified);
}

}  // namespace
