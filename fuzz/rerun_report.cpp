// The readers of an earlier run that batch takes rows back from, on any
// bytes: --rerun-failed's (a JSON report or a joblog, rows kept by path) and
// --resume --joblog's. Each either refuses the file with one InputError or
// std::invalid_argument naming it, or returns rows that hold: a path, a
// known status, seconds and CPU seconds finite and not negative, and (for a
// rerun) only answered rows. Anything else (another exception, a crash, UB,
// a leak) is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <nursery/batch.hpp>
#include <nursery/input.hpp>
#include <stdexcept>
#include <string>

#include "batch/internal.hpp"
#include "scratch.hpp"

namespace {

using nursery::batch::RowStatus;

bool names(const std::exception& refused, const std::string& path) {
  return std::string(refused.what()).find(path) != std::string::npos;
}

void check(const nursery::batch::TakenBack& rows, bool answered_only) {
  for (const auto& [path, file] : rows)
    for (const auto& row : file) {
      if (row.path != path || row.status == RowStatus::pending) __builtin_trap();
      if (!std::isfinite(row.seconds) || row.seconds < 0) __builtin_trap();
      if (!std::isfinite(row.cpu_seconds) || row.cpu_seconds < 0) __builtin_trap();
      if (answered_only && row.status != RowStatus::ok && row.status != RowStatus::fail)
        __builtin_trap();
      if (!row.resumed) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = fuzzing::scratch() / "earlier.json";
  fuzzing::put(file, std::string(reinterpret_cast<const char*>(data), size));
  nursery::batch::Options options;  // a run over "in", of the default configuration
  options.paths = {"in"};
  try {
    check(nursery::batch::finished_rows_of_report(file, options), true);
  } catch (const nursery::InputError& refused) {
    if (!names(refused, file.string())) __builtin_trap();
  } catch (const std::invalid_argument& refused) {
    if (!names(refused, file.string())) __builtin_trap();
  }
  try {
    check(nursery::batch::stopped_rows_of_joblog(file), false);
  } catch (const nursery::InputError& refused) {
    if (!names(refused, file.string())) __builtin_trap();
  } catch (const std::invalid_argument& refused) {
    if (!names(refused, file.string())) __builtin_trap();
  }
  return 0;
}
