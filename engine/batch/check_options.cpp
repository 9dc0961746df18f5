// batch::run's checks of its options before anything is read or written
// (run.cpp calls check_options and refuse_report_over_input): OUTDIR and
// the report never over the input, the joblog over no other file, limits in
// range.
#include <cmath>
#include <stdexcept>

#include "batch/internal.hpp"
#include "batch/writer.hpp"

namespace nursery::batch {

namespace {

// OUTDIR may not be an input root, nor a directory inside the input that
// holds files other than answers: the walk leaves OUTDIR out, so its
// instances would be dropped without a row (and answers mixed with them).
void refuse_outdir_in_input(const Options& options) {
  std::error_code error;
  const auto outdir = fs::weakly_canonical(fs::absolute(options.outdir, error), error);
  if (error) return;
  std::set<fs::path> looked_at;  // a root listed many times is looked at once
  for (const auto& path : options.paths) {
    std::error_code e;
    if (!fs::is_directory(path, e)) continue;
    const auto root = fs::canonical(path, e);
    if (e || !looked_at.insert(root).second) continue;
    if (outdir == root)
      throw std::invalid_argument("-o " + options.outdir.string() + ": is the input " + path +
                                  "; answers would mix with the instances (choose a directory "
                                  "outside the input)");
    const auto inside = outdir.lexically_relative(root);
    if (inside.empty() || *inside.begin() == "..") continue;
    for (fs::recursive_directory_iterator it(outdir, e), end; !e && it != end; it.increment(e)) {
      const auto name = it->path().filename().string();
      std::error_code kind;
      if (name.empty() || name[0] == '.' || !it->is_regular_file(kind)) continue;
      if (it->path().extension() == ".out" || name == "output.txt") continue;
      throw std::invalid_argument("-o " + options.outdir.string() + ": lies inside the input " +
                                  path + " and holds " + it->path().string() +
                                  ", which would be left out (choose a directory outside the "
                                  "input, or an empty one)");
    }
  }
}

// The limits, and what isolated mode needs: a child program to run.
void check_limits(const Options& options) {
  if (!(options.cpu_limit_seconds >= 0) || !std::isfinite(options.cpu_limit_seconds))
    throw std::invalid_argument("--cpu-limit: expected seconds > 0, found " +
                                std::to_string(options.cpu_limit_seconds));
  const bool isolated =
      options.isolate || options.cpu_limit_seconds > 0 || options.memory_limit > 0;
  if (isolated && options.child_command.empty())
    throw std::invalid_argument(
        "--isolate: expected a child program (Options::child_command) to solve each file in");
  if (isolated && (options.next_file || !options.kinds.empty()))
    throw std::invalid_argument("--isolate: not with --mpi or a program's own kinds");
}
}  // namespace

void check_options(const Options& options) {
  for (const auto& path : options.paths) {
    std::error_code error;
    if (!fs::exists(path, error) && !options.missing_paths_are_rows)
      throw std::invalid_argument(path + ": no such file or directory");
  }
  if (!options.outdir.empty()) refuse_outdir_in_input(options);
  if (!options.report.empty()) {
    auto extension = options.report.extension().string();
    if (extension != ".json" && extension != ".csv" && extension != ".xml")
      throw std::invalid_argument("--report: expected a FILE.json, FILE.csv or FILE.xml, found '" +
                                  options.report.string() + "'");
  }
  if (options.resume && options.outdir.empty())
    throw std::invalid_argument(
        "--resume: expected -o OUTDIR with it (the outputs it resumes from)");
  if (options.parts < 1 || options.part < 1 || options.part > options.parts)
    throw std::invalid_argument("--part: expected I/K with 1 <= I <= K, found " +
                                std::to_string(options.part) + "/" + std::to_string(options.parts));
  if (!(options.timeout_seconds >= 0))
    throw std::invalid_argument("--timeout: expected seconds >= 0, found " +
                                std::to_string(options.timeout_seconds));
  check_limits(options);
  refuse_joblog_over_other_files(options);
}

// The report replaces no input: not a file named as a root, nor a file in
// an input tree that a kind reads as an instance (a puzzle file named
// r.csv), nor a manifest of expected answers the run reads. An earlier
// report kept there (no instance: the walk leaves the report out) may be
// replaced, as any file that was never an instance.
void refuse_report_over_input(const Options& options, const Inputs& inputs) {
  if (options.report.empty()) return;
  const std::string report = options.report.string();
  if (const std::string why = inputs.refuses(options.report); why.rfind("is the input", 0) == 0)
    throw std::invalid_argument("--report " + report + ": " + why.substr(0, why.find(" (")) +
                                ", which the report would replace (choose another name)");
  // Nor a manifest the run reads: --expected FILE, an index.csv in the input.
  std::error_code resolving;
  const auto where = fs::weakly_canonical(fs::absolute(options.report), resolving);
  if (!options.expected.empty() &&
      where == fs::weakly_canonical(fs::absolute(options.expected), resolving))
    throw std::invalid_argument("--report " + report + ": is the --expected manifest, which the " +
                                "report would replace (choose another name)");
  if (options.expected_beside && where.filename() == "index.csv")  // (a link's target)
    if (const std::string* tree = inputs.tree_of(where))
      throw std::invalid_argument("--report " + report + ": an index.csv in the input " + *tree +
                                  " is a manifest of expected answers, which the report would " +
                                  "replace (choose another name)");
  OutputTarget target;
  try {
    target = output_target(options.report);
  } catch (const std::exception&) {
    return;  // the report's own write says why
  }
  if (target.in_place || !file_id(target.file)) return;
  const std::string* tree = inputs.tree_of(target.file);
  if (tree == nullptr) return;
  std::string head, error, why;
  if (!read_file(target.file, kHeadBytes, head, error)) return;
  if (const KindEntry* kind = detect(options.kinds, head, why))
    throw std::invalid_argument("--report " + report + ": is a " + kind->name +
                                " file of the input " + *tree +
                                ", which the report would replace (choose another name)");
}

}  // namespace nursery::batch
