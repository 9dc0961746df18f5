#include "batch/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <nursery/io.hpp>
#include <string>

namespace nursery::batch {

bool read_input_file(const std::filesystem::path& path, std::size_t most, std::string& text,
                     std::string& error) {
  // O_NONBLOCK: a FIFO's open returns at once (with no writer it would wait).
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
  // The file this descriptor holds, read through its /proc name (the same
  // open file: nothing can swap another in between the check and the read).
  const bool read = read_file("/proc/self/fd/" + std::to_string(fd), most, text, error);
  ::close(fd);
  return read;
}

}  // namespace nursery::batch
