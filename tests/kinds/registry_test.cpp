// The registry decides (nursery/registry.hpp): which kind a text is, by
// what each kind says of its own format alone; and a kind the engine does
// not know, the tests' rooks, registered with one line in the test build,
// runs through the library's batch and verify like the engine's own.
#include <gtest/gtest.h>

#include <batch/kinds.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <nursery/batch.hpp>
#include <nursery/registry.hpp>
#include <string>

#include "rooks/rooks.hpp"
#include "temp_dir.hpp"

namespace nursery::testing {

namespace {

namespace fs = std::filesystem;

using TestKinds = Kinds::with<rooks::Facade>;

constexpr const char* kRooks = "rooks 4\n..#.\n....\n.#..\n#...\n";
constexpr const char* kNoRooks = "rooks 3\n###\n...\n...\n";
constexpr const char* kBoard = "DFS\n4\n4\n0000\n0000\n0000\n0000\n";

// The kind's name among `List`'s, as its registry decides.
template <class List>
std::string kind_of(std::string_view text) {
  std::string name;
  List::visit(List::sniff(text), [&]<class K>() { name = K::name; });
  return name;
}

std::map<std::string, nlohmann::json> rows_of(const fs::path& report) {
  std::map<std::string, nlohmann::json> rows;
  const auto whole = nlohmann::json::parse(read(report));
  for (const auto& row : whole["instances"])
    rows[fs::path(row["path"].get<std::string>()).filename().string()] = row;
  return rows;
}

}  // namespace

TEST(Registry, FoldsOverEveryKindOnce) {
  std::vector<std::string> names;
  Kinds::for_each([&]<class K>() { names.emplace_back(K::name); });
  EXPECT_EQ(names, (std::vector<std::string>{"queens", "lizards", "skyscrapers"}));
  EXPECT_EQ(Kinds::described(), "a 'queens N' file, a lizards board or Skyscrapers puzzles");
  EXPECT_EQ(TestKinds::size, Kinds::size + 1);
  EXPECT_EQ(TestKinds::described(),
            "a 'queens N' file, a lizards board, Skyscrapers puzzles or a rooks board");
  EXPECT_EQ(Kinds::unclaimed(),
            "not an instance (no 'queens N', no DFS/BFS/SA line, no Skyscrapers puzzle)");
}

// A bare lizards board (no algorithm line) is digits in rows, which the
// Skyscrapers grid form is made of too: lizards is sure of its shape,
// Skyscrapers only that the characters fit, so lizards wins in whichever
// order the kinds are listed. Neither kind knows the other.
TEST(Registry, TheMostConfidentKindWinsWhateverTheOrder) {
  const std::string bare = "4\n4\n0000\n0020\n0000\n0000\n";
  EXPECT_EQ(lizards::sniff(bare), Sniff::likely);
  EXPECT_EQ(skyscrapers::sniff(bare), Sniff::maybe);
  EXPECT_EQ(kind_of<Kinds>(bare), "lizards");
  EXPECT_EQ((kind_of<KindList<skyscrapers::Facade, lizards::Facade>>(bare)), "lizards");
  // Two numbers and a row of the wrong length: claimed, so that the
  // parser names the row; the earlier kind wins the tie.
  const std::string malformed = "4\n4\n00000\n0000\n0000\n0000\n";
  EXPECT_EQ(lizards::sniff(malformed), Sniff::maybe);
  EXPECT_EQ(kind_of<Kinds>(malformed), "lizards");
  // A board of 4,097 columns cut by the 4 KiB head is still its shape.
  const std::string wide = "4097\n1\n" + std::string(4097, '0') + "\n";
  EXPECT_EQ(lizards::sniff(std::string_view(wide).substr(0, 4096)), Sniff::likely);
  EXPECT_EQ(kind_of<Kinds>(kRooks), "");
  EXPECT_EQ(kind_of<TestKinds>(kRooks), "rooks");
  EXPECT_EQ(kind_of<TestKinds>(kBoard), "lizards");
}

TEST(Registry, ATestKindRunsThroughBatchAndVerify) {
  TempDir dir;
  write(dir.path() / "in/a.rooks", kRooks);
  write(dir.path() / "in/b.rooks", kNoRooks);
  write(dir.path() / "in/c.rooks", "rooks 3\n...\n.x.\n...\n");
  write(dir.path() / "in/board.txt", kBoard);
  write(dir.path() / "in/README.md", "# not an instance\n");
  batch::Options options;
  options.paths = {(dir.path() / "in").string()};
  options.outdir = dir.path() / "out";
  options.report = dir.path() / "r.json";
  options.verify = true;
  options.kinds = batch::kinds_of<TestKinds>();
  auto summary = batch::run(options);
  EXPECT_EQ(summary.instances, 4u);
  EXPECT_EQ(summary.ok, 2u);
  EXPECT_EQ(summary.fail, 1u);
  EXPECT_EQ(summary.error, 1u);
  EXPECT_EQ(summary.skipped, 1u);
  EXPECT_EQ(summary.mismatches, 0u);
  auto rows = rows_of(dir.path() / "r.json");
  EXPECT_EQ(rows["a.rooks"]["kind"], "rooks");
  EXPECT_EQ(rows["a.rooks"]["status"], "OK");
  EXPECT_EQ(rows["a.rooks"]["verified"], true);
  EXPECT_EQ(rows["b.rooks"]["status"], "FAIL");
  EXPECT_EQ(rows["b.rooks"]["verified"], true);  // the checker's brute force proves it
  EXPECT_EQ(rows["c.rooks"]["status"], "ERROR");
  EXPECT_NE(rows["c.rooks"]["message"].get<std::string>().find("c.rooks:3: expected 3 cells"),
            std::string::npos)
      << rows["c.rooks"]["message"];
  EXPECT_EQ(rows["board.txt"]["kind"], "lizards");
  EXPECT_NE(rows["README.md"]["message"].get<std::string>().find("no 'rooks N' line"),
            std::string::npos);

  // verify, through the same table: the answer is valid, a rook moved is not.
  const std::string input = (dir.path() / "in/a.rooks").string();
  const std::string answer = (dir.path() / "out/a.rooks.out").string();
  // The library's verify: the texts, read by the caller (the CLI reads them
  // within verify_kind's size limit).
  auto verify = [&](const std::string& answer_path, batch::KindTable kinds) {
    return batch::verify_texts(read(input), read(answer_path), input, answer_path, Budget(),
                               nullptr, {}, kinds);
  };
  EXPECT_EQ(batch::verify_kind(read(input), input, options.kinds).name, "rooks");
  auto checked = verify(answer, options.kinds);
  ASSERT_TRUE(checked.has_value());
  ASSERT_EQ(checked->size(), 1u);
  EXPECT_TRUE(checked->front().verification.valid) << checked->front().verification.reason;
  std::string moved = read(answer);
  const auto rook = moved.find('R');
  std::swap(moved[rook], moved[moved[rook + 1] == '.' ? rook + 1 : rook - 1]);
  write(dir.path() / "moved.out", moved);
  checked = verify((dir.path() / "moved.out").string(), options.kinds);
  ASSERT_TRUE(checked.has_value());
  EXPECT_FALSE(checked->front().verification.valid);
  // The engine's registry does not know rooks.
  EXPECT_THROW(verify(answer, {}), InputError);

  // batch --resume keeps what checks, solves nothing again.
  options.resume = true;
  summary = batch::run(options);
  EXPECT_EQ(summary.resumed, 3u);
  EXPECT_EQ(summary.ok, 2u);
  EXPECT_EQ(summary.fail, 1u);
  EXPECT_EQ(rows_of(dir.path() / "r.json")["a.rooks"]["resumed"], true);

  // Without the test's table a rooks file is no instance.
  options.kinds = {};
  options.resume = false;
  options.outdir.clear();
  summary = batch::run(options);
  EXPECT_EQ(summary.instances, 1u);
  EXPECT_EQ(summary.skipped, 4u);
}

}  // namespace nursery::testing
