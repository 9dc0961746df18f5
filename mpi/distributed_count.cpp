#include "distributed_count.hpp"
#include <nursery/progress.hpp>
#include <nursery/scheduler.hpp>

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <iostream>
#include <mutex>
#include <unordered_map>
#include <thread>

namespace nursery::mpi {

namespace {

// Messages are arrays of uint64 words.
//   worker -> 0, kResult: threads, cpu_ns, k, then k x (id, total lo, total hi,
//                         unique lo, unique hi, nodes); the first one has k = 0
//   0 -> worker, kWork:   k, then k x (id, subproblem bytes); k = 0: stop
constexpr int kResult = 1;
constexpr int kWork = 2;
constexpr std::size_t kResultWords = 6;

std::uint64_t low(Count value) {
  return static_cast<std::uint64_t>(value);
}
std::uint64_t high(Count value) {
  return static_cast<std::uint64_t>(value >> 64);
}
Count join(std::uint64_t lo, std::uint64_t hi) {
  return (Count(hi) << 64) | lo;
}

RunOptions rank_options(const Job& job) {
  RunOptions options;
  options.mode = Mode::count;
  options.threads = job.threads;
  options.budget = Budget(job.stop);
  return options;
}

// Rank 0's shared state: the queue of subproblems not handed out yet, and
// what has come back.
class Master {
 public:
  Master(const Session& session, const Job& job) : session_(session), job_(job) {
    for (std::size_t i = 0; i < job.ids.size(); ++i) queue_.push_back(i);
    if (job.units.size() == job.ids.size()) {
      for (std::size_t i = 0; i < job.ids.size(); ++i) {
        units_of_[job.ids[i]] = job.units[i];
        units_total_ += job.units[i];
      }
    }
  }

  // Chunks aim at about kChunkSeconds of work per thread (from the mean time
  // of the subproblems finished so far), so cheap subproblems travel in bulk
  // and expensive ones one per thread: a rank asks rank 0 about every
  // fifth of a second, and a killed job loses that much per thread. Never more than
  // a quarter of what is left per rank (guided), so the ranks end together.
  std::vector<std::size_t> take(unsigned threads) {
    constexpr double kChunkSeconds = 0.2;
    std::lock_guard lock(mutex_);
    std::vector<std::size_t> chunk;
    if (job_.stop != nullptr && job_.stop->requested()) return chunk;
    std::size_t want = threads;
    if (timed_ > 0 && summary_.cpu_seconds > 0) {
      const double mean = summary_.cpu_seconds / static_cast<double>(timed_);
      want = static_cast<std::size_t>(kChunkSeconds * threads / mean);
    }
    const std::size_t guided = queue_.size() / (4 * static_cast<std::size_t>(session_.size()));
    want = std::max<std::size_t>(threads, std::min(want, guided));
    while (!queue_.empty() && chunk.size() < want) {
      chunk.push_back(queue_.front());
      queue_.pop_front();
    }
    return chunk;
  }

  void finished(std::uint64_t id, const Outcome& outcome) {
    job_.on_done(id, outcome);
    std::lock_guard lock(mutex_);
    ++summary_.done;
    summary_.nodes += outcome.nodes;
    if (auto it = units_of_.find(id); it != units_of_.end()) units_done_ += it->second;
  }

  void add_rank(unsigned threads, double cpu_seconds) {
    std::lock_guard lock(mutex_);
    summary_.threads += threads;
    summary_.cpu_seconds += cpu_seconds;
  }
  // A chunk of `subproblems` took `cpu_seconds` (for the mean time per subproblem).
  void add_cpu(double cpu_seconds, std::size_t subproblems) {
    std::lock_guard lock(mutex_);
    summary_.cpu_seconds += cpu_seconds;
    timed_ += subproblems;
  }

  // "done/total subproblems (share), rate, ETA": with work estimates the
  // share and the ETA are weighted by them (this run's subproblems; a
  // resumed run's finished ones count as their number's share).
  void print_progress(double elapsed) {
    std::uint64_t done, units_done;
    {
      std::lock_guard lock(mutex_);
      done = summary_.done;
      units_done = units_done_;
    }
    const std::uint64_t todo = job_.ids.size();
    double share = todo > 0 ? static_cast<double>(done) / todo : 1;  // of this run's work
    if (units_total_ > 0) share = static_cast<double>(units_done) / units_total_;
    double rate = elapsed > 0 ? done / elapsed : 0;
    std::string eta = eta_.text(elapsed, share);
    const double overall =
        job_.frontier_size > 0
            ? 100.0 * (job_.already_done + share * todo) / job_.frontier_size
            : 100.0;
    std::fprintf(stderr, "%s: %llu/%llu subproblems (%.1f%%), %.1f/s, ETA %s, %d rank%s\n",
                 job_.label.c_str(), static_cast<unsigned long long>(job_.already_done + done),
                 static_cast<unsigned long long>(job_.frontier_size), overall, rate, eta.c_str(),
                 session_.size(), session_.size() == 1 ? "" : "s");
    std::fflush(stderr);
  }

  Summary summary() {
    std::lock_guard lock(mutex_);
    Summary result = summary_;
    result.stopped = result.done < job_.ids.size();
    return result;
  }

 private:
  const Session& session_;
  const Job& job_;
  std::mutex mutex_;
  std::deque<std::size_t> queue_;
  Summary summary_;
  std::uint64_t timed_ = 0;  // subproblems whose chunk's CPU time is in summary_
  std::unordered_map<std::uint64_t, std::uint64_t> units_of_;  // id -> estimated work
  std::uint64_t units_total_ = 0, units_done_ = 0;
  Eta eta_;  // print_progress's, on the one thread that prints
};

// Rank 0's own share: chunks taken from the master and counted on its own
// pool, on a thread of their own while the calling thread serves the
// other ranks. `running` turns false when it ends; an exception is kept in
// `error`, for the caller to rethrow once every rank is told to end.
std::thread count_locally(Master& master, const Job& job, unsigned threads,
                          std::atomic<bool>& running, std::exception_ptr& error) {
  return std::thread([&master, &job, threads, &running, &error] {
    try {
      const RunOptions options = rank_options(job);
      for (auto chunk = master.take(threads); !chunk.empty(); chunk = master.take(threads)) {
        std::vector<std::uint64_t> subproblems;
        for (std::size_t index : chunk) subproblems.push_back(job.subproblems[index]);
        auto execution = job.run(std::span<const std::uint64_t>(subproblems), options,
                                 [&](std::size_t i, const Outcome& outcome) {
                                   master.finished(job.ids[chunk[i]], outcome);
                                 });
        master.add_cpu(execution.cpu_seconds, chunk.size());
      }
    } catch (...) {
      error = std::current_exception();
    }
    running.store(false);
  });
}

// A worker's result message (checked: a malformed one aborts every rank)
// booked with the master; returns the threads the worker has.
unsigned book_result(Master& master, const Session& session, const MPI_Status& status,
                     std::vector<std::uint64_t>& message) {
  int words = 0;
  MPI_Get_count(&status, MPI_UINT64_T, &words);
  message.resize(static_cast<std::size_t>(words));
  MPI_Recv(message.data(), words, MPI_UINT64_T, status.MPI_SOURCE, kResult, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  if (words < 3 || message.size() != 3 + message[2] * kResultWords) {
    std::cerr << "error: rank " << status.MPI_SOURCE << " sent a malformed result\n";
    session.abort(2);
  }
  const auto threads = static_cast<unsigned>(message[0]);
  const double cpu = message[1] * 1e-9;
  const std::uint64_t k = message[2];
  if (k == 0 && message[1] == 0)
    master.add_rank(threads, 0);  // a worker's first request (later ones carry cpu_ns >= 1)
  else
    master.add_cpu(cpu, k);
  for (std::uint64_t r = 0; r < k; ++r) {
    const std::uint64_t* w = &message[3 + r * kResultWords];
    Outcome outcome;
    outcome.count = join(w[1], w[2]);
    outcome.unique = join(w[3], w[4]);
    outcome.nodes = w[5];
    outcome.complete = true;
    master.finished(w[0], outcome);
  }
  return threads;
}

// The worker's next chunk sent (empty: its end); true when it was the last.
bool send_work(Master& master, const Job& job, unsigned threads, int rank) {
  auto chunk = master.take(threads);
  std::vector<std::uint64_t> work{chunk.size()};
  for (std::size_t index : chunk) {
    work.push_back(job.ids[index]);
    work.push_back(job.subproblems[index]);
  }
  MPI_Send(work.data(), static_cast<int>(work.size()), MPI_UINT64_T, rank, kWork, MPI_COMM_WORLD);
  return chunk.empty();
}

Summary run_master(const Session& session, const Job& job) {
  const auto start = SteadyClock::now();
  Master master(session, job);
  const unsigned local_threads = detail::worker_count(job.threads);
  master.add_rank(local_threads, 0);

  // Rank 0 counts too, on its own pool, while this thread serves the others.
  std::exception_ptr local_error;
  std::atomic<bool> local_running{true};
  std::thread local = count_locally(master, job, local_threads, local_running, local_error);

  int active = session.size() - 1;
  std::vector<std::uint64_t> message;
  auto next_progress = start + std::chrono::duration<double>(job.progress_seconds);
  while (active > 0 || local_running.load()) {
    if (job.progress_seconds > 0 && SteadyClock::now() >= next_progress) {
      master.print_progress(std::chrono::duration<double>(SteadyClock::now() - start).count());
      next_progress += std::chrono::duration<double>(job.progress_seconds);
    }
    if (!local_running.load() && local_error) break;  // rethrown below: every rank ends
    int ready = 0;
    MPI_Status status;
    if (active > 0) MPI_Iprobe(MPI_ANY_SOURCE, kResult, MPI_COMM_WORLD, &ready, &status);
    if (!ready) {
      // Polling with a nap rather than a blocking receive: Open MPI's
      // blocking calls spin, and this core belongs to the local pool.
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    const unsigned threads = book_result(master, session, status, message);
    if (send_work(master, job, threads, status.MPI_SOURCE)) --active;
  }
  local.join();
  if (local_error) std::rethrow_exception(local_error);
  return master.summary();
}

void run_worker(const Job& job) {
  const RunOptions options = rank_options(job);
  std::vector<std::uint64_t> result{detail::worker_count(job.threads), 0, 0};
  std::vector<std::uint64_t> work;
  std::vector<std::uint64_t> subproblems;
  std::vector<std::uint64_t> ids;
  for (;;) {
    MPI_Send(result.data(), static_cast<int>(result.size()), MPI_UINT64_T, 0, kResult,
             MPI_COMM_WORLD);
    MPI_Status status;
    MPI_Probe(0, kWork, MPI_COMM_WORLD, &status);
    int words = 0;
    MPI_Get_count(&status, MPI_UINT64_T, &words);
    work.resize(static_cast<std::size_t>(words));
    MPI_Recv(work.data(), words, MPI_UINT64_T, 0, kWork, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    const std::uint64_t k = work.empty() ? 0 : work[0];
    if (k == 0) return;
    ids.clear();
    subproblems.clear();
    for (std::uint64_t i = 0; i < k; ++i) {
      ids.push_back(work[1 + 2 * i]);
      subproblems.push_back(work[2 + 2 * i]);
    }
    auto execution = job.run(std::span<const std::uint64_t>(subproblems), options, {});
    result.assign({result[0], static_cast<std::uint64_t>(execution.cpu_seconds * 1e9) + 1, 0});
    std::uint64_t complete = 0;
    for (std::size_t i = 0; i < execution.outcomes.size(); ++i) {
      const Outcome& outcome = execution.outcomes[i];
      if (!outcome.complete) continue;  // interrupted: rank 0 leaves it undone
      result.insert(result.end(), {ids[i], low(outcome.count), high(outcome.count),
                                   low(outcome.unique), high(outcome.unique), outcome.nodes});
      ++complete;
    }
    result[2] = complete;
  }
}

}  // namespace

Session::Session() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (provided < MPI_THREAD_FUNNELED) {
    if (rank_ == 0) std::cerr << "error: this MPI library cannot be used with threads\n";
    abort(2);
  }
}

Session::~Session() {
  MPI_Finalize();
}

bool Session::agree(bool root_ok) const {
  int ok = root_ok ? 1 : 0;
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok != 0;
}

void Session::abort(int status) const {
  std::cerr.flush();
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

Summary count(const Session& session, const Job& job) {
  try {
    if (session.root()) return run_master(session, job);
    run_worker(job);
    return {};
  } catch (const std::exception& e) {
    std::cerr << "error: rank " << session.rank() << ": " << e.what() << '\n';
    session.abort(2);
  }
}

}  // namespace nursery::mpi
