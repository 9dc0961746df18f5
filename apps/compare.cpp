// nursery compare A B [C ...]: batch reports compared (nursery/compare.hpp):
// a table per kind (and size), the regressions of every later run against
// the first, the exit status CI can use; plots of the runs' times.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nursery/compare.hpp>
#include <nursery/picture.hpp>

#include "commands.hpp"
#include "options.hpp"

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery compare A B [C ...] [--noise F] [--min-seconds S] [--by-size]\n"
    "                       [--cactus FILE.svg|.png] [--scatter FILE.svg|.png] [--json]\n"
    "Compares batch reports (JSON or CSV, as nursery batch --report writes them),\n"
    "instance by instance (path and id): per kind, and per size with --by-size, how\n"
    "many each run solved, solved alone and got wrong; every later run's regressions\n"
    "against the first (a status that got worse, or a time more than F times slower\n"
    "and S seconds more); the geometric-mean speedup over the instances both solved.\n"
    "Exit 0 no regression and no wrong answer, 1 some, 2 bad input.";

std::string times(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", value);
  return text;
}

// "a | b | c": one value per run.
template <class Value>
std::string per_run(const compare::Group& group, std::size_t from, Value value) {
  std::string text;
  for (std::size_t r = from; r < group.runs.size(); ++r)
    text += (r > from ? " | " : "") + value(group.runs[r]);
  return text;
}

void print_table(const compare::Comparison& result, const std::vector<compare::Run>& runs,
                 bool by_size) {
  for (std::size_t r = 0; r < runs.size(); ++r)
    std::cout << (r == 0 ? "runs: " : "      ") << char('A' + std::min<std::size_t>(r, 25)) << " = "
              << printable(runs[r].name) << " (" << printable(runs[r].path)
              << (runs[r].version.empty() ? "" : ", nursery " + printable(runs[r].version))
              << ")\n";
  std::printf("%-24s %9s  %-14s %-12s %-10s %-12s %s\n", "kind / size", "instances", "solved",
              "only", "wrong", "regressions", "speedup");
  for (const auto& group : result.groups) {
    if (!group.size.empty() && !by_size) continue;
    const std::string name = group.size.empty() ? group.kind : "  " + group.size;
    auto count = [](std::size_t compare::Tally::*field) {
      return [field](const compare::Tally& t) { return std::to_string(t.*field); };
    };
    std::printf("%-24s %9zu  %-14s %-12s %-10s %-12s %s\n", printable(name).c_str(),
                group.instances, per_run(group, 0, count(&compare::Tally::solved)).c_str(),
                per_run(group, 0, count(&compare::Tally::only)).c_str(),
                per_run(group, 0, count(&compare::Tally::wrong)).c_str(),
                per_run(group, 1, count(&compare::Tally::regressions)).c_str(),
                per_run(group, 1, [](const compare::Tally& t) {
                  return t.both ? times(t.speedup) : std::string("-");
                }).c_str());
  }
}

void print_regressions(const compare::Comparison& result, const compare::Options& options) {
  std::size_t shown = 0;
  for (const auto& found : result.regressions) {
    if (++shown > 20) break;
    char line[160];
    std::snprintf(line, sizeof line, "%s %.3f s -> %s %.3f s", found.before.c_str(),
                  found.before_seconds, found.after.c_str(), found.after_seconds);
    std::cout << "REGRESSION " << char('A' + std::min<std::size_t>(found.run, 25)) << ": "
              << printable(found.instance) << ": " << line << (found.time ? " (slower)" : "")
              << '\n';
  }
  if (result.regressions.size() > 20)
    std::cout << "... and " << result.regressions.size() - 20 << " more (--json lists all)\n";
  char noise[96];
  std::snprintf(noise, sizeof noise, "slower: more than %.4gx and %.4g s more", 1 + options.noise,
                options.min_seconds);
  std::cout << "compare: " << result.regressions.size() << " regressions, " << result.wrong
            << " wrong (" << noise << ")\n";
}

nlohmann::json group_json(const compare::Group& group) {
  nlohmann::json runs = nlohmann::json::array();
  for (std::size_t r = 0; r < group.runs.size(); ++r) {
    const auto& t = group.runs[r];
    nlohmann::json run = {{"solved", t.solved}, {"only", t.only}, {"wrong", t.wrong}};
    if (r > 0) {
      run["regressions"] = t.regressions;
      run["both_solved"] = t.both;
      run["speedup"] = t.both ? nlohmann::json(t.speedup) : nlohmann::json(nullptr);
    }
    runs.push_back(run);
  }
  nlohmann::json out = {{"kind", group.kind}, {"instances", group.instances}, {"runs", runs}};
  if (!group.size.empty()) out["size"] = group.size;
  return out;
}

nlohmann::json comparison_json(const compare::Comparison& result,
                               const std::vector<compare::Run>& runs,
                               const compare::Options& options) {
  nlohmann::json named = nlohmann::json::array(), groups = nlohmann::json::array(),
                 regressions = nlohmann::json::array();
  for (const auto& run : runs)
    named.push_back({{"name", printable(run.name)},
                     {"report", printable(run.path)},
                     {"version", printable(run.version)}});
  for (const auto& group : result.groups) groups.push_back(group_json(group));
  for (const auto& found : result.regressions)
    regressions.push_back({{"instance", printable(found.instance)},
                           {"kind", found.kind},
                           {"size", found.size},
                           {"run", found.run},
                           {"before", found.before},
                           {"after", found.after},
                           {"before_seconds", found.before_seconds},
                           {"after_seconds", found.after_seconds},
                           {"slower", found.time}});
  // The exit status's word, as every command's: FAIL (1) for regressions or wrong answers.
  return {
      {"status", status_word(result.regressions.empty() && result.wrong == 0 ? kExitSuccess
                                                                             : kExitNoSolution)},
      {"runs", named},
      {"groups", groups},
      {"regressions", regressions},
      {"wrong", result.wrong},
      {"noise", options.noise},
      {"min_seconds", options.min_seconds}};
}

// A plot in the format its name ends in (.svg or .png), drawn by the
// pictures' chart (nursery/picture.hpp).
void write_plot(const std::string& option, const std::string& path, const picture::Chart& chart) {
  auto ends_with = [&path](const char* suffix) {
    const std::string tail = suffix;
    return path.size() > tail.size() &&
           path.compare(path.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (ends_with(".svg"))
    write_output(path, picture::svg_chart(chart));
  else if (ends_with(".png"))
    write_output(path, picture::png_chart(chart));
  else
    throw usage_error(option + ": expected a FILE.svg or FILE.png, found '" + printable(path) +
                      "'");
}

// Solved instances against time: per run its solved times in increasing
// order, the k-th at x = k (a "cactus" or quantile plot).
picture::Chart cactus(const compare::Comparison& result) {
  picture::Chart chart{
      "Solved instances against time", "instances solved", "seconds per instance (log)", {}, false};
  for (std::size_t r = 0; r < result.names.size(); ++r) {
    std::vector<double> solved;
    for (const auto& time : result.times[r])
      if (time) solved.push_back(std::max(*time, 1e-6));
    std::sort(solved.begin(), solved.end());
    picture::Series series{result.names[r], {}, true};
    for (std::size_t k = 0; k < solved.size(); ++k)
      series.points.push_back({static_cast<double>(k + 1), solved[k]});
    chart.series.push_back(std::move(series));
  }
  return chart;
}

// A's time against B's per instance, log-log; an instance one of them did
// not solve sits on the border (twice the slowest time), with the diagonal.
picture::Chart scatter(const compare::Comparison& result) {
  const auto& a = result.times[0];
  const auto& b = result.times[1];
  double slowest = 1e-3, fastest = 1e9;
  for (const auto* run : {&a, &b})
    for (const auto& time : *run)
      if (time) {
        slowest = std::max(slowest, *time);
        fastest = std::min(fastest, std::max(*time, 1e-6));
      }
  fastest = std::min(fastest, slowest);
  const double border = slowest * 2;
  picture::Series both{"instances", {}, false};
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i] && !b[i]) continue;
    both.points.push_back(
        {a[i] ? std::max(*a[i], 1e-6) : border, b[i] ? std::max(*b[i], 1e-6) : border});
  }
  picture::Series diagonal{"equal time", {{fastest, fastest}, {border, border}}, true};
  return {result.names[0] + " against " + result.names[1] + " (not solved: on the border)",
          "seconds, " + result.names[0] + " (log)",
          "seconds, " + result.names[1] + " (log)",
          {diagonal, both},
          true};
}

}  // namespace

int cmd_compare(int argc, char** argv) {
  po::options_description options = command_options();
  options.add_options()("report", po::value<std::vector<std::string>>()->value_name("REPORT"),
                        "batch reports, the first the baseline")(
      "noise",
      po::value<double>()->default_value(0.2)->notifier(within("--noise", "a fraction", 0, 1000)),
      "a time is a regression only when more than 1 + F times the first run's")(
      "min-seconds",
      po::value<double>()->default_value(0.01)->notifier(
          within("--min-seconds", "seconds", 0, kMaxTimeout)),
      "... and more than S seconds slower")("by-size", "a line per size of each kind too")(
      "cactus", po::value<std::string>()->value_name("FILE"),
      "draw solved instances against time, a line per run (FILE.svg or FILE.png)")(
      "scatter", po::value<std::string>()->value_name("FILE"),
      "draw the first run's time against the second's, log-log (FILE.svg or FILE.png)");
  add_shared(options, kJson);
  po::positional_options_description positionals;
  positionals.add("report", -1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;
  if (!vm.count("report")) throw missing_argument("REPORT");
  const auto paths = vm["report"].as<std::vector<std::string>>();
  if (paths.size() < 2)
    throw usage_error("expected two reports or more, found " + std::to_string(paths.size()));
  // A plot replaces no report it reads (through links and hard links too).
  std::vector<Named> plots;
  for (const char* option : {"--cactus", "--scatter"})
    if (vm.count(option + 2)) plots.push_back({option, vm[option + 2].as<std::string>()});
  refuse_clobbering(paths, plots);
  std::vector<compare::Run> runs;
  for (const auto& path : paths) runs.push_back(compare::read_run(path));
  const compare::Options settings{vm["noise"].as<double>(), vm["min-seconds"].as<double>()};
  const auto result = compare::compare(runs, settings);
  if (vm.count("cactus")) write_plot("--cactus", vm["cactus"].as<std::string>(), cactus(result));
  if (vm.count("scatter"))
    write_plot("--scatter", vm["scatter"].as<std::string>(), scatter(result));
  if (json_wanted(vm)) {
    print_json(comparison_json(result, runs, settings));
  } else {
    print_table(result, runs, vm.count("by-size") != 0);
    print_regressions(result, settings);
  }
  return result.regressions.empty() && result.wrong == 0 ? kExitSuccess : kExitNoSolution;
}

}  // namespace nursery::cli
