#include "batch/writer.hpp"

#include <unistd.h>

#include <nursery/io.hpp>
#include <chrono>
#include <vector>

namespace nursery::batch {

namespace {
constexpr auto kGather = std::chrono::milliseconds(5);  // the longest a group waits to fill
constexpr std::size_t kGroup = 64;                      // answers that make a group at once
}  // namespace

Writer::Writer(fs::path outdir, Failure on_failure, Done on_done)
    : outdir_(std::move(outdir)), on_failure_(std::move(on_failure)), on_done_(std::move(on_done)) {
  if (!outdir_.empty()) thread_ = std::thread([this] { loop(); });
}

Writer::~Writer() {
  close();
}

void Writer::close() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  ready_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Writer::push(std::unique_ptr<FileJob> job, std::string text) {
  {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [this] { return queued_bytes_ < kQueueBytes || closing_; });
    queued_bytes_ += text.size();
    queue_.push_back({std::move(job), std::move(text)});
  }
  ready_.notify_one();
}

void Writer::loop() {
  bool renamed = false;
  for (;;) {
    std::deque<Answer> group;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      // Give the lanes a moment to finish more answers: one syncfs then
      // covers many, and the writer wakes less often beside the lanes.
      ready_.wait_for(lock, kGather, [this] { return closing_ || queue_.size() >= kGroup; });
      if (queue_.empty()) break;
      group.swap(queue_);
    }
    std::size_t bytes = 0;
    for (const auto& answer : group) bytes += answer.text.size();
    renamed = commit(group) || renamed;
    for (auto& answer : group) on_done_(std::move(answer.job));
    {
      std::lock_guard lock(mutex_);
      queued_bytes_ -= bytes;
    }
    room_.notify_all();
  }
  // The last group's renames are made durable before the batch reports.
  if (renamed) {
    try {
      sync_filesystem(outdir_);
    } catch (const std::exception& e) {
      warning_ = e.what();  // the answers are in place; only their durability is in doubt
    }
  }
}

void Writer::failed(FileJob& job, const std::exception& e) {
  ++failures_;
  on_failure_(job, e.what());
}

// Returns whether any answer was renamed into place.
bool Writer::commit(std::deque<Answer>& group) {
  std::vector<std::pair<FileJob*, std::string>> staged;
  for (Answer& answer : group) {
    FileJob& job = *answer.job;
    try {
      fs::create_directories(fs::path(job.source.output).parent_path());
      staged.emplace_back(&job, write_temporary(job.source.output, answer.text, false));
    } catch (const std::exception& e) {
      failed(job, e);
    }
    std::string().swap(answer.text);
  }
  if (staged.empty()) return false;
  try {
    sync_filesystem(outdir_);
  } catch (const std::exception& e) {
    for (auto& [job, temporary] : staged) {
      ::unlink(temporary.c_str());
      failed(*job, e);
    }
    return false;
  }
  bool renamed = false;
  for (auto& [job, temporary] : staged) {
    try {
      commit_temporary(temporary, job->source.output);
      renamed = true;
    } catch (const std::exception& e) {
      failed(*job, e);
    }
  }
  return renamed;
}

}  // namespace nursery::batch
