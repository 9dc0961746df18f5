// `queens N` files for the generic drivers (batch): one solution as every
// command finds it (the search up to 32, the construction beyond), or the
// exact count as `nursery count` makes it (count(): the join from its
// threshold, the bitboard below, or the method asked for).
#include <stdexcept>

#include "nursery/scheduler.hpp"
#include "nursery/stamp.hpp"
#include "queens/counters.hpp"

namespace nursery::queens {

namespace {

// An answer that claims no solution: FAIL alone on its text.
bool claims_none(std::string_view answer) {
  auto lines = meaningful_lines(answer, 2);
  return lines.size() == 1 && lines[0] == "FAIL";
}

// The content hash of a `queens N` file: its N.
ContentHash hash_of(Facade::Puzzle n) {
  return ContentHash().add("queens " + std::to_string(n));
}

}  // namespace

Facade::Answer Facade::answer(Puzzle n, const Ask& ask, const Options& options) {
  RunOptions run;
  run.budget = ask.budget;
  run.threads = ask.threads;
  if (!ask.count) {
    Answer found = find_one(n, run);
    if (found.verdict == Verdict::fail) found.how = "n = 2 and 3 have no solution";
    return found;
  }
  if (n > static_cast<std::uint32_t>(kMaxCountN))
    throw std::invalid_argument("--count: N-queens counts are exact up to n = " +
                                std::to_string(kMaxCountN) + ", found n = " + std::to_string(n));
  CountOptions counting;
  counting.method = options.method;
  counting.unique = false;  // a batch row holds the total
  counting.memory = options.memory;
  counting.run = run;
  Counted counted = count(static_cast<int>(n), counting);
  Answer answer;
  static_cast<Report&>(answer) = std::move(counted);
  return answer;
}

std::string Facade::write(Puzzle n, const Answer& answer, const Ask& ask) {
  std::string text = stamp_line(hash_of(n));
  if (ask.count) return text + to_string(*answer.count) + "\n";
  if (!answer.solution) return text + "FAIL\n";
  return text + (n <= 64 ? format(*answer.solution, Format::board)
                         : format(*answer.solution, Format::rows) + "\n");
}

std::string Facade::expected(Puzzle n, bool count) {
  if (!count) return n == 2 || n == 3 ? "FAIL" : "OK";
  const auto total = known_total(n);
  return total ? std::to_string(*total) : std::string();
}

std::optional<Verification> Facade::check(Puzzle n, std::string_view, std::string_view answer,
                                          const Budget& budget) {
  answer = read_stamp(answer).rest;  // batch's answers lead with their input's hash
  if (claims_none(answer)) {
    if (n == 2 || n == 3) return Verification{true, "n = 2 and 3 have no solution"};
    return Verification{false, "FAIL claimed for n = " + std::to_string(n)};
  }
  auto checked = verify(n, read_answer(answer, n), budget);
  if (!checked) return std::nullopt;  // the budget was spent first
  Verification verification = std::move(*checked);
  if (verification.valid)
    verification.reason = std::to_string(n) + " queens, no two on one row, column or diagonal";
  else if (verification.reason.empty())
    verification.reason = "invalid";
  return verification;
}

std::optional<std::vector<Checked>> Facade::verify_answers(std::string_view input,
                                                           std::string_view answer,
                                                           const std::string& input_name,
                                                           const std::string&, const Budget& budget,
                                                           Progress*, const VerifyAsk&) {
  const Puzzle n = parse(input, input_name);
  return std::vector<Checked>{{"", *check(n, input, answer, budget)}};
}

std::vector<std::optional<Taken>> Facade::take_back(const std::vector<Puzzle>& puzzles,
                                                    std::string_view input, std::string_view output,
                                                    const Ask& ask) {
  const Puzzle n = puzzles.at(0);
  // An answer written for another input (or by hand, or by an older build:
  // no hash) is solved again.
  const auto rest = stamped_for(output, hash_of(n));
  if (!rest) return {std::nullopt};
  Taken taken;
  taken.text = output;
  if (ask.count) {
    auto count = read_count(*rest);
    if (!count) return {std::nullopt};
    taken.report.count = count;
    if (auto known = known_total(n)) {
      if (*count != Count{*known}) return {std::nullopt};  // edited or damaged: count again
      taken.verified = true;
    } else {
      taken.note = "resumed count unverified (no published total for n=" + std::to_string(n) +
                   "; its input is unchanged)";
    }
    return {std::move(taken)};
  }
  auto checked = check(n, input, output, Budget());
  if (!checked || !checked->valid) return {std::nullopt};
  taken.report.verdict = claims_none(*rest) ? Verdict::fail : Verdict::ok;
  taken.verified = true;
  return {std::move(taken)};
}

}  // namespace nursery::queens
