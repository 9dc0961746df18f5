// Checkpoints of a long count: the ids of finished subproblems with their
// counts, appended to a file and fsynced in batches, so a killed run loses
// at most the subproblems in flight (and the last unsynced batch). Used the
// same way by one process and by MPI rank 0.
//
// The file is text, one item per line, every line carrying its own CRC-32:
//   nursery-checkpoint 1
//   kind queens-canonical
//   n 15
//   target 4096
//   subproblems 3906
//   frontier 5d1f0a3c          CRC-32 of the frontier's bytes (the id space)
//   part 1/1                   the share of the frontier this file covers
//   header 8c3e1f20            CRC-32 of the lines above
//   done <id> <total> <unique> <crc>   one per finished subproblem
// A last line without its newline is a write torn by a crash: it is dropped.
// Anything else that does not check (bad CRC, unknown line, id out of range,
// one id with two different counts) refuses the whole file.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <stop_token>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "nursery/background.hpp"
#include "nursery/count.hpp"

namespace nursery::checkpoint {

//--- Problem -----------------------------------------------------------------
// What a checkpoint belongs to; two runs may share a file only when every
// field is equal.
// What a header may say: boards up to 64, frontiers up to 2^24 subproblems
// (split targets alike). A reader refuses anything else before using it.
constexpr std::uint64_t kMaxHeaderN = 64;
constexpr std::uint64_t kMaxSubproblems = std::uint64_t{1} << 24;

struct Header {
  std::string kind;               // problem kind, e.g. "queens-canonical"
  int n = 0;                      // board size
  std::uint64_t target = 0;       // split target the frontier was built with
  std::uint64_t subproblems = 0;  // frontier size: ids are 0..subproblems-1
  std::uint32_t frontier = 0;     // CRC-32 of the frontier (catches a changed split)
  std::uint32_t part = 1;         // this file covers ids with id % parts == part - 1
  std::uint32_t parts = 1;
};

// One finished subproblem.
struct Record {
  std::uint64_t id = 0;
  Count total = 0;
  Count unique = 0;
};

// A checkpoint file that failed to read or does not match the run: one line,
// naming the file (and line) and what was expected and found.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

//--- Reading -----------------------------------------------------------------
struct Contents {
  Header header;
  std::vector<Record> records;    // in file order (duplicates already checked equal)
  std::uint64_t valid_bytes = 0;  // length of the file up to its last whole line
  bool torn_tail = false;         // a partial last line was dropped
};

// Throws Error "PATH: checkpoint is in use by another running count" when
// another process holds the file's lock (a run writing it right now).
void require_unlocked(const std::filesystem::path& path);

// Reads and checks a whole file; throws Error on anything that does not check.
Contents read(const std::filesystem::path& path);

// Throws Error (naming `path`) unless `found` describes the same run as `expected`.
void require_match(const std::filesystem::path& path, const Header& expected, const Header& found);

// The sum of a set of records over a frontier of `subproblems` ids.
struct Tally {
  std::vector<bool> done;                                             // per id
  std::unordered_map<std::uint64_t, std::pair<Count, Count>> counts;  // id -> total, unique
  std::uint64_t done_count = 0;
  Count total = 0;
  Count unique = 0;
};
// Throws Error (naming `origin`) for an id out of range, one id with two
// different counts, or a sum past 128 bits.
void add_records(Tally& tally, std::span<const Record> records, const std::string& origin);
Tally tally(std::uint64_t subproblems, std::span<const Record> records, const std::string& origin);

//--- Writing -----------------------------------------------------------------
// Appends records from any thread. Records are buffered; a background thread
// (started by the first add()) writes them with one write() plus fsync() per
// batch: every `seconds`, or as soon as `records` are waiting; flush() and the
// destructor write the rest. The searching threads never wait on the disk.
// A writer may be moved only before its first add().
class Writer {
 public:
  struct Batching {
    std::size_t records = 1 << 16;  // a bound on memory; time is the usual trigger
    double seconds = 1.0;
  };

  // A new file: refuses to replace an existing, non-empty one.
  static Writer create(const std::filesystem::path& path, const Header& header, Batching batching);
  // Continues `contents` (read from `path`): a torn last line is cut off first.
  static Writer resume(const std::filesystem::path& path, const Contents& contents,
                       Batching batching);

  Writer(Writer&& other) noexcept;
  Writer& operator=(Writer&&) = delete;
  Writer(const Writer&) = delete;
  ~Writer();

  void add(const Record& record);  // thread-safe
  void flush();                    // write and fsync what is buffered; thread-safe
  std::uint64_t syncs() const { return syncs_.load(std::memory_order_relaxed); }

 private:
  Writer(const std::filesystem::path& path, int fd, Batching batching);
  void write_batch();  // under io_mutex_
  void sync_loop(std::stop_token token);  // the background thread
  void stop_syncer();

  std::filesystem::path path_;
  int fd_ = -1;
  Batching batching_;
  std::mutex io_mutex_;  // one write + fsync at a time, in order
  std::mutex mutex_;     // the buffer
  std::string buffer_;
  std::size_t buffered_ = 0;
  std::chrono::steady_clock::time_point last_sync_;
  std::atomic<std::uint64_t> syncs_{0};
  std::condition_variable_any wake_;  // with mutex_: a full batch (a stop wakes it too)
  std::string error_;  // the background thread's failure, reported by add()/flush()
  Background syncer_;  // started by the first add()
};

//--- Helpers -----------------------------------------------------------------
std::uint32_t crc32(const void* data, std::size_t size);

// CRC-32 of a frontier's bytes: subproblems must have no padding.
template <class Subproblem>
std::uint32_t frontier_crc(std::span<const Subproblem> frontier) {
  static_assert(std::has_unique_object_representations_v<Subproblem>,
                "frontier_crc hashes raw bytes: the subproblem must have no padding");
  return crc32(frontier.data(), frontier.size_bytes());
}

// "I/K" with 1 <= I <= K; throws std::invalid_argument otherwise.
std::pair<std::uint32_t, std::uint32_t> parse_part(const std::string& text);

// Whether id belongs to part `part` of `parts` (round robin over ids, so
// every part gets a similar mix of cheap and expensive subproblems).
inline bool in_part(std::uint64_t id, std::uint32_t part, std::uint32_t parts) {
  return id % parts == part - 1;
}

}  // namespace nursery::checkpoint
