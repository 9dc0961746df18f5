// One vocabulary across commands (issue 35, item 2; docs/cli.md): the new
// names work, each old spelling is still read as its new name with one
// note on stderr (none under --quiet), and --help lists the old spellings.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::testing::run_in;
using nursery::testing::TempDir;

struct Renamed {
  std::string old_words, new_words, old_name, new_name;
};

// gen skyscrapers' three renamings: the same puzzles either way.
TEST(Vocabulary, OldSpellingsAreReadAsTheNewNamesWithANote) {
  TempDir dir;
  const std::vector<Renamed> renamed = {
      {"gen skyscrapers --size 5 --puzzles 3", "gen skyscrapers --n 5 --puzzles 3", "--size",
       "--n"},
      {"gen skyscrapers --n 5 --count 3", "gen skyscrapers --n 5 --puzzles 3", "--count",
       "--puzzles"},
      {"gen skyscrapers --n 4 --puzzles 2 --unique",
       "gen skyscrapers --n 4 --puzzles 2 "
       "--unique-solution",
       "--unique", "--unique-solution"},
      {"gen skyscrapers --size=4 --puzzles 2", "gen skyscrapers --n=4 --puzzles 2", "--size",
       "--n"}};
  for (const auto& each : renamed) {
    const auto now = run_in(dir.path(), each.new_words);
    ASSERT_EQ(now.status, 0) << each.new_words << ": " << now.err;
    EXPECT_EQ(now.err, "") << each.new_words;
    const auto old = run_in(dir.path(), each.old_words);
    ASSERT_EQ(old.status, 0) << each.old_words << ": " << old.err;
    EXPECT_EQ(old.err, "note: " + each.old_name + " is now " + each.new_name +
                           "; the old spelling goes in 0.3\n")
        << each.old_words;
    // The header line names the command in the new words: the rest is the same.
    EXPECT_EQ(old.out, now.out) << each.old_words;
    const auto quiet = run_in(dir.path(), each.old_words + " -q");
    EXPECT_EQ(quiet.status, 0);
    EXPECT_EQ(quiet.err, "") << each.old_words << " -q";
    EXPECT_EQ(quiet.out, now.out);
  }
  // The generated file's header says how to make it again, in the new words.
  const auto made = run_in(dir.path(), "gen skyscrapers --size 4 --count 1 --unique -q");
  EXPECT_EQ(made.out.rfind("# nursery gen skyscrapers --n 4 --puzzles 1 --seed 1", 0), 0u)
      << made.out;
  EXPECT_NE(made.out.find("--unique-solution"), std::string::npos) << made.out;
  // A longer name is not an old spelling.
  const auto wrong = run_in(dir.path(), "gen skyscrapers --n 4 --sizes 4");
  EXPECT_EQ(wrong.status, 2);
  EXPECT_EQ(wrong.err.find("note:"), std::string::npos) << wrong.err;
}

TEST(Vocabulary, HelpListsTheOldSpellings) {
  TempDir dir;
  const auto help = run_in(dir.path(), "gen skyscrapers --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--n arg"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--puzzles arg"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--unique-solution"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("old spellings, read until 0.3: --size (now --n), --count (now "
                          "--puzzles), --unique (now --unique-solution)"),
            std::string::npos)
      << help.out;
  // A command without old spellings says nothing of them.
  EXPECT_EQ(run_in(dir.path(), "count --help").out.find("old spellings"), std::string::npos);
}

// --bfs-memory takes a size with its unit, as --memory does; a bare number
// is the old spelling (MiB), read with a note.
TEST(Vocabulary, BfsMemoryIsASizeWithItsUnit) {
  TempDir dir;
  nursery::testing::write(dir / "b.txt",
                          "BFS\n6\n6\n000000\n000000\n000000\n000000\n000000\n"
                          "000000\n");
  const auto plain = run_in(dir.path(), "lizards b.txt");
  ASSERT_EQ(plain.status, 0) << plain.err;
  for (const char* size : {"16M", "16m", "16384K", "1G", "0.5M"}) {
    const auto sized = run_in(dir.path(), std::string("lizards b.txt --bfs-memory ") + size);
    EXPECT_EQ(sized.status, 0) << size << ": " << sized.err;
    EXPECT_EQ(sized.err, "") << size;
    EXPECT_EQ(sized.out, plain.out) << size;
  }
  const auto bare = run_in(dir.path(), "lizards b.txt --bfs-memory 16");
  EXPECT_EQ(bare.status, 0) << bare.err;
  EXPECT_EQ(bare.out, plain.out);
  EXPECT_EQ(bare.err,
            "note: --bfs-memory 16 without a unit is read as MiB (16M); the bare number goes "
            "in 0.3\n");
  EXPECT_EQ(run_in(dir.path(), "lizards b.txt --bfs-memory 16 -q").err, "");
  for (const char* bad : {"16X", "M", "-1M", "0M", "2000000G"}) {
    const auto refused = run_in(dir.path(), std::string("lizards b.txt --bfs-memory ") + bad);
    EXPECT_EQ(refused.status, 2) << bad;
    EXPECT_EQ(refused.err.rfind("error: lizards: --bfs-memory: expected ", 0), 0u)
        << bad << ": " << refused.err;
    EXPECT_EQ(refused.out, "") << bad;
  }
  // batch reads the same declaration.
  nursery::testing::write(dir / "in/b.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  EXPECT_EQ(run_in(dir.path(), "batch in --bfs-memory 8M -q").status, 0);
  EXPECT_EQ(run_in(dir.path(), "batch in --bfs-memory 8X -q").status, 2);
}

}  // namespace

// Joining a run's parts is --merge in count and batch; batch's old
// --merge-reports is read as --merge, with its note.
TEST(Vocabulary, BatchMergeReportsIsNowMerge) {
  TempDir dir;
  nursery::testing::write(dir / "in/a.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  nursery::testing::write(dir / "in/b.txt", "DFS\n5\n5\n00000\n00000\n00000\n00000\n00000\n");
  ASSERT_EQ(run_in(dir.path(), "batch in --part 1/2 --report p1.json -q").status, 0);
  ASSERT_EQ(run_in(dir.path(), "batch in --part 2/2 --report p2.json -q").status, 0);
  const auto now = run_in(dir.path(), "batch --merge p1.json p2.json --report now.json");
  ASSERT_EQ(now.status, 0) << now.err;
  EXPECT_EQ(now.err, "report: now.json\n");
  EXPECT_NE(now.out.find("2 instances: 2 OK, 0 FAIL"), std::string::npos) << now.out;
  const auto old = run_in(dir.path(), "batch --merge-reports p1.json p2.json --report old.json");
  ASSERT_EQ(old.status, 0) << old.err;
  EXPECT_EQ(old.err,
            "note: --merge-reports is now --merge; the old spelling goes in 0.3\n"
            "report: old.json\n");
  EXPECT_NE(old.out.find("2 instances: 2 OK, 0 FAIL"), std::string::npos) << old.out;
  EXPECT_NE(run_in(dir.path(), "batch --help").out.find("--merge-reports (now --merge)"),
            std::string::npos);
}
