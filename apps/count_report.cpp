// nursery count's printers: every number, JSON object and stats block the
// count paths (plain, resumable, MPI, merge, estimate) end with.
#include <cstdio>
#include <iostream>
#include <mutex>
#include <nursery/queens.hpp>
#include <nursery/queens_resumable.hpp>

#include "count.hpp"

namespace nursery::cli {

namespace {

int print_part_report(const Report& report, const po::variables_map& vm,
                      const checkpoint::Header& header, const std::string& method) {
  // A part's sum is not the answer: say so, and never print it bare.
  if (json_wanted(vm) || report.status != Status::complete)
    return print_report(report, vm, method);
  std::cout << "part " << header.part << '/' << header.parts << ": total "
            << to_string(report.total);
  if (report.unique_known) std::cout << " unique " << to_string(report.unique);
  std::cout << " (" << report.stats.subproblems << " of " << header.subproblems
            << " subproblems; sum the parts with nursery count --merge)\n";
  if (vm.count("stats")) print_stats(std::cerr, report.stats);
  return kExitSuccess;
}

// 0 counted (a zero count too), 3 deadline, 130 interrupted.
int count_status(const Report& report) {
  return exit_code(report.status, true);
}

// printf's formatting into a string (for std::cout, which -o may redirect).
template <class... Values>
std::string printed(const char* format, Values... values) {
  const int size = std::snprintf(nullptr, 0, format, values...);
  std::string text(static_cast<std::size_t>(std::max(size, 0)) + 1, '\0');
  std::snprintf(text.data(), text.size(), format, values...);
  text.pop_back();
  return text;
}

}  // namespace

int print_report(const Report& report, const po::variables_map& vm, const std::string& method) {
  const bool complete = report.status == Status::complete;
  const bool unique = vm.count("unique") != 0;
  const int status = count_status(report);
  if (json_wanted(vm)) {
    nlohmann::json out = {{"n", report.n},
                          {"method", method},
                          {"complete", complete},
                          {"status", status_word(status)},
                          {"stats", stats_json(report.stats)}};
    out["total"] = complete ? count_json(report.total) : nlohmann::json(nullptr);
    if (unique)
      out["unique"] =
          complete && report.unique_known ? count_json(report.unique) : nlohmann::json(nullptr);
    out.update(report.extra);
    print_json(out);
  } else if (complete && report.listed) {
    std::cout << report.n << ' ' << to_string(report.total);
    if (unique) std::cout << ' ' << to_string(report.unique);
    std::cout << '\n';
  } else if (complete) {
    if (unique)
      std::cout << "total  " << to_string(report.total) << "\nunique " << to_string(report.unique)
                << '\n';
    else
      std::cout << to_string(report.total) << '\n';
  } else {
    // No result: stdout stays empty (a script reading the count gets none),
    // the reason goes to stderr with the exit status.
    std::lock_guard lock(stderr_mutex());
    if (report.listed) std::cerr << "N = " << report.n << ": ";
    std::cerr << to_string(report.status) << ": no count (after " << report.stats.wall_seconds
              << " s, " << report.stats.subproblems_done << " of " << report.stats.subproblems
              << " subproblems done)\n";
  }
  if (vm.count("stats")) print_stats(std::cerr, report.stats);
  return status;
}

int print_resumable(const ResumableResult& result, const std::string& checkpoint,
                    const po::variables_map& vm, const std::string& method,
                    const nlohmann::json& extra) {
  Report report;
  report.n = result.header.n;
  report.status = result.status;
  report.total = result.total;
  report.unique = result.unique;
  report.unique_known = result.unique_known;
  report.stats = result.stats;
  const checkpoint::Header& header = result.header;
  report.extra["split_target"] = header.target;
  report.extra["frontier"] = header.subproblems;
  if (!checkpoint.empty())
    report.extra["checkpoint"] = {{"file", checkpoint}, {"resumed", result.resumed}};
  if (header.parts > 1)
    report.extra["part"] = std::to_string(header.part) + "/" + std::to_string(header.parts);
  report.extra.update(extra);
  if (header.parts > 1) return print_part_report(report, vm, header, method);
  return print_report(report, vm, method);
}

int print_merged(const MergedParts& merged, const std::vector<std::string>& files,
                 const po::variables_map& vm) {
  Report report;
  report.n = merged.header.n;
  report.total = merged.total;
  report.unique = merged.unique;
  std::string method = "bitboard";
  if (merged.header.kind == Resumable<queens::JoinCount>::checkpoint_kind) {
    method = "join";  // its classes follow from the total, by Burnside
    report.unique = whole_classes<queens::JoinCount>(merged.header.n, merged.total, merged.unique);
  }
  report.stats.subproblems = merged.header.subproblems;
  report.stats.subproblems_done = merged.done;
  report.extra["merged"] = files;
  return print_report(report, vm, method);
}

// Seconds for a person: "0.42 s" under a minute, else "5m44s", "3h05m", ...
static std::string seconds_text(double seconds) {
  if (seconds >= 60) return duration_text(seconds);
  char text[32];
  std::snprintf(text, sizeof text, "%.2g s", seconds);
  return text;
}

int print_estimate(const Estimate& e, int n, const std::string& method,
                   const po::variables_map& vm) {
  // Nothing measured: a signal ended the sample before a piece ran
  // (130/143). A projection, even a lower bound only, is an answer (0).
  const bool interrupted = interrupt_source().requested();
  const bool measured = e.sampled + e.cut > 0;
  const int status = interrupted ? kExitInterrupted : measured ? kExitSuccess : kExitTimeout;
  const double seconds = vm["estimate"].as<double>();
  if (json_wanted(vm)) {
    nlohmann::json out = {{"n", n},
                          {"method", method},
                          {"status", status_word(status)},
                          {"estimate", true},
                          {"subproblems", e.subproblems},
                          {"pieces", e.pieces},
                          {"sampled", e.sampled},
                          {"cut", e.cut},
                          {"lower_bound", e.lower_bound()},
                          {"threads", e.threads},
                          {"sample_seconds", e.sample_seconds},
                          {"cpu_seconds_per_piece", e.cpu_mean},
                          {"projected_cpu_seconds", e.projected_cpu},
                          {"projected_wall_seconds", e.projected_wall},
                          {"wall_error_seconds", e.wall_error}};
    print_json(out);
  } else if (interrupted) {
    std::cout << "no estimate: stopped\n";
  } else if (!measured) {
    std::cout << printed("no estimate: no piece ran in %g s\n", seconds);
  } else {
    std::cout << printed(
        "count %d (%s, %u threads): %zu subproblems; %zu of %zu finer pieces finished in "
        "%.1f s\n",
        n, method.c_str(), e.threads, e.subproblems, e.sampled, e.pieces, e.sample_seconds);
    if (e.lower_bound()) {
      std::cout << printed(
          "projected more than %s wall, %s CPU (%s in %g s: each takes longer)\n",
          seconds_text(e.projected_wall).c_str(), seconds_text(e.projected_cpu).c_str(),
          e.sampled == 0 ? "no sampled piece finished" : "few sampled pieces finished", seconds);
    } else if (e.wall_error > 0) {
      std::cout << printed(
          "projected %s wall (+- %s, 95%%), %s CPU\n", seconds_text(e.projected_wall).c_str(),
          seconds_text(e.wall_error).c_str(), seconds_text(e.projected_cpu).c_str());
    } else {
      std::cout << printed("projected %s wall, %s CPU\n", seconds_text(e.projected_wall).c_str(),
                           seconds_text(e.projected_cpu).c_str());
    }
  }
  return status;
}

}  // namespace nursery::cli
