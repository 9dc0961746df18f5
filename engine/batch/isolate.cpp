// Isolated mode: each file solved in a child process of its own (the same
// program, re-executed with its hidden command: Options::child_command),
// under limits the kernel holds (setrlimit) and a parent that watches it.
//
//   parent (a lane)                       child (run_child)
//   posix_spawn, a pipe on its stdout ->  dies with its parent (PDEATHSIG),
//                                         RLIMIT_AS, RLIMIT_CPU, a CPU watchdog
//                                     <-  "L" its rows (ids, sizes), once parsed
//                                     <-  "R" its rows solved, then its answer
//   --timeout + grace: TERM; grace: KILL
//   wait4: exit status and rusage (CPU, peak memory: exact)
//
// A child that dies without its "R" line leaves its rows to the parent: a
// CPU limit reached (SIGXCPU, or its CPU time at the limit) is TIMEOUT (cpu),
// anything else under a memory limit OUT OF MEMORY (an allocation failed
// where nothing could catch it), a kill for time TIMEOUT.
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <new>
#include <nlohmann/json.hpp>
#include <nursery/background.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "batch/internal.hpp"

extern char** environ;

namespace nursery::batch {

namespace {

// How long a child asked to stop (TERM) has before it is killed.
constexpr double kGraceSeconds = 0.5;

// The message a child that ran out of memory before it could say more
// writes (a fixed text: no allocation).
constexpr char kOutOfMemory[] = "M\n";

// A row's fields as the child sends them (path and kind are the parent's).
nlohmann::json row_message(const Row& row) {
  nlohmann::json j = {{"id", row.id},
                      {"size", row.size},
                      {"status", to_string(row.status)},
                      {"seconds", row.seconds},
                      {"cpu_seconds", row.cpu_seconds},
                      {"peak_memory", row.peak_memory},
                      {"nodes", row.nodes},
                      {"verified", row.verified},
                      {"checked", row.checked},
                      {"mismatch", row.mismatch},
                      {"resumed", row.resumed},
                      {"message", row.message},
                      {"expected", row.expected}};
  if (row.count) j["total"] = nursery::to_string(*row.count);
  return j;
}

Row row_from_message(const nlohmann::json& j) {
  Row row;
  row.id = j.value("id", "");
  row.size = j.value("size", "");
  row.status = row_status(j.value("status", "")).value_or(RowStatus::error);
  row.seconds = j.value("seconds", 0.0);
  row.cpu_seconds = j.value("cpu_seconds", 0.0);
  row.peak_memory = j.value("peak_memory", std::uint64_t{0});
  row.nodes = j.value("nodes", std::uint64_t{0});
  row.verified = j.value("verified", false);
  row.checked = j.value("checked", false);
  row.mismatch = j.value("mismatch", false);
  row.resumed = j.value("resumed", false);
  row.message = j.value("message", "");
  row.expected = j.value("expected", "");  // the kind's own (a queens total), for the category
  if (j.contains("total")) row.count = parse_count(j.value("total", ""));
  return row;
}

// ---- the parent ----

std::vector<std::string> child_arguments(const FileJob& job, const Settings& settings,
                                         const Isolation& isolation) {
  std::vector<std::string> arguments = isolation.command;
  auto add = [&](const char* name, std::string value) {
    arguments.emplace_back(name);
    arguments.push_back(std::move(value));
  };
  add("--file", job.source.path);
  add("--display", job.source.display);
  add("--kind", job.kind->name);
  add("--output", job.source.output);
  add("--most", std::to_string(job.most));
  add("--timeout", std::to_string(settings.timeout));
  add("--cpu-limit", std::to_string(isolation.cpu_limit));
  add("--memory-limit", std::to_string(isolation.memory_limit));
  add("--threads", std::to_string(isolation.threads));
  add("--parent", std::to_string(::getpid()));
  if (settings.count) arguments.emplace_back("--count");
  if (settings.verify) arguments.emplace_back("--verify");
  if (isolation.resume) arguments.emplace_back("--resume");
  return arguments;
}

// What became of one child.
struct Child {
  std::string said;        // its standard output
  int status = 0;          // wait4's
  struct rusage usage {};  // wait4's
  double seconds = 0;      // wall time, spawn to exit
  bool timed_out = false;  // the parent ended it for --timeout
  bool stopped = false;    // the parent ended it for the batch's stop
};

pid_t spawn(const std::vector<std::string>& arguments, int out) {
  std::vector<char*> argv;
  for (const auto& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  // The lane's thread may block signals: the child starts with none blocked
  // and the stops at their defaults (its own handlers come with its main).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int signal : {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU})
    sigaddset(&defaults, signal);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = -1;
  const int error = ::posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (error != 0)
    throw std::runtime_error("cannot start the child " + arguments[0] + ": " +
                             std::strerror(error));
  return pid;
}

// Reads the child's output to its end, ending it (TERM, then KILL after the
// grace) when the batch stops or its wall time passes `wall_limit`.
void watch(Child& child, pid_t pid, int in, double wall_limit, const StopSource& stop) {
  const auto start = SteadyClock::now();
  double termed_at = -1;
  char buffer[1 << 16];
  for (;;) {
    pollfd ready{in, POLLIN, 0};
    if (::poll(&ready, 1, 20) > 0) {
      const ssize_t got = ::read(in, buffer, sizeof buffer);
      if (got > 0) child.said.append(buffer, static_cast<std::size_t>(got));
      if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) break;
    }
    const double now = seconds_since(start);
    if (termed_at < 0 && (stop.requested() || (wall_limit > 0 && now > wall_limit))) {
      child.stopped = stop.requested();
      child.timed_out = !child.stopped;
      ::kill(pid, SIGTERM);
      termed_at = now;
    } else if (termed_at >= 0 && now > termed_at + kGraceSeconds) {
      ::kill(pid, SIGKILL);
    }
  }
  while (::wait4(pid, &child.status, 0, &child.usage) < 0 && errno == EINTR) {
  }
  child.seconds = seconds_since(start);
}

Child run_child_process(const std::vector<std::string>& arguments, double wall_limit,
                        const StopSource& stop) {
  int pipe_ends[2];
  if (::pipe2(pipe_ends, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot make a pipe to a child: ") + std::strerror(errno));
  Child child;
  pid_t pid = -1;
  try {
    pid = spawn(arguments, pipe_ends[1]);
  } catch (...) {
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    throw;
  }
  ::close(pipe_ends[1]);
  watch(child, pid, pipe_ends[0], wall_limit, stop);
  ::close(pipe_ends[0]);
  return child;
}

// Whether the child's last words were that it ran out of memory.
bool said_out_of_memory(const std::string& said) {
  const std::string_view words(said);
  return words == kOutOfMemory || (words.size() > 2 && words.substr(words.size() - 3) == "\nM\n");
}

// The rows of a child that ended without sending them solved: the status
// its end says (the limit it reached), the child's measures in each.
void rows_of_lost_child(FileJob& job, const Child& child, const Isolation& isolation) {
  const double cpu = cpu_seconds_of(child.usage);
  const bool signalled = WIFSIGNALED(child.status);
  RowStatus status = RowStatus::error;
  std::string why;
  if (child.stopped) {
    status = RowStatus::pending;  // the batch stopped: unfinished, as in a lane
  } else if (child.timed_out) {
    status = RowStatus::timeout;
    why = "stopped by --timeout";
  } else if (isolation.cpu_limit > 0 &&
             ((signalled && WTERMSIG(child.status) == SIGXCPU) || cpu >= isolation.cpu_limit)) {
    status = RowStatus::cpu_timeout;
    why = "stopped by --cpu-limit";
  } else if (isolation.memory_limit > 0 || said_out_of_memory(child.said)) {
    status = RowStatus::out_of_memory;
    why = "out of memory (needs more than --memory-limit)";
  } else {
    why = signalled ? "the child solving it was killed by signal " +
                          std::to_string(WTERMSIG(child.status))
                    : "the child solving it exited with status " +
                          std::to_string(WEXITSTATUS(child.status));
  }
  if (job.rows.empty()) job.rows.emplace_back();
  for (Row& row : job.rows) {
    row.status = status;
    row.message = why.empty() ? why : job.source.display + ": " + why;
    row.seconds = child.seconds;
    row.cpu_seconds = cpu;
    row.peak_memory = peak_memory_of(child.usage);
  }
}

}  // namespace

std::optional<std::string> solve_in_child(FileJob& job, const Settings& settings,
                                          const Isolation& isolation, const StopSource& stop) {
  const double wall_limit = settings.timeout > 0 ? settings.timeout + kGraceSeconds : 0;
  Child child = run_child_process(child_arguments(job, settings, isolation), wall_limit, stop);
  std::optional<std::string> answer;
  bool solved = false;
  std::size_t at = 0;
  job.rows.clear();
  while (at < child.said.size()) {
    const std::size_t end = child.said.find('\n', at);
    if (end == std::string::npos) break;
    const char tag = child.said[at];
    auto message =
        nlohmann::json::parse(child.said.begin() + static_cast<long>(at) + 2,
                              child.said.begin() + static_cast<long>(end), nullptr, false);
    at = end + 1;
    if ((tag != 'L' && tag != 'R') || message.is_discarded()) break;
    job.rows.clear();
    for (const auto& row : message.value("rows", nlohmann::json::array()))
      job.rows.push_back(row_from_message(row));
    if (tag == 'L') continue;
    const auto bytes = message.value("answer_bytes", std::int64_t{-1});
    if (bytes >= 0 && at + static_cast<std::size_t>(bytes) <= child.said.size())
      answer = child.said.substr(at, static_cast<std::size_t>(bytes));
    solved = bytes < 0 || answer.has_value();
    break;
  }
  if (!solved) {
    rows_of_lost_child(job, child, isolation);
    answer.reset();
  } else if (child.timed_out) {
    // Ended by the parent's watchdog after its own --timeout did not stop it.
    for (Row& row : job.rows)
      if (row.status == RowStatus::pending) row.status = RowStatus::timeout;
  }
  if (solved && job.rows.size() == 1 && job.rows[0].status != RowStatus::pending) {
    // One instance: the child's own rusage, start-up and check included.
    job.rows[0].cpu_seconds = cpu_seconds_of(child.usage);
    job.rows[0].peak_memory = peak_memory_of(child.usage);
  }
  for (Row& row : job.rows) {
    row.path = job.source.display;
    row.kind = job.kind->name;
  }
  return answer;
}

// ---- the child ----

namespace {

struct ChildRequest {
  Options options;
  Settings settings;
  FileJob job;
  pid_t parent = 0;
  unsigned threads = 1;
};

ChildRequest read_request(const std::vector<std::string>& arguments) {
  ChildRequest request;
  auto number = [](const std::string& text) { return std::stod(text); };
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& name = arguments[i];
    const bool valued = i + 1 < arguments.size();
    const std::string value = valued ? arguments[i + 1] : std::string();
    if (name == "--count") {
      request.settings.count = request.options.count = true;
    } else if (name == "--verify") {
      request.settings.verify = request.options.verify = true;
    } else if (name == "--resume") {
      request.options.resume = true;
    } else if (!valued) {
      throw std::invalid_argument("batch child: expected a value after " + name);
    } else {
      ++i;
      if (name == "--file")
        request.job.source.path = value;
      else if (name == "--display")
        request.job.source.display = value;
      else if (name == "--output")
        request.job.source.output = value;
      else if (name == "--most")
        request.job.most = std::stoull(value);
      else if (name == "--timeout")
        request.settings.timeout = number(value);
      else if (name == "--cpu-limit")
        request.options.cpu_limit_seconds = number(value);
      else if (name == "--memory-limit")
        request.options.memory_limit = std::stoull(value);
      else if (name == "--threads")
        request.threads = static_cast<unsigned>(std::stoul(value));
      else if (name == "--parent")
        request.parent = static_cast<pid_t>(std::stol(value));
      else if (name == "--kind") {
        for (const KindEntry* kind : registered_kinds())
          if (value == kind->name) request.job.kind = kind;
      } else {
        throw std::invalid_argument("batch child: unknown argument " + name);
      }
    }
  }
  if (request.job.kind == nullptr || request.job.source.path.empty())
    throw std::invalid_argument("batch child: expected --file and a known --kind");
  request.settings.outputs = !request.job.source.output.empty();
  request.options.timeout_seconds = request.settings.timeout;
  return request;
}

// The kernel's limits: address space, and CPU as a backstop one second and
// more past the watchdog's (SIGXCPU, then SIGKILL a second later).
void set_limits(const Options& options) {
  if (options.memory_limit > 0) {
    // One malloc arena: a pool thread's own would reserve 64 MiB of the
    // address space the limit counts.
    ::mallopt(M_ARENA_MAX, 1);
    const rlimit memory{options.memory_limit, options.memory_limit};
    ::setrlimit(RLIMIT_AS, &memory);
  }
  if (options.cpu_limit_seconds > 0) {
    const auto soft = static_cast<rlim_t>(std::ceil(options.cpu_limit_seconds)) + 1;
    const rlimit cpu{soft, soft + 1};
    ::setrlimit(RLIMIT_CPU, &cpu);
  }
}

void write_all(int fd, const char* text, std::size_t size) {
  while (size > 0) {
    const ssize_t wrote = ::write(fd, text, size);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return;  // the parent is gone
    text += wrote;
    size -= static_cast<std::size_t>(wrote);
  }
}

void send(int fd, char tag, nlohmann::json message, const std::string* answer = nullptr) {
  // A byte that is no UTF-8 (a puzzle's id, a parse error quoting the
  // file) goes as U+FFFD: the row still reaches the parent.
  std::string line = std::string(1, tag) + ' ' +
                     message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
  write_all(fd, line.data(), line.size());
  if (answer != nullptr) write_all(fd, answer->data(), answer->size());
}

nlohmann::json rows_message(const FileJob& job) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Row& row : job.rows) rows.push_back(row_message(row));
  return {{"rows", std::move(rows)}};
}

// Stops the child's solve once its CPU time reaches the limit (polled every
// few milliseconds: the kernel's RLIMIT_CPU counts whole seconds only).
class CpuWatchdog {
 public:
  CpuWatchdog(double limit, StopSource& stop) {
    if (limit <= 0) return;
    thread_ = std::thread([this, limit, &stop] {
      std::unique_lock lock(mutex_);
      while (!done_) {
        if (process_cpu_seconds() >= limit) {
          fired_ = true;
          // A stop from outside, as Ctrl-C's: the rows stay unfinished and
          // become TIMEOUT (cpu) below. (StopReason::limit is a solution
          // limit reached: a count would read as a lower bound.)
          stop.request(StopReason::cancelled);
          return;
        }
        wake_.wait_for(lock, std::chrono::milliseconds(5));
      }
    });
  }
  ~CpuWatchdog() { finish(); }
  void finish() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  bool fired() const { return fired_; }

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::atomic<bool> fired_{false};
  std::thread thread_;
};

int solve_request(ChildRequest& request, int out_fd, const StopSource* outer) {
  StopSource stop(outer);
  request.options.stop = &stop;
  CpuWatchdog watchdog(request.options.cpu_limit_seconds, stop);
  std::optional<std::string> answer;
  with_workers(request.threads, [&] {
    answer = solve_file(request.job, request.options, request.settings,
                        [&](const FileJob& job) { send(out_fd, 'L', rows_message(job)); });
  });
  watchdog.finish();
  if (watchdog.fired())
    for (Row& row : request.job.rows)
      if (row.status == RowStatus::pending) {
        row.status = RowStatus::cpu_timeout;
        row.message = request.job.source.display + ": stopped by --cpu-limit";
      }
  nlohmann::json message = rows_message(request.job);
  message["answer_bytes"] = answer ? static_cast<std::int64_t>(answer->size()) : -1;
  send(out_fd, 'R', std::move(message), answer ? &*answer : nullptr);
  return 0;
}

}  // namespace

int run_child(const std::vector<std::string>& arguments, int out_fd, const StopSource* stop,
              std::map<std::string, std::any> solver) {
  try {
    ChildRequest request = read_request(arguments);
    // The configuration the parent runs; the manifests are the parent's
    // to read (it categorizes the rows), the kind's own answer is sent back.
    request.options.solver = std::move(solver);
    request.settings.solver = &request.options.solver;
    request.options.expected_beside = false;
    // Dies with the parent (a batch killed with SIGKILL leaves no child
    // running); a parent gone before this line is seen by getppid.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (request.parent != 0 && ::getppid() != request.parent) return 1;
    set_limits(request.options);
    return solve_request(request, out_fd, stop);
  } catch (const std::bad_alloc&) {
    write_all(out_fd, kOutOfMemory, sizeof kOutOfMemory - 1);
    return 1;
  }
}

}  // namespace nursery::batch
