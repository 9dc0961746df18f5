// nursery lizards / gen lizards / verify (lizards): files, flags and exit
// codes around the lizards engine, which never sees a file.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <iostream>
#include <nursery/lizards.hpp>

#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

namespace lz = nursery::lizards;

namespace {

void write_stdout(const std::string& text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
    throw UsageError(std::string("stdout: ") + std::strerror(errno != 0 ? errno : EIO));
}

// A board file, never more of it than its n allows (a reader of /dev/zero
// would run out of memory).
// An answer (OK or FAIL, then rows) has no n of its own: `board_path`
// gives the board whose n bounds it.
std::string read_board(const std::string& path, const std::string& board_path = {}) {
  std::string head, text, error;
  const std::string& sized = board_path.empty() ? path : board_path;
  if (!read_file(sized, 4096, head, error)) throw UsageError(sized + ": " + error);
  const std::uint64_t limit = lz::size_limit(head, sized);
  const std::size_t most =
      limit >= std::numeric_limits<std::size_t>::max() ? 0 : static_cast<std::size_t>(limit) + 1;
  if (!read_file(path, most, text, error)) throw UsageError(path + ": " + error);
  if (most != 0 && text.size() >= most)
    throw UsageError(path + ": larger than the board its n describes can be (" +
                     std::to_string(limit) + " bytes)");
  return text;
}

lz::Algorithm parse_algorithm(const std::string& text) {
  if (text == "DFS" || text == "dfs") return lz::Algorithm::dfs;
  if (text == "BFS" || text == "bfs") return lz::Algorithm::bfs;
  if (text == "SA" || text == "sa") return lz::Algorithm::sa;
  throw UsageError("--algorithm: expected DFS, BFS or SA, found '" + text + "'");
}

}  // namespace

int cmd_lizards(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>(), "the board (default: input.txt, answer to output.txt)")(
      "output,o", po::value<std::string>(), "write the answer here (default: stdout)")(
      "count", "count every placement of p lizards exactly")(
      "algorithm", po::value<std::string>(), "override the file's DFS/BFS/SA line")(
      "seed", po::value<std::uint64_t>()->default_value(1), "local search seed")(
      "no-local-search", "DFS/BFS alone, without the local search racing it")(
      "bfs-memory", po::value<double>()->default_value(16), "BFS frontier budget in MiB");
  add_shared(options, kSolving);
  po::positional_options_description positionals;
  positionals.add("input", 1);
  po::variables_map vm;
  if (!parse_command_line(
          argc, argv,
          "usage: nursery lizards [FILE] [-o OUT] [--count] [--stats] [--json] [--threads T]\n"
          "                       [--timeout S] [--progress|--no-progress]\n"
          "Solves a baby-lizards board in the USC CSCI-561 HW1 format. Without FILE it reads\n"
          "input.txt and writes output.txt, as the homework did.\n"
          "Exit 0 OK, 1 FAIL, 2 bad input, 3 timeout (result unknown).",
          options, positionals, vm))
    return kExitSuccess;

  bool homework = vm.count("input") == 0;
  std::string input = homework ? "input.txt" : vm["input"].as<std::string>();
  std::string output = vm.count("output") ? vm["output"].as<std::string>()
                                          : (homework ? "output.txt" : std::string());
  auto shared = read_shared(vm);
  bool json = shared.json;

  lz::Board board;
  try {
    board = lz::parse(read_board(input), input);
  } catch (const lz::ParseError& e) {
    throw UsageError(e.what());
  }

  lz::SolveOptions solve;
  solve.count = vm.count("count") != 0;
  solve.threads = shared.threads;
  solve.timeout_seconds = shared.timeout;
  solve.stop = &interrupt_source();
  solve.seed = vm["seed"].as<std::uint64_t>();
  solve.local_search = vm.count("no-local-search") == 0;
  double bfs_memory = vm["bfs-memory"].as<double>();
  if (!(bfs_memory > 0 && bfs_memory < 1e6))
    throw UsageError("--bfs-memory: expected MiB above 0, found " + std::to_string(bfs_memory));
  solve.bfs_budget_bytes = static_cast<std::size_t>(bfs_memory * 1048576);
  if (vm.count("algorithm")) solve.algorithm = parse_algorithm(vm["algorithm"].as<std::string>());
  Progress progress;
  solve.progress = &progress;
  lz::SolveReport report;
  {
    ProgressBar bar(progress, shared.progress, "lizards");
    report = lz::solve(board, solve);
  }

  bool decided = report.verdict != lz::Verdict::unknown;
  std::string answer;
  if (decided && !solve.count)
    answer = lz::format(board, report.placement ? &*report.placement : nullptr);
  if (decided && solve.count) answer = to_string(*report.count) + "\n";

  if (!answer.empty() && !output.empty()) write_atomically(output, answer);
  if (json) {
    nlohmann::json j = {{"verdict", lz::to_string(report.verdict)},
                        {"how", report.how},
                        {"n", board.n},
                        {"p", board.p},
                        {"lower", report.lower},
                        {"upper", report.upper},
                        {"status", to_string(report.status)},
                        {"stats", stats_json(report.stats)}};
    if (report.count) j["count"] = count_json(*report.count);
    if (!output.empty()) j["output"] = output;
    std::cout << j.dump() << '\n';
  } else if (!answer.empty() && output.empty()) {
    write_stdout(answer);
  }
  if (vm.count("stats")) {
    std::cerr << "decided by: " << report.how << "\nlizards: p = " << board.p << ", best placement "
              << report.lower << ", upper bound " << report.upper << '\n';
    print_stats(std::cerr, report.stats);
  }
  if (!decided) {
    bool interrupted = report.status == Status::cancelled;
    std::cerr << (interrupted ? "interrupted" : "timeout") << ": result unknown (best placement "
              << report.lower << " of p = " << board.p << ", upper bound " << report.upper << ")\n";
    if (!json && output.empty()) std::cout << "unknown\n";
  }
  return exit_code(report);
}

int cmd_gen_lizards(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("n", po::value<std::uint32_t>()->required(),
                                                    "board side")(
      "trees", po::value<double>()->default_value(0), "fraction of cells that are trees")(
      "p", po::value<std::string>()->default_value("auto"),
      "lizards: a number, auto (what the column-major greedy places) or auto+1")(
      "seed", po::value<std::uint64_t>()->default_value(1), "random seed")(
      "algorithm", po::value<std::string>()->default_value("DFS"), "first line: DFS, BFS or SA")(
      "output,o", po::value<std::string>(), "write here (default: stdout)");
  po::positional_options_description positionals;
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery gen lizards --n N --trees FRACTION --p P|auto|auto+1 "
                          "--seed S [-o FILE]",
                          options, positionals, vm))
    return kExitSuccess;
  lz::GenerateOptions gen;
  gen.n = vm["n"].as<std::uint32_t>();
  if (gen.n == 0 || std::uint64_t{gen.n} * gen.n > 0xFFFFFFFFull)
    throw UsageError("--n: expected 1 to 65535, found " + std::to_string(gen.n));
  gen.trees = vm["trees"].as<double>();
  if (!(gen.trees >= 0 && gen.trees <= 1))
    throw UsageError("--trees: expected a fraction from 0 to 1");
  std::string p = vm["p"].as<std::string>();
  if (p == "auto") {
    gen.p = -1;
  } else if (p == "auto+1") {
    gen.p = -2;
  } else {
    std::size_t used = 0;
    long long value = 0;
    try {
      value = std::stoll(p, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != p.size() || value < 1 || value > 2147483647)
      throw UsageError("--p: expected a positive 32-bit integer, auto or auto+1, found '" + p +
                       "'");
    gen.p = value;
  }
  gen.seed = vm["seed"].as<std::uint64_t>();
  gen.algorithm = parse_algorithm(vm["algorithm"].as<std::string>());
  std::string text = lz::format_instance(lz::generate(gen));
  if (vm.count("output"))
    write_atomically(vm["output"].as<std::string>(), text);
  else
    write_stdout(text);
  return kExitSuccess;
}

int verify_lizards_files(const std::string& input, const std::string& output, bool json) {
  // Both files are read no further than the board's n allows.
  auto verdict = lz::verify(read_board(input), read_board(output, input));
  if (json) {
    std::cout << nlohmann::json{{"valid", verdict.valid},
                                {"unproved", verdict.unproved},
                                {"reason", verdict.reason}}
                     .dump()
              << '\n';
  } else {
    std::cout << (verdict.valid ? "valid: " : verdict.unproved ? "unverified: " : "invalid: ")
              << verdict.reason << '\n';
  }
  if (verdict.unproved) return kExitUnverified;
  return verdict.valid ? kExitSuccess : kExitNoSolution;
}

}  // namespace nursery::cli
