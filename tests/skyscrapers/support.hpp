// Shared helpers of the skyscrapers tests: reading corpus files, counting
// solutions with the solver, running the CLI.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nursery/skyscrapers.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace sky = nursery::skyscrapers;

// Every Latin square of order n (n <= 5 in practice), by plain
// backtracking over the cells: the brute-force side of the tests, sharing
// nothing with the solver.
inline void latin_squares(int n, std::vector<int>& grid, int cell,
                          std::vector<std::vector<int>>& out) {
  if (cell == n * n) {
    out.push_back(grid);
    return;
  }
  int r = cell / n, c = cell % n;
  for (int h = 1; h <= n; ++h) {
    bool free = true;
    for (int i = 0; i < n && free; ++i)
      free = !(i < c && grid[r * n + i] == h) && !(i < r && grid[i * n + c] == h);
    if (!free) continue;
    grid[cell] = h;
    latin_squares(n, grid, cell + 1, out);
  }
  grid[cell] = 0;
}
inline std::vector<std::vector<int>> latin_squares(int n) {
  std::vector<std::vector<int>> out;
  std::vector<int> grid(static_cast<std::size_t>(n * n), 0);
  latin_squares(n, grid, 0, out);
  return out;
}

inline std::string dataset(const std::string& name) {
  return std::string(NURSERY_DATASETS) + "/skyscrapers/" + name;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<sky::Puzzle> load(const std::string& name) {
  return sky::parse(slurp(dataset(name)), name);
}

// Exact number of solutions (count mode), or up to `limit`.
inline nursery::Count count_solutions(const sky::Puzzle& puzzle, unsigned threads = 1,
                                      std::uint64_t limit = 0) {
  sky::SolveOptions options;
  options.mode = nursery::Mode::count;
  options.threads = threads;
  options.limit = limit;
  return sky::solve(puzzle, options).count.value_or(0);
}

struct Run {
  int status = -1;
  std::string output;  // stdout and stderr together
};

// Runs the built CLI with `arguments` (already shell-quoted).
inline Run run_cli(const std::string& arguments) {
  Run run;
  std::string command = std::string(NURSERY_CLI) + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    run.output.append(buffer.data(), n);
  int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// A file name in a folder of this test process's own, removed when it
// exits: ctest runs tests in parallel, each in a process, and two that
// shared a name read each other's writes.
inline std::string temp_path(const std::string& name) {
  static const struct Folder {
    std::filesystem::path path =
        std::filesystem::path(::testing::TempDir()) / ("sky_" + std::to_string(::getpid()));
    Folder() { std::filesystem::create_directories(path); }
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  } folder;
  return (folder.path / name).string();
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}
