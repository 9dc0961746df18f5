// nursery lizards FILE behind its options (cli/lizards/command.hpp): the
// board read, decided, counted or maximized; the answer written, the JSON
// document, what stderr says, the exit status.
#include "cli/lizards/command.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <nursery/json.hpp>
#include <nursery/scheduler.hpp>

namespace nursery::lizards {

namespace {

// A board file, never more of it than its n allows (a reader of /dev/zero
// would run out of memory).
std::string read_board(const std::string& path) {
  return cli::read_input_within(path, size_limit(cli::read_input(path, 4096), path));
}

// The lizards as [row, column] pairs, 0-based, in row-major order.
nlohmann::json placement_json(Placement placement, std::uint32_t n) {
  std::sort(placement.begin(), placement.end());
  nlohmann::json cells = nlohmann::json::array();
  for (std::uint32_t cell : placement) cells.push_back({cell / n, cell % n});
  return cells;
}

// The decision's bar: the largest placement found (greedy, local search)
// against p, the proven upper bound, and how much of the exhaustive
// search (the proof when p cannot be placed) is done.
std::string decision_line(const Progress& progress, std::uint64_t p, double elapsed) {
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

// --max with --max-board: a board's p is at least 1 (its reader says so),
// so a board with no empty cell has no board with p = best to write.
void refuse_board_without_room(const Board& board, const LizardsRequest& request) {
  if (!request.max_board.empty() &&
      std::none_of(board.cells.begin(), board.cells.end(), [](auto c) { return c == kEmpty; }))
    throw cli::UsageError("--max-board: " + request.input +
                          " has no empty cell: the best is 0 lizards, and a board's p is at "
                          "least 1 (no board to write)");
}

// maximize() under the bar: best, bound and gap as they move.
MaximizeReport maximize_shown(const Board& board, const LizardsRequest& request,
                              const Budget& budget) {
  MaximizeOptions options;
  options.threads = request.solve.threads;
  options.budget = budget;
  options.seed = request.solve.seed;
  options.target = request.target.value_or(0);
  options.certificate = !request.certificate.empty();
  std::atomic<std::uint64_t> best{0}, upper{0};
  options.on_progress = [&](std::uint64_t b, std::uint64_t u) {
    best.store(b, std::memory_order_relaxed);
    upper.store(u, std::memory_order_relaxed);
  };
  cli::ProgressBar bar(request.progress, [&](double elapsed) {
    std::uint64_t b = best.load(), u = upper.load();
    char gap[32];
    std::snprintf(gap, sizeof gap, "%.2f%%", u ? 100.0 * (double(u) - double(b)) / double(u) : 0.0);
    return "lizards --max: best " + std::to_string(b) + ", bound " + std::to_string(u) + ", gap " +
           gap + ", " + std::to_string(static_cast<int>(elapsed)) + " s";
  });
  return maximize(board, options);
}

// What --max wrote: the answer (-o), the board with p = best
// (--max-board), the certificate; `written` false once a signal stopped a
// write, `no_board` when there was no placement for --max-board yet.
struct MaxWritten {
  bool written = true;
  bool no_board = false;
};

// A board of 20,000 is 400 MB: written piece by piece, a signal honoured
// between pieces (--max's own deadline has passed by now: not looked at).
// A --max the first signal ended still writes its best placement; a
// signal during the write stops it.
MaxWritten write_max_files(const Board& answered, const std::string& answer,
                           const MaximizeReport& report, const LizardsRequest& request,
                           const Budget& write_budget) {
  MaxWritten files;
  // Stopped before the first placement: no board with p >= 1 to write.
  files.no_board = !request.max_board.empty() && report.lower == 0;
  files.written =
      request.output.empty() ||
      cli::write_output_in_pieces(request.output, answer, write_budget) == Status::complete;
  if (files.written && !request.max_board.empty() && !files.no_board)
    files.written = cli::write_output_in_pieces(request.max_board, format_instance(answered),
                                                write_budget) == Status::complete;
  if (files.written && report.certificate && !request.certificate.empty())
    files.written =
        cli::write_output_in_pieces(request.certificate, format_certificate(*report.certificate),
                                    write_budget) == Status::complete;
  if (files.no_board)
    std::cerr << "--max-board: " << request.max_board
              << " not written: no placement found yet (a board's p is at least 1)\n";
  return files;
}

// --max --json: the best, the bound and how each was reached, the phases'
// times, the trajectory and the placement.
nlohmann::json max_json(const Board& board, const MaximizeReport& report,
                        const LizardsRequest& request, bool written, bool interrupted) {
  nlohmann::json j = {{"best", report.lower},
                      {"upper", report.upper},
                      {"gap", report.gap()},
                      {"optimal", report.lower >= report.upper},
                      {"upper_by", report.upper_by},
                      {"status", cli::status_word(interrupted ? kExitInterrupted : kExitSuccess)},
                      {"n", board.n},
                      {"greedy", report.greedy},
                      {"matching_bound", report.matching_bound},
                      {"packing_bound", report.packing_bound},
                      {"search_epochs", report.search_epochs},
                      {"primal_dual_integral", report.primal_dual_integral},
                      {"seconds", report.stats.wall_seconds},
                      {"phase_seconds",
                       {{"matching", report.matching_seconds},
                        {"packing", report.packing_seconds},
                        {"search", report.search_seconds},
                        {"exact", report.exact_seconds}}}};
  if (!request.output.empty() && written) j["output"] = request.output;
  if (report.certificate && !request.certificate.empty() && written)
    j["certificate"] = {{"file", request.certificate},
                        {"bound", report.certificate->bound},
                        {"by", report.certificate->by}};
  Stats stats;
  stats.threads = detail::worker_count(request.solve.threads);
  stats.wall_seconds = report.stats.wall_seconds;
  j["stats"] = stats_json(stats);
  nlohmann::json trajectory = nlohmann::json::array();
  for (const TrajectoryPoint& point : report.trajectory)
    trajectory.push_back({point.seconds, point.best, point.bound});
  j["trajectory"] = std::move(trajectory);
  j["placement"] = placement_json(*report.solution, board.n);
  return j;
}

// --max's lines on stderr: best, bound and gap; the certificate written;
// with --stats each phase's figures.
void print_max_summary(const MaximizeReport& report, const LizardsRequest& request, bool written) {
  char gap[32];
  std::snprintf(gap, sizeof gap, "%.4f", report.gap());
  std::cerr << "best " << report.lower << ", upper bound " << report.upper << " ("
            << report.upper_by << "), gap " << gap
            << (report.lower >= report.upper ? " (optimal)" : "") << ", "
            << report.stats.wall_seconds << " s\n";
  if (report.certificate && !request.certificate.empty() && written)
    std::cerr << "certificate of bound " << report.certificate->bound << " ("
              << report.certificate->by << ") written to " << request.certificate << '\n';
  if (request.stats)
    std::cerr << "greedy " << report.greedy << "; bounds: matchings " << report.matching_bound
              << " in " << report.matching_seconds << " s, set-packing LP " << report.packing_bound
              << " in " << report.packing_seconds << " s (" << report.packing_cliques
              << " cliques, " << report.packing_sweeps << " sweeps); search "
              << report.search_seconds << " s in " << report.search_epochs << " epochs; exact "
              << report.exact_seconds << " s; primal-dual integral " << report.primal_dual_integral
              << " s; status " << to_string(report.status) << '\n';
}

// --max: the largest placement found and a proven bound on it (issue 13).
// --max-board writes the board with p = best, for a check against exactly
// that many.
int run_max(const Board& board, const LizardsRequest& request, const Budget& budget) {
  refuse_board_without_room(board, request);
  const MaximizeReport report = maximize_shown(board, request, budget);
  Board answered = board;
  answered.p = report.lower;
  const std::string answer = format(answered, &*report.solution);
  const Budget write_budget =
      cli::interrupt_source().requested() ? Budget() : Budget(&cli::interrupt_source());
  const MaxWritten files = write_max_files(answered, answer, report, request, write_budget);
  // A write the signal stopped: the run is interrupted (its JSON says so).
  const bool interrupted = report.status == Status::cancelled || !files.written;
  if (request.json) {
    cli::print_json(max_json(board, report, request, files.written, interrupted));
  } else if (request.output.empty() &&
             cli::write_output_in_pieces("-", answer, write_budget) != Status::complete) {
    return cli::interrupted_status();  // (the line on stderr said how much went out)
  }
  print_max_summary(report, request, files.written);
  return interrupted ? cli::interrupted_status() : files.no_board ? kExitUsage : kExitSuccess;
}

}  // namespace

Algorithm parse_algorithm(const std::string& text) {
  if (text == "DFS" || text == "dfs") return Algorithm::dfs;
  if (text == "BFS" || text == "bfs") return Algorithm::bfs;
  if (text == "SA" || text == "sa") return Algorithm::sa;
  throw cli::usage_error("--algorithm: expected DFS, BFS or SA, found '" + text + "'");
}

int run(const LizardsRequest& request) {
  const bool maximizing = request.task == Task::maximize;
  const Budget budget(&cli::interrupt_source(),
                      request.timeout.value_or(maximizing ? kMaximizeDefaultSeconds : 0));
  const Board board = parse(read_board(request.input), request.input);
  if (maximizing) return run_max(board, request, budget);

  SolveOptions solve = request.solve;
  solve.count = request.task == Task::count;
  solve.budget = budget;
  Progress progress;
  solve.progress = &progress;
  SolveReport report;
  {
    // A count is a whole search: its share and ETA. The decision may end at
    // any moment (a find): what the solver knows instead, no ETA.
    cli::ProgressBar::Line line = [&progress, &board](double elapsed) {
      return decision_line(progress, board.p, elapsed);
    };
    if (solve.count) line = cli::ProgressBar::RunLine(progress, "lizards --count");
    cli::ProgressBar bar(request.progress, std::move(line));
    report = lizards::solve(board, solve);
  }

  const bool decided = report.verdict != Verdict::unknown;
  const std::string& output = request.output;
  std::string answer;
  if (decided && !solve.count)
    answer = format(board, report.solution ? &*report.solution : nullptr);
  if (decided && solve.count) answer = to_string(*report.count) + "\n";
  // A board of 20,000 is 400 MB: written piece by piece, a signal honoured
  // between pieces (the decision's deadline was the search's, not the write's).
  const bool written = answer.empty() || output.empty() ||
                       cli::write_output_in_pieces(output, answer) == Status::complete;
  // A write the signal stopped: the run is interrupted (its JSON says so).
  const int status = written ? exit_code(report) : cli::interrupted_status();
  if (request.json) {
    nlohmann::json j = {{"status", cli::status_word(written ? status : kExitInterrupted)},
                        {"how", report.how},
                        {"n", board.n},
                        {"p", board.p},
                        {"stats", stats_json(report.stats)}};
    // A decision's bounds on the largest placement; a count has none.
    if (!solve.count) j["lower"] = report.lower, j["upper"] = report.upper;
    if (report.count) j["total"] = count_json(*report.count);
    if (report.solution) j["placement"] = placement_json(*report.solution, board.n);
    if (!output.empty() && written) j["output"] = output;
    cli::print_json(j);
  } else if (!answer.empty() && output.empty() &&
             cli::write_output_in_pieces("-", answer) != Status::complete) {
    return cli::interrupted_status();  // (the line on stderr said how much went out)
  }
  if (request.stats) {
    std::cerr << "decided by: " << report.how << '\n';
    if (!solve.count)
      std::cerr << "lizards: p = " << board.p << ", best placement " << report.lower
                << ", upper bound " << report.upper << '\n';
    print_stats(std::cerr, report.stats);
  }
  if (!decided) {
    std::cerr << (report.status == Status::cancelled ? "interrupted" : "timeout");
    if (solve.count)
      std::cerr << ": no count (after " << report.stats.wall_seconds << " s)\n";
    else
      std::cerr << ": result unknown (best placement " << report.lower << " of p = " << board.p
                << ", upper bound " << report.upper << ")\n";
    if (!request.json && output.empty()) std::cout << "unknown\n";
  }
  return status;
}

}  // namespace nursery::lizards
