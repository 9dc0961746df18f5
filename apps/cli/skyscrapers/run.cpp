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

// The solutions a count or a listing found: its total, the limit it
// reached, or as many as it found before its deadline (a lower bound).
Count found(const Solved& solved) {
  return solved.count ? *solved.count : solved.at_least.value_or(0);
}

// One puzzle's outcome, as the run prints and totals it.
struct PuzzleOutcome {
  Solved solved;
  int status = kExitSuccess;  // exit_code(solved, asked)
  bool stopped = false;       // timeout or interrupted
  bool unique = false;        // counted (or listed) to the end: exactly one solution
  bool exact = false;         // the count is complete: a total, not a lower bound
  std::uint64_t listed = 0;   // --all: the grids listed
  std::string fault;          // the first answer the verifier refused, why
  double seconds = 0;         // with building the instance (root propagation)
};

// nursery skyscrapers FILE's run: every puzzle solved under its own
// deadline, checked, printed (text, or one JSON document streamed), then
// the summary; the exit status is the gravest of the puzzles'.
class FileRun {
 public:
  FileRun(const std::vector<Puzzle>& puzzles, const SkyscrapersRequest& request)
      : puzzles_(puzzles),
        request_(request),
        listing_(request.all),
        asked_(request.count ? Asked::count : Asked::find),
        bar_(request.progress, puzzles.size()),
        results_(request.output),
        out_(results_.out()) {
    options_.threads = listing_ ? 1 : request.threads;
    options_.limit = request.limit;
    // Without --count: one solution, or with --limit the first solution
    // and the number found up to the limit, in one search. With --all:
    // every solution up to the limit, on one thread in the search's order
    // (the same grids on every run).
    options_.mode = request.count                    ? Mode::count
                    : request.limit != 0 || listing_ ? Mode::all
                                                     : Mode::first;
    options_.progress = &bar_.progress;
  }

  int run() {
    const auto start = SteadyClock::now();
    // --json: the document streamed, each puzzle's entry (and with --all
    // each grid) written as it comes, the status and summary last: a
    // listing of millions of grids is never held, and a stopped run still
    // closes it.
    if (request_.json) {
      json_.emplace(out_);
      json_->open_array("puzzles");
    }
    for (const auto& puzzle : puzzles_) {
      const PuzzleOutcome outcome = solve_one(puzzle);
      tally(outcome);
      print_stats(puzzle, outcome.solved.stats);
      if (json_)
        print_json(puzzle, outcome);
      else
        print_text(puzzle, outcome);
      if (outcome.status == kExitInterrupted) break;
    }
    const double seconds = since(start);
    bar_.bar.hide();
    if (json_)
      print_json_summary(seconds);
    else
      print_text_summary(seconds);
    results_.keep();
    if (failed_) std::cerr << "no solution" << (puzzles_.size() > 1 ? " for some puzzles\n" : "\n");
    return status_;
  }

 private:
  PuzzleOutcome solve_one(const Puzzle& puzzle);
  void tally(const PuzzleOutcome& outcome);
  void print_stats(const Puzzle& puzzle, const Stats& stats) const;
  void print_json(const Puzzle& puzzle, const PuzzleOutcome& outcome);
  void print_text(const Puzzle& puzzle, const PuzzleOutcome& outcome);
  void print_json_summary(double seconds);
  void print_text_summary(double seconds);

  const std::vector<Puzzle>& puzzles_;
  const SkyscrapersRequest& request_;
  const bool listing_;  // --all
  const Asked asked_;
  SolveOptions options_;
  // --timeout is per puzzle: each its own deadline within this.
  const Budget stop_{&cli::interrupt_source()};
  Bar bar_;
  cli::Results results_;  // -o FILE: written at the end, atomically
  std::ostream& out_;
  std::optional<cli::JsonStream> json_;
  Totals totals_;
  int status_ = kExitSuccess;
  bool failed_ = false;  // some puzzle has no solution (a search's failure, never a count's)
};

PuzzleOutcome FileRun::solve_one(const Puzzle& puzzle) {
  PuzzleOutcome outcome;
  if (json_ && listing_) {
    // The entry's grids come before its figures, known only at the end.
    json_->open_object();
    json_->member("id", puzzle.id);
    json_->member("size", puzzle.size);
    json_->open_array("grids");
  }
  // --all: each solution verified and printed (or kept for JSON) as it is found.
  auto list = [&](const Grid& grid) {
    ++outcome.listed;
    bar_.bar.hide();
    auto verification = verify(puzzle, grid);
    if (!verification.valid && outcome.fault.empty()) outcome.fault = verification.reason;
    if (json_) {
      json_->item(grid_json(grid, puzzle.size));
      return;
    }
    out_ << "# " << puzzle.id << ": solution " << outcome.listed
         << (verification.valid ? "" : ", NOT VERIFIED: " + verification.reason) << '\n'
         << format(puzzle, grid) << '\n';
  };
  const auto puzzle_start = SteadyClock::now();
  options_.budget = stop_.within(request_.timeout);
  bar_.next_puzzle();
  try {
    outcome.solved = solve(puzzle, options_, listing_ ? list : std::function<void(const Grid&)>());
  } catch (const std::invalid_argument& e) {
    throw cli::UsageError(puzzle.source + ": " + e.what());
  }
  outcome.seconds = since(puzzle_start);
  bar_.done.fetch_add(1, std::memory_order_relaxed);
  bar_.bar.hide();
  const Solved& solved = outcome.solved;
  outcome.status = exit_code(solved, asked_);
  outcome.stopped = outcome.status == kExitTimeout || outcome.status == kExitInterrupted;
  outcome.unique = !outcome.stopped && options_.mode != Mode::first &&
                   solved.status != Status::limit && solved.count == Count{1};
  if (solved.solution && !listing_) {
    auto verification = verify(puzzle, *solved.solution);
    if (!verification.valid) outcome.fault = verification.reason;
  }
  // A count cut short (deadline, Ctrl-C, a limit) is a lower bound, never the answer.
  outcome.exact = solved.status == Status::complete;
  return outcome;
}

void FileRun::tally(const PuzzleOutcome& outcome) {
  const Solved& solved = outcome.solved;
  status_ = gravest(status_, outcome.status);
  failed_ = failed_ || outcome.status == kExitNoSolution;
  totals_.solved += !outcome.stopped && solved.verdict == Verdict::ok;
  totals_.no_solution += !outcome.stopped && solved.verdict == Verdict::fail;
  totals_.unique += outcome.unique;
  totals_.timeouts += outcome.status == kExitTimeout;
  if ((solved.solution || outcome.listed > 0) && outcome.fault.empty()) ++totals_.verified;
  add_checked(totals_.solutions, found(solved));
  totals_.exact = totals_.exact && outcome.exact;
}

void FileRun::print_stats(const Puzzle& puzzle, const Stats& stats) const {
  if (!request_.stats) return;
  std::cerr << "# " << puzzle.id << ": nodes " << stats.nodes << ", subproblems "
            << stats.subproblems << ", threads " << stats.threads << ", split "
            << milliseconds(stats.split_seconds) << ", cpu " << milliseconds(stats.cpu_seconds)
            << '\n';
}

void FileRun::print_json(const Puzzle& puzzle, const PuzzleOutcome& outcome) {
  const Solved& solved = outcome.solved;
  nlohmann::json entry = {{"status", cli::status_word(outcome.status)},
                          {"seconds", outcome.seconds}};
  if (!listing_) {
    entry["id"] = puzzle.id;
    entry["size"] = puzzle.size;
  }
  if (options_.mode != Mode::first)
    entry[outcome.exact ? "total" : "at_least"] = count_json(found(solved));
  if (options_.mode == Mode::all || outcome.unique) entry["unique"] = outcome.unique;
  if (listing_) {
    entry["verified"] = outcome.fault.empty();
  } else if (solved.solution) {
    entry["solution"] = grid_json(*solved.solution, puzzle.size);
    entry["verified"] = outcome.fault.empty();
  }
  if (!outcome.fault.empty()) entry["fault"] = outcome.fault;
  if (request_.stats) entry["stats"] = stats_json(solved.stats);
  if (listing_) {
    json_->close();  // the grids
    for (const auto& [key, value] : entry.items()) json_->member(key, value);
    json_->close();  // the entry
  } else {
    json_->item(entry);
  }
}

void FileRun::print_text(const Puzzle& puzzle, const PuzzleOutcome& outcome) {
  const Solved& solved = outcome.solved;
  const std::string& fault = outcome.fault;
  const bool differs = solved.solution && !puzzle.solution.empty() && outcome.unique &&
                       *solved.solution != puzzle.solution;
  out_ << "# " << puzzle.id << ": " << words(solved, options_.mode, request_.limit);
  if (listing_ && outcome.listed > 0)
    out_ << (fault.empty() ? ", all verified" : ", NOT VERIFIED: " + fault);
  else if (solved.solution)
    out_ << (fault.empty() ? ", verified" : ", NOT VERIFIED: " + fault);
  if (differs) out_ << ", differs from the file's solution";
  out_ << " (" << milliseconds(outcome.seconds) << ")\n";
  if (solved.solution && !listing_) out_ << format(puzzle, *solved.solution) << '\n';
}

void FileRun::print_json_summary(double seconds) {
  // Batch's words for the same figures (docs/json.md): ok, fail, timeout.
  nlohmann::json summary = {{"puzzles", puzzles_.size()},   {"ok", totals_.solved},
                            {"fail", totals_.no_solution},  {"timeout", totals_.timeouts},
                            {"verified", totals_.verified}, {"seconds", seconds}};
  if (options_.mode != Mode::first) {
    summary["unique"] = totals_.unique;
    summary[totals_.exact ? "total" : "at_least"] = count_json(totals_.solutions);
  }
  json_->close();  // the puzzles
  json_->member("status", cli::status_word(status_));
  json_->member("summary", summary);
  json_->finish();
}

void FileRun::print_text_summary(double seconds) {
  out_ << "# " << puzzles_.size() << (puzzles_.size() == 1 ? " puzzle: " : " puzzles: ")
       << totals_.solved << " solved";
  if (options_.mode != Mode::first) out_ << " (" << totals_.unique << " unique)";
  if (totals_.verified > 0) out_ << ", " << totals_.verified << " verified";
  out_ << ", " << totals_.no_solution << " without solution";
  if (totals_.timeouts) out_ << ", " << totals_.timeouts << " timed out";
  if (request_.count)
    out_ << ", " << (totals_.exact ? "" : "at least ") << to_string(totals_.solutions)
         << " solutions in all" << (totals_.exact ? "" : " (incomplete)");
  out_ << "; total " << milliseconds(seconds) << '\n';
}

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

int run(const std::vector<Puzzle>& puzzles, const SkyscrapersRequest& request) {
  return FileRun(puzzles, request).run();
}

}  // namespace nursery::skyscrapers
