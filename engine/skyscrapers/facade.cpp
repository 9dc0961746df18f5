// Files of Skyscrapers puzzles for the generic drivers (batch): one answer
// per puzzle, solved as `nursery skyscrapers` solves it, under a `# id`
// header that the answer's reader and take_back find again.
#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "nursery/skyscrapers.hpp"
#include "nursery/stamp.hpp"

namespace nursery::skyscrapers {

namespace {

constexpr const char* kNoSolution = "no solution";

// The content hash of a puzzle: its line format (id, size, clues, givens,
// the known solution), so one puzzle edited in a file of many costs only
// its own answer.
ContentHash hash_of(const Puzzle& puzzle) {
  return ContentHash().add(format_instance(puzzle, Form::line));
}

// Every part of the answer file leads with its puzzle's hash, then the
// `# id` line.
std::string header(const Puzzle& puzzle, std::string_view words) {
  return stamp_line(hash_of(puzzle)) + "# " + puzzle.id + ": " +
         std::string(words) + "\n";
}

std::string grid_answer(const Puzzle& puzzle, const Grid& heights) {
  return stamp_line(hash_of(puzzle)) + "# " + puzzle.id + "\n" +
         format(puzzle, heights) + "\n";
}

bool fits(const Puzzle& puzzle, const Grid& heights) {
  return heights.size() == static_cast<std::size_t>(puzzle.size * puzzle.size);
}

// One puzzle's part of an answer file written by batch: from its stamp line
// to the next one.
struct Part {
  std::string hash;
  std::string id;         // from its `# id` or `# id: words` line
  std::string words;      // after `: `; empty for a grid
  bool note = false;      // `# id: words` (no grid)
  std::string_view text;  // the part after its stamp line
};

// The parts of an answer file, in order. Text before the first stamp line
// (an answer typed by hand, or an older build's) belongs to no puzzle.
std::vector<Part> parts_of(std::string_view output) {
  std::vector<Part> parts;
  std::size_t at = 0, body = 0;
  auto close = [&](std::size_t end) {
    if (!parts.empty()) parts.back().text = output.substr(body, end - body);
  };
  while (at < output.size()) {
    std::size_t end = output.find('\n', at);
    if (end == std::string_view::npos) end = output.size();
    const std::string_view line = output.substr(at, end - at);
    if (auto hash = stamp_of(line)) {
      close(at);
      parts.push_back({std::move(*hash), {}, {}, false, {}});
      body = std::min(end + 1, output.size());
    } else if (!parts.empty() && parts.back().id.empty() && parts.back().words.empty() &&
               !parts.back().note) {
      auto words = tokens_of(line);
      if (!words.empty() && words[0] == "#" && words.size() >= 2) {
        Part& part = parts.back();
        auto trimmed = line.substr(line.find('#') + 1);
        auto colon = trimmed.find(": ");
        auto id = tokens_of(trimmed.substr(0, colon));
        if (id.size() == 1) {
          part.id = std::string(id[0]);
          if (colon != std::string_view::npos) {
            part.note = true;
            auto rest = trimmed.substr(colon + 2);
            while (!rest.empty() && (rest.back() == '\r' || rest.back() == ' '))
              rest.remove_suffix(1);
            part.words = std::string(rest);
          }
        }
      }
    }
    at = end + 1;
  }
  close(output.size());
  return parts;
}

}  // namespace
Label Facade::label(const Puzzle& puzzle) {
  auto n = std::to_string(puzzle.size);
  return {puzzle.id, n + "x" + n, puzzle.source};
}

Facade::Answer Facade::answer(const Puzzle& puzzle, const Ask& ask, const Options& options) {
  SolveOptions run;
  if (ask.count) run.mode = Mode::count;
  if (ask.count) run.limit = options.limit;
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

std::optional<std::vector<Checked>> Facade::verify_answers(
    std::string_view input, std::string_view answer, const std::string& input_name,
    const std::string& answer_name, const Budget& budget, Progress*, const VerifyAsk&) {
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
  // Each puzzle takes the part written for it by id; puzzles that share an
  // id go by order, the k-th such puzzle the k-th part of that id, as
  // `nursery verify` matches them. The part must hold the hash of the puzzle
  // as it is now: a part of a puzzle since edited, or with no hash, is
  // solved again.
  std::map<std::string, std::deque<Part>, std::less<>> by_id;
  for (auto& part : parts_of(output))
    if (!part.id.empty()) by_id[part.id].push_back(std::move(part));
  std::vector<std::optional<Taken>> taken(puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Puzzle& puzzle = puzzles[i];
    auto found = by_id.find(puzzle.id);
    if (found == by_id.end() || found->second.empty()) continue;
    const Part part = std::move(found->second.front());
    found->second.pop_front();
    if (part.hash != hash_of(puzzle).hex()) continue;
    Taken one;
    if (ask.count) {
      // "# id: N solutions": no checker can vouch for a count.
      auto space = part.words.find(' ');
      if (!part.note || space == std::string::npos || part.words.substr(space + 1) != "solutions")
        continue;
      one.report.count = read_count(std::string_view(part.words).substr(0, space));
      if (!one.report.count) continue;
      one.note =
          "resumed count unverified (a count has no independent check; its puzzle is "
          "unchanged)";
      one.text = header(puzzle, part.words);
    } else if (part.note) {
      if (part.words != kNoSolution) continue;  // a timeout or an error: solve again
      one.report.verdict = Verdict::fail;
      one.note =
          "resumed 'no solution' unverified (cannot be checked independently; its "
          "puzzle is unchanged)";
      one.text = header(puzzle, kNoSolution);
    } else {
      std::vector<skyscrapers::Answer> grids;
      try {
        grids = read_answer(part.text, "answer");
      } catch (const std::exception&) {
        continue;  // unreadable: solve it again
      }
      if (grids.size() != 1 || grids[0].id != puzzle.id || !fits(puzzle, grids[0].heights) ||
          (!grids[0].clues.empty() && grids[0].clues != puzzle.clues) ||
          !verify(puzzle, grids[0].heights).valid)
        continue;
      one.report.verdict = Verdict::ok;
      one.verified = true;
      one.text = grid_answer(puzzle, grids[0].heights);
    }
    taken[i] = std::move(one);
  }
  return taken;
}

}  // namespace nursery::skyscrapers
