// Expected answers and categories (expected.hpp).
#include "batch/expected.hpp"

#include <map>
#include <nursery/io.hpp>

#include "batch/csv.hpp"
#include "batch/input_file.hpp"

namespace nursery::batch {

namespace {

std::string key(const fs::path& path, const std::string& id) {
  std::error_code error;
  fs::path absolute = fs::absolute(path, error);
  if (error) absolute = path;
  return absolute.lexically_normal().string() + '\0' + id;
}

bool all_digits(const std::string& text) {
  return !text.empty() && text.size() <= 39 &&
         text.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

const char* to_string(Category category) {
  switch (category) {
    case Category::correct: return "correct";
    case Category::wrong: return "wrong";
    case Category::unknown: return "unknown";
    case Category::error: return "error";
    default: return "";
  }
}

bool expected_answer(const std::string& text) {
  return text == "OK" || text == "FAIL" || all_digits(text);
}

Expectations::Expectations(const fs::path& manifest, bool beside,
                           std::function<void(const std::string&)> say)
    : beside_(beside), say_(std::move(say)) {
  if (!manifest.empty()) read(manifest);
}

void Expectations::read(const fs::path& manifest) {
  const std::string name = manifest.string();
  std::string text, error;
  if (!read_input_file(name, std::uint64_t{1} << 30, text, error))
    throw InputError(name, "a manifest of expected answers (CSV)", error);
  const auto records = read_csv(text, name);
  if (records.empty())
    throw InputError(name + ":1", "a header with columns file and expected", "an empty file");
  const CsvColumns columns{records[0].fields};
  const std::size_t file = columns.index("file"), expected = columns.index("expected"),
                    id = columns.index("id");
  if (file == CsvColumns::npos || expected == CsvColumns::npos)
    throw InputError(name + ":1", "a header with columns file and expected",
                     "'" + escaped(text.substr(0, text.find('\n'))) + "'");
  const fs::path directory = manifest.parent_path();
  std::map<std::string, std::pair<std::string, std::size_t>> listed;  // key -> answer, line
  for (std::size_t r = 1; r < records.size(); ++r) {
    const auto& fields = records[r].fields;
    const std::string where = name + ":" + std::to_string(records[r].line);
    if (fields.size() != columns.names.size())
      throw InputError(where, std::to_string(columns.names.size()) + " fields",
                       std::to_string(fields.size()));
    const std::string& answer = fields[expected];
    if (answer.empty()) continue;  // not known
    if (!expected_answer(answer))
      throw InputError(where, "OK, FAIL or a count in column expected",
                       "'" + escaped(answer) + "'");
    if (fields[file].empty()) throw InputError(where, "a path in column file", "an empty field");
    const std::string at = key(directory / fields[file], id == CsvColumns::npos ? "" : fields[id]);
    // One file listed twice with two answers: which one is meant is unknown.
    if (auto [earlier, fresh] = listed.try_emplace(at, answer, records[r].line);
        !fresh && earlier->second.first != answer)
      throw InputError(where,
                       "one expected answer per file ('" + escaped(earlier->second.first) +
                           "' at line " + std::to_string(earlier->second.second) + ")",
                       "'" + escaped(answer) + "'");
    answers_[at] = answer;
  }
}

// Every directory of `path` as reported, nearest first, up to its first
// component: an index.csv there is a manifest (read once).
void Expectations::look_beside(const std::string& path) {
  for (fs::path directory = fs::path(path).parent_path(); !directory.empty();
       directory = directory.parent_path()) {
    if (!looked_.insert(directory.string()).second) break;  // it and those above: looked at
    const fs::path index = directory / "index.csv";
    std::error_code error;
    if (fs::is_regular_file(index, error)) {
      try {
        read(index);
      } catch (const InputError& e) {
        if (say_) say_(std::string("warning: ") + e.what() + " (its expected answers left out)");
      }
    }
    if (directory == directory.root_path()) break;
  }
}

std::string Expectations::of(const std::string& path, const std::string& id) {
  std::lock_guard lock(mutex_);
  if (beside_) look_beside(path);
  if (answers_.empty()) return {};
  const auto found = answers_.find(key(path, id));
  return found == answers_.end() ? std::string() : found->second;
}

Category categorize(const Row& row, const std::string& expected, bool count) {
  if (row.status == RowStatus::error) return Category::error;
  // No answer: a limit (wall, CPU, memory) or a stop came first.
  if (row.status == RowStatus::timeout || row.status == RowStatus::cpu_timeout ||
      row.status == RowStatus::out_of_memory || row.status == RowStatus::pending)
    return Category::unknown;
  if (row.status == RowStatus::skipped) return Category::missing;
  if (row.mismatch) return Category::wrong;
  if (expected.empty()) return Category::missing;
  if (count && row.count && all_digits(expected))
    return nursery::to_string(*row.count) == expected ? Category::correct : Category::wrong;
  // A verdict against a verdict, or a count against one: some solution or none.
  const bool said_ok = count && row.count ? *row.count > 0 : row.status == RowStatus::ok;
  const bool expected_ok = all_digits(expected)
                               ? expected.find_first_not_of('0') != std::string::npos
                               : expected == "OK";
  return said_ok == expected_ok ? Category::correct : Category::wrong;
}

}  // namespace nursery::batch
