// CSV records (RFC 4180): manifests of expected answers, reports read back.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace nursery::batch {

struct CsvRecord {
  std::size_t line = 0;  // where it starts (1-based)
  std::vector<std::string> fields;
};

// Every record of `text` (blank lines left out); InputError "name:LINE:
// expected ..., found ..." for a quote left open or text after a closing one.
std::vector<CsvRecord> read_csv(std::string_view text, const std::string& name);

// A header's columns, by name.
struct CsvColumns {
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  std::vector<std::string> names;
  std::size_t index(const std::string& column) const;  // npos: no such column
};

}  // namespace nursery::batch
