#include "distributed_batch.hpp"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

namespace nursery::mpi {

namespace {

// worker -> 0: kWant (one word, unused), a lane asks for a file;
// 0 -> worker: kGive (one word), the index of the file in the order;
// worker -> 0: kDone (one word), the worker's lanes have all ended.
constexpr int kWant = 11;
constexpr int kGive = 12;
constexpr int kDone = 13;

// The lanes' requests, answered by the rank's main thread (the only one
// that calls MPI).
class Requests {
 public:
  std::size_t ask() {
    std::promise<std::size_t> promise;
    auto answer = promise.get_future();
    {
      std::lock_guard lock(mutex_);
      pending_.push_back(std::move(promise));
    }
    return answer.get();
  }
  bool take(std::promise<std::size_t>& promise) {
    std::lock_guard lock(mutex_);
    if (pending_.empty()) return false;
    promise = std::move(pending_.front());
    pending_.pop_front();
    return true;
  }

 private:
  std::mutex mutex_;
  std::deque<std::promise<std::size_t>> pending_;
};

// The counters of a summary, added up over the ranks (times: the longest).
batch::Summary reduce(const batch::Summary& mine) {
  std::uint64_t counts[] = {mine.instances, mine.ok,          mine.fail,          mine.timeout,
                            mine.error,     mine.unfinished,  mine.verified,      mine.mismatches,
                            mine.resumed,   mine.skipped,     mine.write_errors,  mine.jobs,
                            mine.threads,   mine.cpu_timeout, mine.out_of_memory, mine.correct,
                            mine.wrong};
  std::uint64_t sums[std::size(counts)] = {};
  MPI_Reduce(counts, sums, static_cast<int>(std::size(counts)), MPI_UINT64_T, MPI_SUM, 0,
             MPI_COMM_WORLD);
  double seconds = mine.seconds, longest = 0;
  MPI_Reduce(&seconds, &longest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  double cpu = mine.cpu_seconds, cpu_total = 0;
  MPI_Reduce(&cpu, &cpu_total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  std::uint64_t peak = mine.peak_memory, peak_most = 0;
  MPI_Reduce(&peak, &peak_most, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
  int interrupted = mine.interrupted ? 1 : 0, any = 0;
  MPI_Reduce(&interrupted, &any, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  batch::Summary total;
  std::size_t* fields[] = {&total.instances, &total.ok,         &total.fail,     &total.timeout,
                           &total.error,     &total.unfinished, &total.verified, &total.mismatches,
                           &total.resumed,   &total.skipped,    &total.write_errors};
  for (std::size_t i = 0; i < std::size(fields); ++i) *fields[i] = sums[i];
  total.jobs = static_cast<unsigned>(sums[11]);
  total.threads = static_cast<unsigned>(sums[12]);
  total.cpu_timeout = sums[13];
  total.out_of_memory = sums[14];
  total.correct = sums[15];
  total.wrong = sums[16];  // (the wrong rows' names are in the joined report)
  total.cpu_seconds = cpu_total;
  total.peak_memory = peak_most;
  total.seconds = longest;
  total.interrupted = any != 0;
  return total;
}

std::string part_report(const std::filesystem::path& report, int rank) {
  return report.string() + ".rank" + std::to_string(rank) + ".json";
}

// The main thread of a rank while its runner solves: every MPI call. Rank 0
// hands out the indices of the files, its own lanes' and the other ranks',
// until every rank has said it is done; another rank asks rank 0 for each.
void serve(const Session& session, Requests& requests, const std::atomic<bool>& finished) {
  std::uint64_t next = 0;  // rank 0: the next file to hand out
  int done_ranks = 0;
  for (;;) {
    bool busy = false;
    std::promise<std::size_t> promise;
    while (requests.take(promise)) {
      busy = true;
      if (session.root()) {
        promise.set_value(next++);
      } else {
        std::uint64_t word = 0, index = 0;
        MPI_Send(&word, 1, MPI_UINT64_T, 0, kWant, MPI_COMM_WORLD);
        MPI_Recv(&index, 1, MPI_UINT64_T, 0, kGive, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        promise.set_value(static_cast<std::size_t>(index));
      }
    }
    if (session.root()) {
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
      if (flag) {
        busy = true;
        std::uint64_t word = 0;
        MPI_Recv(&word, 1, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (status.MPI_TAG == kWant) {
          std::uint64_t index = next++;
          MPI_Send(&index, 1, MPI_UINT64_T, status.MPI_SOURCE, kGive, MPI_COMM_WORLD);
        } else if (status.MPI_TAG == kDone) {
          ++done_ranks;
        }
      }
      if (finished.load() && done_ranks == session.size() - 1) return;
    } else if (finished.load()) {
      std::uint64_t word = 0;
      MPI_Send(&word, 1, MPI_UINT64_T, 0, kDone, MPI_COMM_WORLD);
      return;
    }
    if (!busy) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

// Rank 0 joins the ranks' reports into the one asked for and removes them.
// The ranks' reports joined into the run's; the first wrong rows' names,
// which the reduced counters cannot carry.
std::vector<std::string> join_reports(const Session& session,
                                      const std::filesystem::path& final_report) {
  std::vector<std::string> parts;
  for (int rank = 0; rank < session.size(); ++rank)
    parts.push_back(part_report(final_report, rank));
  // Ranks, not parts: this run's own.
  auto joined = batch::merge_reports(parts, final_report, false);
  for (const auto& part : parts) std::filesystem::remove(part);
  return joined.wrong_rows;
}

}  // namespace

batch::Summary run_batch(const Session& session, batch::Options options) {
  if (!options.report.empty() && options.report.extension() != ".json")
    throw std::invalid_argument(
        "--mpi: expected --report FILE.json (the ranks' reports are "
        "joined as JSON), found '" +
        options.report.string() + "'");
  // Rank 0 clears a killed run's temporaries before any rank writes.
  options.clean_outdir = false;
  if (session.root() && !options.outdir.empty()) batch::prepare_outdir(options.outdir);
  if (session.root()) batch::remove_stale_report_temporaries(options.report);
  MPI_Barrier(MPI_COMM_WORLD);

  std::filesystem::path final_report = options.report;
  if (!final_report.empty()) options.report = part_report(final_report, session.rank());
  options.walk_report = session.root();  // every rank walks alike: rank 0 tells
  Requests requests;
  options.next_file = [&requests] { return requests.ask(); };

  batch::Summary mine;
  std::exception_ptr failure;
  std::atomic<bool> finished{false};
  std::thread runner([&] {
    try {
      mine = batch::run(options);
    } catch (...) {
      failure = std::current_exception();
    }
    finished.store(true);
  });
  serve(session, requests, finished);
  runner.join();
  if (failure) std::rethrow_exception(failure);

  batch::Summary total = reduce(mine);
  MPI_Barrier(MPI_COMM_WORLD);  // every part report is written
  if (!session.root()) return mine;
  if (!final_report.empty()) total.wrong_rows = join_reports(session, final_report);
  return total;
}

}  // namespace nursery::mpi
