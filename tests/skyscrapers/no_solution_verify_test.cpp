// verify of the solvers' own "# ID: no solution" line (issue 30, item 25):
// a FAIL claim the checker can neither prove nor refute, unverified (exit
// 4) as batch --verify calls such a row, not "invalid: no answer".
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::run_cli;
using nursery::testing::TempDir;

// A 2x2 puzzle whose two top clues ask for 2: no Latin square keeps them.
const std::string kNone = "none 2 2,2,0,0,0,0,0,0 - -\n";
const std::string kSome = "some 2 0,0,0,0,0,0,0,0 - -\n";

TEST(NoSolutionVerify, TheSolversOwnClaimIsUnverified) {
  TempDir dir;
  nursery::testing::write(dir / "p.txt", kNone);
  auto solved = run_cli("skyscrapers " + dir / "p.txt" + " > " + dir / "out.txt", false);
  ASSERT_EQ(solved.status, 1);
  ASSERT_NE(nursery::testing::read(dir / "out.txt").find("# none: no solution"), std::string::npos);
  auto verify = run_cli("verify " + dir / "p.txt " + dir / "out.txt", false);
  EXPECT_EQ(verify.status, 4) << verify.output;
  EXPECT_EQ(verify.output,
            "none: unverified: no solution (cannot be checked independently)\n"
            "unverified (0 of 1 answers valid, 1 unverified)\n");
  // batch's answer file says it without the time: the same.
  auto batch = run_cli("batch " + dir / "p.txt" + " -o " + dir / "answers", false);
  ASSERT_EQ(batch.status, 0) << batch.output;
  auto again = run_cli("verify " + dir / "p.txt " + dir / "answers/p.txt.out", false);
  EXPECT_EQ(again.status, 4) << again.output;
  auto json = nlohmann::json::parse(
      run_cli("verify " + dir / "p.txt " + dir / "answers/p.txt.out --json", false).output);
  EXPECT_EQ(json["status"], "UNVERIFIED");
  EXPECT_EQ(json["puzzles"][0]["unproved"], true);
}

// Beside a wrong answer the whole is invalid (exit 1), whatever else is
// unverified; a claim for another puzzle covers nothing.
TEST(NoSolutionVerify, AnInvalidAnswerOutranksAnUnverifiedOne) {
  TempDir dir;
  nursery::testing::write(dir / "p.txt", kNone + kSome);
  nursery::testing::write(dir / "out.txt", "# none: no solution\n# some: no solution\n");
  auto verify = run_cli("verify " + dir / "p.txt " + dir / "out.txt", false);
  EXPECT_EQ(verify.status, 4) << verify.output;  // neither can be refuted without solving
  nursery::testing::write(dir / "out2.txt", "# none: no solution\n# some\n 1 2\n 1 2\n");
  auto wrong = run_cli("verify " + dir / "p.txt " + dir / "out2.txt", false);
  EXPECT_EQ(wrong.status, 1) << wrong.output;
  EXPECT_NE(wrong.output.find("none: unverified"), std::string::npos) << wrong.output;
  nursery::testing::write(dir / "out3.txt", "# other: no solution\n");
  auto other = run_cli("verify " + dir / "p.txt " + dir / "out3.txt", false);
  EXPECT_EQ(other.status, 1) << other.output;
  EXPECT_NE(other.output.find("none: invalid: no answer"), std::string::npos) << other.output;
}

}  // namespace
