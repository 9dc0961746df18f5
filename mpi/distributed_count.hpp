// Counting one frontier with MPI ranks: rank 0 holds the frontier and hands
// chunks of it out on request (master-worker, so fast and slow machines
// balance); every rank, rank 0 included, runs its chunks on its own oneTBB
// pool, and the counts come back to rank 0 exactly (128 bits as two words).
// Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED).
#pragma once

#include <cstdint>
#include <functional>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>
#include <nursery/stop.hpp>
#include <string>
#include <vector>

namespace nursery::mpi {

// MPI_Init_thread / MPI_Finalize around a run.
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  // Rank 0 tells every rank whether the job goes on (false: rank 0 found an
  // error, e.g. a mismatched checkpoint, and reports it; the others exit).
  bool agree(bool root_ok) const;
  // Ends every rank at once (an error in the middle of a job).
  [[noreturn]] void abort(int status) const;

 private:
  int rank_ = 0;
  int size_ = 1;
};

using Subproblem = queens::CanonicalCount::Subproblem;

struct Job {
  int n = 0;
  unsigned threads = 0;  // per rank; 0: every core of the rank's machine
  const StopSource* stop = nullptr;
  // Rank 0 only:
  std::vector<std::uint64_t> ids;       // the subproblems left to count...
  std::vector<Subproblem> subproblems;  // ...and what they are, in the same order
  // Called once per finished subproblem, from several threads at once.
  std::function<void(std::uint64_t id, const Outcome& outcome)> on_done;
  // Progress lines on stderr ("done/total, rate, ETA") every this many seconds; 0: none.
  double progress_seconds = 10;
  std::uint64_t frontier_size = 0;  // for the progress line
  std::uint64_t already_done = 0;   // resumed from a checkpoint, for the progress line
  std::string label;                // e.g. "count 17"
};

// What rank 0 learns (other ranks: zeros).
struct Summary {
  std::uint64_t done = 0;   // subproblems finished in this run
  std::uint64_t nodes = 0;  // summed over every rank
  double cpu_seconds = 0;   // summed over every rank
  unsigned threads = 0;     // summed over every rank
  bool stopped = false;     // interrupted: some subproblems were not handed out
};

// Runs the job on every rank of MPI_COMM_WORLD; collective.
Summary count(const Session& session, const Job& job);

}  // namespace nursery::mpi
