// Checkpoint files: written, read back, resumed; damaged or foreign files refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nursery/checkpoint.hpp>
#include <nursery/queens.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "queens/counters.hpp"
#include "temp_dir.hpp"

namespace nursery::checkpoint {
namespace {

namespace fs = std::filesystem;

class CheckpointTest : public ::testing::Test {
 protected:
  fs::path file(const std::string& name) const { return directory_.path() / name; }

  static Header header_for(int n, std::uint64_t target) {
    auto frontier = queens::CanonicalCount::split({n}, target);
    Header header;
    header.kind = "queens-canonical";
    header.n = n;
    header.target = target;
    header.subproblems = frontier.size();
    header.frontier = frontier_crc(std::span<const queens::CanonicalCount::Subproblem>(frontier));
    return header;
  }

  static std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  static void spit(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  }

  // Writes a checkpoint with records for ids 0..k-1 (total id+1, unique 1).
  void write_records(const fs::path& path, const Header& header, std::uint64_t k) {
    auto writer = Writer::create(path, header, {});
    for (std::uint64_t id = 0; id < k; ++id) writer.add({id, Count(id + 1), 1});
  }

  static std::string error_of(const fs::path& path) {
    try {
      read(path);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }

  nursery::testing::TempDir directory_;  // a fresh directory per test, removed afterwards
};

TEST_F(CheckpointTest, WrittenRecordsReadBack) {
  const Header header = header_for(12, 256);
  write_records(file("a.ckpt"), header, 10);
  Contents contents = read(file("a.ckpt"));
  EXPECT_NO_THROW(require_match(file("a.ckpt"), header, contents.header));
  ASSERT_EQ(contents.records.size(), 10u);
  EXPECT_FALSE(contents.torn_tail);
  for (std::uint64_t id = 0; id < 10; ++id) {
    EXPECT_EQ(contents.records[id].id, id);
    EXPECT_TRUE(contents.records[id].total == Count(id + 1));
  }
  Tally sum = tally(header.subproblems, contents.records, "a");
  EXPECT_EQ(sum.done_count, 10u);
  EXPECT_TRUE(sum.total == 55);
  EXPECT_TRUE(sum.unique == 10);
}

TEST_F(CheckpointTest, CountsBeyond64BitsSurvive) {
  const Header header = header_for(12, 256);
  const Count big = (Count(1) << 100) + 12345;
  {
    auto writer = Writer::create(file("big.ckpt"), header, {});
    writer.add({3, big, big - 1});
  }
  auto contents = read(file("big.ckpt"));
  ASSERT_EQ(contents.records.size(), 1u);
  EXPECT_TRUE(contents.records[0].total == big);
  EXPECT_TRUE(contents.records[0].unique == big - 1);
}

TEST_F(CheckpointTest, ResumeAppendsAfterTheOldRecords) {
  const Header header = header_for(12, 256);
  write_records(file("r.ckpt"), header, 4);
  {
    auto contents = read(file("r.ckpt"));
    auto writer = Writer::resume(file("r.ckpt"), contents, {});
    writer.add({7, 70, 7});
  }
  auto contents = read(file("r.ckpt"));
  ASSERT_EQ(contents.records.size(), 5u);
  EXPECT_EQ(contents.records.back().id, 7u);
}

TEST_F(CheckpointTest, BatchesAreSyncedByCountAndOnFlush) {
  const Header header = header_for(12, 256);
  auto writer = Writer::create(file("b.ckpt"), header, {3, 3600});
  writer.add({0, 1, 1});
  writer.add({1, 1, 1});
  EXPECT_EQ(read(file("b.ckpt")).records.size(), 0u);  // still buffered
  writer.add({2, 1, 1});  // a full batch: the background thread syncs it
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (read(file("b.ckpt")).records.size() < 3 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(read(file("b.ckpt")).records.size(), 3u);
  writer.add({3, 1, 1});
  writer.flush();
  EXPECT_EQ(read(file("b.ckpt")).records.size(), 4u);
  EXPECT_EQ(writer.syncs(), 2u);
}

TEST_F(CheckpointTest, ExistingFileIsNotReplaced) {
  const Header header = header_for(12, 256);
  write_records(file("e.ckpt"), header, 2);
  EXPECT_THROW(Writer::create(file("e.ckpt"), header, {}), Error);
  EXPECT_EQ(read(file("e.ckpt")).records.size(), 2u);
}

TEST_F(CheckpointTest, TwoWritersCannotShareAFile) {
  const Header header = header_for(12, 256);
  auto first = Writer::create(file("l.ckpt"), header, {});
  auto contents = read(file("l.ckpt"));
  try {
    Writer::resume(file("l.ckpt"), contents, {});
    FAIL() << "a second writer was allowed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("in use"), std::string::npos) << e.what();
  }
}

TEST_F(CheckpointTest, MismatchedRunIsRefused) {
  const Header header = header_for(12, 256);
  write_records(file("m.ckpt"), header, 2);
  auto found = read(file("m.ckpt")).header;
  auto message = [&](const Header& expected) -> std::string {
    try {
      require_match(file("m.ckpt"), expected, found);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message(header_for(13, 256)).find("N is 12 in the file, 13 in this run"),
            std::string::npos)
      << message(header_for(13, 256));
  EXPECT_NE(message(header_for(12, 4096)).find("split target"), std::string::npos);
  Header other_split = header;
  other_split.frontier ^= 1;
  EXPECT_NE(message(other_split).find("frontier checksum"), std::string::npos);
  Header other_part = header;
  other_part.part = 2;
  other_part.parts = 3;
  EXPECT_NE(message(other_part).find("--part"), std::string::npos);
  EXPECT_EQ(message(header), "");
}

TEST_F(CheckpointTest, DamagedRecordIsRefusedWithItsLine) {
  const Header header = header_for(12, 256);
  write_records(file("d.ckpt"), header, 5);
  std::string text = slurp(file("d.ckpt"));
  // Record of id 2 is line 11: change its total from 3 to 4.
  auto at = text.find("done 2 3 ");
  ASSERT_NE(at, std::string::npos);
  text[at + 7] = '4';
  spit(file("d.ckpt"), text);
  std::string error = error_of(file("d.ckpt"));
  EXPECT_NE(error.find("d.ckpt:11: damaged record"), std::string::npos) << error;
}

TEST_F(CheckpointTest, AlteredHeaderIsRefused) {
  const Header header = header_for(12, 256);
  write_records(file("h.ckpt"), header, 1);
  std::string text = slurp(file("h.ckpt"));
  text.replace(text.find("n 12"), 4, "n 13");
  spit(file("h.ckpt"), text);
  EXPECT_NE(error_of(file("h.ckpt")).find("header checksum"), std::string::npos);
}

TEST_F(CheckpointTest, NotACheckpointIsRefused) {
  spit(file("x.ckpt"), "724\n");
  EXPECT_NE(error_of(file("x.ckpt")).find("not a nursery checkpoint"), std::string::npos);
  spit(file("empty.ckpt"), "");
  EXPECT_NE(error_of(file("empty.ckpt")).find("empty"), std::string::npos);
  EXPECT_NE(error_of(file("missing.ckpt")).find("No such file or directory"), std::string::npos);
}

TEST_F(CheckpointTest, TornLastLineIsDroppedAndCut) {
  const Header header = header_for(12, 256);
  write_records(file("t.ckpt"), header, 3);
  std::string whole = slurp(file("t.ckpt"));
  spit(file("t.ckpt"), whole + "done 3 4 1 ab");  // a crash in the middle of a write
  auto contents = read(file("t.ckpt"));
  EXPECT_TRUE(contents.torn_tail);
  EXPECT_EQ(contents.records.size(), 3u);
  EXPECT_EQ(contents.valid_bytes, whole.size());
  {
    auto writer = Writer::resume(file("t.ckpt"), contents, {});
    writer.add({3, 4, 1});
  }
  auto after = read(file("t.ckpt"));
  EXPECT_FALSE(after.torn_tail);
  EXPECT_EQ(after.records.size(), 4u);
}

TEST_F(CheckpointTest, OneIdWithTwoCountsIsRefused) {
  const Header header = header_for(12, 256);
  {
    auto writer = Writer::create(file("two.ckpt"), header, {});
    writer.add({1, 10, 1});
    writer.add({1, 10, 1});  // the same again is harmless
  }
  EXPECT_EQ(read(file("two.ckpt")).records.size(), 1u);
  {
    auto contents = read(file("two.ckpt"));
    auto writer = Writer::resume(file("two.ckpt"), contents, {});
    writer.add({1, 11, 1});
  }
  EXPECT_NE(error_of(file("two.ckpt")).find("twice with different counts"), std::string::npos);
}

TEST_F(CheckpointTest, OutOfRangeIdIsRefused) {
  Header header = header_for(12, 256);
  {
    auto writer = Writer::create(file("o.ckpt"), header, {});
    writer.add({header.subproblems, 1, 1});
  }
  EXPECT_NE(error_of(file("o.ckpt")).find("out of range"), std::string::npos);
}

TEST(Part, ParsesAndPartitions) {
  EXPECT_EQ(parse_part("2/5"), std::make_pair(2u, 5u));
  EXPECT_THROW(parse_part("0/5"), std::invalid_argument);
  EXPECT_THROW(parse_part("6/5"), std::invalid_argument);
  EXPECT_THROW(parse_part("2"), std::invalid_argument);
  EXPECT_THROW(parse_part("a/b"), std::invalid_argument);
  int owners[10] = {};
  for (std::uint64_t id = 0; id < 10; ++id)
    for (std::uint32_t part = 1; part <= 3; ++part) owners[id] += in_part(id, part, 3) ? 1 : 0;
  for (int owner : owners) EXPECT_EQ(owner, 1);
}

TEST(Frontier, SameTargetSameIds) {
  auto a = queens::CanonicalCount::split({14}, 1000);
  auto b = queens::CanonicalCount::split({14}, 1000);
  auto c = queens::CanonicalCount::split({14}, 10);
  using S = queens::CanonicalCount::Subproblem;
  EXPECT_EQ(frontier_crc(std::span<const S>(a)), frontier_crc(std::span<const S>(b)));
  EXPECT_NE(frontier_crc(std::span<const S>(a)), frontier_crc(std::span<const S>(c)));
}

}  // namespace
}  // namespace nursery::checkpoint

namespace nursery::checkpoint {
namespace {

// A part's file holding another part's subproblem is refused with the line
// that is wrong, not counted as done (issue 11, item 6: such a file once
// ended "94 of 47 subproblems done" on every retry).
// A header with a valid checksum but fields out of their range or not
// numbers at all: refused with the file, the line and what was expected,
// before anything is allocated from it (issue 11, items 11 and 13).
TEST_F(CheckpointTest, HeaderFieldsAreCheckedInFullAndInRange) {
  auto header_file = [&](const std::string& name, const std::string& n, const std::string& target,
                         const std::string& subproblems, const std::string& part) {
    std::string body = "nursery-checkpoint 1\nkind queens-canonical\nn " + n + "\ntarget " +
                       target + "\nsubproblems " + subproblems + "\nfrontier 0123abcd\npart " +
                       part + "\n";
    char crc[9];
    std::snprintf(crc, sizeof crc, "%08x", crc32(body.data(), body.size()));
    spit(file(name), body + "header " + crc + "\n");
    return error_of(file(name));
  };
  struct Case {
    std::string n, target, subproblems, part, expected;
  };
  for (const Case& c : std::vector<Case>{
           {"abc", "64", "10", "1/1", ":3: expected 'n N' with N from 1 to 64, found 'n abc'"},
           {"12", "1000000000000", "10", "1/1", ":4: expected 'target N'"},
           {"12", "64", "1000000000000000000", "1/1", ":5: expected 'subproblems N'"},
           {"12", "64", "10", "0/1", ":7: expected I/K with 1 <= I <= K, found '0/1'"},
       }) {
    auto error = header_file("h.ckpt", c.n, c.target, c.subproblems, c.part);
    EXPECT_NE(error.find("h.ckpt" + c.expected), std::string::npos) << error;
  }
  EXPECT_EQ(header_file("good.ckpt", "12", "64", "10", "1/1"), "");
  // A directory or an endless file is no checkpoint, and says so by name.
  EXPECT_NE(error_of(directory_.path()).find(": cannot read checkpoint:"), std::string::npos);
  EXPECT_NE(error_of("/dev/zero").find("/dev/zero:1: not a nursery checkpoint"),
            std::string::npos);
}

TEST_F(CheckpointTest, RecordsOutsideThePartAreRefused) {
  Header header = header_for(12, 64);
  header.part = 1;
  header.parts = 2;
  write_records(file("part.ckpt"), header, 4);  // ids 0..3: 1 and 3 belong to part 2
  auto error = error_of(file("part.ckpt"));
  EXPECT_NE(error.find("part.ckpt:10: expected a subproblem of part 1/2"), std::string::npos)
      << error;
  EXPECT_NE(error.find("found subproblem 1"), std::string::npos) << error;
}

}  // namespace
}  // namespace nursery::checkpoint
