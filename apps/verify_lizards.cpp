// nursery verify (lizards): a board and an answer, checked by lizards::verify.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <nursery/lizards.hpp>
#include <optional>

#include "commands.hpp"
#include "lizards.hpp"
#include "options.hpp"

namespace nursery::cli {

int verify_lizards_files(const std::string& input, const std::string& output, bool json,
                         bool progress) {
  // Both files are read no further than the board's n allows; the check
  // (seconds on a 10,000 x 10,000 board) ends on Ctrl-C and SIGTERM. The
  // bar says which file is being read, then the rows checked of 2n (the input, then the answer).
  Progress checking;
  std::atomic<int> reading{1};
  std::optional<Verification> checked;
  {
    // The bar's thread alone calls the line (the last time after it ended).
    double check_start = -1;
    ProgressBar bar(progress, [&, eta = Eta{}](double elapsed) mutable {
      const int file = reading.load(std::memory_order_relaxed);
      if (file != 0)
        return "verify: reading " + printable(file == 1 ? input : output) + ", " +
               std::to_string(static_cast<long long>(elapsed)) + " s";
      if (check_start < 0) check_start = elapsed;
      const auto total = checking.total.load(std::memory_order_relaxed);
      const auto done = checking.done.load(std::memory_order_relaxed);
      return ProgressBar::gauge("verify", done, total) + " rows  ETA " +
             eta.text(elapsed - check_start, done, total);
    });
    std::string board = read_board(input);
    reading.store(2, std::memory_order_relaxed);
    std::string answer = read_board(output, input);
    reading.store(0, std::memory_order_relaxed);
    checked = lz::verify(board, answer, Budget(&interrupt_source()), &checking);
  }
  if (!checked) return kExitInterrupted;
  const auto& verdict = *checked;
  const int status = exit_code(verdict);
  if (json) {
    print_json(nlohmann::json{{"status", status_word(status)},
                              {"valid", verdict.valid},
                              {"unproved", verdict.unproved},
                              {"reason", verdict.reason}});
  } else {
    std::cout << (verdict.valid      ? "valid: "
                  : verdict.unproved ? "unverified: "
                                     : "invalid: ")
              << verdict.reason << '\n';
  }
  return status;
}
}  // namespace nursery::cli
