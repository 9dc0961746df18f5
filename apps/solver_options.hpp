// Each kind's solver options, declared once: the kind's own command and
// `nursery batch` add the same declarations and read them the same way,
// so a configuration means one thing wherever it is given.
//   N-queens     --method M, --memory SIZE (nursery count's; batch: with --count)
//   lizards      --algorithm A, --seed S, --no-local-search, --any, --bfs-memory SIZE
//   Skyscrapers  --limit K
#pragma once

#include <nursery/batch.hpp>
#include <nursery/lizards.hpp>
#include <nursery/queens.hpp>
#include <nursery/skyscrapers.hpp>

#include "options.hpp"

namespace nursery::cli {

// N-queens counts: --method,-m and --memory.
void add_queens_count_options(po::options_description& options);
// The counting method's name, checked (UsageError "--method: expected auto,
// join, ..." for an unknown one; an N beyond the method's reach is that
// instance's error), and --memory in bytes (0: the default).
queens::Facade::Options read_queens_count_options(const po::variables_map& vm);

// Lizards decisions: --algorithm, --seed, --no-local-search, --any, --bfs-memory.
void add_lizards_solve_options(po::options_description& options);
// Into `solve` (its count, threads, budget and progress untouched).
void read_lizards_solve_options(const po::variables_map& vm, lizards::SolveOptions& solve);
// The lizards options a count never looks at (refused with --count).
inline constexpr std::initializer_list<const char*> kLizardsDecisionOnly = {
    "any", "no-local-search", "seed"};

// Skyscrapers: --limit K (a count or a listing stops at K solutions).
void add_skyscrapers_limit(po::options_description& options);
skyscrapers::Facade::Options read_skyscrapers_limit(const po::variables_map& vm);

// nursery batch: every kind's options above, --config NAME (the
// configuration's label, in every row and the report), --expected FILE and
// --no-index (the expected answers rows are categorized against). Options a run
// would leave unused are refused (--method without --count, --seed with it).
void add_batch_configuration(po::options_description& options);
void read_batch_configuration(const po::variables_map& vm, batch::Options& run);

}  // namespace nursery::cli
