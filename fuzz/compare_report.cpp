// The report reader nursery compare uses (compare::read_run_text) on any
// bytes, and the comparison of what it read against itself: the reader
// either refuses the text with one InputError naming the report, or returns
// rows whose statuses, categories and times it checked; comparing those
// rows with themselves finds no regression, no instance solved by one run
// alone, and a speedup of 1 everywhere. Anything else (another exception,
// a crash, UB, a leak, a comparison that disagrees with itself) is a
// finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <nursery/compare.hpp>
#include <nursery/input.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  nursery::compare::Run run;
  try {
    run = nursery::compare::read_run_text(text, "fuzz.json");
  } catch (const nursery::InputError& refused) {
    if (std::string(refused.what()).rfind("fuzz.json", 0) != 0) __builtin_trap();
    return 0;
  }
  for (const auto& instance : run.instances)
    if (!std::isfinite(instance.seconds) || instance.seconds < 0) __builtin_trap();
  const auto result = nursery::compare::compare({run, run});
  if (!result.regressions.empty()) __builtin_trap();
  for (const auto& group : result.groups) {
    if (group.runs.size() != 2 || group.runs[0].solved != group.runs[1].solved) __builtin_trap();
    if (group.runs[0].only != 0 || group.runs[1].only != 0) __builtin_trap();
    if (std::fabs(group.runs[1].speedup - 1) > 1e-9) __builtin_trap();
  }
  return 0;
}
