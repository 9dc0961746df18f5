#include "nursery/report.hpp"

namespace nursery {

const char* to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::ok:
      return "OK";
    case Verdict::fail:
      return "FAIL";
    case Verdict::unknown:
      return "unknown";
  }
  return "?";
}

namespace {

// A decided verdict's status: 0 OK, 1 FAIL; `undecided` for unknown.
int decided(Verdict verdict, int undecided) {
  return verdict == Verdict::ok     ? kExitSuccess
         : verdict == Verdict::fail ? kExitNoSolution
                                    : undecided;
}

}  // namespace

int exit_code(const Report& report) {
  if (report.count && report.status == Status::complete) return kExitSuccess;  // 0 too
  return decided(report.verdict,
                 report.status == Status::cancelled ? kExitInterrupted : kExitTimeout);
}

int exit_code(const Report& report, Asked asked) {
  if (report.status == Status::timeout) return kExitTimeout;
  if (report.status == Status::cancelled) return kExitInterrupted;
  if (asked == Asked::count) return kExitSuccess;
  return decided(report.verdict, kExitTimeout);
}

int gravest(int status, int other) {
  auto rank = [](int s) {
    return s > 128 ? 3 : s == kExitTimeout ? 2 : s != kExitSuccess ? 1 : 0;  // 128 + signal
  };
  return rank(other) > rank(status) ? other : status;
}

int exit_code(Status status, bool found) {
  if (status == Status::timeout) return kExitTimeout;
  if (status == Status::cancelled) return kExitInterrupted;
  return found ? kExitSuccess : kExitNoSolution;
}

int exit_code(const Verification& verification) {
  if (verification.unproved) return kExitUnverified;
  return verification.valid ? kExitSuccess : kExitNoSolution;
}

}  // namespace nursery
