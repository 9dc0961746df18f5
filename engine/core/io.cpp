#include "nursery/io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
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

namespace {

// Appended to every temporary's name after the PID, so no two writes of one
// process (batch answers in flight, a report, an answer) share a name.
std::atomic<std::uint64_t> g_temporary_sequence{0};

std::string reason(int error) {
  return std::strerror(error);
}

}  // namespace

int descriptor_named(const std::filesystem::path& path) {
  const std::string text = path.lexically_normal().string();
  if (text == "/dev/stdin") return descriptor_named("/dev/fd/0");
  if (text == "/dev/stdout") return descriptor_named("/dev/fd/1");
  if (text == "/dev/stderr") return descriptor_named("/dev/fd/2");
  std::string_view rest;
  for (const std::string& prefix :
       {std::string("/dev/fd/"), std::string("/proc/self/fd/"),
        std::string("/proc/thread-self/fd/"), "/proc/" + std::to_string(::getpid()) + "/fd/"})
    if (text.size() > prefix.size() && text.compare(0, prefix.size(), prefix) == 0) {
      rest = std::string_view(text).substr(prefix.size());
      break;
    }
  if (rest.empty() || rest.size() > 9 ||
      rest.find_first_not_of("0123456789") != std::string_view::npos)
    return -1;
  const int fd = std::stoi(std::string(rest));
  return ::fcntl(fd, F_GETFD) == -1 ? -1 : fd;
}

OutputTarget output_target(const std::filesystem::path& path) {
  // One of our own descriptors first, whatever it leads to: written
  // through, so `-o /dev/stderr 2>>log` appends to the log.
  if (const int fd = descriptor_named(path); fd >= 0) return {path, true, 0, fd};
  // Links are followed one at a time (as the kernel would, at most 40), so a
  // dangling link names the file to create, as `cp` and `>` create it.
  // What the path finally names decides first: a device, FIFO or socket,
  // even through links that lead nowhere a rename could go (/dev/stdout is a
  // link to /proc/self/fd/1, which may name "pipe:[1234]"); and any file
  // under /dev or /proc is the system's, written in place.
  struct stat named {};
  if (::stat(path.c_str(), &named) == 0) {
    if (S_ISDIR(named.st_mode))
      throw std::runtime_error(path.string() + ": is a directory (expected a file to write)");
    const std::string text = path.lexically_normal().string();
    const bool system = text.rfind("/dev/", 0) == 0 || text.rfind("/proc/", 0) == 0;
    if (!S_ISREG(named.st_mode) || system) return {path, true, 0};
  }
  std::filesystem::path file = path;
  for (int hops = 0;; ++hops) {
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0) {
      if (errno == ENOENT) return {file, false, 0};
      throw std::runtime_error(path.string() + ": " + reason(errno));
    }
    if (S_ISLNK(st.st_mode)) {
      if (hops == 40) throw std::runtime_error(path.string() + ": " + reason(ELOOP));
      std::string target(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 4096) + 1, '\0');
      ssize_t got = ::readlink(file.c_str(), target.data(), target.size());
      if (got < 0) throw std::runtime_error(path.string() + ": " + reason(errno));
      target.resize(static_cast<std::size_t>(got));
      std::filesystem::path next(target);
      file = next.is_absolute() ? next : file.parent_path() / next;
      if (const int fd = descriptor_named(file); fd >= 0) return {file, true, 0, fd};
      continue;
    }
    if (S_ISDIR(st.st_mode))
      throw std::runtime_error(path.string() + ": is a directory (expected a file to write)");
    if (S_ISREG(st.st_mode)) return {file, false, st.st_mode & 07777};
    return {file, true, 0};  // a device, FIFO or socket: written in place
  }
}

std::optional<FileId> file_id(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileId{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
}

std::optional<FileId> replaced_file(const std::filesystem::path& path) {
  OutputTarget target;
  try {
    target = output_target(path);
  } catch (const std::exception&) {
    return std::nullopt;  // the write itself says why it cannot be made
  }
  if (target.in_place) return std::nullopt;
  return file_id(target.file);
}

namespace {

// What the C library holds for stdout or stderr goes first, so an answer
// written through descriptor 1 or 2 comes after it.
void flush_standard(int fd) {
  if (fd == STDOUT_FILENO) std::fflush(stdout);
  if (fd == STDERR_FILENO) std::fflush(stderr);
}

void write_all(int fd, std::string_view text, const std::filesystem::path& path) {
  const char* data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error(path.string() + ": write failed: " + reason(errno));
    data += n;
    left -= static_cast<std::size_t>(n);
  }
}

}  // namespace

std::string write_temporary(const std::filesystem::path& path, const std::string& text, bool sync) {
  const OutputTarget target = output_target(path);
  if (target.in_place)
    throw std::runtime_error(path.string() + ": not a regular file (expected a file to replace)");
  const std::filesystem::path& file = target.file;
  auto directory = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  // (built with append: GCC 12 warns falsely on "." + string)
  std::string name(1, '.');
  name.append(file.filename().string()).append(".tmp.").append(std::to_string(::getpid()));
  name.append(".").append(std::to_string(g_temporary_sequence.fetch_add(1)));
  std::string temp = (directory / name).string();
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error(path.string() + ": cannot create temporary file " + temp + ": " +
                             reason(errno));
  // A file replaced keeps its permissions, as `cp` onto it would.
  if (target.mode != 0) (void)::fchmod(fd, target.mode);
  try {
    write_all(fd, text, path);
  } catch (...) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  bool synced = !sync || ::fsync(fd) == 0;
  int error = synced ? 0 : errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    ::unlink(temp.c_str());
    throw std::runtime_error(path.string() + ": cannot flush temporary file: " + reason(error));
  }
  return temp;
}

void commit_temporary(const std::string& temporary, const std::filesystem::path& path) {
  std::filesystem::path file;
  try {
    const OutputTarget target = output_target(path);
    if (target.in_place)
      throw std::runtime_error(path.string() + ": not a regular file (expected a file to replace)");
    file = target.file;
  } catch (...) {
    ::unlink(temporary.c_str());
    throw;
  }
  if (std::rename(temporary.c_str(), file.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    throw std::runtime_error(path.string() +
                             ": cannot rename temporary file into place: " + reason(error));
  }
}

AtomicFile::AtomicFile(const std::filesystem::path& path) : path_(path) {
  const OutputTarget target = output_target(path);
  target_ = target.file;
  if (target.descriptor >= 0) {
    // A copy of the descriptor, which keeps its offset and append mode.
    flush_standard(target.descriptor);
    fd_ = ::fcntl(target.descriptor, F_DUPFD_CLOEXEC, 3);
    if (fd_ < 0) throw std::runtime_error(path.string() + ": " + reason(errno));
    return;
  }
  if (target.in_place) {
    fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd_ < 0) throw std::runtime_error(path.string() + ": " + reason(errno));
    return;
  }
  temporary_ = write_temporary(path, std::string(), false);
  fd_ = ::open(temporary_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) {
    const int error = errno;
    ::unlink(temporary_.c_str());
    throw std::runtime_error(path.string() + ": cannot open temporary file: " + reason(error));
  }
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
}

void AtomicFile::write(std::string_view piece) {
  write_all(fd_, piece, path_);
}

void AtomicFile::commit() {
  const bool synced = temporary_.empty() || ::fsync(fd_) == 0;
  int error = synced ? 0 : errno;
  if (::close(fd_) != 0 && error == 0) error = errno;
  fd_ = -1;
  if (error != 0) throw std::runtime_error(path_.string() + ": cannot flush: " + reason(error));
  if (temporary_.empty()) return;
  std::string temporary = std::move(temporary_);
  temporary_.clear();
  commit_temporary(temporary, path_);
}

void sync_filesystem(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(path.string() + ": cannot open to sync");
  int status = ::syncfs(fd);
  ::close(fd);
  if (status != 0) throw std::runtime_error(path.string() + ": cannot sync the file system");
}

void write_atomically(const std::filesystem::path& path, const std::string& text) {
  const OutputTarget target = output_target(path);
  if (!target.in_place) {
    commit_temporary(write_temporary(path, text, true), path);
    return;
  }
  if (target.descriptor >= 0) {
    // Our own descriptor (-o /dev/stderr): written through, at its offset
    // or, opened for appending, at its end; nothing truncated.
    flush_standard(target.descriptor);
    write_all(target.descriptor, text, path);
    return;
  }
  // A device, FIFO or socket is written in place, as shell redirection
  // would (-o /dev/null, a named pipe): never renamed over.
  struct stat st {};
  const bool regular = ::stat(target.file.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  int fd = ::open(target.file.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | (regular ? O_TRUNC : 0));
  if (fd < 0) throw std::runtime_error(path.string() + ": " + reason(errno));
  try {
    write_all(fd, text, path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) throw std::runtime_error(path.string() + ": write failed: " + reason(errno));
}

}  // namespace nursery
