// Runs the nursery CLI as a user would and captures what it prints.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "temp_dir.hpp"

namespace nursery::testing {

struct CliRun {
  int status = -1;     // exit status
  std::string output;  // stdout (and stderr when merged)
};

// `arguments` is appended to the CLI path as shell words; stderr is merged
// into the output unless `merge_stderr` is false (then it is discarded).
inline CliRun run_cli(const std::string& arguments, bool merge_stderr = true) {
  std::string command = std::string(NURSERY_CLI) + " " + arguments +
                        (merge_stderr ? " 2>&1" : " 2>/dev/null");
  CliRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.output.append(buffer.data(), n);
  int raw = pclose(pipe);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return run;
}

// The exit status of a command line run by the shell (-1 when it did not exit).
inline int exit_status(const std::string& command) {
  const int raw = std::system(command.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

// The exit status of a bash LINE run in `folder` (<(...) and & allowed),
// what it prints discarded.
inline int shell(const std::filesystem::path& folder, const std::string& line) {
  return exit_status("cd '" + folder.string() + "' && bash -c '" + line + "' >/dev/null 2>&1");
}

// What `nursery ARGS` printed when the shell ran it inside `folder` (ARGS
// may redirect stdin): the exit status, stdout and stderr apart.
struct CliResult {
  int status = -1;
  std::string out, err;
};
inline CliResult run_in(const std::filesystem::path& folder, const std::string& arguments) {
  std::string command = "cd '" + folder.string() + "' && '" + NURSERY_CLI + "' " + arguments +
                        " > .stdout 2> .stderr";
  CliResult result;
  result.status = exit_status(command);
  result.out = read(folder / ".stdout");
  result.err = read(folder / ".stderr");
  return result;
}

}  // namespace nursery::testing
