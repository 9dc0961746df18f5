#include "batch/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace nursery::batch {

bool read_input_file(const std::filesystem::path& path, std::size_t most, std::string& text,
                     std::string& error) {
  // O_NONBLOCK: a FIFO's open returns at once (with no writer it would
  // wait); a regular file's reads ignore it.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = S_ISDIR(st.st_mode) ? "is a directory (expected a file)"
                                : "not a regular file (a FIFO, device or socket; expected a file)";
    ::close(fd);
    return false;
  }
  text.clear();
  if (st.st_size > 0)
    text.reserve(most == 0 ? static_cast<std::size_t>(st.st_size)
                           : std::min(most, static_cast<std::size_t>(st.st_size)));
  char buffer[1 << 16];
  while (most == 0 || text.size() < most) {
    const std::size_t want =
        most == 0 ? sizeof buffer : std::min(sizeof buffer, most - text.size());
    const ssize_t got = ::read(fd, buffer, want);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      error = std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return true;
}

}  // namespace nursery::batch
