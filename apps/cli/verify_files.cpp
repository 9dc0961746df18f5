// nursery verify's files: read (standard input, FIFOs, bounded by the kind's
// size limit) with the bar saying which is being read, then checked by the
// engine (batch::verify_kind, batch::verify_texts) under Ctrl-C and SIGTERM.
#include <atomic>
#include <nursery/batch.hpp>

#include "cli/cli.hpp"

namespace nursery::cli {

std::optional<std::vector<Checked>> verify_files(const std::string& input,
                                                 const std::string& answer, bool progress,
                                                 const VerifyAsk& ask) {
  const std::string head = read_input(input, 64 * 1024);
  const batch::VerifyKind kind = batch::verify_kind(head, input);
  if (ask.at_least_p && !kind.verifies_at_least)
    throw usage_error("--at-least: only for " + kind.at_least_for + " (" + printable(input) +
                      " holds " + kind.name + ")");
  // A file, never more of it than the puzzle FILE's head describes can be
  // (the bound worked out once, from the head).
  const std::optional<std::uint64_t> limit = kind.size_limit(head, input);
  auto read_sized = [&](const std::string& path) {
    return limit ? read_input_within(path, *limit) : read_input(path);
  };
  // The bar says which file is being read, then what is checked (a 10,000
  // x 10,000 board takes seconds).
  Progress checking;
  std::atomic<int> reading{1};
  // The bar's thread alone calls the line (the last time after it ended).
  double check_start = -1;
  ProgressBar bar(progress, [&, eta = Eta{}](double elapsed) mutable {
    const int file = reading.load(std::memory_order_relaxed);
    if (file != 0)
      return "verify: reading " + printable(file == 1 ? input : answer) + ", " +
             std::to_string(static_cast<long long>(elapsed)) + " s";
    if (check_start < 0) check_start = elapsed;
    const auto total = checking.total.load(std::memory_order_relaxed);
    const auto done = checking.done.load(std::memory_order_relaxed);
    return ProgressBar::gauge("verify", done, total) + "  ETA " +
           eta.text(elapsed - check_start, done, total);
  });
  const std::string text = read_sized(input);
  reading.store(2, std::memory_order_relaxed);
  const std::string answer_text = read_sized(answer);
  reading.store(0, std::memory_order_relaxed);
  return batch::verify_texts(text, answer_text, input, answer, Budget(&interrupt_source()),
                             &checking, ask);
}

}  // namespace nursery::cli
