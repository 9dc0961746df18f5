// Issue 34, items 3 to 5 and 8: batch as a benchmark harness. Solver
// configurations (each kind's solver options, declared once with its
// command, and --config NAME in every row), expected answers and
// categories (the N-queens table, a manifest, an index.csv beside the
// instances), the provenance of every report and the refusal of another
// run's report, and BenchExec's result format (--report FILE.xml).
// Every count is checked against the published totals (OEIS A000170), which
// no solver computes.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <nursery/queens.hpp>
#include <sstream>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"
#include "xml_check.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using nursery::testing::CliResult;
using nursery::testing::read;
using nursery::testing::TempDir;
using nursery::testing::write;

CliResult batch(const TempDir& dir, const std::string& args) {
  return nursery::testing::run_in(dir.path(), "batch " + args + " --no-progress");
}

json report_of(const TempDir& dir, const std::string& name = "r.json") {
  return json::parse(read(dir.path() / name));
}

// The rows of `nursery batch ARGS --report r.json`, which should exit with STATUS.
json rows_of_run(const TempDir& dir, const std::string& args, int status = 0) {
  const auto run = batch(dir, args + " --report r.json");
  EXPECT_EQ(run.status, status) << args << ": " << run.err;
  return report_of(dir)["instances"];
}

// ---- Item 3: solver configurations ------------------------------------------

TEST(BatchConfig, QueensCountsAreMadeAsNurseryCountMakesThem) {
  TempDir dir;
  write(dir / "in/q12.txt", "queens 12\n");
  write(dir / "in/q14.txt", "queens 14\n");
  const auto rows = rows_of_run(dir, "in --count");
  ASSERT_EQ(rows.size(), 2u);
  // auto: the bitboard below N = 14, the join from there (as nursery count).
  EXPECT_EQ(rows[0]["message"], "bitboard");
  EXPECT_EQ(rows[1]["message"], "join");
  EXPECT_EQ(rows[0]["total"], *nursery::queens::known_total(12));
  EXPECT_EQ(rows[1]["total"], *nursery::queens::known_total(14));
  // A method asked for is the one every queens file is counted with.
  const json again = rows_of_run(dir, "in --count --method backtrack");
  for (const auto& row : again) EXPECT_EQ(row["message"], "backtrack");
  EXPECT_EQ(report_of(dir)["instances"][1]["total"], *nursery::queens::known_total(14));
}

TEST(BatchConfig, AMethodBeyondItsReachIsThatInstancesError) {
  TempDir dir;
  write(dir / "in/q8.txt", "queens 8\n");
  write(dir / "in/q12.txt", "queens 12\n");
  const auto rows = rows_of_run(dir, "in --count --method brute", 2);
  EXPECT_EQ(rows[0]["status"], "OK");  // q8 (walk order: q8 before q12)
  EXPECT_EQ(rows[0]["total"], 92);
  EXPECT_EQ(rows[1]["status"], "ERROR");
  EXPECT_NE(
      rows[1]["message"].get<std::string>().find("--method brute: N must be between 1 and 10"),
      std::string::npos)
      << rows[1];
}

TEST(BatchConfig, OptionsARunWouldNotUseAreRefused) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 8\n");
  for (const char* args :
       {"in --method join", "in --memory 1G", "in --limit 2", "in --count --seed 3",
        "in --count --no-local-search", "in --count --method nosuch", "in --config 'a b'",
        "in --config ''", "in --algorithm XYZ", "in --bfs-memory 0"}) {
    auto run = batch(dir, args);
    EXPECT_EQ(run.status, 2) << args << ": " << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << args << ": " << run.err;
  }
}

TEST(BatchConfig, LizardsAndSkyscrapersTakeTheirCommandsOptions) {
  TempDir dir;
  write(dir / "in/a/input.txt", "SA\n6\n6\n000000\n000000\n000000\n000000\n000000\n000000\n");
  write(dir / "in/p.txt", "4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2,c1a4b2e2a\n");
  auto rows = rows_of_run(dir, "in --algorithm DFS --no-local-search --seed 7 --verify");
  EXPECT_EQ(rows[0]["status"], "OK");
  EXPECT_EQ(rows[0]["verified"], true);
  // What `nursery lizards --algorithm DFS --no-local-search` says of the board.
  auto alone = nursery::testing::run_in(
      dir.path(), "lizards in/a/input.txt --algorithm DFS --no-local-search --seed 7 --json");
  ASSERT_EQ(alone.status, 0) << alone.err;
  EXPECT_EQ(rows[0]["message"], json::parse(alone.out)["how"]) << alone.out;
  // --limit stops a Skyscrapers count as `nursery skyscrapers --count --limit` does:
  // at least K solutions, no exact total.
  rows = rows_of_run(dir, "in/p.txt --count --limit 1");
  EXPECT_EQ(rows[0]["status"], "OK");
  EXPECT_FALSE(rows[0].contains("total"));
  EXPECT_EQ(rows[0]["message"], "at least 1 solutions (the limit)");
  EXPECT_EQ(rows_of_run(dir, "in/p.txt --count")[0]["total"], 1);  // the puzzle is unique
}

TEST(BatchConfig, TheConfigNameIsInEveryRowAndTheReport) {
  TempDir dir;
  write(dir / "in/q6.txt", "queens 6\n");
  write(dir / "in/q7.txt", "queens 7\n");
  auto run = batch(dir, "in --config fast-1 --report r.json");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto report = report_of(dir);
  for (const auto& row : report["instances"]) EXPECT_EQ(row["config"], "fast-1");
  EXPECT_EQ(report["provenance"]["configuration"]["name"], "fast-1");
  run = batch(dir, "in --config fast-1 --report r.csv");
  ASSERT_EQ(run.status, 0) << run.err;
  std::istringstream lines(read(dir.path() / "r.csv"));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.substr(line.rfind(",config,")), ",config,category,expected");
  int rows = 0;
  while (std::getline(lines, line)) {
    EXPECT_NE(line.find(",fast-1,"), std::string::npos) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 2);
}

// ---- Item 4: expected answers and categories -----------------------------------

TEST(BatchCategories, QueensTotalsFromTheTable) {
  TempDir dir;
  for (int n : {3, 6, 9})
    write(dir / ("in/q" + std::to_string(n) + ".txt"), "queens " + std::to_string(n) + "\n");
  auto run = batch(dir, "in --count --report r.json");
  ASSERT_EQ(run.status, 0) << run.err;
  auto report = report_of(dir);
  for (const auto& row : report["instances"]) {
    EXPECT_EQ(row["category"], "correct") << row;
    EXPECT_EQ(row["expected"], row["total"].dump()) << row;
  }
  EXPECT_EQ(report["summary"]["correct"], 3);
  EXPECT_EQ(report["summary"]["wrong"], 0);
  // Without --count: one solution exists for every N but 2 and 3.
  run = batch(dir, "in --report r.json");
  ASSERT_EQ(run.status, 0) << run.err;
  report = report_of(dir);
  EXPECT_EQ(report["instances"][0]["status"], "FAIL");  // q3
  EXPECT_EQ(report["instances"][0]["category"], "correct");
  EXPECT_EQ(report["summary"]["correct"], 3);
}

TEST(BatchCategories, AManifestsWrongAnswerComesFirstAndFailsTheRun) {
  TempDir dir;
  write(dir / "in/a/input.txt", "DFS\n4\n4\n0000\n0000\n0000\n0000\n");  // OK
  write(dir / "in/b/input.txt", "DFS\n2\n2\n00\n00\n");                  // FAIL
  write(dir / "in/c/input.txt", "DFS\n3\n2\n000\n000\n000\n");           // OK (unlisted)
  // The manifest claims the wrong verdict for b: b's row is wrong.
  write(dir / "expected.csv",
        "file,expected,notes\nin/a/input.txt,OK,\nin/b/input.txt,OK,claimed\n");
  auto run = batch(dir, "in --expected expected.csv --report r.json");
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_EQ(run.out.rfind("batch: 1 WRONG (in/b/input.txt); 3 instances", 0), 0u) << run.out;
  const auto rows = report_of(dir)["instances"];
  EXPECT_EQ(rows[0]["category"], "correct");
  EXPECT_EQ(rows[1]["category"], "wrong");
  EXPECT_EQ(rows[1]["expected"], "OK");
  EXPECT_FALSE(rows[2].contains("category"));  // nothing known to expect
  EXPECT_EQ(report_of(dir)["summary"]["wrong_rows"], json::array({"in/b/input.txt"}));
  // The same manifest as index.csv beside the instances (paths from there).
  write(dir / "in/index.csv", "file,expected\na/input.txt,OK\nb/input.txt,FAIL\nc/input.txt,OK\n");
  run = batch(dir, "in --report r.json");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(report_of(dir)["summary"]["correct"], 3);
  run = batch(dir, "in --no-index --report r.json");
  EXPECT_EQ(report_of(dir)["summary"]["correct"], 0);
}

TEST(BatchCategories, TimeoutsAreUnknownAndErrorsError) {
  TempDir dir;
  write(dir / "in/bad.txt", "queens 40\n");  // beyond a count's reach: an ERROR row
  write(dir / "in/big.txt", "queens 20\n");  // far beyond a 0.2 s budget
  const auto rows = rows_of_run(dir, "in --count --timeout 0.2", 2);
  EXPECT_EQ(rows[0]["status"], "ERROR");
  EXPECT_EQ(rows[0]["category"], "error");
  EXPECT_EQ(rows[1]["status"], "TIMEOUT");
  EXPECT_EQ(rows[1]["category"], "unknown");
  EXPECT_EQ(rows[1]["expected"], std::to_string(*nursery::queens::known_total(20)));
}

TEST(BatchCategories, TheShippedLizardsIndexAgreesWithEveryVerdict) {
  TempDir dir;
  auto run = nursery::testing::run_in(dir.path(), std::string("batch ") + NURSERY_DATASETS +
                                                      "/lizards --report r.json --no-progress");
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  const auto summary = report_of(dir)["summary"];
  EXPECT_EQ(summary["correct"], summary["ok"].get<int>() + summary["fail"].get<int>());
  EXPECT_EQ(summary["wrong"], 0);
}

TEST(BatchCategories, AMalformedManifestIsOneLineNamingItsLine) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 8\n");
  write(dir / "m1.csv", "file,verdict\nin/q.txt,OK\n");
  write(dir / "m2.csv", "file,expected\nin/q.txt,MAYBE\n");
  write(dir / "m3.csv", "file,expected\n\"in/q.txt,OK\n");
  // One file listed twice with two answers (twice with one is harmless).
  write(dir / "m4.csv", "file,expected\nin/q.txt,92\nin/q.txt,92\nin/q.txt,93\n");
  for (const char* name : {"m1.csv:1: expected a header", "m2.csv:2: expected OK, FAIL or a count",
                           "m3.csv:2: expected a closing",
                           "m4.csv:4: expected one expected answer per file ('92' at line 2)"}) {
    const std::string file = std::string(name).substr(0, 6);
    auto run = batch(dir, "in --expected " + file);
    EXPECT_EQ(run.status, 2) << file;
    EXPECT_NE(run.err.find(name), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }
}

// ---- Item 5: provenance ---------------------------------------------------------

TEST(BatchProvenance, EveryJsonReportSaysWhereItCameFrom) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 8\n");
  auto run = batch(dir, "in --count --timeout 30 --threads 2 --config base --report r.json");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto report = report_of(dir);
  const auto& provenance = report["provenance"];
  EXPECT_EQ(provenance["tool"], "nursery");
  EXPECT_FALSE(provenance["version"].get<std::string>().empty());
  EXPECT_EQ(provenance["command_line"][0], "nursery batch");
  EXPECT_EQ(provenance["command_line"].back(), "--no-progress");
  EXPECT_EQ(provenance["configuration"]["count"], true);
  EXPECT_EQ(provenance["configuration"]["options"]["method"], "auto");
  EXPECT_EQ(provenance["limits"]["timeout"], 30.0);
  EXPECT_EQ(provenance["limits"]["threads"], 2);
  EXPECT_GE(provenance["host"]["cores"].get<int>(), 1);
  EXPECT_GT(provenance["host"]["memory"].get<double>(), 0);
  EXPECT_FALSE(provenance["host"]["os"].get<std::string>().empty());
  const std::string started = provenance["started"], ended = report["summary"]["ended"];
  EXPECT_EQ(started.size(), 20u) << started;  // 2026-11-27T22:00:00Z
  EXPECT_LE(started, ended);
  // The head of the file is the provenance.
  EXPECT_EQ(read(dir.path() / "r.json").rfind("{\n \"provenance\": {", 0), 0u);
}

TEST(BatchProvenance, AReportOfAnotherRunIsNeverResumedOver) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 8\n");
  ASSERT_EQ(batch(dir, "in -o out --count --report r.json").status, 0);
  auto run = batch(dir, "in -o out --count --resume --report r.json");
  ASSERT_EQ(run.status, 0) << run.err;
  const std::string kept = read(dir.path() / "r.json");
  // Another configuration: a decision, not a count; another --config; another method.
  for (const char* other : {"in -o out --resume --report r.json",
                            "in -o out --count --config other --resume --report r.json",
                            "in -o out --count --method bitboard --resume --report r.json"}) {
    run = batch(dir, other);
    EXPECT_EQ(run.status, 2) << other;
    EXPECT_NE(run.err.find("--resume: r.json is the report of another run (configuration"),
              std::string::npos)
        << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_EQ(read(dir.path() / "r.json"), kept);
  }
  // Another version (as an older or newer nursery would have written it).
  auto report = json::parse(kept);
  report["provenance"]["version"] = "0.0.1";
  write(dir / "r.json", report.dump(1));
  run = batch(dir, "in -o out --count --resume --report r.json");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("(version \"0.0.1\", not"), std::string::npos) << run.err;
}

// --rerun-failed keeps an earlier run's rows under this run's
// configuration: a report of another one (a decision, not a count;
// another --config) is refused in one line.
TEST(BatchProvenance, AReportOfAnotherConfigurationIsNotRerun) {
  TempDir dir;
  write(dir / "in/q.txt", "queens 8\n");
  ASSERT_EQ(batch(dir, "in --report find.json").status, 0);
  for (const char* other : {"in --count --rerun-failed find.json --report r.json",
                            "in --config zz --rerun-failed find.json --report r.json"}) {
    auto run = batch(dir, other);
    EXPECT_EQ(run.status, 2) << other << run.err;
    EXPECT_NE(run.err.find("--rerun-failed find.json: the report of another configuration"),
              std::string::npos)
        << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }
  EXPECT_EQ(batch(dir, "in --rerun-failed find.json --report r.json").status, 0);
}

TEST(BatchProvenance, PartsOfAnotherConfigurationAreNotMerged) {
  TempDir dir;
  for (int i = 1; i <= 4; ++i) write(dir / ("in/q" + std::to_string(i) + ".txt"), "queens 6\n");
  ASSERT_EQ(batch(dir, "in --part 1/2 --config a --report p1.json").status, 0);
  ASSERT_EQ(batch(dir, "in --part 2/2 --config b --report p2.json").status, 0);
  auto run = batch(dir, "--merge p1.json p2.json --report all.json");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("p2.json is not a part of the run p1.json is (configuration"),
            std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(dir.path() / "all.json"));
  ASSERT_EQ(batch(dir, "in --part 2/2 --config a --report p2.json").status, 0);
  run = batch(dir, "--merge p1.json p2.json --report all.json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(report_of(dir, "all.json")["provenance"]["configuration"]["name"], "a");
}

// A merged summary is its rows' count: a part whose summary was edited, or
// whose row was cut out, is refused, never added up.
TEST(BatchProvenance, APartWhoseSummaryDisagreesWithItsRowsIsNotMerged) {
  TempDir dir;
  for (int i = 1; i <= 4; ++i) write(dir / ("in/q" + std::to_string(i) + ".txt"), "queens 6\n");
  ASSERT_EQ(batch(dir, "in --part 1/2 --report p1.json").status, 0);
  ASSERT_EQ(batch(dir, "in --part 2/2 --report p2.json").status, 0);
  const auto part = report_of(dir, "p1.json");
  ASSERT_FALSE(part["instances"].empty());
  auto edited = part;
  edited["summary"]["ok"] = edited["summary"]["ok"].get<int>() + 1000;
  edited["summary"]["instances"] = edited["summary"]["instances"].get<int>() + 1000;
  auto cut = part;
  cut["instances"].erase(0);
  for (const auto& bent : {edited, cut}) {
    write(dir / "p1.json", bent.dump(1));
    auto run = batch(dir, "--merge p1.json p2.json --report all.json");
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_NE(run.err.find("p1.json: its summary does not add up to its rows"), std::string::npos)
        << run.err;
    EXPECT_FALSE(fs::exists(dir.path() / "all.json"));
  }
  write(dir / "p1.json", part.dump(1));
  ASSERT_EQ(batch(dir, "--merge p1.json p2.json --report all.json").status, 0);
  const auto all = report_of(dir, "all.json");
  EXPECT_EQ(all["summary"]["instances"], 4);
  EXPECT_EQ(all["summary"]["ok"], 4);
  EXPECT_EQ(all["instances"].size(), 4u);
}

// ---- Item 8: BenchExec's result format ------------------------------------------

// An isolated file's child solves with the run's configuration (its solver
// options) and its rows get their categories, as a lane's do.
TEST(BatchConfig, AnIsolatedChildSolvesWithTheRunsConfiguration) {
  TempDir dir;
  write(dir / "in/q12.txt", "queens 12\n");
  write(dir / "in/q14.txt", "queens 14\n");
  for (const char* method : {"bitboard", "join"}) {
    auto run = batch(dir, std::string("in --count --isolate --method ") + method + " --config " +
                              method + " --report r.json");
    ASSERT_EQ(run.status, 0) << run.err;
    const json report = report_of(dir);
    ASSERT_EQ(report["instances"].size(), 2u);
    for (const json& row : report["instances"]) {
      EXPECT_EQ(row["message"], method) << row;
      EXPECT_EQ(row["config"], method) << row;
      EXPECT_EQ(row["category"], "correct") << row;
      EXPECT_GT(row["cpu_seconds"].get<double>(), 0) << row;
    }
    EXPECT_EQ(report["instances"][0]["total"], 14200);
    EXPECT_EQ(report["instances"][1]["total"], 365596);
  }
}

TEST(BatchBenchExec, AnXmlReportIsBenchExecsResultFormat) {
  TempDir dir;
  write(dir / "in/q3.txt", "queens 3\n");
  write(dir / "in/q8.txt", "queens 8\n");
  write(dir / "in/x&y.txt", "queens 40\n");  // an ERROR row, a name XML must escape
  auto run = batch(dir, "in --count --config base --timeout 60 --report r.xml");
  EXPECT_EQ(run.status, 2) << run.err;
  const std::string xml = read(dir.path() / "r.xml");
  std::string why;
  // (the small checker reads no DOCTYPE: the rest of the document)
  const std::string body = xml.substr(xml.find("<result "));
  EXPECT_TRUE(nursery::testing::well_formed(body, why)) << why << "\n" << xml;
  EXPECT_NE(xml.find("<!DOCTYPE result PUBLIC \"+//IDN sosy-lab.org//DTD BenchExec result"),
            std::string::npos);
  EXPECT_NE(xml.find("<result benchmarkname=\"nursery-batch\" name=\"nursery-batch.base\""),
            std::string::npos);
  EXPECT_NE(xml.find("timelimit=\"60.000000s\""), std::string::npos);
  EXPECT_NE(xml.find("<systeminfo"), std::string::npos);
  std::size_t runs = 0;
  for (auto at = xml.find("<run "); at != std::string::npos; at = xml.find("<run ", at + 1)) ++runs;
  EXPECT_EQ(runs, 3u);
  EXPECT_NE(xml.find("<run name=\"in/q8.txt\" files=\"[in/q8.txt]\">\n"
                     "    <column title=\"status\" value=\"92\"/>\n"
                     "    <column title=\"category\" value=\"correct\"/>\n"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<run name=\"in/x&amp;y.txt\""), std::string::npos);
  EXPECT_NE(xml.find("<column title=\"category\" value=\"error\"/>"), std::string::npos);
  for (const char* column : {"cputime", "walltime", "memory"})  // the measures, as BenchExec's
    EXPECT_NE(xml.find(std::string("<column title=\"") + column + "\" value=\""), std::string::npos)
        << column;
  EXPECT_EQ(xml.substr(xml.size() - 10), "</result>\n");
  // xmllint, where installed, reads it too.
  if (std::system("command -v xmllint > /dev/null 2>&1") == 0) {
    EXPECT_EQ(std::system(("xmllint --noout '" + (dir / "r.xml") + "'").c_str()), 0);
  }
}

}  // namespace
