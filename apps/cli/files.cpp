// A command's inputs and outputs: files, standard input and output, FIFOs,
// process substitutions; outputs written atomically, never over an input.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <nursery/io.hpp>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace nursery::cli {

namespace {

// An input that cannot be opened twice (standard input, a FIFO, a process
// substitution, /dev/stdin): read once, from one descriptor, and kept, so a
// command may read its head and then the rest.
struct Stream {
  int fd = -1;
  std::string text;
  bool ended = false;
};
std::map<std::string, Stream> g_streams;
constexpr std::size_t kMostStreamBytes = std::size_t{2} << 30;

[[noreturn]] void stopped_while(const std::string& what, const std::string& path) {
  throw Interrupted(path + ": interrupted while " + what);
}

// Whether `path` is a regular file that may be opened again (not one the
// system makes up on each open: /dev/stdin of a pipe, /proc/self/fd/N).
bool reopenable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  return path.rfind("/dev/", 0) != 0 && path.rfind("/proc/", 0) != 0;
}

}  // namespace

std::string read_input_within(const std::string& path, std::uint64_t limit) {
  const std::size_t most = limit == 0 || limit >= std::numeric_limits<std::size_t>::max()
                               ? 0
                               : static_cast<std::size_t>(limit) + 1;
  std::string text = read_input(path, most);
  if (most != 0 && text.size() >= most)
    throw UsageError(path + ": larger than the board its n describes can be (at most " +
                     std::to_string(limit) + " bytes)");
  return text;
}

std::string read_input(const std::string& path, std::size_t most) {
  if (!is_stdio(path) && reopenable(path)) {
    std::string text, error;
    if (!read_file(path, most, text, error)) throw UsageError(path + ": " + error);
    return text;
  }
  const std::string name = is_stdio(path) ? "stdin" : path;
  Stream& stream = g_streams[is_stdio(path) ? std::string("-") : path];
  if (stream.fd < 0 && !stream.ended) {
    if (is_stdio(path)) {
      stream.fd = STDIN_FILENO;
    } else {
      // A FIFO's open waits for a writer: Ctrl-C and SIGTERM interrupt it
      // (the handler is installed without SA_RESTART).
      while ((stream.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) < 0) {
        if (errno != EINTR) throw UsageError(path + ": " + std::strerror(errno));
        if (interrupt_source().requested()) stopped_while("opening", path);
      }
    }
  }
  char buffer[1 << 16];
  while (!stream.ended && (most == 0 || stream.text.size() < most)) {
    // A stream without end (/dev/zero, `yes |`) is read as far as
    // kMostStreamBytes, and a stop is heard between reads, not only when
    // one is interrupted.
    if (interrupt_source().requested()) stopped_while("reading", name);
    if (stream.text.size() >= kMostStreamBytes)
      throw UsageError(name + ": more than " + std::to_string(kMostStreamBytes >> 30) +
                       " GiB (the most a command reads from a stream)");
    ssize_t got = ::read(stream.fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) {
      if (interrupt_source().requested()) stopped_while("reading", name);
      continue;
    }
    if (got < 0) throw UsageError(name + ": " + std::strerror(errno));
    if (got == 0) {
      stream.ended = true;
      if (stream.fd != STDIN_FILENO) ::close(stream.fd);
      stream.fd = -1;
    }
    stream.text.append(buffer, static_cast<std::size_t>(got));
  }
  return most == 0 ? stream.text : stream.text.substr(0, most);
}

void write_stdout(const std::string& text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
    throw UsageError(std::string("stdout: ") + std::strerror(errno != 0 ? errno : EIO));
}

void write_output(const std::string& path, const std::string& text) {
  if (is_stdio(path) || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1") {
    std::cout.flush();
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      throw UsageError(std::string("stdout: ") + std::strerror(errno != 0 ? errno : EIO));
    return;
  }
  try {
    write_atomically(path, text);
  } catch (const std::runtime_error& e) {
    // A FIFO's open waits for a reader: a signal ends the wait.
    if (interrupt_source().requested()) stopped_while("writing", path);
    throw UsageError(e.what());
  }
}

Results::Results(std::string path)
    : path_(std::move(path)), to_file_(!path_.empty() && !is_stdio(path_)) {}

void Results::keep() {
  if (!to_file_) return;
  to_file_ = false;
  write_output(path_, kept_.str());
}

namespace {

// What a name reaches: standard input for "-", the descriptor itself for
// /dev/stdin, /dev/fd/N and the like (what it is now, not a reopening), the
// file otherwise (links followed).
bool reached(const std::string& path, struct stat& st) {
  if (is_stdio(path)) return ::fstat(STDIN_FILENO, &st) == 0;
  if (const int fd = descriptor_named(path); fd >= 0) return ::fstat(fd, &st) == 0;
  return ::stat(path.c_str(), &st) == 0;
}

// Whether two names reach one file: the same inode when the first exists
// (links, other spellings and standard input included), else the same
// normal path.
bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (reached(a, sa)) return reached(b, sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (is_stdio(a)) return false;
  // (absolute first: GCC 12's weakly_canonical leaves a lone missing "X" relative)
  std::error_code error;
  auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a, error), error);
  if (error) return false;
  auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b, error), error);
  return !error && ca == cb;
}

// Outputs written in place (devices, FIFOs, stdout) destroy nothing.
bool replaced(const std::string& path) {
  if (path.empty() || is_stdio(path)) return false;
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

}  // namespace

void refuse_clobbering(const std::vector<std::string>& inputs, const std::vector<Named>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& [option, path] = outputs[i];
    if (!replaced(path)) continue;
    for (const auto& input : inputs)
      if (!input.empty() && same_file(input, path))
        throw usage_error(option + " " + path + ": is the input " +
                          (is_stdio(input) ? std::string("(standard input)") : input) +
                          ", which the answer would replace (choose another output)");
    for (std::size_t j = 0; j < i; ++j)
      if (replaced(outputs[j].second) && same_file(outputs[j].second, path))
        throw usage_error(option + " " + path + ": is also " + outputs[j].first +
                          "'s file; one would replace the other (choose two names)");
  }
}

bool named_as(const std::string& path, std::string_view extension) {
  return path.size() > extension.size() && path.ends_with(extension);
}

std::string picture_format(const std::string* asked, const std::string& output) {
  const bool png_named = named_as(output, ".png");
  // An output named for another picture format (b.gif) would hold SVG or
  // PNG under a name that says otherwise: refused unless --format says.
  if (!asked && !is_stdio(output) && !png_named && !named_as(output, ".svg")) {
    const auto slash = output.find_last_of('/');
    const auto dot = output.find_last_of('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
      throw usage_error("-o " + output + ": expected a name ending .svg or .png (or --format " +
                        "svg|png to write that format under this name)");
  }
  const std::string format = asked ? *asked : png_named ? "png" : "svg";
  if (format != "svg" && format != "png")
    throw usage_error("--format: expected svg or png, found '" + format + "'");
  if (format == "png" && is_stdio(output) && ::isatty(STDOUT_FILENO) != 0)
    throw usage_error("--format png: standard output is a terminal; send the picture to a file");
  return format;
}
bool stdout_written() {
  errno = 0;
  std::cout.flush();
  bool failed = !std::cout.good() || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (!failed) return true;
  // The stream's error flag outlives the errno of the write that failed.
  std::cerr << "error: stdout: "
            << (errno != 0 ? std::strerror(errno)
                           : "a write failed; the results were not all written")
            << '\n';
  return false;
}

StdoutFile::StdoutFile(bool wanted) {
  if (!wanted) return;
  // Made here (mkstemps: a name no one else has), so the file removed at
  // the end is ours, never another's of a guessable name.
  std::string name =
      (std::filesystem::temp_directory_path() / "nursery-report-XXXXXX.json").string();
  const int fd = ::mkstemps(name.data(), 5);
  if (fd < 0)
    throw UsageError(name + ": cannot create a temporary report: " + std::strerror(errno));
  ::close(fd);
  path_ = name;
}

StdoutFile::~StdoutFile() {
  std::error_code ignored;
  if (!path_.empty()) std::filesystem::remove(path_, ignored);
}

void StdoutFile::print() const {
  if (path_.empty()) return;
  // The report file is indented (rows are appended as they finish); on
  // stdout it is one JSON document on one line, as every command's JSON.
  const std::string text = read_input(path_);
  nlohmann::json report = nlohmann::json::parse(text, nullptr, false);
  if (report.is_discarded())
    write_output("-", text);
  else
    print_json(report);
}

std::vector<std::string> with_stdin_paths(const std::vector<std::string>& paths) {
  // Paths named on the command line must exist (a typo stops the run); a
  // listed path that is gone is the caller's to report.
  for (const auto& path : paths) {
    std::error_code error;
    if (path != "-" && !std::filesystem::exists(path, error))
      throw UsageError(path + ": no such file or directory");
  }
  std::vector<std::string> all;
  bool read = false;
  for (const auto& path : paths) {
    if (path != "-") {
      all.push_back(path);
      continue;
    }
    if (read) continue;
    read = true;
    std::size_t before = all.size();
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) all.push_back(line);
    }
    // A signal ends the read as an end of file would: not a shorter list.
    if (interrupt_source().requested()) stopped_while("reading", "stdin");
    if (all.size() == before)
      throw UsageError("batch: -: expected paths on standard input, found none");
  }
  return all;
}

}  // namespace nursery::cli
