// nursery bench queens, the printing half (cli/bench.hpp): the rows as the
// table's lines, JSON and the chart's points; the runs are bench.cpp's.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>

#include "cli/bench.hpp"
#include "cli/cli.hpp"
#include "nursery/json.hpp"
#include "nursery/queens.hpp"

namespace nursery::bench {

namespace {

// A figure of the table, or "-" for a program left out.
double wall(const Timing& t) {
  return t.ran ? t.seconds : -1;
}
double cpu(const Timing& t) {
  return t.ran ? t.cpu_seconds : -1;
}
double ratio(double a, double b) {
  return a < 0 || b <= 0 ? -1 : a / b;
}
std::string cell(double value, const char* suffix = "") {
  char text[32] = "-";
  if (value >= 0) std::snprintf(text, sizeof text, "%.3f%s", value, suffix);
  return text;
}

// printf's formatting into a string.
template <class... Values>
std::string printed(const char* format, Values... values) {
  const int size = std::snprintf(nullptr, 0, format, values...);
  std::string text(static_cast<std::size_t>(std::max(size, 0)) + 1, '\0');
  std::snprintf(text.data(), text.size(), format, values...);
  text.pop_back();
  return text;
}

constexpr const char* kColumns =
    "%3s %12s | %8s %8s %8s %8s %8s %8s %8s %8s | %8s %8s %8s %8s %9s %10s %10s\n";

// The ratios of a row: join's scaling, peer/join, bitboard/join, Takaken/bitboard.
struct Ratios {
  double scaling, peer, method, takaken;
};
Ratios ratios(const QueensRow& row) {
  return {ratio(wall(row.join_one), wall(row.join_all)),
          ratio(cpu(row.peer_one), cpu(row.join_one)),
          ratio(cpu(row.bitboard_one), cpu(row.join_one)),
          ratio(cpu(row.takaken), cpu(row.bitboard_one))};
}

std::string threads_text(unsigned threads) {
  return std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

// A figure of --json: null for a program left out (or a ratio without one).
nlohmann::json figure(double value) {
  return value < 0 ? nlohmann::json(nullptr) : nlohmann::json(value);
}

// A program's runs in --json.
nlohmann::json runs_json(const char* program, unsigned threads, const Timing& timing) {
  const Spread wall = spread(timing.walls), cpu = spread(timing.cpus);
  return {{"program", program},
          {"threads", threads},
          {"runs", timing.walls.size()},
          {"wall_seconds", timing.seconds},
          {"wall_mean", wall.mean},
          {"wall_sd", wall.sd},
          {"cpu_seconds", timing.cpu_seconds},
          {"cpu_mean", cpu.mean},
          {"cpu_sd", cpu.sd}};
}

}  // namespace

Spread spread(const std::vector<double>& figures) {
  Spread result;
  if (figures.empty()) return result;
  for (double figure : figures) result.mean += figure;
  result.mean /= static_cast<double>(figures.size());
  if (figures.size() < 2) return result;
  double squares = 0;
  for (double figure : figures) squares += (figure - result.mean) * (figure - result.mean);
  result.sd = std::sqrt(squares / static_cast<double>(figures.size() - 1));
  return result;
}

std::string duration_text(double seconds) {
  if (seconds < 0 || !std::isfinite(seconds)) return "-";
  if (seconds < 1e-3) return printed("%.0f \u00b5s", seconds * 1e6);
  if (seconds < 1) return printed("%.3g ms", seconds * 1e3);
  if (seconds < 120) return printed("%.3g s", seconds);
  if (seconds < 7200) return printed("%.3g min", seconds / 60);
  return printed("%.3g h", seconds / 3600);
}

std::string measurement_lines(const Measurement& m) {
  const Timing& timing = *m.timing;
  const std::string what = "bench: N = " + std::to_string(m.n) + ", " + m.program + ", " +
                           threads_text(m.threads) + ": ";
  std::string lines;
  if (m.runs > 1)
    lines += what + printed("run %d/%d  ", m.run, m.runs) + duration_text(timing.walls.back()) +
             " (CPU " + duration_text(timing.cpus.back()) + ")\n";
  if (m.run < m.runs) return lines;
  const Spread wall = spread(timing.walls), cpu = spread(timing.cpus);
  if (m.runs == 1)
    return lines + what + duration_text(wall.mean) + " wall, CPU " + duration_text(cpu.mean) + "\n";
  return lines + what + duration_text(wall.mean) + " \u00b1 " + duration_text(wall.sd) +
         " wall, CPU " + duration_text(cpu.mean) + " \u00b1 " + duration_text(cpu.sd) +
         printed(" (mean \u00b1 \u03c3 of %d runs; best ", m.runs) + duration_text(timing.seconds) +
         ")\n";
}

std::vector<int> sizes_of(const std::string& list) {
  std::vector<int> sizes;
  std::istringstream items(list);
  for (std::string item; std::getline(items, item, ',');) {
    int n = 0;
    try {
      std::size_t used = 0;
      n = std::stoi(item, &used);
      if (used != item.size()) n = 0;  // "15x" is not 15
    } catch (const std::exception&) {
    }
    if (n < 1 || n > queens::kMaxCountN) throw cli::usage_error("--n: expected sizes from 1 to 32");
    sizes.push_back(n);
  }
  return sizes;
}

std::string table_head(const QueensOptions& options, const std::string& baseline) {
  return printed("baseline: %s; peer: %s; nursery %s; %u threads; best of %d\n",
                 baseline.empty() ? "left out" : (baseline + " (cc -O3 -march=native)").c_str(),
                 options.peer_join.empty() ? "left out" : options.peer_join.string().c_str(),
                 NURSERY_VERSION, options.threads, options.repeat) +
         printed("%16s | %-71s | %s\n", "", "wall seconds",
                 "CPU seconds of the 1-thread runs (user + system)") +
         printed(kColumns, "N", "total", "baseline", "bitbd 1t", "bitbd T", "join 1t", "join T",
                 "peer 1t", "peer T", "join 1/T", "join", "peer", "bitboard", "takaken",
                 "peer/join", "bitbd/join", "taka/bitbd");
}

std::string table_line(const QueensRow& row) {
  const Ratios r = ratios(row);
  return printed(kColumns, std::to_string(row.n).c_str(), to_string(row.total).c_str(),
                 cell(wall(row.baseline)).c_str(), cell(wall(row.bitboard_one)).c_str(),
                 cell(wall(row.bitboard_all)).c_str(), cell(wall(row.join_one)).c_str(),
                 cell(wall(row.join_all)).c_str(), cell(wall(row.peer_one)).c_str(),
                 cell(wall(row.peer_all)).c_str(), cell(r.scaling, "x").c_str(),
                 cell(cpu(row.join_one)).c_str(), cell(cpu(row.peer_one)).c_str(),
                 cell(cpu(row.bitboard_one)).c_str(), cell(cpu(row.takaken)).c_str(),
                 cell(r.peer, "x").c_str(), cell(r.method, "x").c_str(),
                 cell(r.takaken, "x").c_str());
}

nlohmann::json row_json(const QueensRow& row, unsigned threads) {
  const Ratios r = ratios(row);
  nlohmann::json programs = nlohmann::json::array();
  const std::tuple<const char*, unsigned, const Timing*> runs[] = {
      {"baseline", 1, &row.baseline},           {"bitboard", 1, &row.bitboard_one},
      {"bitboard", threads, &row.bitboard_all}, {"join", 1, &row.join_one},
      {"join", threads, &row.join_all},         {"peer join", 1, &row.peer_one},
      {"peer join", threads, &row.peer_all},    {"Takaken", 1, &row.takaken}};
  for (const auto& [program, on, timing] : runs)
    if (timing->ran) programs.push_back(runs_json(program, on, *timing));
  return {{"n", row.n},
          {"total", count_json(row.total)},
          {"threads", threads},
          {"baseline_seconds", figure(wall(row.baseline))},
          {"baseline_cpu_seconds", figure(cpu(row.baseline))},
          {"takaken_cpu_seconds", figure(cpu(row.takaken))},
          {"bitboard_one_thread_seconds", figure(wall(row.bitboard_one))},
          {"bitboard_one_thread_cpu_seconds", figure(cpu(row.bitboard_one))},
          {"bitboard_all_threads_seconds", figure(wall(row.bitboard_all))},
          {"join_one_thread_seconds", figure(wall(row.join_one))},
          {"join_one_thread_cpu_seconds", figure(cpu(row.join_one))},
          {"join_all_threads_seconds", figure(wall(row.join_all))},
          {"peer_one_thread_seconds", figure(wall(row.peer_one))},
          {"peer_one_thread_cpu_seconds", figure(cpu(row.peer_one))},
          {"peer_all_threads_seconds", figure(wall(row.peer_all))},
          {"join_one_thread_over_all", figure(r.scaling)},
          {"peer_over_join_one_thread_cpu", figure(r.peer)},
          {"bitboard_over_join_one_thread_cpu", figure(r.method)},
          {"takaken_over_bitboard_one_thread_cpu", figure(r.takaken)},
          {"programs", programs}};
}

picture::Chart chart(const QueensOptions& options) {
  return {"nursery bench queens (" + measured_on() + "): wall seconds, best of " +
              std::to_string(options.repeat),
          "N",
          "seconds (log scale)",
          {}};
}

void plot(picture::Chart& chart, const QueensRow& row, unsigned threads) {
  const std::string all = threads_text(threads);
  const std::pair<std::string, const Timing*> series[] = {{"baseline", &row.baseline},
                                                          {"bitboard, 1 thread", &row.bitboard_one},
                                                          {"bitboard, " + all, &row.bitboard_all},
                                                          {"join, 1 thread", &row.join_one},
                                                          {"join, " + all, &row.join_all},
                                                          {"peer join, 1 thread", &row.peer_one},
                                                          {"peer join, " + all, &row.peer_all},
                                                          {"Takaken (CPU s)", &row.takaken}};
  for (const auto& [name, timing] : series) {
    if (!timing->ran) continue;
    // (clang 14 captures no structured binding: it is named again)
    auto named =
        std::find_if(chart.series.begin(), chart.series.end(),
                     [&label = name](const picture::Series& s) { return s.name == label; });
    if (named == chart.series.end())
      named = chart.series.insert(chart.series.end(), picture::Series{name, {}});
    named->points.emplace_back(row.n, timing->seconds);
  }
}

}  // namespace nursery::bench
