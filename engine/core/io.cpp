#include "nursery/io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace nursery {

bool read_file(const std::filesystem::path& path, std::size_t most, std::string& text,
               std::string& error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return false;
  }
  text.clear();
  struct stat st {};
  if (most == 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    text.reserve(static_cast<std::size_t>(st.st_size));  // a whole file: one allocation
  char buffer[1 << 16];
  while (most == 0 || text.size() < most) {
    std::size_t want = most == 0 ? sizeof buffer : std::min(sizeof buffer, most - text.size());
    ssize_t got = ::read(fd, buffer, want);
    if (got < 0) {
      if (errno == EINTR) continue;
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

std::string write_temporary(const std::filesystem::path& path, const std::string& text, bool sync) {
  auto directory = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  // (built with append: GCC 12 warns falsely on "." + string)
  std::string name(1, '.');
  name.append(path.filename().string()).append(".tmp.").append(std::to_string(::getpid()));
  std::string temp = (directory / name).string();
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error(path.string() + ": cannot create temporary file " + temp + ": " +
                             std::strerror(errno));
  const char* data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      ::unlink(temp.c_str());
      throw std::runtime_error(path.string() + ": write failed: " + std::strerror(error));
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  bool synced = !sync || ::fsync(fd) == 0;
  int error = synced ? 0 : errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    ::unlink(temp.c_str());
    throw std::runtime_error(path.string() +
                             ": cannot flush temporary file: " + std::strerror(error));
  }
  return temp;
}

void commit_temporary(const std::string& temporary, const std::filesystem::path& path) {
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    throw std::runtime_error(path.string() +
                             ": cannot rename temporary file into place: " + std::strerror(error));
  }
}

void sync_filesystem(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(path.string() + ": cannot open to sync");
  int status = ::syncfs(fd);
  ::close(fd);
  if (status != 0) throw std::runtime_error(path.string() + ": cannot sync the file system");
}

void write_atomically(const std::filesystem::path& path, const std::string& text) {
  commit_temporary(write_temporary(path, text, true), path);
}

}  // namespace nursery
