// Runs a shell command as a child and reports its peak memory: for the
// tests that bound what a reader or a listing holds (issue 30, items 19, 20).
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <string>

#include "sanitized.hpp"

namespace nursery::testing {

// Under a sanitizer every allocation also carries shadow memory and red
// zones, and ASan keeps freed blocks in a quarantine of up to 256 MB: the
// memory bounds of the tests are wider there (each says by how much), and
// hold as stated in the plain build, which CI runs first.
#ifdef NURSERY_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

struct Measured {
  int status = -1;               // exit status; -1 when killed by a signal
  int signal = 0;                // the signal that ended it, if one did
  std::uint64_t peak_bytes = 0;  // the largest resident set of the command
};

// `command` runs under /bin/sh; start it with `exec` so that the shell is
// the command (the peak then is the command's own).
inline Measured run_measured(const std::string& command) {
  Measured measured;
  const pid_t pid = ::fork();
  if (pid < 0) return measured;
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int raw = 0;
  rusage usage{};
  if (::wait4(pid, &raw, 0, &usage) != pid) return measured;
  measured.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  measured.signal = WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
  measured.peak_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // KiB on Linux
  return measured;
}

}  // namespace nursery::testing
