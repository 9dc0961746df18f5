// What the lizards command files share (lizards.cpp, lizards_max.cpp,
// gen_lizards.cpp): the board read no further than its
// n allows, the answer on stdout, placements as JSON, --algorithm.
#pragma once

#include <nursery/lizards.hpp>
#include <string>

#include "options.hpp"

namespace nursery::cli {

namespace lz = nursery::lizards;

// The answer on stdout; UsageError "stdout: REASON" when it cannot be written.
void write_stdout(const std::string& text);
// A board file, never more of it than its n allows (a reader of /dev/zero
// would run out of memory). An answer (OK or FAIL, then rows) has no n of
// its own: `board_path` gives the board whose n bounds it. "-" is standard
// input (read_input keeps what it read for the second look).
std::string read_board(const std::string& path, const std::string& board_path = {});
// The lizards as [row, column] pairs, 0-based, in row-major order.
nlohmann::json placement_json(lz::Placement placement, std::uint32_t n);
// The decision's bar: the largest placement found (greedy, local search)
// against p, the proven upper bound, and how much of the exhaustive
// search (the proof when p cannot be placed) is done.
std::string lizards_line(const Progress& progress, std::uint64_t p, double elapsed);
// --algorithm DFS|BFS|SA (any case the homework used).
lz::Algorithm parse_algorithm(const std::string& text);

// lizards_max.cpp: --timeout's help, with --max's own default deadline.
const std::string& timeout_help();
// --max: the largest placement found and a proven bound on it.
int run_max(const lz::Board& board, const po::variables_map& vm, const SharedOptions& shared,
            const Budget& budget, const std::string& output);

}  // namespace nursery::cli
