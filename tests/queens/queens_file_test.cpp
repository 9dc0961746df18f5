// `queens N` files and their answers (issue 30, item 25): verify reads the
// '*' string `nursery queens N` prints by default; a file meant as N-queens
// (`queens -8`) is an ERROR naming its line, not SKIPPED; a second line is
// an ERROR naming line 2, never ignored.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <nursery/queens.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::run_cli;
using nursery::testing::TempDir;

TEST(QueensFile, VerifyReadsTheDefaultOutput) {
  TempDir dir;
  nursery::testing::write(dir / "q8.txt", "queens 8\n");
  auto shown = run_cli("queens 8 -o " + dir / "a8.txt", false);
  ASSERT_EQ(shown.status, 0);
  ASSERT_EQ(nursery::testing::read(dir / "a8.txt"), "*15863724\n");
  auto valid = run_cli("verify " + dir / "q8.txt " + dir / "a8.txt", false);
  EXPECT_EQ(valid.status, 0) << valid.output;
  EXPECT_EQ(valid.output.find("valid: 8 queens"), 0u) << valid.output;
  // The same string form checked, not taken on trust.
  nursery::testing::write(dir / "bad.txt", "*15863742\n");
  auto invalid = run_cli("verify " + dir / "q8.txt " + dir / "bad.txt", false);
  EXPECT_EQ(invalid.status, 1) << invalid.output;
  EXPECT_NE(invalid.output.find("diagonal"), std::string::npos) << invalid.output;
  nursery::testing::write(dir / "short.txt", "*1586372\n");
  EXPECT_EQ(run_cli("verify " + dir / "q8.txt " + dir / "short.txt", false).status, 1);
  // Beyond 9: the letters of base 36 (the 10th row is 'a').
  nursery::testing::write(dir / "q12.txt", "queens 12\n");
  ASSERT_EQ(run_cli("queens 12 -o " + dir / "a12.txt", false).status, 0);
  EXPECT_EQ(run_cli("verify " + dir / "q12.txt " + dir / "a12.txt", false).status, 0);
  EXPECT_EQ(nursery::queens::read_answer("*15863724", 8),
            (nursery::queens::Placement{0, 4, 7, 5, 2, 6, 1, 3}));
  // A row off the board is no placement, not one modulo 2^32 (4294967296
  // would read as row 0 of a valid answer).
  EXPECT_EQ(nursery::queens::read_answer("0 4 7 5 2 6 1 3", 8),
            (nursery::queens::Placement{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_TRUE(nursery::queens::read_answer("4294967296 4 7 5 2 6 1 3", 8).empty());
  EXPECT_TRUE(nursery::queens::read_answer("8 4 7 5 2 6 1 3", 8).empty());
  nursery::testing::write(dir / "wrapped.txt", "4294967296 4 7 5 2 6 1 3\n");
  EXPECT_EQ(run_cli("verify " + dir / "q8.txt " + dir / "wrapped.txt", false).status, 1);
  nursery::testing::write(dir / "q1.txt", "queens 1\n");
  nursery::testing::write(dir / "w1.txt", "4294967296\n");
  EXPECT_EQ(run_cli("verify " + dir / "q1.txt " + dir / "w1.txt", false).status, 1);
}

// A file batch finds: its row in the report.
nlohmann::json row_of(const TempDir& dir, const std::string& name, const std::string& text) {
  nursery::testing::write(dir / ("in/" + name), text);
  run_cli("batch " + dir / ("in/" + name) + " --report " + dir / (name + ".json"), false);
  auto report = nlohmann::json::parse(nursery::testing::read(dir / (name + ".json")));
  return report["instances"].at(0);
}

TEST(QueensFile, MeantAsQueensIsAnErrorNamingItsLine) {
  TempDir dir;
  for (const char* text :
       {"queens -8\n", "queens 8.5\n", "queens\n", "QUEENS 0\n", "queens 8 9\n"}) {
    auto row = row_of(dir, "q.txt", text);
    EXPECT_EQ(row["status"], "ERROR") << text << row.dump();
    EXPECT_NE(row["message"].get<std::string>().find("q.txt:1: expected 'queens N'"),
              std::string::npos)
        << text << row.dump();
  }
  auto second = row_of(dir, "two.txt", "queens 8\n\nqueens 9\n");
  EXPECT_EQ(second["status"], "ERROR") << second.dump();
  EXPECT_NE(second["message"].get<std::string>().find("two.txt:3: expected one 'queens N' line"),
            std::string::npos)
      << second.dump();
  auto crlf = row_of(dir, "crlf.txt", "queens 8\r\nqueens 9\r\n");
  EXPECT_NE(crlf["message"].get<std::string>().find("crlf.txt:2:"), std::string::npos)
      << crlf.dump();
  EXPECT_EQ(row_of(dir, "ok.txt", "queens 8\r\n\n")["status"], "OK");
  // A Skyscrapers puzzle may be named queens: still a Skyscrapers file.
  auto sky = row_of(dir, "sky.txt", "queens 4 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 - -\n");
  EXPECT_EQ(sky["kind"], "skyscrapers") << sky.dump();
  EXPECT_EQ(sky["status"], "OK") << sky.dump();
  // verify says the same.
  nursery::testing::write(dir / "neg.txt", "queens -8\n");
  auto verify = run_cli("verify " + dir / "neg.txt " + dir / "neg.txt");
  EXPECT_EQ(verify.status, 2);
  EXPECT_NE(verify.output.find("neg.txt:1: expected 'queens N'"), std::string::npos)
      << verify.output;
}

}  // namespace
