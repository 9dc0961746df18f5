// --all --json streams: each solution is written as it comes, never held,
// and the document stays one valid JSON object however the run ends (issue
// 30, item 20: `queens 20 --all --json --format board` held 2.8 GB in 5 s).
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

TEST(QueensAllJson, EverySolutionInOneDocument) {
  auto run = run_cli("queens 8 --all --json", false);
  ASSERT_EQ(run.status, 0);
  auto json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["n"], 8);
  EXPECT_EQ(json["status"], "OK");
  ASSERT_EQ(json["solutions"].size(), 92u);
  EXPECT_EQ(json["solutions"][0], "*15863724");
  EXPECT_EQ(json["listed"], 92);
  EXPECT_TRUE(json["stats"].is_object());
  // One line, as every command's --json.
  EXPECT_EQ(run.output.find('\n'), run.output.size() - 1);
  // --json-pretty: the same document, indented as print_json indents.
  auto pretty = run_cli("queens 6 --all --json-pretty --skip 1", false);
  ASSERT_EQ(pretty.status, 0);
  auto plain = nlohmann::json::parse(run_cli("queens 6 --all --json --skip 1", false).output);
  auto indented = nlohmann::json::parse(pretty.output);
  indented.erase("stats"), plain.erase("stats");
  EXPECT_EQ(indented, plain);
  const std::string opening =
      "{\n  \"n\": 6,\n  \"solutions\": [\n    \"*362514\",\n    \"*415263\",";
  EXPECT_EQ(pretty.output.substr(0, opening.size()), opening) << pretty.output;
  EXPECT_NE(pretty.output.find("\n  ],\n  \"listed\": 3,\n  \"stats\": {\n    \""),
            std::string::npos)
      << pretty.output;
  EXPECT_EQ(pretty.output.substr(pretty.output.size() - 4), "\"\n}\n");
  // Nothing listed: an empty array.
  auto none = nlohmann::json::parse(run_cli("queens 3 --all --json", false).output);
  EXPECT_EQ(none["solutions"], nlohmann::json::array());
  EXPECT_EQ(none["listed"], 0);
}

// Stopped by its deadline in the middle of millions of solutions: the
// document is whole (its closing and the summary written), and what the
// run held stayed small.
TEST(QueensAllJson, AStoppedListingIsOneValidDocumentAndSmall) {
  TempDir dir;
  const std::string out = dir / "out.json";
  auto run = run_measured(std::string("exec '") + NURSERY_CLI +
                          "' queens 20 --all --json --format board --timeout 3 > '" + out +
                          "' 2>/dev/null");
  EXPECT_EQ(run.status, 3);
  auto json = nlohmann::json::parse(nursery::testing::read(out));
  EXPECT_EQ(json["status"], "TIMEOUT");
  EXPECT_GT(json["listed"].get<std::uint64_t>(), 1000u);
  EXPECT_EQ(json["solutions"].size(), json["listed"].get<std::uint64_t>());
  // Held: the run's own, not the listing's (hundreds of MB a second before).
  // (1 GiB under a sanitizer: its quarantine alone may hold 256 MB; 464 MiB
  // measured under ASan)
  const std::uint64_t most = std::uint64_t{nursery::testing::kSanitized ? 1024u : 400u} << 20;
  EXPECT_LT(run.peak_bytes, most) << run.peak_bytes / 1048576 << " MiB";
}

// Ctrl-C in the middle: the document is closed too, its status INTERRUPTED.
TEST(QueensAllJson, AnInterruptedListingIsOneValidDocument) {
  TempDir dir;
  const std::string out = dir / "out.json";
  std::string command = "'";  // (appended: GCC 12 warns falsely on "'" + string)
  command.append(NURSERY_CLI)
      .append("' queens 20 --all --json > '")
      .append(out)
      .append("' 2>/dev/null & pid=$!; sleep 2; kill -INT $pid; wait $pid");
  auto run = run_measured(command);
  EXPECT_EQ(run.status, 130);
  auto json = nlohmann::json::parse(nursery::testing::read(out));
  EXPECT_EQ(json["status"], "INTERRUPTED");
  EXPECT_EQ(json["solutions"].size(), json["listed"].get<std::uint64_t>());
}

}  // namespace
