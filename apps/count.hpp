// nursery count beyond its options (count.cpp): the runs once the options
// are read (count_run.cpp) and the printers every run ends with
// (count_report.cpp). Each returns the exit status.
#pragma once

#include <nursery/checkpoint.hpp>
#include <nursery/count_methods.hpp>
#include <nursery/estimate.hpp>
#include <nursery/queens.hpp>
#include <nursery/resumable.hpp>
#include <nursery/scheduler.hpp>
#include <string>
#include <vector>

#include "options.hpp"

namespace nursery::cli {

//--- Runs (count_run.cpp) ------------------------------------------------------

// What the options chose to count, and how.
struct Counting {
  int n = 0;
  const queens::CountMethod* method = nullptr;  // a row of queens::count_methods()
  queens::JoinCount::Instance join;            // N; method join: its chunk fitted to --memory
  bool listed = false;                         // one of several N: "N TOTAL [UNIQUE]"
};

// A count in one go, nothing kept (--unique: the join's classes by Burnside).
int count_plain(const Counting& counting, const RunOptions& options, const po::variables_map& vm);
// A resumable count (join or bitboard): --checkpoint, --resume, --part.
int count_resumable(const Counting& counting, ResumableOptions options,
                    const po::variables_map& vm);
// The same over MPI ranks (--mpi); progress lines on rank 0 every
// `progress_seconds` (0: none). Only in an MPI build.
int count_mpi(const Counting& counting, const ResumableOptions& options,
              const po::variables_map& vm, double progress_seconds);
// --merge: part checkpoints (or any checkpoints of one frontier) summed.
int merge_parts(const std::vector<std::string>& files, const po::variables_map& vm);

//--- Printers (count_report.cpp) -------------------------------------------------

// A finished (or stopped) count, the same for every path.
struct Report {
  int n = 0;
  Status status = Status::complete;
  Count total = 0;
  Count unique = 0;
  bool unique_known = true;  // false: a part of a join count (its classes are not additive)
  Stats stats;
  nlohmann::json extra = nlohmann::json::object();  // checkpoint, part, ranks
  bool listed = false;                              // one of several N: a line "N TOTAL [UNIQUE]"
};

// The number (or "unknown (...)" when stopped), or one JSON object.
int print_report(const Report& report, const po::variables_map& vm, const std::string& method);

// A resumable count (checkpoint, part, MPI): its split target, frontier,
// checkpoint and part go into --json, `extra` too (MPI: ranks); a part's
// sum is never printed bare.
int print_resumable(const ResumableResult& result, const std::string& checkpoint,
                    const po::variables_map& vm, const std::string& method,
                    const nlohmann::json& extra = nlohmann::json::object());

// The whole count summed from its part files.
int print_merged(const MergedParts& merged, const std::vector<std::string>& files,
                 const po::variables_map& vm);

// --estimate: the projected time of the whole count.
int print_estimate(const Estimate& e, int n, const std::string& method,
                   const po::variables_map& vm);

}  // namespace nursery::cli
