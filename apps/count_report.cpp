// nursery count's printer: every number, line and stats block a count
// (plain, resumable, MPI, merged, estimate) ends with; its JSON is the
// engine's (queens::report_json).
#include <cstdio>
#include <iostream>
#include <mutex>

#include "count.hpp"

namespace nursery::cli {

namespace {

// printf's formatting into a string (for std::cout, which -o may redirect);
// the estimate's lines hold numbers and method names, well under 256 bytes.
template <class... Values>
std::string printed(const char* format, Values... values) {
  char text[256];
  std::snprintf(text, sizeof text, format, values...);
  return text;
}

// Seconds for a person: "0.42 s" under a minute, else "5m44s", "3h05m", ...
std::string seconds_text(double seconds) {
  return seconds >= 60 ? duration_text(seconds) : printed("%.2g s", seconds);
}

// The number (or on stderr why there is none), or one JSON object.
int print_total(const queens::CountReport& report, const po::variables_map& vm, bool listed,
                const nlohmann::json& extra) {
  const bool complete = report.status == Status::complete;
  const bool unique = vm.count("unique") != 0;
  if (json_wanted(vm)) {
    nlohmann::json out = queens::report_json(report, unique);
    out.update(extra);
    print_json(out);
  } else if (complete && listed) {
    std::cout << report.n << ' ' << to_string(report.total);
    if (unique) std::cout << ' ' << to_string(report.unique);
    std::cout << '\n';
  } else if (complete && unique) {
    std::cout << "total  " << to_string(report.total) << "\nunique " << to_string(report.unique)
              << '\n';
  } else if (complete) {
    std::cout << to_string(report.total) << '\n';
  } else {
    // No result: stdout stays empty (a script reading the count gets none),
    // the reason goes to stderr with the exit status.
    std::lock_guard lock(stderr_mutex());
    if (listed) std::cerr << "N = " << report.n << ": ";
    std::cerr << to_string(report.status) << ": no count (after " << report.stats.wall_seconds
              << " s, " << report.stats.subproblems_done << " of " << report.stats.subproblems
              << " subproblems done)\n";
  }
  if (vm.count("stats")) print_stats(std::cerr, report.stats);
  return queens::exit_code(report);
}

// A part's sum is not the answer: it is never printed bare.
int print_part(const queens::CountReport& report, const po::variables_map& vm) {
  const checkpoint::Header& header = report.resumable->header;
  std::cout << "part " << header.part << '/' << header.parts << ": total "
            << to_string(report.total);
  if (report.unique_known) std::cout << " unique " << to_string(report.unique);
  std::cout << " (" << report.stats.subproblems << " of " << header.subproblems
            << " subproblems; sum the parts with nursery count --merge)\n";
  if (vm.count("stats")) print_stats(std::cerr, report.stats);
  return kExitSuccess;
}

// --estimate: the projected time of the whole count.
int print_estimate(const queens::CountReport& report, const po::variables_map& vm) {
  const Estimate& e = *report.estimate;
  const double seconds = vm["estimate"].as<double>();
  if (json_wanted(vm)) {
    print_json(queens::report_json(report, false));
  } else if (report.status == Status::cancelled) {
    std::cout << "no estimate: stopped\n";
  } else if (report.status == Status::timeout) {
    std::cout << printed("no estimate: no piece ran in %g s\n", seconds);
  } else {
    const std::string wall = seconds_text(e.projected_wall), cpu = seconds_text(e.projected_cpu);
    std::cout << printed(
        "count %d (%s, %u threads): %zu subproblems; %zu of %zu finer pieces finished in "
        "%.1f s\n",
        report.n, report.method.c_str(), e.threads, e.subproblems, e.sampled, e.pieces,
        e.sample_seconds);
    if (e.lower_bound())
      std::cout << printed(
          "projected more than %s wall, %s CPU (%s in %g s: each takes longer)\n", wall.c_str(),
          cpu.c_str(), e.sampled == 0 ? "no sampled piece finished" : "few sampled pieces finished",
          seconds);
    else if (e.wall_error > 0)
      std::cout << printed("projected %s wall (+- %s, 95%%), %s CPU\n", wall.c_str(),
                           seconds_text(e.wall_error).c_str(), cpu.c_str());
    else
      std::cout << printed("projected %s wall, %s CPU\n", wall.c_str(), cpu.c_str());
  }
  return queens::exit_code(report);
}

}  // namespace

int print_count(const queens::CountReport& report, const po::variables_map& vm, bool listed,
                nlohmann::json extra) {
  if (report.estimate) return print_estimate(report, vm);
  if (report.resumable && report.resumable->header.parts > 1 && !json_wanted(vm) &&
      report.status == Status::complete)
    return print_part(report, vm);
  return print_total(report, vm, listed, extra);
}

}  // namespace nursery::cli
