// Each kind's solver options, declared once (solver_options.hpp).
#include "solver_options.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "cli/lizards/command.hpp"
#include "cli/queens/count_command.hpp"

namespace nursery::cli {

namespace lz = nursery::lizards;

namespace {

// The memory this process may have: the machine's, or less under a limit
// (ulimit -v, -d); 0 when none is known.
std::uint64_t memory_allowed() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  std::uint64_t most = pages > 0 && page > 0
                           ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
                           : 0;
  for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        (most == 0 || limit.rlim_cur < most))
      most = limit.rlim_cur;
  }
  return most;
}

// --bfs-memory in bytes: a budget beyond the memory this process may have
// is refused (the frontier would fail to allocate, or swap, long into the
// run), not capped in silence.
std::size_t bfs_budget(double mebibytes) {
  const double bytes = mebibytes * 1048576;
  if (const std::uint64_t allowed = memory_allowed();
      allowed != 0 && bytes > static_cast<double>(allowed)) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "--bfs-memory: expected at most %.0f MiB (the memory this process may have), "
                  "found %.15g",
                  std::floor(static_cast<double>(allowed) / 1048576), mebibytes);
    throw usage_error(text);
  }
  return static_cast<std::size_t>(bytes);
}

// --bfs-memory in MiB: a size with its unit (16M, 1G), read by the parser
// of every size option; a bare number is the old spelling, MiB, read with
// a note (by the caller, once the budget is known to fit) until it goes.
double bfs_mebibytes(const std::string& text, bool& bare_number) {
  const auto check = within("--bfs-memory", "MiB", 0.001, 1e6);
  std::size_t used = 0;
  double bare = 0;
  try {
    bare = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  bare_number = used != 0 && used == text.size();
  if (bare_number) {
    check(bare);
    return bare;
  }
  const double mebibytes = static_cast<double>(parse_memory(text, "--bfs-memory")) / 1048576;
  if (!(mebibytes >= 0.001 && mebibytes <= 1e6))
    throw usage_error("--bfs-memory: expected a size from 2K to 1000000M, found '" + text + "'");
  return mebibytes;
}

}  // namespace

void add_queens_count_options(po::options_description& options) {
  options.add_options()(
      "method,m", po::value<std::string>()->default_value("auto"),
      "auto (join from N = 14, else bitboard), join (half boards counted against each "
      "other), bitboard (canonical frames, 8-fold symmetry), backtrack (textbook, arrays), "
      "permutations (all N! permutations by Heap's algorithm, N<=12) or brute (N^N, N<=10)")(
      "memory", po::value<std::string>(),
      "memory budget of a join count, e.g. 8G or 512M (default: half of the RAM); pieces are "
      "cut finer to fit it");
}

queens::Facade::Options read_queens_count_options(const po::variables_map& vm) {
  queens::Facade::Options chosen;
  chosen.method = vm["method"].as<std::string>();
  queens::count_method_name(chosen.method, 1);  // a name no N takes is refused here
  if (vm.count("memory")) chosen.memory = parse_memory(vm["memory"].as<std::string>());
  return chosen;
}

void add_lizards_solve_options(po::options_description& options) {
  options.add_options()("algorithm", po::value<std::string>(),
                        "override the file's DFS/BFS/SA line")(
      "seed", po::value<std::uint64_t>()->default_value(1), "local search seed")(
      "no-local-search", "DFS/BFS alone, without the local search racing it")(
      "any", "the first placement any search finds (faster; may differ between runs)")(
      "bfs-memory",
      po::value<std::string>()->default_value(std::to_string(lz::kBfsBudgetBytes / 1048576) + "M"),
      "BFS frontier budget, a size such as 16M or 1G (as --memory's), 2K to 1000000M");
}

void read_lizards_solve_options(const po::variables_map& vm, lz::SolveOptions& solve) {
  solve.seed = vm["seed"].as<std::uint64_t>();
  solve.local_search = vm.count("no-local-search") == 0;
  solve.any = vm.count("any") != 0;
  const std::string& budget = vm["bfs-memory"].as<std::string>();
  bool bare_number = false;
  solve.bfs_budget_bytes = bfs_budget(bfs_mebibytes(budget, bare_number));
  if (bare_number)
    notes() << "note: --bfs-memory " << budget << " without a unit is read as MiB (" << budget
            << "M); the bare number goes in " << kOldSpellingsGo << '\n';
  if (vm.count("algorithm"))
    solve.algorithm = lz::parse_algorithm(vm["algorithm"].as<std::string>());
}

void add_skyscrapers_limit(po::options_description& options) {
  options.add_options()("limit", po::value<std::uint64_t>()->default_value(0),
                        "at most K solutions: --all lists, --count counts up to K; --limit 2 "
                        "proves uniqueness (0: no limit)");
}

skyscrapers::Facade::Options read_skyscrapers_limit(const po::variables_map& vm) {
  return {vm["limit"].as<std::uint64_t>()};
}

void add_batch_configuration(po::options_description& options) {
  options.add_options()("config", po::value<std::string>()->value_name("NAME"),
                        "name this configuration (letters, digits, . _ + -): stored in every "
                        "row and in the report, for nursery compare")(
      "expected", po::value<std::string>()->value_name("FILE"),
      "a manifest of expected answers (CSV with columns file, expected: OK, FAIL or a count; "
      "optional id): each row is then correct, wrong, unknown or error")(
      "no-index", "read no index.csv found beside the instances as a manifest");
  po::options_description queens("N-queens (with --count)");
  add_queens_count_options(queens);
  po::options_description lizards("lizards");
  add_lizards_solve_options(lizards);
  po::options_description skyscrapers("Skyscrapers (with --count)");
  add_skyscrapers_limit(skyscrapers);
  options.add(queens).add(lizards).add(skyscrapers);
}

namespace {

// A configuration's name goes into file names, CSV and XML: a plain word.
std::string config_name(const std::string& name) {
  const bool plain = !name.empty() && name.size() <= 64 &&
                     name.find_first_not_of(
                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                         "0123456789._+-") == std::string::npos;
  if (!plain)
    throw usage_error(
        "--config: expected a name of 1 to 64 letters, digits, '.', '_', '+' or "
        "'-', found '" +
        printable(name) + "'");
  return name;
}

}  // namespace

void read_batch_configuration(const po::variables_map& vm, batch::Options& run) {
  if (vm.count("config")) run.config = config_name(vm["config"].as<std::string>());
  if (vm.count("expected")) {
    run.expected = vm["expected"].as<std::string>();
    if (run.expected.empty()) throw usage_error("--expected: expected a manifest FILE, found ''");
  }
  run.expected_beside = vm.count("no-index") == 0;
  if (run.count) {
    refuse_unused(vm, "--count", kLizardsDecisionOnly,
                  "a count searches the whole tree (those choose how one placement is found)");
  } else {
    refuse_unused(vm, "batch without --count", {"method", "memory", "limit"},
                  "those are a count's (a queens file is found as nursery queens N finds it)");
  }
  run.solver[queens::Facade::name] = read_queens_count_options(vm);
  lizards::SolveOptions solve;
  read_lizards_solve_options(vm, solve);
  run.solver[lizards::Facade::name] = solve;
  run.solver[skyscrapers::Facade::name] = read_skyscrapers_limit(vm);
  // The configuration as the report's provenance states it (defaults too).
  const auto chosen =
      std::any_cast<const queens::Facade::Options&>(run.solver[queens::Facade::name]);
  run.settings = {{"method", chosen.method},
                  {"memory", vm.count("memory") ? vm["memory"].as<std::string>() : "default"},
                  {"algorithm", vm.count("algorithm") ? vm["algorithm"].as<std::string>() : "file"},
                  {"seed", std::to_string(solve.seed)},
                  {"local-search", solve.local_search ? "yes" : "no"},
                  {"any", solve.any ? "yes" : "no"},
                  {"bfs-memory", std::to_string(solve.bfs_budget_bytes)},
                  {"limit", std::to_string(read_skyscrapers_limit(vm).limit)}};
}

}  // namespace nursery::cli
