// Resumable counts through the engine's API (nursery/resumable.hpp), in
// process: a count stopped midway and resumed from its checkpoint, a join
// resumed from a checkpoint cut short by hand, parts merged into the whole,
// and a checkpoint of another run refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nursery/queens.hpp>
#include <nursery/resumable.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "queens/resumable_counts.hpp"
#include "temp_dir.hpp"

namespace {

using nursery::Count;
using nursery::ResumableOptions;
using nursery::ResumableResult;
using nursery::Status;
using nursery::queens::CanonicalCount;
using nursery::queens::JoinCount;
namespace fs = std::filesystem;

// The bitboard counter, stopping its run once `stop_after` of its
// subproblems have finished: a count cut short at a known point. Its
// checkpoints are the bitboard counter's, so the real one resumes them.
struct StoppingCount {
  using Instance = CanonicalCount::Instance;
  using Subproblem = CanonicalCount::Subproblem;
  using Solution = CanonicalCount::Solution;

  static inline std::atomic<std::uint64_t> finished{0};
  static inline std::uint64_t stop_after = 0;
  static inline nursery::StopSource* stop = nullptr;

  static std::vector<Subproblem> split(const Instance& instance, std::size_t target) {
    return CanonicalCount::split(instance, target);
  }
  static nursery::Outcome solve(const Instance& instance, const Subproblem& subproblem,
                                nursery::Search<Solution>& search) {
    nursery::Outcome outcome = CanonicalCount::solve(instance, subproblem, search);
    if (outcome.complete && finished.fetch_add(1) + 1 >= stop_after)
      stop->request(nursery::StopReason::cancelled);
    return outcome;
  }
};

}  // namespace

template <>
struct nursery::Resumable<StoppingCount> : nursery::Resumable<CanonicalCount> {};

namespace {

class ResumableTest : public ::testing::Test {
 protected:
  std::string file(const std::string& name) const { return directory_ / name; }

  // Options writing to `name`, two threads, every message kept in log_.
  ResumableOptions options_for(const std::string& name) {
    ResumableOptions options;
    options.checkpoint = file(name);
    options.threads = 2;
    options.log = [this](nursery::LogLevel level, const std::string& message) {
      log_.push_back((level == nursery::LogLevel::warning ? "warning: " : "info: ") + message);
    };
    return options;
  }

  bool logged(const std::string& text) const {
    for (const auto& line : log_)
      if (line.find(text) != std::string::npos) return true;
    return false;
  }

  static std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }

  nursery::testing::TempDir directory_;  // a fresh directory per test, removed afterwards
  std::vector<std::string> log_;
};

TEST_F(ResumableTest, StoppedCountResumesToTheTotal) {
  // N = 12 on the default split target: 18101 subproblems; stop after 1000.
  nursery::StopSource stop;
  StoppingCount::finished = 0;
  StoppingCount::stop_after = 1000;
  StoppingCount::stop = &stop;
  ResumableOptions first = options_for("stopped.ckpt");
  first.budget = nursery::Budget(&stop);
  const ResumableResult stopped = nursery::count_resumable<StoppingCount>({12}, first);
  EXPECT_EQ(stopped.status, Status::cancelled);
  EXPECT_GE(stopped.stats.subproblems_done, 1000u);
  EXPECT_LT(stopped.stats.subproblems_done, stopped.stats.subproblems);
  EXPECT_EQ(stopped.header.kind, "queens-canonical");
  EXPECT_EQ(stopped.header.target, 16384u);

  ResumableOptions again = options_for("stopped.ckpt");
  again.resume = true;
  nursery::Progress progress;
  again.progress = &progress;
  nursery::Ledger<CanonicalCount> ledger({12}, again);
  EXPECT_EQ(ledger.resumed(), stopped.stats.subproblems_done);  // every finished one was synced
  EXPECT_EQ(ledger.todo_ids().size(), ledger.in_part() - ledger.resumed());
  EXPECT_TRUE(logged("resuming, " + std::to_string(ledger.resumed()) + " of 18101"));
  const ResumableResult resumed = ledger.run();
  EXPECT_EQ(resumed.status, Status::complete);
  EXPECT_EQ(resumed.total, Count{14200});
  EXPECT_EQ(resumed.unique, Count{1787});
  EXPECT_TRUE(resumed.unique_known);
  EXPECT_EQ(resumed.resumed, stopped.stats.subproblems_done);
  EXPECT_EQ(resumed.stats.subproblems_done, resumed.stats.subproblems);
  EXPECT_EQ(progress.done.load(), progress.total.load());
}

TEST_F(ResumableTest, JoinResumesFromAShortenedCheckpoint) {
  // A whole join count of N = 12, then its checkpoint cut to half of its
  // records plus a torn line: the resumed count still finds every solution,
  // and its classes by Burnside.
  const JoinCount::Instance instance{12, 0};
  const ResumableResult whole = nursery::count_resumable<JoinCount>(instance, options_for("full"));
  ASSERT_EQ(whole.status, Status::complete);
  EXPECT_EQ(whole.total, Count{14200});

  std::vector<std::string> header, records;
  for (const auto& line : lines_of(file("full")))
    (line.rfind("done ", 0) == 0 ? records : header).push_back(line);
  ASSERT_EQ(records.size(), whole.header.subproblems);
  {
    std::ofstream out(file("half"));
    for (const auto& line : header) out << line << '\n';
    for (std::size_t i = 0; i < records.size() / 2; ++i) out << records[i] << '\n';
    out << "done 1";  // torn: no newline
  }
  ResumableOptions options = options_for("half");
  options.resume = true;
  const ResumableResult resumed = nursery::count_resumable<JoinCount>(instance, options);
  EXPECT_TRUE(logged("warning: " + file("half") + ": dropping a torn last line"));
  EXPECT_EQ(resumed.resumed, records.size() / 2);
  EXPECT_EQ(resumed.status, Status::complete);
  EXPECT_EQ(resumed.total, Count{14200});
  EXPECT_TRUE(resumed.unique_known);
  EXPECT_EQ(resumed.unique, Count{1787});
  EXPECT_EQ(lines_of(file("half")).size(), header.size() + records.size());
}

TEST_F(ResumableTest, PartsMergeToTheWhole) {
  // N = 11 without a checkpoint, and as two parts each with its own.
  const ResumableResult whole = nursery::count_resumable<CanonicalCount>({11}, {});
  ASSERT_EQ(whole.status, Status::complete);
  EXPECT_EQ(whole.total, Count{2680});
  EXPECT_EQ(whole.unique, Count{341});

  Count sum = 0;
  for (std::uint32_t part = 1; part <= 2; ++part) {
    ResumableOptions options = options_for("part" + std::to_string(part));
    options.part = {part, 2};
    const ResumableResult result = nursery::count_resumable<CanonicalCount>({11}, options);
    EXPECT_EQ(result.status, Status::complete);
    EXPECT_EQ(result.header.parts, 2u);
    EXPECT_EQ(result.stats.subproblems, (whole.header.subproblems + 2 - part) / 2);
    sum += result.total;
  }
  EXPECT_EQ(sum, Count{2680});

  const nursery::MergedParts merged = nursery::merge_parts({file("part1"), file("part2")});
  EXPECT_TRUE(merged.complete());
  EXPECT_EQ(merged.header.n, 11);
  EXPECT_EQ(merged.total, whole.total);
  EXPECT_EQ(merged.unique, whole.unique);

  const nursery::MergedParts half = nursery::merge_parts({file("part1")});
  EXPECT_FALSE(half.complete());
  EXPECT_EQ(half.first_missing, 1u);  // part 1 of 2 holds the even ids

  // A part named twice (the same file, or a copy of it) is refused, naming both.
  std::filesystem::copy_file(file("part2"), file("copy2"));
  for (const auto& twice :
       {std::vector<std::string>{file("part1"), file("part2"), file("part2")},
        std::vector<std::string>{file("part2"), file("part1"), file("copy2")}}) {
    try {
      (void)nursery::merge_parts(twice);
      ADD_FAILURE() << "a part named twice was merged";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("part 2/2, as"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("(each part once)"), std::string::npos) << e.what();
    }
  }
}

TEST_F(ResumableTest, JoinPartsMergeToTheWholeClasses) {
  // The join's parts carry totals only: a part knows no classes; the merge
  // does, by Burnside (whole_classes).
  const JoinCount::Instance instance{10, 0};
  Count sum = 0;
  for (std::uint32_t part = 1; part <= 2; ++part) {
    ResumableOptions options = options_for("join" + std::to_string(part));
    options.part = {part, 2};
    const ResumableResult result = nursery::count_resumable<JoinCount>(instance, options);
    EXPECT_EQ(result.status, Status::complete);
    EXPECT_FALSE(result.unique_known);
    sum += result.total;
  }
  EXPECT_EQ(sum, Count{724});
  const nursery::MergedParts merged = nursery::merge_parts({file("join2"), file("join1")});
  ASSERT_TRUE(merged.complete());
  EXPECT_EQ(merged.header.kind, "queens-join3");
  EXPECT_EQ(merged.total, Count{724});
  EXPECT_EQ(nursery::whole_classes<JoinCount>(10, merged.total, merged.unique), Count{92});
}

TEST_F(ResumableTest, CheckpointOfTheFormerJoinIsRefused) {
  // The join before the diagonal weights wrote "kind queens-join", the join
  // before the outer rows' ranks "kind queens-join2": their subproblems'
  // counts mean something else now, so neither is ever resumed.
  const JoinCount::Instance instance{12, 0};
  ASSERT_EQ(nursery::count_resumable<JoinCount>(instance, options_for("new")).total, Count{14200});
  for (const std::string former : {"queens-join", "queens-join2"}) {
    {
      // The same file as the former join wrote it: its kind, its header checksum.
      std::string header, records;
      for (const auto& line : lines_of(file("new"))) {
        if (line.rfind("header ", 0) == 0) continue;
        (line.rfind("done ", 0) == 0 ? records : header) +=
            (line == "kind queens-join3" ? "kind " + former : line) + '\n';
      }
      char crc[9];
      std::snprintf(crc, sizeof crc, "%08x",
                    nursery::checkpoint::crc32(header.data(), header.size()));
      std::ofstream(file("old")) << header << "header " << crc << '\n' << records;
    }
    ResumableOptions options = options_for("old");
    options.resume = true;
    try {
      nursery::count_resumable<JoinCount>(instance, options);
      FAIL() << "a checkpoint of the former join (" << former << ") was resumed";
    } catch (const nursery::checkpoint::Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("kind is " + former + " in the file, queens-join3 in this run"),
                std::string::npos)
          << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST_F(ResumableTest, CheckpointOfAnotherRunIsRefused) {
  ASSERT_EQ(nursery::count_resumable<CanonicalCount>({10}, options_for("ten")).total, Count{724});
  ResumableOptions options = options_for("ten");
  options.resume = true;
  try {
    nursery::count_resumable<CanonicalCount>({11}, options);
    FAIL() << "a checkpoint of N = 10 resumed for N = 11";
  } catch (const nursery::checkpoint::Error& e) {
    EXPECT_NE(std::string(e.what()).find("N is 10 in the file, 11 in this run"), std::string::npos)
        << e.what();
  }
  // Without --resume an existing file is never replaced.
  EXPECT_THROW(nursery::count_resumable<CanonicalCount>({10}, options_for("ten")),
               nursery::checkpoint::Error);
  // Resuming a file not there yet starts it, and says so.
  ResumableOptions fresh = options_for("new");
  fresh.resume = true;
  EXPECT_EQ(nursery::count_resumable<CanonicalCount>({10}, fresh).total, Count{724});
  EXPECT_TRUE(logged("info: " + file("new") + ": no checkpoint yet, starting one"));
}

}  // namespace
