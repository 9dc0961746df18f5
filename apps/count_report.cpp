// nursery count's printer: every number, line and stats block a count
// (plain, resumable, MPI, merged, estimate) ends with; its JSON is the
// engine's (queens::report_json).
#include <iostream>
#include <mutex>

#include "count.hpp"

namespace nursery::cli {

namespace {

// The number (or on stderr why there is none), or one JSON object.
int print_total(std::ostream& out, const queens::CountReport& report, const po::variables_map& vm,
                bool listed, const nlohmann::json& extra) {
  const bool complete = report.status == Status::complete;
  const bool unique = vm.count("unique") != 0;
  if (json_wanted(vm)) {
    nlohmann::json json = queens::report_json(report, unique);
    json.update(extra);
    print_json(json, out);
  } else if (complete && listed) {
    out << report.n << ' ' << to_string(report.total());
    if (unique) out << ' ' << to_string(report.unique);
    out << '\n';
  } else if (complete && unique) {
    out << "total  " << to_string(report.total()) << "\nunique " << to_string(report.unique)
        << '\n';
  } else if (complete) {
    out << to_string(report.total()) << '\n';
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
  return exit_code(report, Asked::count);
}

// A part's sum is not the answer: it is never printed bare.
int print_part(std::ostream& out, const queens::CountReport& report, const po::variables_map& vm) {
  const checkpoint::Header& header = report.resumable->header;
  out << "part " << header.part << '/' << header.parts << ": total " << to_string(report.total());
  if (report.unique_known) out << " unique " << to_string(report.unique);
  out << " (" << report.stats.subproblems << " of " << header.subproblems
      << " subproblems; sum the parts with nursery count --merge)\n";
  if (vm.count("stats")) print_stats(std::cerr, report.stats);
  return kExitSuccess;
}

}  // namespace

int print_count(std::ostream& out, const queens::CountReport& report, const po::variables_map& vm,
                bool listed, nlohmann::json extra) {
  if (report.estimate) {  // the projected time of the whole count
    if (json_wanted(vm))
      print_json(queens::report_json(report, false), out);
    else
      out << queens::estimate_text(report, vm["estimate"].as<double>());
    return exit_code(report, Asked::count);
  }
  if (report.resumable && report.resumable->header.parts > 1 && !json_wanted(vm) &&
      report.status == Status::complete)
    return print_part(out, report, vm);
  return print_total(out, report, vm, listed, extra);
}

}  // namespace nursery::cli
