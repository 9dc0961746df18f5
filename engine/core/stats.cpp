#include "nursery/stats.hpp"

#include <cstdio>
#include <ostream>

namespace nursery {

void print_stats(std::ostream& out, const Stats& stats) {
  char line[160];
  auto row = [&](const char* name, const char* text) { out << "c " << name << text << '\n'; };
  std::snprintf(line, sizeof line, "%20llu", static_cast<unsigned long long>(stats.nodes));
  row("nodes          ", line);
  std::snprintf(line, sizeof line, "%20.0f nodes/s", stats.nodes_per_second());
  row("rate           ", line);
  if (stats.pairs != 0) {  // the join counter's work: the pairs of halves its leaves compared
    std::snprintf(line, sizeof line, "%20llu", static_cast<unsigned long long>(stats.pairs));
    row("pairs          ", line);
  }
  std::snprintf(line, sizeof line, "%20llu (%llu done)",
                static_cast<unsigned long long>(stats.subproblems),
                static_cast<unsigned long long>(stats.subproblems_done));
  row("subproblems    ", line);
  std::snprintf(line, sizeof line, "%20u", stats.threads);
  row("threads        ", line);
  std::snprintf(line, sizeof line, "%20.6f s (split %.6f s)", stats.wall_seconds,
                stats.split_seconds);
  row("wall           ", line);
  double busy = stats.wall_seconds > 0 && stats.threads > 0
                    ? 100.0 * stats.cpu_seconds / (stats.wall_seconds * stats.threads)
                    : 0;
  std::snprintf(line, sizeof line, "%20.6f s (%.0f%% of the workers' wall)", stats.cpu_seconds,
                busy);
  row("cpu            ", line);
  if (stats.isa != nullptr) {  // the instruction set the queens counters' kernels ran on
    std::snprintf(line, sizeof line, "%20s", stats.isa);
    row("isa            ", line);
  }
}

}  // namespace nursery
