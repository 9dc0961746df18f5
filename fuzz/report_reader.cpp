// The batch report reader of batch --merge (reruns and compare have
// their own: rerun_report.cpp, compare_report.cpp) on any bytes: two part
// reports cut from the input at the first 0x1E byte. It either refuses them
// with one std::invalid_argument naming a file, or writes a merged report
// that parses as JSON and holds exactly the rows of both parts. Anything else
// (another exception, a crash, a leak, UB, a merged report that loses or
// invents rows) is a finding.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <nursery/batch.hpp>
#include <nursery/io.hpp>
#include <stdexcept>
#include <string>

#include "scratch.hpp"

namespace {

// The rows a text holds as a report, or -1 when it is none a merge takes.
long rows_of(const std::string& text) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_object() || !json.contains("instances") ||
      !json["instances"].is_array())
    return -1;
  return static_cast<long>(json["instances"].size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool check_parts = (data[0] & 1) != 0;
  const std::string input(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t cut = input.find('\x1e');
  const std::string first = input.substr(0, cut);
  const std::string second = cut == std::string::npos ? std::string() : input.substr(cut + 1);

  const auto part1 = fuzzing::scratch() / "p1.json", part2 = fuzzing::scratch() / "p2.json",
             merged = fuzzing::scratch() / "merged.json";
  fuzzing::put(part1, first);
  fuzzing::put(part2, second);
  std::error_code ignored;
  std::filesystem::remove(merged, ignored);
  try {
    nursery::batch::merge_reports({part1.string(), part2.string()}, merged, check_parts);
  } catch (const std::invalid_argument& refused) {
    const std::string why = refused.what();
    // A refusal names the file it is about (or the parts it cannot join).
    if (why.empty()) __builtin_trap();
    return 0;
  }
  // Taken: the merged report is JSON with every row of both parts.
  std::string text, error;
  if (!nursery::read_file(merged, 0, text, error)) __builtin_trap();
  const long rows = rows_of(text), rows1 = rows_of(first), rows2 = rows_of(second);
  if (rows < 0 || rows1 < 0 || rows2 < 0 || rows != rows1 + rows2) __builtin_trap();
  return 0;
}
