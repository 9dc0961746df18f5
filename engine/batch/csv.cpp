// CSV as RFC 4180 reads it, for the manifests of expected answers and the
// reports nursery compare reads: records of fields, a quoted field may hold
// commas, quotes (doubled) and line breaks.
#include "batch/csv.hpp"

#include <nursery/input.hpp>

namespace nursery::batch {

std::vector<CsvRecord> read_csv(std::string_view text, const std::string& name) {
  std::vector<CsvRecord> records;
  std::size_t line = 1, at = 0;
  while (at < text.size()) {
    CsvRecord record;
    record.line = line;
    std::string field;
    bool quoted = false, was_quoted = false, ended = false;
    while (at < text.size() && !ended) {
      const char c = text[at++];
      if (quoted) {
        if (c == '"' && at < text.size() && text[at] == '"') {
          field += '"';
          ++at;
        } else if (c == '"') {
          quoted = false;
        } else {
          if (c == '\n') ++line;
          field += c;
        }
      } else if (c == '"' && field.empty() && !was_quoted) {
        quoted = was_quoted = true;
      } else if (c == ',') {
        record.fields.push_back(std::move(field));
        field.clear();
        was_quoted = false;
      } else if (c == '\n') {
        ++line;
        ended = true;
      } else if (c == '\r' && at < text.size() && text[at] == '\n') {
        continue;
      } else if (was_quoted) {
        throw InputError(name + ":" + std::to_string(line),
                         "a ',' or a line end after a quoted field", std::string(1, c));
      } else {
        field += c;
      }
    }
    if (quoted)
      throw InputError(name + ":" + std::to_string(record.line), "a closing '\"'",
                       "the end of the file");
    record.fields.push_back(std::move(field));
    if (!(record.fields.size() == 1 && record.fields[0].empty()))
      records.push_back(std::move(record));
  }
  return records;
}

std::size_t CsvColumns::index(const std::string& column) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == column) return i;
  return npos;
}

}  // namespace nursery::batch
