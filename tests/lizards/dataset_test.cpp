// Every board of datasets/lizards solved: the verdict matches index.csv
// where it is known, and every OK passes the independent checker.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support.hpp"

namespace {

using namespace lizards_test;

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

TEST(LizardsDataset, EveryCaseSolvedAndChecked) {
  std::filesystem::path root = std::filesystem::path(NURSERY_DATASETS) / "lizards";
  std::ifstream index(root / "index.csv");
  ASSERT_TRUE(index) << "missing " << (root / "index.csv");
  std::string line;
  std::getline(index, line);
  auto header = fields(line);
  auto column = [&](const char* name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const std::size_t file = column("file"), expected = column("expected");
  int cases = 0, known = 0;
  while (std::getline(index, line)) {
    auto row = fields(line);
    if (row.size() <= expected) continue;
    SCOPED_TRACE(row[file]);
    std::string text = slurp(root / row[file]);
    auto board = lz::parse(text, row[file]);
    lz::SolveOptions options;
    options.budget = nursery::Budget(nullptr, 30);
    auto report = lz::solve(board, options);
    ASSERT_NE(report.verdict, lz::Verdict::unknown) << report.how;
    ++cases;
    if (!row[expected].empty()) {
      ++known;
      EXPECT_EQ(lz::to_string(report.verdict), row[expected]) << report.how;
    }
    if (report.verdict == lz::Verdict::ok) {
      ASSERT_TRUE(report.solution.has_value());
      auto check = lz::verify(text, lz::format(board, &*report.solution));
      EXPECT_TRUE(check.valid) << check.reason;
    }
  }
  EXPECT_GT(cases, 100);
  EXPECT_GT(known, 100);
}

}  // namespace
