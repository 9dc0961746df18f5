// Bytes that are no text, in inputs and names: messages stay whole (NUL
// and bytes that are not UTF-8 written \xNN), JSON stays valid UTF-8, and a
// UTF-8 byte-order mark (Notepad writes one) is skipped by every reader.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <nursery/input.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

using nursery::testing::run_in;
using nursery::testing::TempDir;
using nursery::testing::write;

TEST(Bytes, EscapedKeepsUtf8AndWritesEverythingElseAsHex) {
  EXPECT_EQ(nursery::escaped("plain é ✓"), "plain é ✓");
  EXPECT_EQ(nursery::escaped(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(nursery::escaped("\xff\xc3"), "\\xff\\xc3");  // a stray byte, a cut sequence
  EXPECT_EQ(nursery::escaped("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(nursery::escaped("\xc0\xaf"), "\\xc0\\xaf");  // overlong '/'
  EXPECT_TRUE(nursery::valid_utf8("é ✓ 𝄞"));
  EXPECT_FALSE(nursery::valid_utf8("x\xff"));
  EXPECT_EQ(nursery::quoted(""), "nothing");
  EXPECT_EQ(nursery::quoted(std::string(50, 'x')), "'" + std::string(40, 'x') + "...'");
  // A cut never splits a character.
  std::string accents;
  for (int i = 0; i < 30; ++i) accents += "é";
  auto shown = nursery::quoted(accents);
  EXPECT_TRUE(nursery::valid_utf8(shown)) << shown;
}

TEST(Bytes, ANulOrNonUtf8ByteInAnInputIsNamedWholeInOneLine) {
  TempDir dir;
  write(dir / "b.txt", std::string("DF\0S\xff\n4\n4\n", 10));
  auto run = run_in(dir.path(), "lizards b.txt");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("found 'DF\\x00S\\xff'"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
}

TEST(Bytes, SkyscrapersJsonWithANonUtf8IdIsWrittenWhole) {
  TempDir dir;
  write(dir / "p.txt", "p\xff 4 0,0,3,0,3,3,0,0,0,2,0,3,0,0,0,0 - 4312342112432134\n");
  auto run = run_in(dir.path(), "skyscrapers p.txt --json");
  EXPECT_EQ(run.status, 0) << run.err;
  auto json = nlohmann::json::parse(run.out);  // throws on bytes that are not UTF-8
  EXPECT_EQ(json["puzzles"][0]["id"], "p\\xff");
  EXPECT_EQ(json["status"], "OK");
}

TEST(Bytes, AByteOrderMarkIsSkippedByEveryReader) {
  TempDir dir;
  const std::string bom = "\xEF\xBB\xBF";
  write(dir / "in/b.txt", bom + "DFS\r\n4\r\n4\r\n0000\r\n0000\r\n0000\r\n0000\r\n");
  write(dir / "in/p.txt", bom + "p1 4 0,0,3,0,3,3,0,0,0,2,0,3,0,0,0,0 - 4312342112432134\n");
  write(dir / "in/q.txt", bom + "queens 6\n");
  EXPECT_EQ(run_in(dir.path(), "lizards in/b.txt").status, 0);
  EXPECT_EQ(run_in(dir.path(), "skyscrapers in/p.txt").status, 0);
  auto run = run_in(dir.path(), "batch in --no-progress");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE((run.out + run.err).find("3 instances: 3 OK"), std::string::npos) << run.out << run.err;
}
