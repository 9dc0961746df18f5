// nursery skyscrapers FILE --all [--limit K]: every solution of an
// ambiguous puzzle printed, each distinct and each a valid answer by this
// test's own check (a Latin square that keeps every clue; no solver code),
// as many as --count says when under K.
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "support.hpp"

namespace {

// Column 0 reads 1, 2, 3, 4 from the top (clue 4 above it) and row 0 shows
// 2 buildings from the left: several squares keep both.
const char* kAmbiguous = "amb 4 4,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2 - -\n";
const int kN = 4;
const std::vector<int> kClues = {4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};

using Square = std::vector<std::vector<int>>;

int visible(const std::vector<int>& line) {
  int seen = 0, tallest = 0;
  for (int height : line)
    if (height > tallest) {
      tallest = height;
      ++seen;
    }
  return seen;
}

// The test's own check: each row and column a permutation of 1..N, and each
// clue (clockwise from the top-left corner: top, right, bottom, left) the
// number of buildings seen from it.
bool valid(const Square& grid, std::string& why) {
  const int n = kN;
  for (int i = 0; i < n; ++i) {
    std::set<int> row(grid[i].begin(), grid[i].end()), column;
    for (int r = 0; r < n; ++r) column.insert(grid[r][i]);
    if (row != std::set<int>{1, 2, 3, 4} || column != std::set<int>{1, 2, 3, 4}) {
      why = "not a Latin square at line " + std::to_string(i);
      return false;
    }
  }
  for (int k = 0; k < 4 * n; ++k) {
    if (kClues[k] == 0) continue;
    std::vector<int> line;
    for (int step = 0; step < n; ++step) {
      if (k < n) line.push_back(grid[step][k]);                                  // top, looking down
      else if (k < 2 * n) line.push_back(grid[k - n][n - 1 - step]);             // right, looking left
      else if (k < 3 * n) line.push_back(grid[n - 1 - step][3 * n - 1 - k]);     // bottom, looking up
      else line.push_back(grid[4 * n - 1 - k][step]);                            // left, looking right
    }
    if (visible(line) != kClues[k]) {
      why = "clue " + std::to_string(k) + " not kept";
      return false;
    }
  }
  return true;
}

// The grids of the text output: after each "# amb: solution K" header, the
// N lines drawn between two '|'.
std::vector<Square> grids_of(const std::string& output) {
  std::vector<Square> grids;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("# amb: solution ", 0) != 0) continue;
    Square grid;
    while (static_cast<int>(grid.size()) < kN && std::getline(lines, line)) {
      auto first = line.find('|'), last = line.rfind('|');
      if (first == std::string::npos || first == last) continue;
      std::istringstream cells(line.substr(first + 1, last - first - 1));
      std::vector<int> row;
      for (int height; cells >> height;) row.push_back(height);
      grid.push_back(row);
    }
    grids.push_back(grid);
  }
  return grids;
}

std::uint64_t counted() {
  auto path = temp_path("amb.txt");
  write_text(path, kAmbiguous);
  auto run = run_cli("skyscrapers " + path + " --count --json");
  auto json = nlohmann::json::parse(run.output.substr(0, run.output.find('\n')));
  return json["puzzles"][0]["total"].get<std::uint64_t>();
}

TEST(SkyscrapersAll, PrintsEverySolutionEachDistinctAndValid) {
  auto path = temp_path("amb.txt");
  write_text(path, kAmbiguous);
  const auto total = counted();
  ASSERT_GT(total, 2u);
  auto run = run_cli("skyscrapers " + path + " --all");
  ASSERT_EQ(run.status, 0) << run.output;
  auto grids = grids_of(run.output);
  EXPECT_EQ(grids.size(), total) << run.output;
  std::set<Square> distinct(grids.begin(), grids.end());
  EXPECT_EQ(distinct.size(), grids.size()) << run.output;
  for (const auto& grid : grids) {
    std::string why;
    EXPECT_TRUE(valid(grid, why)) << why << "\n" << run.output;
  }
  EXPECT_NE(run.output.find("# amb: " + std::to_string(total) + " solutions, all verified"),
            std::string::npos)
      << run.output;
  // The same grids, in the same order, on every run and thread count.
  EXPECT_EQ(grids_of(run_cli("skyscrapers " + path + " --all -t 4").output), grids);
}

TEST(SkyscrapersAll, LimitStopsAtKDistinctSolutions) {
  auto path = temp_path("amb.txt");
  write_text(path, kAmbiguous);
  auto run = run_cli("skyscrapers " + path + " --all --limit 2");
  ASSERT_EQ(run.status, 0) << run.output;
  auto grids = grids_of(run.output);
  ASSERT_EQ(grids.size(), 2u) << run.output;
  EXPECT_NE(grids[0], grids[1]);
  for (const auto& grid : grids) {
    std::string why;
    EXPECT_TRUE(valid(grid, why)) << why;
  }
  EXPECT_NE(run.output.find("# amb: at least 2 solutions"), std::string::npos) << run.output;
}

TEST(SkyscrapersAll, JsonListsTheGrids) {
  auto path = temp_path("amb.txt");
  write_text(path, kAmbiguous);
  auto run = run_cli("skyscrapers " + path + " --all --json");
  ASSERT_EQ(run.status, 0) << run.output;
  auto json = nlohmann::json::parse(run.output);
  const auto& puzzle = json["puzzles"][0];
  EXPECT_EQ(puzzle["status"], "OK");
  EXPECT_EQ(puzzle["grids"].size(), counted());
  EXPECT_EQ(puzzle["total"], counted());
  std::set<std::string> rows;
  for (const auto& grid : puzzle["grids"]) rows.insert(grid.dump());
  EXPECT_EQ(rows.size(), puzzle["grids"].size());
  // --all and --count exclude each other.
  EXPECT_EQ(run_cli("skyscrapers " + path + " --all --count").status, 2);
}

}  // namespace
