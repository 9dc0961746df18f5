#include "batch/writer.hpp"

#include <unistd.h>

#include <chrono>
#include <nursery/io.hpp>
#include <stdexcept>
#include <vector>

namespace nursery::batch {

namespace {
constexpr auto kGather = std::chrono::milliseconds(5);  // the longest a group waits to fill
constexpr std::size_t kGroup = 64;                      // answers that make a group at once
}  // namespace

Inputs::Inputs(const std::vector<std::string>& roots, const fs::path& outdir) {
  for (const auto& root : roots) {
    std::error_code error;
    const auto id = file_id(root);
    if (!id) continue;
    if (fs::is_directory(root, error))
      directories_.emplace(*id, root);
    else
      files_.emplace(*id, root);
  }
  if (!outdir.empty()) outdir_ = file_id(outdir);
}

const std::string* Inputs::tree_of(const fs::path& file) const {
  if (directories_.empty()) return nullptr;
  // The nearest directory that exists, as the system resolves it, then up:
  // OUTDIR first means inside the answers (OUTDIR may lie in the input,
  // which the walk leaves out), an input root first inside the input.
  std::error_code error;
  fs::path directory = file.has_parent_path() ? file.parent_path() : fs::path(".");
  while (!fs::exists(directory, error) && directory.has_parent_path() &&
         directory != directory.parent_path())
    directory = directory.parent_path();
  auto canonical = fs::canonical(fs::absolute(directory, error), error);
  if (error) return nullptr;
  for (;;) {
    const auto id = file_id(canonical);
    if (id && outdir_ && *id == *outdir_) return nullptr;
    if (id)
      if (const auto root = directories_.find(*id); root != directories_.end())
        return &root->second;
    if (canonical == canonical.parent_path()) return nullptr;
    canonical = canonical.parent_path();
  }
}

void Inputs::protect(const fs::path& file, std::string what) {
  std::error_code error;
  protected_.emplace_back(fs::weakly_canonical(fs::absolute(file), error), std::move(what));
}

std::string Inputs::refuses(const fs::path& output) const {
  OutputTarget target;
  try {
    target = output_target(output);
  } catch (const std::exception&) {
    return {};  // the write says why (a directory, a loop)
  }
  for (const auto& [where, what] : protected_)
    if (target.file.filename() == where.filename()) {  // (most answers end here)
      std::error_code error;
      if (fs::weakly_canonical(fs::absolute(target.file), error) == where)
        return "is " + what + ", which the answer would replace (choose another name)";
    }
  if (const auto id = file_id(target.file))
    if (const auto input = files_.find(*id); input != files_.end())
      return "is the input " + input->second + " (choose another OUTDIR)";
  // Answers of one directory come together: its verdict is kept.
  const std::string directory = target.file.parent_path().string();
  if (!last_directory_.empty() && directory == last_directory_) return {};
  if (const std::string* tree = tree_of(target.file))
    return "lies inside the input " + *tree +
           ", which answers would change (choose an OUTDIR outside the input)";
  last_directory_ = directory;
  return {};
}

Writer::Writer(fs::path outdir, const Inputs* inputs, Failure on_failure, Done on_done)
    : outdir_(std::move(outdir)),
      inputs_(inputs),
      on_failure_(std::move(on_failure)),
      on_done_(std::move(on_done)) {
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
    std::deque<QueuedAnswer> group;
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
bool Writer::commit(std::deque<QueuedAnswer>& group) {
  std::vector<std::pair<FileJob*, std::string>> staged;
  for (QueuedAnswer& answer : group) {
    FileJob& job = *answer.job;
    try {
      if (inputs_ != nullptr)
        if (const std::string why = inputs_->refuses(job.source.output); !why.empty())
          throw std::runtime_error(job.source.output + ": " + why);
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
