// The lizards commands' shared pieces (lizards.hpp).
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <nursery/lizards.hpp>
#include <optional>

#include "commands.hpp"
#include "lizards.hpp"
#include "options.hpp"

namespace nursery::cli {

void write_stdout(const std::string& text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
    throw UsageError(std::string("stdout: ") + std::strerror(errno != 0 ? errno : EIO));
}

// A board file, never more of it than its n allows (a reader of /dev/zero
// would run out of memory).
// An answer (OK or FAIL, then rows) has no n of its own: `board_path`
// gives the board whose n bounds it.
// "-" is standard input (read_input keeps what it read for the second look).
std::string read_board(const std::string& path, const std::string& board_path) {
  const std::string& sized = board_path.empty() ? path : board_path;
  return read_input_within(path, lz::size_limit(read_input(sized, 4096), sized));
}

// The lizards as [row, column] pairs, 0-based, in row-major order.
nlohmann::json placement_json(lz::Placement placement, std::uint32_t n) {
  std::sort(placement.begin(), placement.end());
  nlohmann::json cells = nlohmann::json::array();
  for (std::uint32_t cell : placement) cells.push_back({cell / n, cell % n});
  return cells;
}

// The decision's bar: the largest placement found (greedy, local search)
// against p, the proven upper bound, and how much of the exhaustive
// search (the proof when p cannot be placed) is done.
std::string lizards_line(const Progress& progress, std::uint64_t p, double elapsed) {
  const auto best = progress.best.load(std::memory_order_relaxed);
  const auto bound = progress.bound.load(std::memory_order_relaxed);
  const auto done = progress.done.load(std::memory_order_relaxed);
  const auto total = progress.total.load(std::memory_order_relaxed);
  std::string line = "lizards p=" + std::to_string(p) + ": best " + std::to_string(best);
  if (bound > 0) {
    char gap[48];
    std::snprintf(gap, sizeof gap, ", bound %llu (gap %.1f%%)",
                  static_cast<unsigned long long>(bound),
                  100.0 * (static_cast<double>(bound) - static_cast<double>(best)) /
                      static_cast<double>(bound));
    line += gap;
  }
  if (total > 0)
    line += ", search " + std::to_string(done) + "/" + std::to_string(total) + " subproblems";
  return line + ", " + std::to_string(static_cast<long long>(elapsed)) + " s";
}

lz::Algorithm parse_algorithm(const std::string& text) {
  if (text == "DFS" || text == "dfs") return lz::Algorithm::dfs;
  if (text == "BFS" || text == "bfs") return lz::Algorithm::bfs;
  if (text == "SA" || text == "sa") return lz::Algorithm::sa;
  throw usage_error("--algorithm: expected DFS, BFS or SA, found '" + text + "'");
}
}  // namespace nursery::cli
