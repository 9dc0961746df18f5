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

int exit_code(const Report& report) {
  if (report.count) return 0;
  switch (report.verdict) {
    case Verdict::ok:
      return 0;
    case Verdict::fail:
      return 1;
    case Verdict::unknown:
      break;
  }
  return report.status == Status::cancelled ? 130 : 3;
}

}  // namespace nursery
