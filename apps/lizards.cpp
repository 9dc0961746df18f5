// nursery lizards / gen lizards / verify (lizards): files, flags and exit
// codes around the lizards engine, which never sees a file.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <iostream>
#include <nursery/lizards.hpp>

#include "options.hpp"
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
// "-" is standard input (read_input keeps what it read for the second look).
std::string read_board(const std::string& path, const std::string& board_path = {}) {
  const std::string& sized = board_path.empty() ? path : board_path;
  std::string head = read_input(sized, 4096);
  const std::uint64_t limit = lz::size_limit(head, sized);
  const std::size_t most =
      limit >= std::numeric_limits<std::size_t>::max() ? 0 : static_cast<std::size_t>(limit) + 1;
  std::string text = read_input(path, most);
  if (most != 0 && text.size() >= most)
    throw UsageError(path + ": larger than the board its n describes can be (" +
                     std::to_string(limit) + " bytes)");
  return text;
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
    std::snprintf(gap, sizeof gap, ", bound %llu (gap %.1f%%)", static_cast<unsigned long long>(bound),
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
  throw UsageError("--algorithm: expected DFS, BFS or SA, found '" + text + "'");
}

}  // namespace

// --max: the largest placement found and a proven bound on it (issue 13).
// The placement is written whole: `nursery verify BOARD OUT` accepts more
// than p safe lizards, and --max-board writes the board with p = best for
// a check against exactly that many. The exit status is 0 whenever a placement is
// written (the bound and gap say how good), 130 on Ctrl-C.
int run_max(const lz::Board& board, const po::variables_map& vm, const SharedOptions& shared,
            const std::string& output) {
  lz::MaximizeOptions options;
  options.threads = shared.threads;
  // Without --timeout the search would run until the gap closes, which on
  // a huge board is never: 60 s unless a timeout was given (0: none).
  options.timeout_seconds = vm["timeout"].defaulted() ? 60.0 : shared.timeout;
  options.stop = &interrupt_source();
  options.seed = vm["seed"].as<std::uint64_t>();
  if (vm.count("target")) options.target = vm["target"].as<std::uint64_t>();
  std::atomic<std::uint64_t> best{0}, upper{0};
  options.on_progress = [&](std::uint64_t b, std::uint64_t u) {
    best.store(b, std::memory_order_relaxed);
    upper.store(u, std::memory_order_relaxed);
  };
  lz::MaximizeReport report;
  {
    ProgressBar bar(shared.progress, [&](double elapsed) {
      std::uint64_t b = best.load(), u = upper.load();
      char gap[32];
      std::snprintf(gap, sizeof gap, "%.2f%%",
                    u ? 100.0 * (double(u) - double(b)) / double(u) : 0.0);
      return "lizards --max: best " + std::to_string(b) + ", bound " + std::to_string(u) +
             ", gap " + gap + ", " + std::to_string(static_cast<int>(elapsed)) + " s";
    });
    report = lz::maximize(board, options);
  }
  lz::Board answered = board;
  answered.p = report.best;
  std::string answer = lz::format(answered, &report.placement);
  if (!output.empty()) write_output(output, answer);
  if (vm.count("max-board"))
    write_output(vm["max-board"].as<std::string>(), lz::format_instance(answered));
  char gap[32];
  std::snprintf(gap, sizeof gap, "%.4f", report.gap());
  if (shared.json) {
    nlohmann::json j = {{"best", report.best},
                        {"upper", report.upper},
                        {"gap", report.gap()},
                        {"optimal", report.best >= report.upper},
                        {"upper_by", report.upper_by},
                        {"status", status_word(report.status == Status::cancelled
                                                   ? kExitInterrupted
                                                   : kExitSuccess)},
                        {"n", board.n},
                        {"greedy", report.greedy},
                        {"matching_bound", report.matching_bound},
                        {"packing_bound", report.packing_bound},
                        {"search_epochs", report.search_epochs},
                        {"seconds",
                         {{"matching", report.matching_seconds},
                          {"packing", report.packing_seconds},
                          {"search", report.search_seconds},
                          {"exact", report.exact_seconds},
                          {"wall", report.wall_seconds}}}};
    if (!output.empty()) j["output"] = output;
    j["placement"] = placement_json(report.placement, board.n);
    print_json(j);
  } else if (output.empty()) {
    write_stdout(answer);
  }
  std::cerr << "best " << report.best << ", upper bound " << report.upper << " (" << report.upper_by
            << "), gap " << gap << (report.best >= report.upper ? " (optimal)" : "") << ", "
            << report.wall_seconds << " s\n";
  if (vm.count("stats")) {
    std::cerr << "greedy " << report.greedy << "; bounds: matchings " << report.matching_bound
              << " in " << report.matching_seconds << " s, set-packing LP " << report.packing_bound
              << " in " << report.packing_seconds << " s (" << report.packing_cliques
              << " cliques, " << report.packing_sweeps << " sweeps); search "
              << report.search_seconds << " s in " << report.search_epochs << " epochs; exact " << report.exact_seconds << " s; status "
              << to_string(report.status) << '\n';
  }
  return report.status == Status::cancelled ? interrupted_status() : kExitSuccess;
}

int cmd_lizards(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "input", po::value<std::string>()->value_name("FILE"),
      "the board (default: input.txt, answer to output.txt)")(
      "output,o", po::value<std::string>()->value_name("OUT"),
      "write the answer here, - for stdout (default: stdout)")(
      "count", "count every placement of p lizards exactly")("algorithm", po::value<std::string>(),
                                                             "override the file's DFS/BFS/SA line")(
      "seed", po::value<std::uint64_t>()->default_value(1), "local search seed")(
      "no-local-search", "DFS/BFS alone, without the local search racing it")(
      "any", "the first placement any search finds (faster; may differ between runs)")(
      "max", "the largest placement: best found, proven upper bound, gap (p ignored)")(
      "target", po::value<std::uint64_t>(), "with --max: stop once this many are placed")(
      "max-board", po::value<std::string>()->value_name("FILE"),
      "with --max: write the board with p = best here (for nursery verify)")(
      "bfs-memory",
      po::value<double>()->default_value(16)->notifier(within("--bfs-memory", "MiB", 0.001, 1e6)),
      "BFS frontier budget in MiB, 0.001 to 1000000");
  add_shared(options, kSolving);
  po::positional_options_description positionals;
  positionals.add("input", 1);
  po::variables_map vm;
  if (!parse_command_line(
          argc, argv,
          "usage: nursery lizards [FILE] [-o OUT] [--count] [--stats] [--json] [--threads T]\n"
          "                       [--timeout S] [--progress|--no-progress]\n"
          "Solves a baby-lizards board in the USC CSCI-561 HW1 format (FILE -: stdin). Without\n"
          "FILE it reads input.txt and writes output.txt, as the homework did.\n"
          "Exit 0 OK, 1 FAIL, 2 bad input, 3 timeout (result unknown).",
          options, positionals, vm))
    return kExitSuccess;

  bool homework = vm.count("input") == 0;
  std::string input = homework ? "input.txt" : vm["input"].as<std::string>();
  std::string output = vm.count("output") ? vm["output"].as<std::string>()
                                          : (homework ? "output.txt" : std::string());
  if (is_stdio(output)) output.clear();  // -o -: stdout, as without -o
  refuse_clobbering({input}, {{"-o", output},
                              {"--max-board", vm.count("max-board") ? vm["max-board"].as<std::string>()
                                                                    : std::string()}});
  auto shared = read_shared(vm);
  bool json = shared.json;

  // --timeout counts from here: reading and parsing a 100 MB board is part
  // of the time the user gave.
  const auto start = std::chrono::steady_clock::now();
  auto left = [&](double timeout) {
    if (timeout <= 0) return timeout;
    double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::max(1e-3, timeout - spent);
  };
  lz::Board board;
  try {
    board = lz::parse(read_board(input), input);
  } catch (const lz::ParseError& e) {
    throw UsageError(e.what());
  }

  if (vm.count("max")) {
    if (vm.count("count")) throw UsageError("--max and --count: choose one");
    if (!vm["timeout"].defaulted()) shared.timeout = left(shared.timeout);
    return run_max(board, vm, shared, output);
  }
  if (vm.count("target") || vm.count("max-board"))
    throw UsageError(std::string("--") + (vm.count("target") ? "target" : "max-board") +
                     ": only with --max");

  lz::SolveOptions solve;
  solve.count = vm.count("count") != 0;
  solve.threads = shared.threads;
  solve.timeout_seconds = left(shared.timeout);
  solve.stop = &interrupt_source();
  solve.seed = vm["seed"].as<std::uint64_t>();
  solve.local_search = vm.count("no-local-search") == 0;
  solve.any = vm.count("any") != 0;
  double bfs_memory = vm["bfs-memory"].as<double>();
  solve.bfs_budget_bytes = static_cast<std::size_t>(bfs_memory * 1048576);
  if (vm.count("algorithm")) solve.algorithm = parse_algorithm(vm["algorithm"].as<std::string>());
  Progress progress;
  solve.progress = &progress;
  lz::SolveReport report;
  {
    // A count is a whole search: its share and ETA. The decision may end at
    // any moment (a find): what the solver knows instead, no ETA.
    ProgressBar bar(shared.progress, [&progress, &board, &solve](double elapsed) {
      return solve.count ? ProgressBar::run_line(progress, "lizards --count", elapsed)
                         : lizards_line(progress, board.p, elapsed);
    });
    report = lz::solve(board, solve);
  }

  bool decided = report.verdict != lz::Verdict::unknown;
  std::string answer;
  if (decided && !solve.count)
    answer = lz::format(board, report.placement ? &*report.placement : nullptr);
  if (decided && solve.count) answer = to_string(*report.count) + "\n";

  if (!answer.empty() && !output.empty()) write_output(output, answer);
  if (json) {
    nlohmann::json j = {{"status", status_word(exit_code(report))},
                        {"how", report.how},
                        {"n", board.n},
                        {"p", board.p},
                        {"lower", report.lower},
                        {"upper", report.upper},
                        {"stats", stats_json(report.stats)}};
    if (report.count) j["count"] = count_json(*report.count);
    if (report.placement) j["placement"] = placement_json(*report.placement, board.n);
    if (!output.empty()) j["output"] = output;
    print_json(j);
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
      "trees", po::value<double>()->default_value(0)->notifier(within("--trees", "a fraction", 0, 1)),
      "fraction of cells that are trees, 0 to 1")(
      "p", po::value<std::string>()->default_value("auto"),
      "lizards: a number, auto (what the column-major greedy places) or auto+1")(
      "seed", po::value<std::uint64_t>()->default_value(1), "random seed")(
      "algorithm", po::value<std::string>()->default_value("DFS"), "first line: DFS, BFS or SA")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write here, - for stdout (default: stdout)");
  add_shared(options, kTimeout, "seconds to draw the board (0: none); past them exit 3, nothing written");
  po::positional_options_description positionals;
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery gen lizards --n N --trees FRACTION --p P|auto|auto+1 "
                          "--seed S [-o FILE] [--timeout SECONDS]",
                          options, positionals, vm))
    return kExitSuccess;
  lz::GenerateOptions gen;
  gen.n = vm["n"].as<std::uint32_t>();
  if (gen.n == 0 || std::uint64_t{gen.n} * gen.n > 0xFFFFFFFFull)
    throw UsageError("--n: expected 1 to 65535, found " + std::to_string(gen.n));
  gen.trees = vm["trees"].as<double>();
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
  // Drawing a 65,535 x 65,535 board takes a while: the deadline, Ctrl-C and
  // SIGTERM are polled per row (and per column of the greedy); past them
  // the temporary is removed and nothing is written under -o's name. The
  // rows are written as they are drawn: with a given p in O(n) memory; p =
  // auto needs the whole board for its greedy, as bits, never its text.
  Deadline deadline(read_shared(vm).timeout);
  const std::size_t n = gen.n;
  std::uint64_t p_value = gen.p > 0 ? static_cast<std::uint64_t>(gen.p) : 0;
  if (gen.p < 0) {
    // p = auto: the greedy needs the whole board, drawn once as bits (n*n/8
    // bytes: 537 MB at n = 65,535), then drawn again row by row to write.
    std::vector<std::uint64_t> trees((n * n + 63) / 64, 0);
    lz::TreeRows drawing(gen);
    std::vector<std::uint8_t> row;
    for (std::size_t r = 0; r < n; ++r) {
      if (deadline.requested()) return deadline.exit_status();
      drawing.next(row);
      for (std::size_t c = 0; c < n; ++c)
        if (row[c] == lz::kTree) trees[(r * n + c) >> 6] |= std::uint64_t{1} << ((r * n + c) & 63);
    }
    auto greedy = lz::greedy_count(gen.n, trees, [&] { return deadline.requested(); });
    if (!greedy || deadline.requested()) return deadline.exit_status();
    p_value = std::max<std::uint64_t>(1, *greedy + (gen.p == -2 ? 1 : 0));
  }
  const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "-";
  std::optional<AtomicFile> file;
  if (!is_stdio(output) && output != "/dev/stdout") {
    try {
      file.emplace(output);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
  }
  std::string text = std::string(lz::to_string(gen.algorithm)) + "\n" + std::to_string(gen.n) +
                     "\n" + std::to_string(p_value) + "\n";
  auto flush = [&] {
    try {
      if (file)
        file->write(text);
      else
        write_stdout(text);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    text.clear();
  };
  lz::TreeRows rows(gen);
  std::vector<std::uint8_t> row;
  for (std::size_t r = 0; r < n; ++r) {
    if (deadline.requested()) return deadline.exit_status();  // ~file removes the temporary
    rows.next(row);
    for (auto cell : row) text += static_cast<char>('0' + cell);
    text += '\n';
    if (text.size() >= (1u << 20)) flush();
  }
  flush();
  if (deadline.requested()) return deadline.exit_status();
  if (file) {
    try {
      file->commit();
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
  }
  return kExitSuccess;
}

int verify_lizards_files(const std::string& input, const std::string& output, bool json,
                         bool progress) {
  // Both files are read no further than the board's n allows; the check
  // (seconds on a 10,000 x 10,000 board) ends on Ctrl-C and SIGTERM. The
  // bar says which file is being read, then the rows checked of 2n (the input, then the answer).
  Progress checking;
  std::atomic<int> reading{1};
  std::optional<Verification> checked;
  {
    // The bar's thread alone calls the line (the last time after it ended).
    double check_start = -1;
    ProgressBar bar(progress, [&](double elapsed) {
      const int file = reading.load(std::memory_order_relaxed);
      if (file != 0)
        return "verify: reading " + printable(file == 1 ? input : output) + ", " +
               std::to_string(static_cast<long long>(elapsed)) + " s";
      if (check_start < 0) check_start = elapsed;
      const auto total = checking.total.load(std::memory_order_relaxed);
      const auto done = checking.done.load(std::memory_order_relaxed);
      return ProgressBar::gauge("verify", done, total) + " rows  ETA " +
             ProgressBar::eta(elapsed - check_start, done, total);
    });
    std::string board = read_board(input);
    reading.store(2, std::memory_order_relaxed);
    std::string answer = read_board(output, input);
    reading.store(0, std::memory_order_relaxed);
    checked = lz::verify(board, answer, [] { return interrupt_source().requested(); }, &checking);
  }
  if (!checked) return kExitInterrupted;
  const auto& verdict = *checked;
  const int status = verdict.unproved ? kExitUnverified
                     : verdict.valid  ? kExitSuccess
                                      : kExitNoSolution;
  if (json) {
    print_json(nlohmann::json{{"status", status_word(status)},
                              {"valid", verdict.valid},
                              {"unproved", verdict.unproved},
                              {"reason", verdict.reason}});
  } else {
    std::cout << (verdict.valid ? "valid: " : verdict.unproved ? "unverified: " : "invalid: ")
              << verdict.reason << '\n';
  }
  return status;
}

}  // namespace nursery::cli
