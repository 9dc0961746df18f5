// The batch report writers on rows of any bytes (names, ids, messages,
// statuses): the JSON is always valid UTF-8 that parses and gives back each
// raw name (path, or path_bytes where it had to be escaped), and the CSV
// parses (RFC 4180) into the header's 11 fields a row with the raw bytes.
// Input: fields separated by 0x1F (unit separator); rows by 0x1E.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <nursery/batch.hpp>
#include <string>
#include <vector>

namespace {

using nursery::batch::Row;
using nursery::batch::RowStatus;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts(1);
  for (char c : text) {
    if (c == separator)
      parts.emplace_back();
    else
      parts.back() += c;
  }
  return parts;
}

std::string unhex(const std::string& hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

// RFC 4180 records: fields, "" inside quotes, line breaks inside quotes.
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record(1);
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        record.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        record.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      record.emplace_back();
    } else if (c == '\n') {
      records.push_back(std::move(record));
      record.assign(1, {});
    } else {
      record.back() += c;
    }
  }
  if (quoted) __builtin_trap();  // an open quote at the end
  if (record.size() > 1 || !record[0].empty()) records.push_back(std::move(record));
  return records;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<Row> rows;
  for (const auto& text : split(input, '\x1e')) {
    auto fields = split(text, '\x1f');
    fields.resize(5);
    Row row;
    row.path = fields[0];
    row.id = fields[1];
    row.kind = fields[2].empty() ? "-" : fields[2];
    row.message = fields[3];
    row.status = static_cast<RowStatus>(
        fields[4].empty() ? 1 : 1 + static_cast<unsigned char>(fields[4][0]) % 5);  // never pending
    rows.push_back(std::move(row));
  }
  std::vector<const Row*> pointers;
  for (const auto& row : rows) pointers.push_back(&row);
  std::vector<nursery::batch::Skipped> skipped = {{rows[0].path, rows[0].message, true}};
  nursery::batch::Summary summary;
  summary.roots = {rows[0].path};

  // JSON: parse() throws on anything that is not valid UTF-8 JSON.
  const auto json = nlohmann::json::parse(nursery::batch::report_json(pointers, skipped, summary));
  const auto& out = json["instances"];
  if (out.size() != rows.size()) __builtin_trap();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = out[i];
    const std::string raw = row.contains("path_bytes") ? unhex(row["path_bytes"].get<std::string>())
                                                       : row["path"].get<std::string>();
    if (raw != rows[i].path) __builtin_trap();  // the raw name is recoverable
  }

  // CSV: the header's field count on every record, the raw bytes back.
  const auto records = parse_csv(nursery::batch::report_csv(pointers));
  if (records.size() != rows.size() + 1) __builtin_trap();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& record = records[i + 1];
    if (record.size() != records[0].size()) __builtin_trap();
    if (record[0] != rows[i].path || record[1] != rows[i].id || record[10] != rows[i].message)
      __builtin_trap();
  }
  return 0;
}
