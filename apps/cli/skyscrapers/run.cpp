// nursery skyscrapers FILE: every puzzle of a file solved, counted or
// listed, each answer checked by the independent verifier, in text or
// JSON, with the progress bar and the exit status (one result shape: each
// puzzle's Solved and exit_code, the run's the gravest of them).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nursery/json.hpp>
#include <optional>

#include "cli/cli.hpp"
#include "cli/skyscrapers/command.hpp"

namespace nursery::skyscrapers {

namespace {

double since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

std::string milliseconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", seconds * 1e3);
  return text;
}

// Rows as strings of digits ("3241"): heights are one digit (N <= 9).
nlohmann::json grid_json(const Grid& grid, int n) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < n; ++r) {
    std::string row;
    for (int c = 0; c < n; ++c) row += static_cast<char>('0' + grid[r * n + c]);
    rows.push_back(row);
  }
  return rows;
}

// The whole run's figures, for the summary line.
struct Totals {
  int solved = 0, unique = 0, no_solution = 0, timeouts = 0, verified = 0;
  bool exact = true;  // every count complete: a total, not a lower bound
  Count solutions = 0;
};

// The bar: puzzles done of all, and the share of the current puzzle's
// search (its subproblems), which is what a long --count shows.
struct Bar {
  Progress progress;
  std::atomic<std::size_t> done{0};
  std::atomic<std::uint64_t> done_before{0}, total_before{0};
  cli::ProgressBar bar;
  Bar(bool enabled, std::size_t puzzles)
      : bar(enabled, [this, puzzles, eta = Eta{}](double elapsed) mutable {
          return line(puzzles, elapsed, eta);
        }) {}
  void next_puzzle() {
    done_before.store(progress.done.load());
    total_before.store(progress.total.load());
  }
  std::string line(std::size_t puzzles, double elapsed, Eta& eta) {
    const std::size_t finished = done.load(std::memory_order_relaxed);
    const auto total = progress.total.load(std::memory_order_relaxed) - total_before.load();
    const auto searched = progress.done.load(std::memory_order_relaxed) - done_before.load();
    const double share =
        finished < puzzles && total > 0
            ? std::min(1.0, static_cast<double>(searched) / static_cast<double>(total))
            : 0.0;
    const double fraction = (static_cast<double>(finished) + share) /
                            static_cast<double>(std::max<std::size_t>(1, puzzles));
    std::string text = cli::ProgressBar::gauge("skyscrapers", fraction) + "  " +
                       std::to_string(finished) + "/" + std::to_string(puzzles) + " puzzles";
    if (puzzles == 1 || share > 0)
      text += ", this one " + std::to_string(progress.done.load() - done_before.load()) + "/" +
              std::to_string(progress.total.load() - total_before.load()) + " subproblems";
    return text + "  ETA " + eta.text(elapsed, fraction);
  }
};

}  // namespace

std::vector<Puzzle> load(const std::string& input) {
  std::error_code missing;
  if (!cli::is_stdio(input) && !std::filesystem::exists(input, missing) &&
      (input.find(':') != std::string::npos || input.find('#') != std::string::npos)) {
    auto puzzle = parse_game_id(input, "game ID");
    puzzle.id = "game-id";
    return {puzzle};
  }
  // Ctrl-C or SIGTERM while a huge file is read ends the read.
  try {
    return parse(cli::read_input(input), cli::is_stdio(input) ? "stdin" : input,
                 Budget(&cli::interrupt_source()));
  } catch (const ReadStopped& stopped) {
    throw cli::Interrupted(stopped.what());
  }
}

int run(const std::vector<Puzzle>& puzzles, const Command& command) {
  const bool listing = command.all;
  const Asked asked = command.count ? Asked::count : Asked::find;
  RunOptions options;
  options.threads = listing ? 1 : command.threads;
  options.limit = command.limit;
  // Without --count: one solution, or with --limit the first solution and
  // the number found up to the limit, in one search. With --all: every
  // solution up to the limit, on one thread in the search's order (the
  // same grids on every run).
  options.mode = command.count                   ? Mode::count
                 : command.limit != 0 || listing ? Mode::all
                                                 : Mode::first;
  const Budget stop(&cli::interrupt_source());  // --timeout is per puzzle: each its own deadline
  Bar bar(command.progress, puzzles.size());
  options.progress = &bar.progress;
  cli::Results results(command.output);  // -o FILE: written at the end, atomically
  std::ostream& out = results.out();
  const auto start = SteadyClock::now();
  // --json: the document streamed, each puzzle's entry (and with --all each
  // grid) written as it comes, the status and summary last: a listing of
  // millions of grids is never held, and a stopped run still closes it.
  std::optional<cli::JsonStream> json;
  if (command.json) {
    json.emplace(out);
    json->open_array("puzzles");
  }
  Totals totals;
  int status = kExitSuccess;
  bool failed = false;  // some puzzle has no solution (a search's failure, never a count's)
  for (const auto& puzzle : puzzles) {
    // --all: each solution verified and printed (or kept for JSON) as it is found.
    std::uint64_t listed = 0;
    std::string fault;
    if (json && listing) {
      // The entry's grids come before its figures, known only at the end.
      json->open_object();
      json->member("id", puzzle.id);
      json->member("size", puzzle.size);
      json->open_array("grids");
    }
    auto list = [&](const Grid& grid) {
      ++listed;
      bar.bar.hide();
      auto verification = verify(puzzle, grid);
      if (!verification.valid && fault.empty()) fault = verification.reason;
      if (json) {
        json->item(grid_json(grid, puzzle.size));
        return;
      }
      out << "# " << puzzle.id << ": solution " << listed
          << (verification.valid ? "" : ", NOT VERIFIED: " + verification.reason) << '\n'
          << format(puzzle, grid) << '\n';
    };
    const auto puzzle_start = SteadyClock::now();
    options.budget = stop.within(command.timeout);
    bar.next_puzzle();
    Solved solved;
    try {
      solved = solve(puzzle, options, listing ? list : std::function<void(const Grid&)>());
    } catch (const std::invalid_argument& e) {
      throw cli::UsageError(puzzle.source + ": " + e.what());
    }
    // The puzzle's time includes building the instance (root propagation).
    const double puzzle_seconds = since(puzzle_start);
    bar.done.fetch_add(1, std::memory_order_relaxed);
    bar.bar.hide();
    const int puzzle_status = exit_code(solved, asked);
    status = gravest(status, puzzle_status);
    failed = failed || puzzle_status == kExitNoSolution;
    const bool stopped = puzzle_status == kExitTimeout || puzzle_status == kExitInterrupted;
    const bool unique = !stopped && options.mode != Mode::first && solved.status != Status::limit &&
                        solved.count == Count{1};
    totals.solved += !stopped && solved.verdict == Verdict::ok;
    totals.no_solution += !stopped && solved.verdict == Verdict::fail;
    totals.unique += unique;
    totals.timeouts += puzzle_status == kExitTimeout;
    if (solved.solution && !listing) {
      auto verification = verify(puzzle, *solved.solution);
      if (!verification.valid) fault = verification.reason;
    }
    if ((solved.solution || listed > 0) && fault.empty()) ++totals.verified;
    add_checked(totals.solutions, solved.count.value_or(0));
    // A count cut short (deadline, Ctrl-C, a limit) is a lower bound, never the answer.
    const bool exact = solved.status == Status::complete;
    totals.exact = totals.exact && exact;
    const bool differs = solved.solution && !puzzle.solution.empty() && unique &&
                         *solved.solution != puzzle.solution;
    const auto& stats = solved.stats;
    if (command.stats)
      std::cerr << "# " << puzzle.id << ": nodes " << stats.nodes << ", subproblems "
                << stats.subproblems << ", threads " << stats.threads << ", split "
                << milliseconds(stats.split_seconds) << ", cpu " << milliseconds(stats.cpu_seconds)
                << '\n';
    if (json) {
      nlohmann::json entry = {{"status", cli::status_word(puzzle_status)},
                              {"seconds", puzzle_seconds}};
      if (!listing) {
        entry["id"] = puzzle.id;
        entry["size"] = puzzle.size;
      }
      if (options.mode != Mode::first)
        entry[exact ? "total" : "at_least"] = count_json(solved.count.value_or(0));
      if (options.mode == Mode::all || unique) entry["unique"] = unique;
      if (listing) {
        entry["verified"] = fault.empty();
      } else if (solved.solution) {
        entry["solution"] = grid_json(*solved.solution, puzzle.size);
        entry["verified"] = fault.empty();
      }
      if (!fault.empty()) entry["fault"] = fault;
      if (command.stats) entry["stats"] = stats_json(stats);
      if (listing) {
        json->close();  // the grids
        for (const auto& [key, value] : entry.items()) json->member(key, value);
        json->close();  // the entry
      } else {
        json->item(entry);
      }
    } else {
      out << "# " << puzzle.id << ": " << words(solved, options.mode, command.limit);
      if (listing && listed > 0)
        out << (fault.empty() ? ", all verified" : ", NOT VERIFIED: " + fault);
      else if (solved.solution)
        out << (fault.empty() ? ", verified" : ", NOT VERIFIED: " + fault);
      if (differs) out << ", differs from the file's solution";
      out << " (" << milliseconds(puzzle_seconds) << ")\n";
      if (solved.solution && !listing) out << format(puzzle, *solved.solution) << '\n';
    }
    if (puzzle_status == kExitInterrupted) break;
  }
  const double seconds = since(start);
  bar.bar.hide();
  if (json) {
    nlohmann::json summary = {{"puzzles", puzzles.size()},         {"solved", totals.solved},
                              {"no_solution", totals.no_solution}, {"timeouts", totals.timeouts},
                              {"verified", totals.verified},       {"seconds", seconds}};
    if (options.mode != Mode::first) {
      summary["unique"] = totals.unique;
      summary[totals.exact ? "total" : "at_least"] = count_json(totals.solutions);
    }
    json->close();  // the puzzles
    json->member("status", cli::status_word(status));
    json->member("summary", summary);
    json->finish();
  } else {
    out << "# " << puzzles.size() << (puzzles.size() == 1 ? " puzzle: " : " puzzles: ")
        << totals.solved << " solved";
    if (options.mode != Mode::first) out << " (" << totals.unique << " unique)";
    if (totals.verified > 0) out << ", " << totals.verified << " verified";
    out << ", " << totals.no_solution << " without solution";
    if (totals.timeouts) out << ", " << totals.timeouts << " timed out";
    if (command.count)
      out << ", " << (totals.exact ? "" : "at least ") << to_string(totals.solutions)
          << " solutions in all" << (totals.exact ? "" : " (incomplete)");
    out << "; total " << milliseconds(seconds) << '\n';
  }
  results.keep();
  if (failed) std::cerr << "no solution" << (puzzles.size() > 1 ? " for some puzzles\n" : "\n");
  return status;
}

}  // namespace nursery::skyscrapers
