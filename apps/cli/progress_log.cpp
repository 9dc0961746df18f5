// NURSERY_PROGRESS_LOG: the bar's share of the work, sampled for
// bench/progress.sh (cli.hpp: ProgressLog).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <nursery/io.hpp>

#include "cli/cli.hpp"

namespace nursery::cli {

ProgressLog::ProgressLog(const Progress& progress, std::function<void(const std::string&)> warn)
    : progress_(progress), warn_(std::move(warn)) {
  const char* path = std::getenv("NURSERY_PROGRESS_LOG");
  if (path == nullptr || *path == '\0') return;
  path_ = path;
  start_ = std::chrono::steady_clock::now();
  sampler_ = Background::every(std::chrono::milliseconds(20), [this] { sample(); });
}

ProgressLog::~ProgressLog() {
  if (!sampler_.running()) return;
  sampler_.stop();
  sample();
  char end[64];
  std::snprintf(end, sizeof end, "end %.4f\n", seconds());
  try {
    write_atomically(path_, text_ + end);
  } catch (const std::exception& e) {
    if (warn_) warn_(std::string("NURSERY_PROGRESS_LOG: ") + e.what());
  }
}

double ProgressLog::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressLog::sample() {
  char line[96];
  std::snprintf(line, sizeof line, "%.4f %.5f %.5f\n", seconds(), progress_.fraction(),
                progress_.fraction_of_subproblems());
  text_ += line;
}

}  // namespace nursery::cli
