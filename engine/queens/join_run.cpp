// What one join count owns (join.hpp, JoinRun): its quarter tables, built
// once by the workers together, and its workers' buffers, kept from piece
// to piece; both freed when the count's instance goes.
#include <tbb/collaborative_call_once.h>

#include <algorithm>
#include <new>

#include "queens/join.hpp"

namespace nursery::queens {

namespace join_detail {

struct JoinRun::Tables {
  int n = 0, width = 0;
  QueenKeys keys{};
  bool mirrors = false;
  tbb::collaborative_once_flag once;
  std::shared_ptr<const QuarterTables> built;
  bool stopped = false;  // built when stopped: nothing, and asked again
};

std::shared_ptr<const QuarterTables> JoinRun::quarter_tables(int n, int width,
                                                             const QueenKeys& keys,
                                                             const KeyMirror& mirror, bool mirrors,
                                                             const StopPoller& poller) {
  if (!quarter_tables_fit(n, width) || !quarter_keys_fit(n, keys)) return nullptr;
  std::shared_ptr<Tables> slot;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& tables : tables_)
      if (tables->n == n && tables->width == width && tables->keys == keys &&
          tables->mirrors == mirrors)
        slot = tables;
    if (!slot) {
      // One count's pieces share n and the chunk width: one set of
      // tables (a set a width, were a count to mix widths).
      slot = std::make_shared<Tables>();
      slot->n = n;
      slot->width = width;
      slot->keys = keys;
      slot->mirrors = mirrors;
      tables_.push_back(slot);
    }
  }
  tbb::collaborative_call_once(slot->once, [&] {
    slot->built = build_quarter_tables(n, width, keys, mirror, mirrors, poller);
    slot->stopped = !slot->built;
  });
  if (slot->stopped) {  // a later piece (a resumed round) builds them afresh
    std::lock_guard<std::mutex> lock(mutex_);
    tables_.remove(slot);
    return nullptr;
  }
  return slot->built;
}

JoinRun::Lease JoinRun::buffers() {
  std::unique_ptr<PieceBuffers> buffers;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!free_.empty()) {
      auto mine = std::find_if(free_.begin(), free_.end(), [](const auto& entry) {
        return entry.first == std::this_thread::get_id();
      });
      if (mine == free_.end()) --mine;
      buffers = std::move(mine->second);
      free_.erase(mine);
    }
  }
  if (!buffers) buffers = std::make_unique<PieceBuffers>();
  return Lease(*this, std::move(buffers));
}

void JoinRun::give_back(std::unique_ptr<PieceBuffers> buffers) {
  std::lock_guard<std::mutex> lock(mutex_);
  try {
    free_.emplace_back(std::this_thread::get_id(), std::move(buffers));
  } catch (const std::bad_alloc&) {
    // (from a lease's destructor: the set is dropped, the next piece grows one)
  }
}

std::shared_ptr<JoinRun> new_join_run() {
  return std::make_shared<JoinRun>(join_tuning());
}

}  // namespace join_detail

}  // namespace nursery::queens
