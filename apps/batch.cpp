// nursery batch PATH...: option parsing and the progress bar; the batch
// engine (walk, kinds, lanes, writer, report) is nursery::batch::run.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <nursery/batch.hpp>
#include <nursery/checkpoint.hpp>
#include <nursery/registry.hpp>
#include <set>
#include <tuple>
#include <utility>

#include "commands.hpp"
#include "options.hpp"
#include "solver_options.hpp"
#ifdef NURSERY_HAVE_MPI
#include "distributed_batch.hpp"
#endif

namespace nursery::cli {

namespace {

// The bar's line over the engine's tally: files done of all, the rate, the
// time left, the failures.
ProgressBar::Line progress_line(const batch::Tally& tally) {
  return [&tally, eta = Eta{}](double elapsed) mutable {
    auto total = tally.files.load(std::memory_order_relaxed);
    auto done = tally.files_done.load(std::memory_order_relaxed);
    auto instances = tally.done.load(std::memory_order_relaxed);
    char text[160];
    std::snprintf(text, sizeof text,
                  " files  %.1f instances/s  ETA %s  FAIL %zu ERROR %zu TIMEOUT %zu",
                  elapsed > 0 ? instances / elapsed : 0.0, eta.text(elapsed, done, total).c_str(),
                  tally.fail.load(), tally.error.load(), tally.timeout.load());
    return ProgressBar::gauge("batch", done, total) + text;
  };
}

// The summary: one line (on stderr when the report took stdout), or one JSON
// object with the report's path and where the answers went; then, on
// stderr, where the answers (of a run that solved) and the report are.
void print_summary(const batch::Summary& summary, const SharedOptions& shared,
                   const std::string& report, const std::string& outdir, bool solved = true) {
  if (shared.json) {
    nlohmann::json out = {{"status", status_word(batch::exit_code(summary))}};
    out.update(summary_json(summary));
    out["write_errors"] = summary.write_errors;
    if (!summary.report_error.empty()) out["report_error"] = printable(summary.report_error);
    if (!summary.joblog_error.empty()) out["joblog_error"] = printable(summary.joblog_error);
    out["report"] = report.empty() ? nlohmann::json(nullptr) : nlohmann::json(report);
    out["output"] = outdir.empty() ? nlohmann::json(nullptr) : nlohmann::json(outdir);
    print_json(out);
    return;
  }
  (is_stdio(report) ? std::cerr : std::cout) << batch::summary_line(summary) << std::endl;
  std::lock_guard lock(stderr_mutex());
  if (solved && !outdir.empty())
    notes() << "answers: under " << printable(outdir) << '\n';
  else if (solved && summary.instances > 0)
    notes() << "answers: not kept (-o OUTDIR keeps them)\n";
  if (!report.empty() && !is_stdio(report) && summary.report_error.empty())
    notes() << "report: " << printable(report) << '\n';
}

// The hidden command's flag: `nursery batch --isolated-child ...` solves one
// file for a parent batch (batch::run_child), never typed by a user.
constexpr const char* kChildFlag = "--isolated-child";

po::options_description batch_options() {
  po::options_description options = command_options();
  options.add_options()("path",
                        po::value<std::vector<std::string>>()->multitoken()->value_name("PATH"),
                        "files and directories (-: more paths from standard input, one a line)")(
      "output,o", po::value<std::string>(), "mirror the answers under this directory")(
      "jobs,j", po::value<std::string>()->default_value("auto"),
      "instances solved at once (auto: one per thread)")(
      "count", "count the solutions of every instance instead of finding one")(
      "report", po::value<std::string>(),
      "write one row per instance to FILE.json, FILE.csv or FILE.xml (BenchExec's result "
      "format) (-: the JSON report on stdout, the summary line then on stderr)")(
      "resume", "skip instances whose output already exists under -o and verifies")(
      "verify", "check every answer with the independent checkers")(
      "part", po::value<std::string>(),
      "I/K: solve part I of K, a stable shard of the files by path (a job array of K tasks "
      "covers every file once)")("merge",
                                 "the PATHs are part reports (FILE.json): join them into --report")(
      "mpi", "share the files among the ranks of mpirun/srun (a file system they all see)")(
      "cpu-limit", po::value<std::string>()->value_name("SECONDS"),
      "CPU seconds per file, in a child process of its own (row TIMEOUT (cpu))")(
      "memory-limit", po::value<std::string>()->value_name("SIZE"),
      "memory per file (8G, 512M), in a child process of its own (row OUT OF MEMORY)")(
      "isolate", "solve each file in a child process of its own (exact CPU and memory per row)")(
      "joblog", po::value<std::string>()->value_name("FILE"),
      "append one line per finished instance to FILE (JSON Lines; --resume takes them back)")(
      "rerun-failed", po::value<std::string>()->value_name("REPORT"),
      "keep the OK and FAIL rows of an earlier report, solve the rest again, report all");
  add_shared(options, kThreads | kTimeout | kJson | kProgress, "seconds per instance (0: none)");
  add_batch_configuration(options);
  return options;
}

std::string batch_usage() {
  // The kinds it solves are the registry's (nursery/registry.hpp).
  return "usage: nursery batch PATH... [-o OUTDIR] [--jobs J] [--threads T] [--timeout S]\n"
         "                     [--count] [--report FILE.json|.csv|.xml|-] [--resume] [--verify]\n"
         "                     [--cpu-limit S] [--memory-limit SIZE] [--isolate]\n"
         "                     [--joblog FILE] [--rerun-failed REPORT]\n"
         "                     [--part I/K] [--mpi] [--json] [--config NAME]\n"
         "                     [--expected FILE] [--no-index]\n"
         "                     [--method M] [--memory SIZE] [--algorithm A] [--seed S]\n"
         "                     [--no-local-search] [--any] [--bfs-memory SIZE] [--limit K]\n"
         "       nursery batch --merge PART.json... --report ALL.json\n"
         "Solves every instance under the paths in one pool of threads; each file's kind\n"
         "is read from its content: " +
         Kinds::described() +
         ".\n"
         "Answers go under OUTDIR in the same tree (output.txt beside input.txt, NAME.out\n"
         "for NAME); without -o they are not kept. Each ERROR row's path and reason go to\n"
         "stderr. Exit 0 done, 1 a verification mismatch or a wrong answer, 2 ERROR rows or\n"
         "bad usage, 3 timeouts or limits reached, 130 interrupted (the report holds what\n"
         "finished).";
}

// --merge: the PATHs are part reports, joined into --report.
int merge_only(const po::variables_map& vm, const SharedOptions& shared,
               const std::vector<std::string>& paths) {
  refuse_unused(vm, "--merge",
                {"output",    "verify",       "resume",    "part",     "count",
                 "mpi",       "jobs",         "threads",   "timeout",  "config",
                 "method",    "memory",       "algorithm", "seed",     "no-local-search",
                 "any",       "bfs-memory",   "limit",     "expected", "no-index",
                 "cpu-limit", "memory-limit", "isolate",   "joblog",   "rerun-failed"},
                "the part reports are joined, nothing is solved or written but --report");
  if (!vm.count("report")) throw usage_error("--merge: expected --report ALL.json, found none");
  try {
    const std::string report = vm["report"].as<std::string>();
    if (is_stdio(report)) throw usage_error("--merge: expected --report ALL.json, found -");
    auto summary = batch::merge_reports(paths, report);
    print_summary(summary, shared, report, {}, false);
    return batch::exit_code(summary);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

// --cpu-limit, --memory-limit, --isolate: either limit runs each file in a
// child process (this program again, with the hidden flag).
void read_limits(const po::variables_map& vm, batch::Options& run) {
  if (vm.count("cpu-limit")) {
    const std::string text = vm["cpu-limit"].as<std::string>();
    double seconds = 0;
    try {
      seconds = parse_timeout(text);
    } catch (const UsageError&) {
      seconds = 0;
    }
    if (!(seconds > 0))
      throw usage_error(
          "--cpu-limit: expected CPU seconds from 0.001 to 1000000 (or 30s, 5m, "
          "2h, 1d), found '" +
          text + "'");
    run.cpu_limit_seconds = std::max(seconds, 0.001);
  }
  if (vm.count("memory-limit")) {
    const std::string text = vm["memory-limit"].as<std::string>();
    std::uint64_t bytes = 0;
    try {
      bytes = parse_memory(text);
    } catch (const UsageError&) {
      bytes = 0;
    }
    // Below 16 MiB the program itself would not start.
    if (bytes < (std::uint64_t{16} << 20) || bytes > (std::uint64_t{1} << 50))
      throw usage_error(
          "--memory-limit: expected a size from 16M to 1024T (such as 8G or "
          "512M), found '" +
          text + "'");
    run.memory_limit = bytes;
  }
  run.isolate = vm.count("isolate") != 0;
  if (run.isolate || run.cpu_limit_seconds > 0 || run.memory_limit > 0) {
    if (vm.count("mpi")) throw usage_error("--isolate and the limits: not with --mpi");
    run.child_command = {"/proc/self/exe", "batch", kChildFlag};
  }
}

// The solver options of the command line (`--method join`, `--seed=7`,
// `--count`), word for word: an isolated file's child reads them again
// (child_run), so it solves as this run's configuration says.
std::vector<std::string> solver_words(int argc, char** argv) {
  static const std::set<std::string> keys = {"count",     "method",     "memory",
                                             "algorithm", "seed",       "no-local-search",
                                             "any",       "bfs-memory", "limit"};
  const auto parsed = po::command_line_parser(argc, argv)
                          .options(batch_options())
                          .positional(po::positional_options_description().add("path", -1))
                          .run();
  std::vector<std::string> words;
  for (const auto& option : parsed.options)
    if (keys.count(option.string_key) != 0)
      words.insert(words.end(), option.original_tokens.begin(), option.original_tokens.end());
  return words;
}

// The hidden command: `nursery batch --isolated-child WORDS... -- REQUEST...`
// solves one file for a parent batch: WORDS, its solver options as the
// parent's command line gave them (solver_words), REQUEST the file and its
// limits (batch::run_child).
int child_run(int argc, char** argv) {
  // The parent said what its words' notes had to say (an old spelling, a
  // bare --bfs-memory): not once more for every file.
  set_quiet(true);
  const auto end = std::find(argv + 2, argv + argc, std::string("--"));
  po::options_description options;
  options.add_options()("count", "");
  add_batch_configuration(options);
  po::variables_map vm;
  po::store(po::command_line_parser(std::vector<std::string>(argv + 2, end)).options(options).run(),
            vm);
  po::notify(vm);
  batch::Options configured;
  configured.count = vm.count("count") != 0;
  read_batch_configuration(vm, configured);
  return batch::run_child(std::vector<std::string>(end == argv + argc ? end : end + 1, argv + argc),
                          STDOUT_FILENO, &interrupt_source(), std::move(configured.solver));
}

// What a run solves and how, from the command line (the report and its
// stdout aside).
void read_run(const po::variables_map& vm, const SharedOptions& shared, batch::Options& run) {
  if (vm.count("part")) {
    try {
      std::tie(run.part, run.parts) = checkpoint::parse_part(vm["part"].as<std::string>());
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--part: ") + e.what());
    }
  }
  run.count = vm.count("count") != 0;
  run.verify = vm.count("verify") != 0;
  run.resume = vm.count("resume") != 0;
  run.timeout_seconds = shared.timeout;
  run.threads = shared.threads;
  run.jobs = parse_jobs(vm["jobs"].as<std::string>());
  read_limits(vm, run);
  if (vm.count("joblog")) run.joblog = vm["joblog"].as<std::string>();
  if (vm.count("rerun-failed")) run.rerun_failed = vm["rerun-failed"].as<std::string>();
  if (vm.count("output")) {
    // -o names a directory to mirror the answers under: "-" is not stdout
    // here (many answers), and a directory named "-" is never what was meant.
    const std::string outdir = vm["output"].as<std::string>();
    if (outdir == "-" || outdir.empty())
      throw usage_error("-o: expected a directory for the answers, found '" + outdir +
                        "' (answers are files; --report - puts the report on stdout)");
    run.outdir = outdir;
  }
  run.stop = &interrupt_source();
  // File names may hold any byte: on the terminal control bytes, line
  // breaks and bytes that are not UTF-8 are written \xNN (a name cannot set
  // the terminal's title, nor forge a line).
  run.message = [](const std::string& line) {
    std::lock_guard lock(stderr_mutex());
    std::cerr << printable(line) << '\n';
  };
}

// The run itself: this process's pool, or the ranks of --mpi. `rank_only`:
// this process is an MPI rank other than 0 (it prints nothing).
batch::Summary solve(const po::variables_map& vm, const SharedOptions& shared,
                     const batch::Options& run, bool& rank_only) {
  rank_only = false;
  if (vm.count("mpi")) {
#ifdef NURSERY_HAVE_MPI
    mpi::Session session;
    batch::Summary summary;
    try {
      summary = mpi::run_batch(session, run);
    } catch (const std::exception& e) {
      std::cerr << "error: rank " << session.rank() << ": " << e.what() << '\n';
      session.abort(kExitUsage);
    }
    rank_only = !session.root();
    return summary;
#else
    throw usage_error(
        "--mpi: this nursery was built without MPI support "
        "(sudo apt-get install -y openmpi-bin libopenmpi-dev, then rebuild)");
#endif
  }
  try {
    batch::Tally tally;
    ProgressBar bar(shared.progress, progress_line(tally));
    return batch::run(run, &tally);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

// The summary and what went wrong, after the run; the exit status.
int tell_outcome(const batch::Summary& summary, const SharedOptions& shared,
                 const std::string& report, const std::string& outdir) {
  print_summary(summary, shared, report, outdir);
  if (summary.mismatches)
    std::cerr << "VERIFY MISMATCH: " << summary.mismatches
              << " answers rejected by the independent checkers\n";
  if (summary.interrupted)
    std::cerr << "interrupted: " << summary.instances - summary.unfinished << " of "
              << summary.instances << " instances finished\n";
  if (!summary.report_error.empty())
    std::cerr << "error: report not written: " << printable(summary.report_error) << '\n';
  if (!summary.joblog_error.empty())
    std::cerr << "error: joblog rows not written: " << printable(summary.joblog_error) << '\n';
  return batch::exit_code(summary);
}

}  // namespace

int cmd_batch(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == kChildFlag) return child_run(argc, argv);
  po::options_description options = batch_options();
  po::positional_options_description positionals;
  positionals.add("path", -1);
  po::variables_map vm;
  const std::string usage = batch_usage();
  if (!parse_command_line(argc, argv, usage.c_str(), options, positionals, vm)) return kExitSuccess;
  if (!vm.count("path")) throw missing_argument("PATH");

  auto shared = read_shared(vm);
  batch::Options run;
  run.paths = vm["path"].as<std::vector<std::string>>();
  if (std::find(run.paths.begin(), run.paths.end(), "-") != run.paths.end()) {
    if (vm.count("mpi"))
      throw usage_error("--mpi: PATH - (standard input) is read by one process only");
    run.paths = with_stdin_paths(run.paths);
    run.missing_paths_are_rows = true;
  }
  if (vm.count("merge")) return merge_only(vm, shared, run.paths);
  read_run(vm, shared, run);
  read_batch_configuration(vm, run);
  run.command_line.assign(argv, argv + argc);  // argv[0]: "nursery batch"
  if (!run.child_command.empty()) {
    const auto words = solver_words(argc, argv);
    run.child_command.insert(run.child_command.end(), words.begin(), words.end());
    run.child_command.emplace_back("--");
  }
  // --report -: the report is written to a temporary file and then to stdout.
  const std::string report = vm.count("report") ? vm["report"].as<std::string>() : "";
  if (is_stdio(report) && shared.json)
    throw usage_error("--report - and --json: both would go to stdout; choose one");
  StdoutFile to_stdout(is_stdio(report));
  if (!report.empty()) run.report = to_stdout ? to_stdout.path() : report;

  bool rank_only = false;
  batch::Summary summary = solve(vm, shared, run, rank_only);
  if (rank_only) return batch::exit_code(summary);
  to_stdout.print();
  return tell_outcome(summary, shared, report, run.outdir.string());
}

}  // namespace nursery::cli
