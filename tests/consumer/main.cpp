// Uses the installed engine alone (no CLI): counts the 8-queens solutions
// (queens::count, on the scheduler), constructs one and checks it with the
// independent checker; solves a lizards board and a Skyscrapers puzzle and
// checks both answers; runs a small batch over one file of each kind into a
// temporary directory and reads its report back (batch::merge_reports).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nursery/batch.hpp>
#include <nursery/count.hpp>
#include <nursery/io.hpp>
#include <nursery/lizards.hpp>
#include <nursery/queens.hpp>
#include <nursery/skyscrapers.hpp>
#include <string>

namespace fs = std::filesystem;
namespace nq = nursery;

namespace {

int failed(const std::string& what) {
  std::cerr << "consumer: " << what << '\n';
  return 1;
}

// A 4x4 board with one tree (2), 4 lizards to place.
constexpr const char* kBoard = "DFS\n4\n4\n0000\n0200\n0000\n0000\n";
// Tatham's 4du#sky-4du-0 (datasets/skyscrapers/tatham_unreasonable_4.txt),
// in the line format: id N clues givens solution ("-": none).
constexpr const char* kPuzzle = "tu4-00 4 0,0,3,0,3,3,0,0,0,2,0,3,0,0,0,0 - -\n";

}  // namespace

int main() {
  // Count.
  nq::queens::CountOptions options;
  options.run.threads = 2;
  auto result = nq::queens::count(8, options);
  if (result.status != nq::Status::complete) return failed("the count did not complete");
  auto placement = nq::queens::construct(8);
  auto verdict = nq::queens::verify(8, placement);
  std::cout << "nursery " << NURSERY_VERSION << ": 8-queens total " << nq::to_string(*result.count)
            << ", unique " << nq::to_string(result.unique) << "; rows";
  for (auto row : placement) std::cout << ' ' << row;
  std::cout << ' ' << (verdict.valid ? "valid" : "invalid") << '\n';
  if (!verdict.valid) return 1;

  // Solve a lizards board; its answer is checked by the independent checker.
  const nq::lizards::Board board = nq::lizards::parse(kBoard, "board.txt");
  nq::lizards::SolveOptions solve;
  solve.threads = 2;
  const auto lizards = nq::lizards::solve(board, solve);
  if (lizards.verdict != nq::Verdict::ok || !lizards.solution)
    return failed("the lizards board was not solved");
  const std::string answer = nq::lizards::format(board, &*lizards.solution);
  const auto lizards_check = nq::lizards::verify(kBoard, answer);
  std::cout << "lizards: " << lizards.solution->size() << " placed, "
            << (lizards_check.valid ? "valid" : "invalid: " + lizards_check.reason) << '\n';
  if (!lizards_check.valid) return 1;

  // Solve a Skyscrapers puzzle (the default: one solution), and prove it
  // unique (mode all, up to 2).
  const auto puzzles = nq::skyscrapers::parse(kPuzzle, "puzzles.txt");
  if (puzzles.size() != 1) return failed("the puzzle file did not read as one puzzle");
  const auto found = nq::skyscrapers::solve(puzzles[0]);
  if (!found.solution || !nq::skyscrapers::verify(puzzles[0], *found.solution).valid)
    return failed("a default Skyscrapers solve found no valid grid");
  nq::skyscrapers::SolveOptions all;
  all.mode = nq::Mode::all;
  all.limit = 2;
  all.threads = 2;
  const auto towers = nq::skyscrapers::solve(puzzles[0], all);
  if (towers.status != nq::Status::complete || !towers.solution)
    return failed("the Skyscrapers puzzle was not solved");
  const auto towers_check = nq::skyscrapers::verify(puzzles[0], *towers.solution);
  std::cout << "skyscrapers: " << nq::to_string(towers.count.value_or(0)) << " solution(s), "
            << (towers_check.valid ? "valid" : "invalid: " + towers_check.reason) << '\n';
  if (!towers_check.valid || towers.count.value_or(0) != nq::Count{1}) return 1;

  // A batch over one file of each kind, answers checked, and its report read back.
  const fs::path work =
      fs::temp_directory_path() / ("nursery-consumer-" + std::to_string(getpid()));
  fs::remove_all(work);
  fs::create_directories(work / "in");
  nq::write_atomically((work / "in" / "board.txt").string(), kBoard);
  nq::write_atomically((work / "in" / "puzzles.txt").string(), kPuzzle);
  nq::write_atomically((work / "in" / "queens.txt").string(), "queens 8\n");
  nq::batch::Options run;
  run.paths = {(work / "in").string()};
  run.outdir = work / "out";
  run.report = work / "report.json";
  run.verify = true;
  run.threads = 2;
  const nq::batch::Summary summary = nq::batch::run(run);
  const nq::batch::Summary read =
      nq::batch::merge_reports({run.report.string()}, work / "read.json",
                               /*check_parts=*/false);
  std::cout << "batch: " << summary.instances << " instances, " << summary.ok << " OK, "
            << summary.verified << " verified; the report read back: " << read.instances
            << " instances, " << read.ok << " OK\n";
  const bool whole = summary.instances == 3 && summary.ok == 3 && summary.verified == 3 &&
                     read.instances == 3 && read.ok == 3 && nq::batch::exit_code(summary) == 0 &&
                     fs::exists(work / "out" / "board.txt.out");
  fs::remove_all(work);
  if (!whole) return failed("the batch did not answer and verify its three files");
  return 0;
}
