// Baby-lizards boards for the generic drivers (batch): the kind's own
// solve() (so batch and `nursery lizards` answer a board the same way),
// answers in the homework format, checked by the independent verifier
// against the input text.
#include "nursery/lizards.hpp"
#include "nursery/stamp.hpp"

namespace nursery::lizards {

namespace {

// The content hash of a board: n, p and its cells (the algorithm line
// changes no answer).
ContentHash hash_of(const Board& board) {
  ContentHash hash;
  hash.add("lizards " + std::to_string(board.n) + " " + std::to_string(board.p) + "\n");
  hash.add(std::string_view(reinterpret_cast<const char*>(board.cells.data()), board.cells.size()));
  return hash;
}

}  // namespace

std::vector<Facade::Puzzle> Facade::read(std::string_view text, const std::string& file) {
  std::vector<Puzzle> boards;
  boards.push_back(parse(text, file));
  return boards;
}

Label Facade::label(const Puzzle& board) {
  auto n = std::to_string(board.n);
  return {"", n + "x" + n + " p=" + std::to_string(board.p), ""};
}

Facade::Answer Facade::answer(const Puzzle& board, const Ask& ask, const Options& chosen) {
  SolveOptions options = chosen;
  options.count = ask.count;
  options.threads = ask.threads;
  options.budget = ask.budget;
  return solve(board, options);
}

std::string Facade::write(const Puzzle& board, const Answer& answer, const Ask& ask) {
  // A count leads with its board's hash (no checker can vouch for it); a
  // decision stays in the homework's format, checked whole on resume.
  if (ask.count) return stamp_line(hash_of(board)) + to_string(*answer.count) + "\n";
  return format(board, answer.solution ? &*answer.solution : nullptr);
}

std::optional<Verification> Facade::check(const Puzzle&, std::string_view input,
                                          std::string_view answer, const Budget& budget) {
  return verify(input, answer, budget);  // seconds on a 10,000 x 10,000 board: polls the stop
}

std::optional<std::vector<Checked>> Facade::verify_answers(
    std::string_view input, std::string_view answer, const std::string& input_name,
    const std::string&, const Budget& budget, Progress* progress, const VerifyAsk& ask) {
  // A board the solver refuses is bad input (InputError: the file, the line,
  // what was expected), never judged. The checker then reads both texts
  // itself (it shares no code with the parser).
  (void)parse(input, input_name);
  auto checked = verify(input, answer, budget, progress,
                        ask.at_least_p ? Placed::at_least_p : Placed::exactly_p);
  if (!checked) return std::nullopt;
  return std::vector<Checked>{{"", std::move(*checked)}};
}

std::vector<std::optional<Taken>> Facade::take_back(const std::vector<Puzzle>& boards,
                                                    std::string_view input, std::string_view output,
                                                    const Ask& ask) {
  Taken taken;
  taken.text = output;
  if (ask.count) {
    // Kept only for the board it was counted on: no hash (a count typed by
    // hand, or an older build's) or another board's is counted again.
    const auto rest = stamped_for(output, hash_of(boards.at(0)));
    if (!rest) return {std::nullopt};
    taken.report.count = read_count(*rest);
    if (!taken.report.count) return {std::nullopt};
    taken.note = "resumed count unverified (no table of lizards counts; its board is unchanged)";
    return {std::move(taken)};
  }
  // The whole answer against the board as it is now: its trees, exactly p
  // lizards, none seeing another; a FAIL only when the checker proves it.
  if (!verify(input, output).valid) return {std::nullopt};
  auto lines = meaningful_lines(output, 1);
  taken.report.verdict = !lines.empty() && lines[0] == "FAIL" ? Verdict::fail : Verdict::ok;
  taken.verified = true;
  return {std::move(taken)};
}

}  // namespace nursery::lizards
