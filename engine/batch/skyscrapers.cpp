// Skyscrapers files in a batch: one row per puzzle of the file, solved side
// by side; the answer file holds each puzzle's grid (or what became of it)
// under a `# id` header.
#include <map>
#include <nursery/skyscrapers.hpp>

#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

namespace sky = nursery::skyscrapers;
using Puzzles = std::shared_ptr<const std::vector<sky::Puzzle>>;

const sky::Puzzle& puzzle_of(const FileJob& job, std::size_t item) {
  return (*std::any_cast<Puzzles>(job.problem))[item];
}

void load(FileJob& job) {
  auto puzzles = std::make_shared<const std::vector<sky::Puzzle>>(
      sky::parse(job.text, job.source.display));
  job.rows.resize(puzzles->size());
  for (std::size_t i = 0; i < puzzles->size(); ++i) {
    const auto& puzzle = (*puzzles)[i];
    job.rows[i].id = puzzle.id;
    job.rows[i].size = std::to_string(puzzle.size) + "x" + std::to_string(puzzle.size);
  }
  job.problem = std::move(puzzles);
}

void solve(FileJob& job, std::size_t i, const Settings& settings, const StopSource& stop,
           unsigned) {
  const auto& puzzle = puzzle_of(job, i);
  Row& row = job.rows[i];
  std::string& answer = job.answers[i];
  RunOptions run;
  run.mode = settings.count ? Mode::count : Mode::first;
  run.budget = Budget(&stop, settings.timeout);
  sky::Solved solved;
  try {
    solved = sky::solve(puzzle, run);
  } catch (const std::invalid_argument& e) {
    row.status = Status::error;
    row.message = puzzle.source + ": " + e.what();
    answer = "# " + puzzle.id + ": error\n";
    return;
  }
  const auto& result = solved.result;
  row.nodes = result.stats.nodes;
  if (settings.count) {
    row.status = from_scheduler(Status::ok, result.status, stop);  // 0 is a count too
    if (result.status == nursery::Status::complete) row.count = result.count;
  } else {
    row.status = from_scheduler(solved.first ? Status::ok : Status::fail, result.status, stop);
    if (solved.first) row.status = Status::ok;
  }
  if (row.status == Status::timeout) {
    answer = "# " + puzzle.id + ": timeout\n";
  } else if (settings.count && row.count) {
    answer = "# " + puzzle.id + ": " + nursery::to_string(*row.count) + " solutions\n";
  } else if (solved.first) {
    answer = "# " + puzzle.id + "\n" + sky::format(puzzle, *solved.first) + "\n";
  } else if (row.status == Status::fail) {
    answer = "# " + puzzle.id + ": no solution\n";
  }
}

Check check(const FileJob& job, std::size_t i, const Settings&, const StopSource&) {
  Check check;
  if (job.rows[i].status == Status::fail) {
    check.note = "no solution (cannot be checked independently)";
    return check;
  }
  const auto& puzzle = puzzle_of(job, i);
  auto answers = sky::read_answer(job.answers[i], job.source.display + " (answer)");
  if (answers.size() != 1)
    check.fault = "the answer does not read back as one grid";
  else if (answers[0].heights.size() != static_cast<std::size_t>(puzzle.size * puzzle.size))
    check.fault = "the answer's grid has the wrong size";
  else if (auto verification = sky::verify(puzzle, answers[0].heights); !verification.valid)
    check.fault = verification.reason;
  check.verified = check.fault.empty();
  return check;
}

void resume(FileJob& job, const Settings& settings, const std::string& out) {
  // Header lines "# id: ..." say what became of puzzles without a grid.
  std::map<std::string, std::string, std::less<>> notes;
  for (auto line : meaningful_lines(out, out.size())) {
    if (line.size() < 3 || line[0] != '#') continue;
    auto colon = line.find(": ");
    if (colon == std::string_view::npos) continue;
    auto id = tokens_of(line.substr(1, colon - 1));
    if (id.size() == 1) notes[std::string(id[0])] = std::string(line.substr(colon + 2));
  }
  std::map<std::string, sky::Grid> grids;
  if (!settings.count) {
    try {
      for (auto& answer : sky::read_answer(out, job.source.output))
        if (!answer.id.empty()) grids[answer.id] = answer.heights;
    } catch (const std::exception&) {
      return;  // unreadable: solve the whole file again
    }
  }
  for (std::size_t i = 0; i < job.rows.size(); ++i) {
    const auto& puzzle = puzzle_of(job, i);
    Row& row = job.rows[i];
    auto note = notes.find(puzzle.id);
    if (settings.count) {
      if (note == notes.end()) continue;
      const auto& words = note->second;
      auto space = words.find(' ');
      if (space == std::string::npos || words.substr(space + 1) != "solutions") continue;
      auto count = read_count(std::string_view(words).substr(0, space));
      if (!count) continue;
      row.count = count;
      row.status = Status::ok;
      job.answers[i] = "# " + puzzle.id + ": " + words + "\n";
    } else {
      auto grid = grids.find(puzzle.id);
      if (grid != grids.end()) {
        if (grid->second.size() != static_cast<std::size_t>(puzzle.size * puzzle.size) ||
            !sky::verify(puzzle, grid->second).valid)
          continue;
        row.status = Status::ok;
        row.verified = true;
        job.answers[i] = "# " + puzzle.id + "\n" + sky::format(puzzle, grid->second) + "\n";
      } else if (note != notes.end() && note->second == "no solution") {
        row.status = Status::fail;
        job.answers[i] = "# " + puzzle.id + ": no solution\n";
      } else {
        continue;
      }
    }
    row.resumed = true;
  }
}

}  // namespace

const KindEntry kSkyscrapers = {"skyscrapers", sky::sniff, false, load, solve, check, resume};

}  // namespace nursery::batch
