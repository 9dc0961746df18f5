// The kind-free parts of resumable counts: a ledger's checkpoint file and
// sums, and the merge of part files.
#include "nursery/resumable.hpp"

#include <filesystem>
#include <map>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace nursery {

namespace detail {

LedgerBook::LedgerBook(const ResumableOptions& options)
    : options_(options), started_(std::chrono::steady_clock::now()) {
  if (options_.checkpoint.empty() || !options_.resume) return;
  std::error_code error;
  const bool exists = std::filesystem::exists(options_.checkpoint, error);
  // A run that holds the file is still writing it: say so before reading
  // what may be half a header.
  if (exists) checkpoint::require_unlocked(options_.checkpoint);
  if (exists && std::filesystem::file_size(options_.checkpoint, error) > 0) {
    contents_ = checkpoint::read(options_.checkpoint);
    resuming_ = true;
  } else if (options_.log) {
    // An empty file is what a run killed between creating the checkpoint
    // and writing its header leaves: nothing was counted yet.
    options_.log(LogLevel::info, options_.checkpoint + (exists ? ": empty checkpoint (a run stopped before its header), starting it afresh"
                                                               : ": no checkpoint yet, starting one"));
  }
}

std::size_t LedgerBook::target_or(std::size_t fallback) const {
  if (options_.target) return *options_.target;
  // The split target is part of the checkpoint: a resumed run takes it from there.
  if (resuming_) return contents_.header.target;
  return fallback;
}

void LedgerBook::open(checkpoint::Header header) {
  header_ = std::move(header);
  // Reading the checkpoint counts as part of the split, as it always has.
  split_seconds_ = seconds_since_start();
  const std::string& path = options_.checkpoint;
  tally_ = checkpoint::tally(header_.subproblems, {}, path);
  checkpoint::Writer::Batching batching;
  batching.seconds = options_.sync_seconds;
  if (resuming_) {
    checkpoint::require_match(path, header_, contents_.header);
    if (contents_.torn_tail && options_.log)
      options_.log(LogLevel::warning, path + ": dropping a torn last line (a write cut short)");
    checkpoint::add_records(tally_, contents_.records, path);
    resumed_ = tally_.done_count;
    writer_.emplace(checkpoint::Writer::resume(path, contents_, batching));
    contents_.records = {};  // in the tally now
  } else if (!path.empty()) {
    writer_.emplace(checkpoint::Writer::create(path, header_, batching));
  }
  for (std::uint64_t id = 0; id < header_.subproblems; ++id) {
    if (!checkpoint::in_part(id, header_.part, header_.parts)) continue;
    ++in_part_;
    if (!tally_.done[id]) todo_ids_.push_back(id);
  }
  if (resumed_ > 0 && options_.log)
    options_.log(LogLevel::info, path + ": resuming, " + std::to_string(resumed_) + " of " +
                                     std::to_string(in_part_) + " subproblems already counted");
}

void LedgerBook::finished(std::uint64_t id, const Outcome& outcome) {
  if (writer_) writer_->add({id, outcome.count, outcome.unique});
  std::lock_guard lock(mutex_);
  if (tally_.done[id]) return;
  tally_.done[id] = true;
  ++tally_.done_count;
  if (!add_checked(tally_.total, outcome.count) || !add_checked(tally_.unique, outcome.unique))
    throw std::overflow_error("solution count exceeds 128 bits");
}

void LedgerBook::flush() {
  if (writer_) writer_->flush();
}

std::uint64_t LedgerBook::done() {
  std::lock_guard lock(mutex_);
  return tally_.done_count;
}

Count LedgerBook::total() {
  std::lock_guard lock(mutex_);
  return tally_.total;
}

Count LedgerBook::unique() {
  std::lock_guard lock(mutex_);
  return tally_.unique;
}

ResumableResult LedgerBook::sums(StopReason reason, double wall_seconds, bool counts_classes) {
  ResumableResult result;
  result.stats.subproblems = in_part_;
  result.stats.subproblems_done = done();
  result.status = status_of(Mode::count, result.stats.subproblems_done == in_part_, false, reason);
  result.total = total();
  result.unique = unique();
  result.unique_known = counts_classes;
  result.header = header_;
  result.resumed = resumed_;
  result.stats.split_seconds = split_seconds_;
  result.stats.wall_seconds = wall_seconds;
  return result;
}

double LedgerBook::seconds_since_start() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

}  // namespace detail

MergedParts merge_parts(const std::vector<std::string>& files) {
  if (files.empty()) throw std::invalid_argument("merge_parts: no checkpoint files");
  MergedParts merged;
  checkpoint::Tally tally;
  // A part named twice (the same file, or a copy of one part) is a slip:
  // the sum would not change, but the part the user meant is missing.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> parts_seen;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string& file = files[i];
    checkpoint::Contents contents = checkpoint::read(file);
    const auto [earlier, fresh] =
        parts_seen.emplace(std::pair{contents.header.part, contents.header.parts}, file);
    if (!fresh)
      throw std::invalid_argument(file + ": part " + std::to_string(contents.header.part) + "/" +
                                  std::to_string(contents.header.parts) + ", as " +
                                  earlier->second + " is (each part once)");
    if (i == 0) {
      merged.header = contents.header;
      tally = checkpoint::tally(merged.header.subproblems, {}, file);
    } else {
      checkpoint::Header expected = merged.header;
      expected.part = contents.header.part;  // parts differ, everything else must not
      expected.parts = contents.header.parts;
      checkpoint::require_match(file, expected, contents.header);
    }
    checkpoint::add_records(tally, contents.records, file);
  }
  merged.total = tally.total;
  merged.unique = tally.unique;
  merged.done = tally.done_count;
  while (merged.first_missing < tally.done.size() && tally.done[merged.first_missing])
    ++merged.first_missing;
  return merged;
}

}  // namespace nursery
