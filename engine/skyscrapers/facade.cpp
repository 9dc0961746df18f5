// Files of Skyscrapers puzzles for the generic drivers (batch): one answer
// per puzzle, solved as `nursery skyscrapers` solves it, under a `# id`
// header that the answer's reader and take_back find again.
#include <algorithm>
#include <map>
#include <set>

#include "nursery/skyscrapers.hpp"

namespace nursery::skyscrapers {

namespace {

constexpr const char* kNoSolution = "no solution";

std::string header(const Puzzle& puzzle, std::string_view words) {
  return "# " + puzzle.id + ": " + std::string(words) + "\n";
}

std::string grid_answer(const Puzzle& puzzle, const Grid& heights) {
  return "# " + puzzle.id + "\n" + format(puzzle, heights) + "\n";
}

bool fits(const Puzzle& puzzle, const Grid& heights) {
  return heights.size() == static_cast<std::size_t>(puzzle.size * puzzle.size);
}

}  // namespace

Label Facade::label(const Puzzle& puzzle) {
  auto n = std::to_string(puzzle.size);
  return {puzzle.id, n + "x" + n, puzzle.source};
}

Facade::Answer Facade::answer(const Puzzle& puzzle, const Ask& ask) {
  RunOptions run;
  run.mode = ask.count ? Mode::count : Mode::first;
  run.threads = ask.threads;
  run.budget = ask.budget;
  return solve(puzzle, run);
}

std::string Facade::write(const Puzzle& puzzle, const Answer& answer, const Ask& ask) {
  if (ask.count) return header(puzzle, to_string(*answer.count) + " solutions");
  if (answer.solution) return grid_answer(puzzle, *answer.solution);
  return header(puzzle, kNoSolution);
}

std::string Facade::write_none(const Puzzle& puzzle, std::string_view word) {
  return header(puzzle, word);
}

std::optional<Verification> Facade::check(const Puzzle& puzzle, std::string_view,
                                          std::string_view answer, const Budget&) {
  if (answer == header(puzzle, kNoSolution))
    return Verification{false, "no solution (cannot be checked independently)", true};
  std::vector<skyscrapers::Answer> grids;
  try {
    grids = read_answer(answer, puzzle.source + " (answer)");
  } catch (const InputError&) {
  }
  if (grids.size() != 1) return Verification{false, "the answer does not read back as one grid"};
  if (!fits(puzzle, grids[0].heights))
    return Verification{false, "the answer's grid has the wrong size"};
  return verify(puzzle, grids[0].heights);
}

std::optional<std::vector<Checked>> Facade::verify_answers(std::string_view input,
                                                           std::string_view answer,
                                                           const std::string& input_name,
                                                           const std::string& answer_name,
                                                           const Budget& budget, Progress*) {
  // The budget is looked at while reading too (a file of gigabytes).
  std::vector<Puzzle> puzzles;
  std::vector<skyscrapers::Answer> answers;
  try {
    puzzles = parse(input, input_name, budget);
    answers = read_answer(answer, answer_name, budget);
  } catch (const ReadStopped&) {
    return std::nullopt;
  }
  // A file of a million puzzles takes a while: the budget is looked at
  // between the stages (each puzzle's check takes microseconds).
  if (budget.spent()) return std::nullopt;
  auto faults = skyscrapers::verify_answers(puzzles, answers, answer_name);
  if (budget.spent()) return std::nullopt;
  // The solver's own "# id: no solution" line: a FAIL claim, which the
  // checker can neither prove nor refute (as batch --verify says of it).
  std::set<std::string, std::less<>> claimed_none;
  // (batch writes the line bare, nursery skyscrapers with its time after it)
  for (std::size_t start = 0; start < answer.size();) {
    const std::size_t end = std::min(answer.find_first_of("\r\n", start), answer.size());
    const std::string_view line = answer.substr(start, end - start);
    start = end + 1;
    constexpr std::string_view kClaim = ": no solution";
    const auto claim = line.find(kClaim);
    if (line.substr(0, 2) != "# " || claim == std::string_view::npos || claim <= 2) continue;
    const auto rest = line.substr(claim + kClaim.size());
    if (rest.empty() || rest.substr(0, 2) == " (") claimed_none.emplace(line.substr(2, claim - 2));
  }
  std::vector<Checked> checked;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const bool unanswered = faults[i].rfind("no answer in ", 0) == 0;
    if (unanswered && claimed_none.count(puzzles[i].id) != 0)
      checked.push_back(
          {puzzles[i].id, {false, "no solution (cannot be checked independently)", true}});
    else
      checked.push_back({puzzles[i].id, {faults[i].empty(), faults[i]}});
  }
  return checked;
}

std::vector<std::optional<Taken>> Facade::take_back(const std::vector<Puzzle>& puzzles,
                                                    std::string_view, std::string_view output,
                                                    const Ask& ask) {
  // Header lines "# id: ..." say what became of puzzles without a grid.
  std::map<std::string, std::string, std::less<>> notes;
  for (auto line : meaningful_lines(output, output.size())) {
    if (line.size() < 3 || line[0] != '#') continue;
    auto colon = line.find(": ");
    if (colon == std::string_view::npos) continue;
    auto id = tokens_of(line.substr(1, colon - 1));
    if (id.size() == 1) notes[std::string(id[0])] = std::string(line.substr(colon + 2));
  }
  std::map<std::string, Grid> grids;
  std::vector<std::optional<Taken>> taken(puzzles.size());
  if (!ask.count) {
    try {
      for (auto& answer : read_answer(output, "answer"))
        if (!answer.id.empty()) grids[answer.id] = answer.heights;
    } catch (const std::exception&) {
      return taken;  // unreadable: solve the whole file again
    }
  }
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Puzzle& puzzle = puzzles[i];
    auto note = notes.find(puzzle.id);
    Taken one;
    if (ask.count) {
      if (note == notes.end()) continue;
      const std::string& words = note->second;
      auto space = words.find(' ');
      if (space == std::string::npos || words.substr(space + 1) != "solutions") continue;
      one.report.count = read_count(std::string_view(words).substr(0, space));
      if (!one.report.count) continue;
      one.text = header(puzzle, words);
    } else if (auto grid = grids.find(puzzle.id); grid != grids.end()) {
      if (!fits(puzzle, grid->second) || !verify(puzzle, grid->second).valid) continue;
      one.report.verdict = Verdict::ok;
      one.verified = true;
      one.text = grid_answer(puzzle, grid->second);
    } else if (note != notes.end() && note->second == kNoSolution) {
      one.report.verdict = Verdict::fail;
      one.text = header(puzzle, kNoSolution);
    } else {
      continue;
    }
    taken[i] = std::move(one);
  }
  return taken;
}

}  // namespace nursery::skyscrapers
