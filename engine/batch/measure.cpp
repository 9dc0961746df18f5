// What a row measures besides wall time: CPU seconds and peak memory, of the
// lane's thread and the process (in-process lanes), or of a child from its
// rusage (isolated mode). docs/batch.md, "Measures", says how exact each is.
#include <sys/resource.h>
#include <time.h>

#include "batch/internal.hpp"

namespace nursery::batch {

double thread_cpu_seconds() {
  timespec now{};
  if (::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

double cpu_seconds_of(const struct rusage& usage) {
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

std::uint64_t peak_memory_of(const struct rusage& usage) {
  // Linux gives ru_maxrss in KiB.
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

std::uint64_t process_peak_memory() {
  struct rusage usage {};
  if (::getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return peak_memory_of(usage);
}

double process_cpu_seconds() {
  struct rusage usage {};
  if (::getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return cpu_seconds_of(usage);
}

}  // namespace nursery::batch
