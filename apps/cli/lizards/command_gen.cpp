// nursery gen lizards behind its options (cli/lizards/command.hpp): a
// random board written row by row as it is drawn.
#include <algorithm>
#include <iostream>
#include <nursery/io.hpp>
#include <optional>

#include "cli/lizards/command.hpp"

namespace nursery::lizards {

namespace {

// p = auto: the column-major greedy's count on the whole board, drawn once
// as bits (n*n/8 bytes: 537 MB at n = 65,535); nothing once stopped.
std::optional<std::uint64_t> greedy_p(const GenerateOptions& options,
                                      const cli::Deadline& deadline) {
  const std::size_t n = options.n;
  std::vector<std::uint64_t> trees((n * n + 63) / 64, 0);
  TreeRows drawing(options);
  std::vector<std::uint8_t> row;
  for (std::size_t r = 0; r < n; ++r) {
    if (deadline.requested()) return std::nullopt;
    drawing.next(row);
    for (std::size_t c = 0; c < n; ++c)
      if (row[c] == kTree) trees[(r * n + c) >> 6] |= std::uint64_t{1} << ((r * n + c) & 63);
  }
  auto greedy = greedy_count(options.n, trees, Budget(&deadline.stop()));
  if (!greedy || deadline.requested()) return std::nullopt;
  return std::max<std::uint64_t>(1, *greedy + (options.p == -2 ? 1 : 0));
}

}  // namespace

// Drawing a 65,535 x 65,535 board takes a while: the deadline, Ctrl-C and
// SIGTERM are polled per row (and per column of the greedy); past them the
// temporary is removed and nothing is written under the output's name.
int write_generated(const GenerateOptions& options, const std::string& output,
                    const cli::Deadline& deadline) {
  std::optional<AtomicFile> file;
  std::uint64_t sent = 0;  // bytes that went to stdout
  std::size_t rows_sent = 0;
  // A stop said truthfully: a file is never left half written, but what
  // went to stdout (4.3 GB at n = 65,535; never held back) is out there.
  auto stopped = [&] {
    const int status = deadline.exit_status();
    std::cerr << (status == kExitTimeout ? "timeout: --timeout passed" : "interrupted");
    if (sent == 0)
      std::cerr << "; nothing written" << (file ? " (the temporary file removed)" : "") << '\n';
    else
      std::cerr << " after " << rows_sent << " of " << options.n << " rows: " << sent
                << " bytes of an incomplete board went to stdout\n";
    return status;
  };
  std::uint64_t p = options.p > 0 ? static_cast<std::uint64_t>(options.p) : 0;
  if (options.p < 0) {
    auto greedy = greedy_p(options, deadline);
    if (!greedy) return stopped();
    p = *greedy;
  }
  auto as_usage = [](auto&& write) {
    try {
      write();
    } catch (const std::runtime_error& e) {
      // A FIFO's open waits for a reader: a signal ends the wait.
      if (cli::interrupt_source().requested()) throw cli::Interrupted(e.what());
      throw cli::UsageError(e.what());
    }
  };
  if (!cli::is_stdio(output) && output != "/dev/stdout") as_usage([&] { file.emplace(output); });
  std::string text = std::string(to_string(options.algorithm)) + "\n" + std::to_string(options.n) +
                     "\n" + std::to_string(p) + "\n";
  std::size_t rows_held = 0;  // rows in `text`
  auto flush = [&] {
    as_usage([&] {
      if (file)
        file->write(text);
      else
        cli::write_stdout(text);
    });
    if (!file) sent += text.size(), rows_sent += rows_held;
    text.clear();
    rows_held = 0;
  };
  TreeRows rows(options);
  std::vector<std::uint8_t> row;
  for (std::size_t r = 0; r < options.n; ++r) {
    if (deadline.requested()) return stopped();  // ~file removes the temporary
    rows.next(row);
    for (auto cell : row) text += static_cast<char>('0' + cell);
    text += '\n';
    ++rows_held;
    if (text.size() >= (1u << 20)) flush();
  }
  if (deadline.requested()) return stopped();
  flush();
  if (file) as_usage([&] { file->commit(); });
  return kExitSuccess;
}

}  // namespace nursery::lizards
