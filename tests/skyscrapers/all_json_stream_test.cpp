// skyscrapers --all --json streams each grid as it is found (issue 30, item
// 20: an empty 9x9 ring listed 7 GB in 10 s): the document is one valid
// object however the run ends, and holds the same fields as before.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "peak_memory.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::run_cli;
using nursery::testing::run_measured;
using nursery::testing::TempDir;

// Two puzzles: each entry's grids, then its figures; the summary last.
TEST(SkyscrapersAllJson, EveryGridOfEveryPuzzle) {
  TempDir dir;
  nursery::testing::write(dir / "two.txt", "3:" + std::string(11, '/') +
                                               "\n"
                                               "4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2,c1a4b2e2a\n");
  for (const char* flag : {"--json", "--json-pretty"}) {
    auto run = run_cli("skyscrapers " + dir / "two.txt" + " --all " + flag, false);
    ASSERT_EQ(run.status, 0) << run.output;
    auto json = nlohmann::json::parse(run.output);
    EXPECT_EQ(json["status"], "OK");
    ASSERT_EQ(json["puzzles"].size(), 2u);
    const auto& empty = json["puzzles"][0];
    EXPECT_EQ(empty["id"], "puzzle-1");
    EXPECT_EQ(empty["size"], 3);
    EXPECT_EQ(empty["grids"].size(), 12u);  // the 3x3 Latin squares
    EXPECT_EQ(empty["total"], 12);
    EXPECT_EQ(empty["verified"], true);
    EXPECT_EQ(empty["unique"], false);
    EXPECT_EQ(json["puzzles"][1]["grids"].size(), 1u);
    EXPECT_EQ(json["puzzles"][1]["unique"], true);
    EXPECT_EQ(json["summary"]["puzzles"], 2);
    EXPECT_EQ(json["summary"]["total"], 13);
  }
  // Without --all the entries are whole objects as before.
  auto one =
      nlohmann::json::parse(run_cli("skyscrapers " + dir / "two.txt" + " --json", false).output);
  EXPECT_EQ(one["puzzles"][1]["solution"].size(), 4u);
  EXPECT_EQ(one["puzzles"][1]["id"], "puzzle-2");
}

// The empty 9x9 ring, stopped by its deadline: one valid document,
// its grids all there, and what the run held small.
TEST(SkyscrapersAllJson, AStoppedListingIsOneValidDocumentAndSmall) {
  TempDir dir;
  const std::string out = dir / "out.json";
  auto run = run_measured(std::string("exec '") + NURSERY_CLI +
                          "' skyscrapers '9:" + std::string(35, '/') +
                          "' --all --json --timeout 3 > '" + out + "' 2>/dev/null");
  EXPECT_EQ(run.status, 3);
  auto json = nlohmann::json::parse(nursery::testing::read(out));
  EXPECT_EQ(json["status"], "TIMEOUT");
  const auto& puzzle = json["puzzles"][0];
  EXPECT_EQ(puzzle["status"], "TIMEOUT");
  EXPECT_GT(puzzle["grids"].size(), 1000u);
  EXPECT_EQ(puzzle["at_least"], puzzle["grids"].size());
  // (1 GiB under a sanitizer: its quarantine alone may hold 256 MB; 464 MiB
  // measured under ASan)
  const std::uint64_t most = std::uint64_t{nursery::testing::kSanitized ? 1024u : 400u} << 20;
  EXPECT_LT(run.peak_bytes, most) << run.peak_bytes / 1048576 << " MiB";
}

}  // namespace
