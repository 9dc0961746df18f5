// Answers too large to build before writing them (a 10^8-queen answer is
// 890 MB of rows; a lizards board of 20,000 is 400 MB): written piece by
// piece as they are made, with the stop (Ctrl-C, SIGTERM) looked at before
// every piece. A file is written to a temporary, renamed into place only
// whole; a stopped write removes the temporary and leaves the name as it
// was. On stdout what went out stays out: the error says so.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <nursery/io.hpp>
#include <optional>

#include "cli/cli.hpp"

namespace nursery::cli {

namespace {

// "-", or a name of descriptor 1 (/dev/stdout, /dev/fd/1, /proc/self/fd/1):
// what went out stays out, as on stdout.
bool to_stdout(const std::string& path) {
  return is_stdio(path) || descriptor_named(path) == STDOUT_FILENO;
}

// The one line a stopped write leaves on stderr, and why it stopped.
Status stopped_writing(const Budget& budget, const std::string& what) {
  Status why = budget.why();
  // A command's Deadline stops its source with the reason timeout.
  if (budget.stop() != nullptr && budget.stop()->reason() == StopReason::timeout)
    why = Status::timeout;
  std::cerr << (why == Status::cancelled ? "interrupted" : "timeout: --timeout passed")
            << " while writing the answer; " << what << '\n';
  return why;
}

}  // namespace

Status write_output_in_pieces(const std::string& path,
                              const std::function<bool(std::string&)>& next, const Budget& budget) {
  std::string piece;
  if (to_stdout(path)) {
    std::cout.flush();
    std::uint64_t written = 0;
    for (bool more = true; more;) {
      piece.clear();
      more = next(piece);
      if (budget.spent())
        return stopped_writing(budget, written == 0 ? "nothing written to stdout"
                                                    : std::to_string(written) +
                                                          " bytes of it went to stdout, the "
                                                          "rest not (an incomplete answer)");
      errno = 0;
      if (std::fwrite(piece.data(), 1, piece.size(), stdout) != piece.size() ||
          std::fflush(stdout) != 0)
        throw UsageError(std::string("stdout: ") + std::strerror(errno != 0 ? errno : EIO));
      written += piece.size();
    }
    return Status::complete;
  }
  // A temporary beside the file (or a device or FIFO written in place),
  // removed by ~AtomicFile unless commit() renamed it into place.
  std::optional<AtomicFile> file;
  auto as_usage = [&](const char* doing, auto&& step) {
    try {
      step();
    } catch (const std::runtime_error& e) {
      // A FIFO's open waits for a reader: a signal ends the wait.
      if (budget.stop_requested()) throw Interrupted(path + ": interrupted while " + doing);
      throw UsageError(e.what());
    }
  };
  as_usage("opening", [&] { file.emplace(path); });
  const std::string nothing = "nothing written to " + path + " (its temporary file removed)";
  for (bool more = true; more;) {
    piece.clear();
    more = next(piece);
    if (budget.spent()) return stopped_writing(budget, nothing);
    as_usage("writing", [&] { file->write(piece); });
  }
  if (budget.spent()) return stopped_writing(budget, nothing);
  as_usage("writing", [&] { file->commit(); });
  return Status::complete;
}

Status write_output_in_pieces(const std::string& path, std::string_view text,
                              const Budget& budget) {
  constexpr std::size_t kPiece = 1 << 20;
  std::size_t offset = 0;
  return write_output_in_pieces(
      path,
      [&](std::string& piece) {
        const std::size_t size = std::min(kPiece, text.size() - offset);
        piece.append(text.substr(offset, size));
        offset += size;
        return offset < text.size();
      },
      budget);
}

}  // namespace nursery::cli
