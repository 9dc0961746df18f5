// Counting one frontier with MPI ranks: rank 0 holds the frontier and hands
// chunks of it out on request (master-worker, so fast and slow machines
// balance); every rank, rank 0 included, runs its chunks on its own oneTBB
// pool, and the counts come back to rank 0 exactly (128 bits as two words).
// Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED).
#pragma once

#include <bit>
#include <cstdint>
#include <functional>
#include <nursery/scheduler.hpp>
#include <nursery/stop.hpp>
#include <span>
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

// What one rank's pool made of a chunk of subproblems.
struct ChunkResult {
  std::vector<Outcome> outcomes;  // one per subproblem, in order
  double cpu_seconds = 0;
};
// Runs a chunk of subproblems (each packed in one word) on the rank's pool,
// calling on_done(i, outcome) as each finishes. Every rank has the same one.
using Runner =
    std::function<ChunkResult(std::span<const std::uint64_t> packed, const RunOptions& options,
                              const std::function<void(std::size_t, const Outcome&)>&)>;

// The runner of a problem kind whose subproblems fit in one word.
template <class Tree>
Runner runner_for(typename Tree::Instance instance) {
  using Subproblem = typename Tree::Subproblem;
  static_assert(sizeof(Subproblem) == sizeof(std::uint64_t), "a subproblem travels as one word");
  return [instance](std::span<const std::uint64_t> packed, const RunOptions& options,
                    const std::function<void(std::size_t, const Outcome&)>& on_done) {
    std::vector<Subproblem> subproblems;
    subproblems.reserve(packed.size());
    for (std::uint64_t word : packed) subproblems.push_back(std::bit_cast<Subproblem>(word));
    auto execution = execute<Tree>(instance, std::span<const Subproblem>(subproblems), options,
                                   nullptr, on_done);
    return ChunkResult{std::move(execution.outcomes), execution.cpu_seconds};
  };
}

// Packs a kind's frontier for a Job.
template <class Subproblem>
std::vector<std::uint64_t> pack(const std::vector<Subproblem>& subproblems) {
  std::vector<std::uint64_t> words;
  words.reserve(subproblems.size());
  for (const auto& subproblem : subproblems)
    words.push_back(std::bit_cast<std::uint64_t>(subproblem));
  return words;
}

struct Job {
  int n = 0;
  unsigned threads = 0;  // per rank; 0: every core of the rank's machine
  const StopSource* stop = nullptr;
  Runner run;  // every rank
  // Rank 0 only:
  std::vector<std::uint64_t> ids;          // the subproblems left to count...
  std::vector<std::uint64_t> subproblems;  // ...and what they are (packed), in the same order
  // ...and their estimated work (detail::work_units, same order), so the
  // progress line's share and ETA track time; empty: every one alike.
  std::vector<std::uint64_t> units;
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
