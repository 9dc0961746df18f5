// Issue 34, item 7: nursery compare over hand-made reports: per kind the
// instances solved, solved alone, wrong; regressions (a status that got
// worse, a time beyond the noise) and the geometric-mean speedup, worked
// out by hand below; the exit status; the plots; bad input in one line.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <nursery/compare.hpp>
#include <nursery/input.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"
#include "xml_check.hpp"

namespace {

using nlohmann::json;
using nursery::testing::read;
using nursery::testing::TempDir;
using nursery::testing::write;
namespace compare = nursery::compare;

json row(const std::string& path, const std::string& kind, const std::string& size,
         const std::string& status, double seconds, const std::string& category = "") {
  json r = {{"path", path},       {"kind", kind}, {"size", size},      {"status", status},
            {"seconds", seconds}, {"nodes", 0},   {"verified", false}, {"resumed", false}};
  if (!category.empty()) r["category"] = category;
  return r;
}

std::string report(const std::string& config, const json& rows) {
  return json{{"provenance",
               {{"tool", "nursery"},
                {"format", 1},
                {"version", "test"},
                {"configuration", {{"name", config}}}}},
              {"instances", rows},
              {"summary", json::object()}}
      .dump(1);
}

// A: four queens files and two lizards boards; B: q1 2x faster, q2 8x
// faster, q3 2x slower (a time regression), q4 a timeout (a status
// regression), l1 correct in both, l2 wrong in B.
void two_runs(const TempDir& dir) {
  write(dir / "a.json",
        report("base",
               json::array(
                   {row("q1", "queens", "n=12", "OK", 1.0), row("q2", "queens", "n=12", "OK", 0.8),
                    row("q3", "queens", "n=13", "OK", 2.0), row("q4", "queens", "n=13", "OK", 4.0),
                    row("l1", "lizards", "4x4 p=4", "OK", 0.001, "correct"),
                    row("l2", "lizards", "4x4 p=4", "FAIL", 0.001, "correct")})));
  write(dir / "b.json",
        report("fast", json::array({row("q1", "queens", "n=12", "OK", 0.5),
                                    row("q2", "queens", "n=12", "OK", 0.1),
                                    row("q3", "queens", "n=13", "OK", 4.0),
                                    row("q4", "queens", "n=13", "TIMEOUT", 10.0),
                                    row("l1", "lizards", "4x4 p=4", "OK", 0.002, "correct"),
                                    row("l2", "lizards", "4x4 p=4", "OK", 0.001, "wrong")})));
}

const compare::Group& group(const compare::Comparison& result, const std::string& kind,
                            const std::string& size = "") {
  for (const auto& g : result.groups)
    if (g.kind == kind && g.size == size) return g;
  throw std::logic_error("no group " + kind + " " + size);
}

TEST(Compare, CountsRegressionsAndSpeedupByHand) {
  TempDir dir;
  two_runs(dir);
  const std::vector<compare::Run> runs = {compare::read_run(dir / "a.json"),
                                          compare::read_run(dir / "b.json")};
  EXPECT_EQ(runs[0].name, "base");
  EXPECT_EQ(runs[1].version, "test");
  const auto result = compare::compare(runs);
  const auto& queens = group(result, "queens");
  EXPECT_EQ(queens.instances, 4u);
  EXPECT_EQ(queens.runs[0].solved, 4u);
  EXPECT_EQ(queens.runs[1].solved, 3u);
  EXPECT_EQ(queens.runs[0].only, 1u);  // q4
  EXPECT_EQ(queens.runs[1].only, 0u);
  EXPECT_EQ(queens.runs[1].regressions, 2u);  // q3 slower, q4 a timeout
  EXPECT_EQ(queens.runs[1].both, 3u);
  // (2 * 8 * 0.5)^(1/3) = 8^(1/3) = 2.
  EXPECT_NEAR(queens.runs[1].speedup, 2.0, 1e-9);
  EXPECT_NEAR(group(result, "queens", "n=12").runs[1].speedup, 4.0, 1e-9);  // sqrt(2 * 8)
  EXPECT_EQ(group(result, "queens", "n=13").runs[1].regressions, 2u);
  const auto& lizards = group(result, "lizards");
  EXPECT_EQ(lizards.runs[1].wrong, 1u);
  EXPECT_EQ(lizards.runs[1].solved, 1u);       // a wrong answer solves nothing
  EXPECT_EQ(lizards.runs[1].regressions, 1u);  // correct -> wrong; l1's 1 ms more is noise
  EXPECT_EQ(result.wrong, 1u);
  ASSERT_EQ(result.regressions.size(), 3u);
  EXPECT_EQ(result.regressions[0].instance, "q3");
  EXPECT_TRUE(result.regressions[0].time);
  EXPECT_EQ(result.regressions[1].before, "OK");
  EXPECT_EQ(result.regressions[1].after, "TIMEOUT");
  EXPECT_EQ(result.regressions[2].after, "OK (wrong)");
  // A wider noise margin forgives q3's 2x (but never a status).
  const auto forgiving = compare::compare(runs, {1.5, 0.01});
  EXPECT_EQ(forgiving.regressions.size(), 2u);
}

TEST(Compare, TheExitStatusIsForCi) {
  TempDir dir;
  two_runs(dir);
  auto run = nursery::testing::run_in(dir.path(), "compare a.json b.json");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.out.find("REGRESSION B: q4: OK 4.000 s -> TIMEOUT 10.000 s"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("compare: 3 regressions, 1 wrong"), std::string::npos) << run.out;
  // A run against itself: nothing to report, exit 0, every speedup 1.
  write(dir / "a2.json", read(dir.path() / "a.json"));
  run = nursery::testing::run_in(dir.path(), "compare a.json a2.json --json");
  EXPECT_EQ(run.status, 0) << run.err;
  const auto result = json::parse(run.out);
  EXPECT_EQ(result["status"], "OK");
  EXPECT_EQ(result["regressions"].size(), 0u);
  for (const auto& g : result["groups"]) EXPECT_EQ(g["runs"][1]["speedup"], 1.0) << g;
}

// A later run that lacks instances of the first (interrupted, or an empty
// report) regresses on each of them: never "0 regressions".
TEST(Compare, AnInstanceALaterRunLacksIsARegression) {
  TempDir dir;
  two_runs(dir);
  write(dir / "short.json", report("short", json::array({row("q1", "queens", "n=12", "OK", 1.0)})));
  write(dir / "empty.json", report("empty", json::array()));
  auto run = nursery::testing::run_in(dir.path(), "compare a.json short.json --noise 1000");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.out.find("REGRESSION B: q4: OK 4.000 s -> MISSING"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("compare: 5 regressions"), std::string::npos) << run.out;
  run = nursery::testing::run_in(dir.path(), "compare a.json empty.json");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.out.find("compare: 6 regressions"), std::string::npos) << run.out;
  // An instance only a later run holds is no regression.
  run = nursery::testing::run_in(dir.path(), "compare short.json a.json --noise 1000");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("compare: 0 regressions, 0 wrong"), std::string::npos) << run.out;
}

TEST(Compare, ReadsCsvReportsToo) {
  TempDir dir;
  write(dir / "a.csv",
        "path,id,kind,size,status,total,seconds,nodes,verified,resumed,message,config,category,"
        "expected\n"
        "p.txt,1,skyscrapers,4x4,OK,,0.5,0,,no,,base,,\n"
        "p.txt,2,skyscrapers,4x4,OK,,0.5,0,,no,\"a, b\",base,,\n"
        "README,,-,,SKIPPED,,0,0,,no,not an instance,base,,\n");
  write(dir / "b.csv",
        "path,id,kind,size,status,total,seconds,nodes,verified,resumed,message\n"
        "p.txt,1,skyscrapers,4x4,OK,,0.25,0,,no,\n"
        "p.txt,2,skyscrapers,4x4,ERROR,,0,0,,no,boom\n");
  const auto result =
      compare::compare({compare::read_run(dir / "a.csv"), compare::read_run(dir / "b.csv")});
  EXPECT_EQ(result.instances.size(), 2u);  // p.txt#1, p.txt#2; the SKIPPED row left out
  const auto& sky = group(result, "skyscrapers");
  EXPECT_EQ(sky.runs[1].regressions, 1u);
  EXPECT_NEAR(sky.runs[1].speedup, 2.0, 1e-9);
}

TEST(Compare, DrawsCactusAndScatterPlots) {
  TempDir dir;
  two_runs(dir);
  auto run =
      nursery::testing::run_in(dir.path(), "compare a.json b.json --cactus c.svg --scatter s.svg");
  EXPECT_EQ(run.status, 1) << run.err;
  for (const char* name : {"c.svg", "s.svg"}) {
    const std::string svg = read(dir.path() / name);
    std::string why;
    EXPECT_TRUE(nursery::testing::well_formed(svg, why)) << name << ": " << why;
    EXPECT_NE(svg.find("class=\"x-label\""), std::string::npos) << name;
    EXPECT_NE(svg.find("class=\"legend\""), std::string::npos) << name;
  }
  auto points = [](const std::string& svg) {
    std::size_t n = 0;
    for (auto at = svg.find("class=\"point\""); at != std::string::npos;
         at = svg.find("class=\"point\"", at + 1))
      ++n;
    return n;
  };
  // Cactus: A solved 6, B 4 (q4 timed out, l2 wrong).
  EXPECT_EQ(points(read(dir.path() / "c.svg")), 10u);
  // Scatter: six instances (two on the border) and the diagonal's two ends.
  EXPECT_EQ(points(read(dir.path() / "s.svg")), 8u);
  EXPECT_NE(read(dir.path() / "c.svg").find(">base</text>"), std::string::npos);
  // The same plots as PNG, by the pictures' raster.
  run =
      nursery::testing::run_in(dir.path(), "compare a.json b.json --cactus c.png --scatter s.png");
  EXPECT_EQ(run.status, 1) << run.err;
  for (const char* name : {"c.png", "s.png"}) {
    const std::string png = read(dir.path() / name);
    ASSERT_GT(png.size(), 8u) << name;
    EXPECT_EQ(png.substr(1, 3), "PNG") << name;
  }
}

TEST(Compare, BadInputIsOneLine) {
  TempDir dir;
  two_runs(dir);
  write(dir / "x.xml", "<?xml version=\"1.0\"?>\n<result/>\n");
  write(dir / "garbage", "\x01\x02 not a report\n");
  write(dir / "count.json", "{\"n\": 8, \"total\": 92}\n");
  json newer = json::parse(read(dir.path() / "a.json"));
  newer["provenance"]["format"] = 99;
  write(dir / "newer.json", newer.dump());
  json rooks = json::parse(read(dir.path() / "a.json"));
  rooks["instances"][0]["kind"] = "rooks";
  write(dir / "rooks.json", rooks.dump());
  json other = json::parse(read(dir.path() / "a.json"));
  other["provenance"]["tool"] = "benchexec";
  write(dir / "other.json", other.dump());
  other["provenance"]["tool"] = 1;  // (found by the fuzz harness: a type error, not one line)
  write(dir / "tool.json", other.dump());
  for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
           {"a.json x.xml", "x.xml:1: expected a nursery batch report"},
           {"a.json garbage", "garbage:1: expected a nursery batch report"},
           {"a.json count.json", "count.json:1: expected a nursery batch report"},
           {"a.json newer.json", "newer.json: provenance: expected a report format up to 1"},
           {"a.json rooks.json", "rooks.json: instances[0]: expected a kind nursery knows"},
           {"a.json other.json", "other.json: provenance: expected a report of nursery"},
           {"a.json tool.json", "tool.json: provenance: expected a report of nursery"},
           {"a.json missing.json", "missing.json"},
           {"a.json", "expected two reports or more"},
           {"a.json b.json --noise nan", "--noise"},
           {"a.json b.json --noise -1", "--noise"},
           {"a.json b.json --cactus c.txt", "--cactus: expected a FILE.svg or FILE.png"}}) {
    auto run = nursery::testing::run_in(dir.path(), "compare " + args);
    EXPECT_EQ(run.status, 2) << args << ": " << run.out << run.err;
    EXPECT_NE(run.err.find(says), std::string::npos) << args << ": " << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << args << ": " << run.err;
  }
}

TEST(Compare, ABatchRunComparesWithItself) {
  TempDir dir;
  write(dir / "in/q8.txt", "queens 8\n");
  write(dir / "in/q9.txt", "queens 9\n");
  ASSERT_EQ(
      nursery::testing::run_in(dir.path(), "batch in --count --report a.json --no-progress").status,
      0);
  ASSERT_EQ(
      nursery::testing::run_in(dir.path(), "batch in --count --report b.csv --no-progress").status,
      0);
  auto run = nursery::testing::run_in(dir.path(), "compare a.json b.csv --noise 1000 --json");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto result = json::parse(run.out);
  EXPECT_EQ(result["groups"][0]["runs"][1]["solved"], 2);
  EXPECT_EQ(result["groups"][0]["runs"][1]["both_solved"], 2);
}

}  // namespace
