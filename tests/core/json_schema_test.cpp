// docs/json.md is the JSON schema of every command: each command is run
// here with --json, and every key it prints must be listed in its table
// with that type, and every key the table marks "always" must be there.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using nlohmann::json;

struct Key {
  std::string type;  // integer, number, string, boolean, array, object, count; "or null"
  bool always = false;
};
using Schema = std::map<std::string, Key>;

// The tables of docs/json.md: after a line "<!-- schema: NAME -->", the
// rows "| `key` | type | when |"; a row "| *OTHER* | | ... |" takes OTHER's keys.
std::map<std::string, Schema> read_schemas() {
  std::ifstream in(std::string(NURSERY_DATASETS) + "/../docs/json.md");
  std::map<std::string, Schema> schemas;
  std::map<std::string, std::vector<std::string>> includes;
  const std::regex start(R"(^<!-- schema: ([a-z-]+) -->$)");
  const std::regex row(R"(^\| `([a-z_]+)` \| ([a-z ]+) \| (.*)\|$)");
  const std::regex include(R"(^\| \*([a-z-]+)\* \|)");
  std::string line, current;
  std::smatch match;
  while (std::getline(in, line)) {
    if (std::regex_match(line, match, start)) {
      current = match[1];
      schemas[current];
    } else if (line.empty() || line[0] != '|') {
      if (!line.empty()) current.clear();
    } else if (!current.empty() && std::regex_match(line, match, row)) {
      schemas[current][match[1]] = {match[2], match[3].str().rfind("always", 0) == 0};
    } else if (!current.empty() && std::regex_search(line, match, include)) {
      includes[current].push_back(match[1]);
    }
  }
  for (const auto& [name, others] : includes)
    for (const auto& other : others)
      for (const auto& [key, spec] : schemas.at(other)) schemas[name].emplace(key, spec);
  return schemas;
}

const std::map<std::string, Schema>& schemas() {
  static const auto all = read_schemas();
  return all;
}

bool has_type(const json& value, const std::string& type) {
  const std::string base = type.substr(0, type.find(" or null"));
  if (value.is_null()) return type.find(" or null") != std::string::npos;
  if (base == "integer") return value.is_number_integer();
  if (base == "number") return value.is_number();
  if (base == "string") return value.is_string();
  if (base == "boolean") return value.is_boolean();
  if (base == "array") return value.is_array();
  if (base == "object") return value.is_object();
  if (base == "count")  // a number up to 2^53, decimal digits beyond
    return (value.is_number_unsigned() && value.get<std::uint64_t>() <= (std::uint64_t{1} << 53)) ||
           (value.is_string() && !value.get<std::string>().empty() &&
            value.get<std::string>().find_first_not_of("0123456789") == std::string::npos);
  return false;
}

// `document` against the schema `name`; "stats" objects against stats.
void check(const json& document, const std::string& name, const std::string& context) {
  ASSERT_TRUE(schemas().count(name)) << "docs/json.md has no schema " << name;
  ASSERT_TRUE(document.is_object()) << context << ": " << document.dump();
  const Schema& schema = schemas().at(name);
  for (const auto& [key, value] : document.items()) {
    auto found = schema.find(key);
    EXPECT_NE(found, schema.end()) << context << ": key '" << key << "' is not in docs/json.md's "
                                   << name << " table: " << document.dump();
    if (found == schema.end()) continue;
    EXPECT_TRUE(has_type(value, found->second.type))
        << context << ": '" << key << "' should be " << found->second.type << ", is "
        << value.dump();
    if (key == "stats") check(value, "stats", context + " stats");
  }
  for (const auto& [key, spec] : schema) {
    if (!spec.always) continue;
    EXPECT_TRUE(document.contains(key))
        << context << ": '" << key << "' is always there, says docs/json.md: " << document.dump();
  }
}

// Each line of a run's stdout, as JSON.
std::vector<json> documents(const std::string& arguments, int expected_status) {
  auto run = nursery::testing::run_cli(arguments, false);
  EXPECT_EQ(run.status, expected_status) << arguments << "\n" << run.output;
  std::vector<json> all;
  std::istringstream lines(run.output);
  for (std::string line; std::getline(lines, line);) {
    json parsed = json::parse(line, nullptr, false);
    EXPECT_FALSE(parsed.is_discarded()) << arguments << ": not one JSON document a line: " << line;
    if (!parsed.is_discarded()) all.push_back(parsed);
  }
  EXPECT_FALSE(all.empty()) << arguments << ": no JSON on stdout";
  return all;
}

void check_run(const std::string& arguments, const std::string& name, int expected_status = 0) {
  for (const json& document : documents(arguments, expected_status))
    check(document, name, arguments);
}

std::string dataset(const std::string& path) {
  return std::string(NURSERY_DATASETS) + "/" + path;
}

TEST(JsonSchema, TheTablesAreRead) {
  for (const char* name : {"error",
                           "stats",
                           "count",
                           "estimate",
                           "queens",
                           "lizards",
                           "lizards-max",
                           "skyscrapers",
                           "skyscrapers-puzzle",
                           "skyscrapers-summary",
                           "verify",
                           "batch",
                           "batch-report",
                           "batch-row",
                           "batch-summary",
                           "bench",
                           "bench-row",
                           "bench-program",
                           "skyscrapers-bench",
                           "compare",
                           "compare-group",
                           "compare-regression"})
    EXPECT_GE(schemas().count(name) ? schemas().at(name).size() : 0, 3u) << name;
  EXPECT_TRUE(schemas().at("batch").count("roots")) << "batch takes batch-summary's keys";
}

TEST(JsonSchema, Count) {
  check_run("count 12 --json --unique", "count");
  check_run("count 8 9 10 --json", "count");
  check_run("count 21 --json --timeout 0.05", "count", 3);
  // Half a second: under ThreadSanitizer on a loaded machine 0.05 s could
  // end before a piece finished (no estimate: exit 3).
  check_run("count 12 --json --estimate 0.5", "estimate");
  nursery::testing::TempDir dir;
  check_run("count 10 --json --checkpoint " + dir / "c", "count");
  check_run("count 10 --json --checkpoint " + dir / "p1 --part 1/2", "count");
  check_run("count 10 --json --checkpoint " + dir / "p2 --part 2/2", "count");
  check_run("count --json --unique --merge " + dir / "p1 " + dir / "p2", "count");
  // Counts past 2^53 are strings: the merge of parts can only be made
  // with N <= 32, so the rule is checked on the count type itself.
  EXPECT_TRUE(has_type(json("22317699616364044"), "count"));
  EXPECT_FALSE(has_type(json(std::uint64_t{22317699616364044}), "count"));
}

TEST(JsonSchema, Queens) {
  check_run("queens 8 --json", "queens");
  check_run("queens 6 --all --json", "queens");
  check_run("queens 3 --json", "queens", 1);
  check_run("queens 40 --method cp --json", "queens");
}

TEST(JsonSchema, Lizards) {
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "b.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  nursery::testing::write(dir / "t.txt", "BFS\n3\n4\n020\n000\n000\n");
  check_run("lizards " + dir / "b.txt --json", "lizards");
  check_run("lizards " + dir / "b.txt --json --count", "lizards");
  check_run("lizards " + dir / "t.txt --json", "lizards", 1);
  check_run("lizards " + dir / "b.txt --json -o " + dir / "out.txt", "lizards");
  check_run("lizards " + dir / "b.txt --json --max", "lizards-max");
}

TEST(JsonSchema, Skyscrapers) {
  for (const char* flags : {"", " --count --stats", " --all", " --limit 2"})
    for (const json& document :
         documents("skyscrapers " + dataset("skyscrapers/codewars.txt") + " --json" + flags, 0)) {
      check(document, "skyscrapers", flags);
      for (const json& puzzle : document["puzzles"]) check(puzzle, "skyscrapers-puzzle", flags);
      check(document["summary"], "skyscrapers-summary", flags);
    }
}

// The summary counts in batch's words: ok, fail, timeout.
TEST(JsonSchema, SkyscrapersSummaryUsesBatchWords) {
  const auto done = documents("skyscrapers " + dataset("skyscrapers/codewars.txt") + " --json", 0);
  ASSERT_EQ(done.size(), 1u);
  const json& summary = done[0]["summary"];
  EXPECT_EQ(summary["ok"], done[0]["puzzles"].size()) << summary;
  EXPECT_EQ(summary["fail"], 0) << summary;
  EXPECT_EQ(summary["timeout"], 0) << summary;
  for (const char* old : {"solved", "no_solution", "timeouts"})
    EXPECT_FALSE(summary.contains(old)) << summary;
  // A puzzle with no solution (two 4s seen from one side) and a count cut short.
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "none.txt", "4:4/4/1/1/1/1/1/1/1/1/1/1/1/1/1/1\n");
  for (const json& none : documents("skyscrapers " + dir / "none.txt --json", 1)) {
    check(none, "skyscrapers", "no solution");
    check(none["summary"], "skyscrapers-summary", "no solution");
    EXPECT_EQ(none["summary"]["fail"], 1) << none;
    EXPECT_EQ(none["summary"]["ok"], 0) << none;
  }
}

// --bench --json: one document (it printed a Markdown row), its times in
// seconds; a bench stopped by --timeout says TIMEOUT with null times.
TEST(JsonSchema, SkyscrapersBench) {
  const std::string file = dataset("skyscrapers/tatham_unreasonable_4.txt");
  const auto benched = documents("skyscrapers " + file + " --bench 2 --json -t 1", 0);
  ASSERT_EQ(benched.size(), 1u);
  check(benched[0], "skyscrapers-bench", "--bench --json");
  EXPECT_EQ(benched[0]["status"], "OK");
  EXPECT_EQ(benched[0]["runs"], 2);
  EXPECT_EQ(benched[0]["threads"], 1);
  EXPECT_EQ(benched[0]["file"], "tatham_unreasonable_4.txt");
  EXPECT_LE(benched[0]["solve_median_seconds"].get<double>(),
            benched[0]["solve_max_seconds"].get<double>());
  EXPECT_LE(benched[0]["unique_median_seconds"].get<double>(),
            benched[0]["unique_max_seconds"].get<double>());
  // A thousand runs of every puzzle of a file of 59 in 1 ms: stopped.
  const auto stopped = documents(
      "skyscrapers " + dataset("skyscrapers/codewars.txt") + " --bench 1000 --json --timeout 0.001",
      3);
  ASSERT_EQ(stopped.size(), 1u);
  check(stopped[0], "skyscrapers-bench", "--bench --json --timeout");
  EXPECT_EQ(stopped[0]["status"], "TIMEOUT");
  EXPECT_TRUE(stopped[0]["solve_median_seconds"].is_null()) << stopped[0];
}

// compare --json, with a regression: the second report's row made a TIMEOUT.
TEST(JsonSchema, Compare) {
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "in/b.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  nursery::testing::write(dir / "in/q.txt", "queens 8\n");
  for (const char* name : {"a.json", "b.json"})
    ASSERT_EQ(nursery::testing::run_cli("batch " + dir / "in --report " + dir / name + " -q", false)
                  .status,
              0);
  std::ifstream in(dir / "b.json");
  json later = json::parse(in);
  later["instances"][0]["status"] = "TIMEOUT";
  nursery::testing::write(dir / "c.json", later.dump());
  for (const auto& [later_report, status] :
       {std::pair<std::string, int>{"b.json", 0}, {"c.json", 1}})
    for (const json& result : documents(
             "compare " + dir / "a.json " + dir / later_report + " --by-size --json", status)) {
      check(result, "compare", later_report);
      EXPECT_EQ(result["status"], status == 0 ? "OK" : "FAIL") << result;
      for (const json& group : result["groups"]) check(group, "compare-group", later_report);
      for (const json& found : result["regressions"])
        check(found, "compare-regression", later_report);
      EXPECT_EQ(result["regressions"].size(), status == 0 ? 0u : 1u) << result;
    }
}

TEST(JsonSchema, Verify) {
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "b.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  nursery::testing::write(dir / "a.txt", "OK\n0100\n0001\n1000\n0010\n");
  check_run("verify " + dir / "b.txt " + dir / "a.txt --json", "verify");
  auto answers =
      nursery::testing::run_cli("skyscrapers " + dataset("skyscrapers/codewars.txt"), false);
  nursery::testing::write(dir / "s.txt", answers.output);
  check_run("verify " + dataset("skyscrapers/codewars.txt") + " " + dir / "s.txt --json", "verify");
}

TEST(JsonSchema, BatchAndItsReport) {
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "in/b.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");
  nursery::testing::write(dir / "in/q.txt", "queens 9\n");
  check_run("batch " + dir / "in" + " --json --count", "batch");
  for (const json& report : documents("batch " + dir / "in" + " --count --report -", 0)) {
    check(report, "batch-report", "--report -");
    for (const json& row : report["instances"]) check(row, "batch-row", "--report - row");
    check(report["summary"], "batch-summary", "--report - summary");
    check(report["provenance"], "batch-provenance", "--report - provenance");
  }
}

// bench queens: a missing figure is null (it was -1), each program's runs
// with their mean and spread.
TEST(JsonSchema, BenchQueens) {
  for (const json& bench : documents("bench queens --n 6,7 --no-baseline -t 2 -r 2 --json", 0)) {
    check(bench, "bench", "bench queens");
    ASSERT_EQ(bench["rows"].size(), 2u) << bench;
    for (const json& row : bench["rows"]) {
      check(row, "bench-row", "bench queens row");
      EXPECT_TRUE(row["baseline_seconds"].is_null()) << row;  // --no-baseline
      ASSERT_EQ(row["programs"].size(), 4u) << row;           // bitboard and join, 1 and 2 threads
      for (const json& program : row["programs"]) {
        check(program, "bench-program", "bench queens program");
        EXPECT_EQ(program["runs"], 2) << program;
        EXPECT_LE(program["wall_seconds"].get<double>(), program["wall_mean"].get<double>());
      }
    }
  }
}

TEST(JsonSchema, ErrorsAreAnObjectOnStdout) {
  check_run("count 40 --json", "error", 2);
  check_run("lizards /nonexistent/board.txt --json", "error", 2);
  check_run("skyscrapers '4:9/9' --json", "error", 2);
  check_run("count 8 --json --uniqe", "error", 2);
  // Bad input also says where, and what was expected and found.
  nursery::testing::TempDir dir;
  nursery::testing::write(dir / "board.txt", "DFS\n3\n2\n000\n0x0\n000\n");
  check_run("lizards " + dir / "board.txt --json", "error", 2);
  const auto bad = documents("lizards " + dir / "board.txt --json", 2);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0]["file"], dir / "board.txt");
  EXPECT_EQ(bad[0]["line"], 5);
  EXPECT_EQ(bad[0]["expected"], "0 or 2 in column 2") << bad[0];
  EXPECT_EQ(bad[0]["found"], "'x'") << bad[0];
}

}  // namespace
