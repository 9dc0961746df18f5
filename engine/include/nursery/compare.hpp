// Batch reports compared (nursery compare A B [C ...]): each run's rows read
// back from its report (JSON or CSV, as batch writes them), matched by
// instance (path and id), and per kind and size: how many each run solved,
// solved alone, got wrong; the regressions of every later run against the
// first (a status that got worse, a time worse by more than the noise);
// the geometric-mean speedup over the instances both solved. No I/O here
// but reading the reports.
//
//   std::vector<compare::Run> runs = {compare::read_run("a.json"), compare::read_run("b.csv")};
//   compare::Comparison result = compare::compare(runs, {});
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace nursery::compare {

// ---- Reports read back -------------------------------------------------------

// One instance's row as a report gives it.
struct Instance {
  std::string path, id, kind, size;
  std::string status;    // OK, FAIL, TIMEOUT, ERROR (SKIPPED rows are left out)
  std::string category;  // correct, wrong, unknown, error; empty: missing
  double seconds = 0;    // the row's solving time
  bool solved() const { return (status == "OK" || status == "FAIL") && category != "wrong"; }
};

// One run: its report's path, a name for it (its --config, else the
// report's file name), its version and its rows in report order.
struct Run {
  std::string path, name, version, config;
  std::vector<Instance> instances;
};

// The newest report format this build reads (the provenance's "format").
constexpr int kReportFormat = 1;

// A batch report by its content: the JSON report (its rows under
// "instances", provenance optional) or the CSV one (its header line first).
// InputError "FILE:LINE: expected ..., found ..." for anything else: another
// format (BenchExec XML, a count's JSON), a newer report format, another
// tool's, a row of a kind nursery does not know, garbage.
Run read_run(const std::string& path);
// The same from a text in memory (`path` names it in messages).
Run read_run_text(const std::string& text, const std::string& path);

// ---- The comparison ------------------------------------------------------------

struct Options {
  double noise = 0.2;         // a time is worse beyond (1 + noise) times the first run's ...
  double min_seconds = 0.01;  // ... and this much more (tiny times are all noise)
};

// What one run did in one group (a kind, or a kind and size).
struct Tally {
  std::size_t solved = 0, only = 0, wrong = 0, regressions = 0;
  std::size_t both = 0;  // solved by it and by the first run (the speedup's instances)
  double speedup = 1;    // the first run's time over its own, geometric mean over `both`
};

struct Group {
  std::string kind, size;  // size empty: the kind as a whole
  std::size_t instances = 0;
  std::vector<Tally> runs;  // one per run, in the order given
};

// A later run worse than the first on one instance.
struct Regression {
  std::string instance;  // path, or path#id
  std::string kind, size;
  std::size_t run = 0;        // which later run (index into the runs)
  std::string before, after;  // statuses (with the category when wrong)
  double before_seconds = 0, after_seconds = 0;
  bool time = false;  // slower beyond the noise (else the status got worse)
};

struct Comparison {
  std::vector<std::string> names;  // the runs'
  std::vector<Group> groups;       // each kind, then its sizes, kinds in name order
  std::vector<Regression> regressions;
  std::size_t wrong = 0;  // wrong rows in all runs
  // Per run, every instance's time (seconds; nullopt: not solved), in one
  // order for all runs: for the plots.
  std::vector<std::string> instances;
  std::vector<std::vector<std::optional<double>>> times;
};

// At least two runs (std::invalid_argument otherwise, and for a noise or
// minimum that is negative or not finite).
Comparison compare(const std::vector<Run>& runs, const Options& options = {});

}  // namespace nursery::compare
