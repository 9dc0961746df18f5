// Expected answers and the category of every row against them (batch
// --expected FILE, an index.csv beside the instances, a kind's own table).
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "batch/internal.hpp"

namespace nursery::batch {

// The manifests of one run. A manifest is CSV with a header naming at least
// the columns `file` (the instance's path, relative to the manifest's
// directory) and `expected` (OK, FAIL, or a count; empty: not known), and
// optionally `id` (a puzzle of a many-puzzle file); other columns are left
// alone (datasets/lizards/index.csv is one). Thread-safe.
class Expectations {
 public:
  // Reads `manifest` now (InputError "FILE:LINE: expected ..." when it is
  // malformed; empty: none); with `beside`, an index.csv in a row's
  // directory or one above it (up to the root as given) is read when first
  // met: a malformed one is told to `say` and left out.
  Expectations(const fs::path& manifest, bool beside, std::function<void(const std::string&)> say);
  // The expected answer of a row as reported (path, id); empty: none known.
  std::string of(const std::string& path, const std::string& id);

 private:
  void read(const fs::path& manifest);
  void look_beside(const std::string& path);
  bool beside_;
  std::function<void(const std::string&)> say_;
  std::mutex mutex_;
  std::set<std::string> looked_;                // directories looked into for an index.csv
  std::map<std::string, std::string> answers_;  // absolute normal path, NUL, id -> expected
};

// OK, FAIL or a count (decimal): whether `text` is an answer a manifest may give.
bool expected_answer(const std::string& text);
// A finished row's category against `expected` (empty: missing, unless the
// row erred, timed out or was refuted by its checker); `count`: a --count run.
Category categorize(const Row& row, const std::string& expected, bool count);

}  // namespace nursery::batch
