// Starts the nursery CLI as a child process, for the tests that signal it,
// time it or feed it through a pipe: fork, redirect, exec NURSERY_CLI.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace nursery::testing {

struct Spawn {
  std::string folder;             // the child's working folder ("": this one)
  std::string out = "/dev/null";  // stdout, truncated (relative to `folder`)
  std::string err = "/dev/null";  // stderr, the same
  int in = -1;                    // stdin (-1: /dev/null)
  bool nohup = false;             // SIGHUP ignored on entry, as under nohup
};

// The child's pid. It starts with SIGHUP, SIGQUIT and SIGINT at their
// defaults, as from a terminal (a runner started in the background may
// ignore SIGQUIT, and an ignored signal is left ignored across exec).
inline pid_t spawn_cli(const std::vector<std::string>& arguments, const Spawn& how = {}) {
  pid_t pid = ::fork();
  if (pid != 0) return pid;
  if (!how.folder.empty() && ::chdir(how.folder.c_str()) != 0) ::_exit(127);
  for (int signal : {SIGHUP, SIGQUIT, SIGINT}) ::signal(signal, SIG_DFL);
  if (how.nohup) ::signal(SIGHUP, SIG_IGN);
  std::vector<std::string> copies = arguments;
  std::string program = NURSERY_CLI;
  std::vector<char*> argv{program.data()};
  for (auto& argument : copies) argv.push_back(argument.data());
  argv.push_back(nullptr);
  ::dup2(how.in >= 0 ? how.in : ::open("/dev/null", O_RDONLY), 0);
  ::dup2(::open(how.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 1);
  ::dup2(::open(how.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
  ::execv(program.c_str(), argv.data());
  ::_exit(127);
}

}  // namespace nursery::testing
