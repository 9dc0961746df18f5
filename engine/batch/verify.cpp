// nursery verify's driver, written once for every kind: the kind table
// (registry.cpp) picks the checker, as it picks batch's solver.
#include <atomic>
#include <nursery/cli.hpp>

#include "batch/internal.hpp"

namespace nursery::batch {

std::optional<std::vector<Checked>> verify_files(const std::string& input,
                                                 const std::string& answer, bool progress,
                                                 const VerifyAsk& ask, KindTable kinds) {
  if (kinds.empty()) kinds = registered_kinds();
  std::string why;
  const std::string head = cli::read_input(input, 64 * 1024);
  const KindEntry* kind = detect(kinds, head, why);
  if (kind == nullptr) throw InputError(input + ":1", described(kinds), why);
  if (ask.at_least_p && !kind->verifies_at_least)
    throw cli::usage_error(
        "--at-least: only for " +
        described(kinds, [](const KindEntry& each) { return each.verifies_at_least; }) + " (" +
        cli::printable(input) + " holds " + kind->name + ")");
  // A file, never more of it than the puzzle FILE's head describes can be
  // (the bound worked out once, from the head's first 4 KiB).
  std::optional<std::uint64_t> limit;
  if (kind->size_limit != nullptr) limit = kind->size_limit(head.substr(0, 4096), input);
  auto read_sized = [&](const std::string& path) {
    return limit ? cli::read_input_within(path, *limit) : cli::read_input(path);
  };
  // The bar says which file is being read, then what is checked (a 10,000
  // x 10,000 board takes seconds).
  Progress checking;
  std::atomic<int> reading{1};
  // The bar's thread alone calls the line (the last time after it ended).
  double check_start = -1;
  cli::ProgressBar bar(progress, [&, eta = Eta{}](double elapsed) mutable {
    const int file = reading.load(std::memory_order_relaxed);
    if (file != 0)
      return "verify: reading " + cli::printable(file == 1 ? input : answer) + ", " +
             std::to_string(static_cast<long long>(elapsed)) + " s";
    if (check_start < 0) check_start = elapsed;
    const auto total = checking.total.load(std::memory_order_relaxed);
    const auto done = checking.done.load(std::memory_order_relaxed);
    return cli::ProgressBar::gauge("verify", done, total) + "  ETA " +
           eta.text(elapsed - check_start, done, total);
  });
  const std::string text = read_sized(input);
  reading.store(2, std::memory_order_relaxed);
  const std::string answer_text = read_sized(answer);
  reading.store(0, std::memory_order_relaxed);
  return kind->verify_answers(text, answer_text, input, answer, Budget(&cli::interrupt_source()),
                              &checking, ask);
}

}  // namespace nursery::batch
