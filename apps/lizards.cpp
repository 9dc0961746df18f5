// nursery lizards: the options, then the command's run of the board
// (cli/lizards/command.hpp: decided, counted or maximized).
#include <cstdio>
#include <nursery/io.hpp>

#include "cli/lizards/command.hpp"
#include "commands.hpp"
#include "options.hpp"
#include "solver_options.hpp"

namespace nursery::cli {

namespace lz = nursery::lizards;

namespace {

// nursery lizards' options, as --help states them.
po::options_description lizards_options() {
  // --timeout's default, as it is: none, but --max has its own deadline.
  char timeout_default[32];
  std::snprintf(timeout_default, sizeof timeout_default, "0, --max: %g",
                lz::kMaximizeDefaultSeconds);
  po::options_description options = command_options();
  options.add_options()("input", po::value<std::string>()->value_name("FILE"),
                        "the board (default: input.txt, answer to output.txt)")(
      "output,o", po::value<std::string>()->value_name("OUT"),
      "write the answer here, - for stdout (default: stdout)")(
      "count", "count every placement of p lizards exactly");
  add_lizards_solve_options(options);
  options.add_options()("max",
                        "the largest placement: best found, proven upper bound, gap (p ignored)")(
      "target", po::value<std::uint64_t>(), "with --max: stop once this many are placed")(
      "max-board", po::value<std::string>()->value_name("FILE"),
      "with --max: write the board with p = best here (for nursery verify)")(
      "certificate", po::value<std::string>()->value_name("FILE"),
      "with --max: write the bound's certificate here (nursery verify BOARD --bound FILE)");
  add_shared(options, kThreads);
  options.add_options()("timeout", po::value<std::string>()->default_value("0", timeout_default),
                        "seconds before giving up (0: none)");
  add_shared(options, kJson | kStats | kProgress);
  return options;
}

// The files: the board, the answer (the homework's input.txt and
// output.txt without FILE), --max-board and --certificate; none over
// another.
void read_files(const po::variables_map& vm, lz::LizardsRequest& request) {
  const bool homework = vm.count("input") == 0;
  request.input = homework ? "input.txt" : vm["input"].as<std::string>();
  request.output = vm.count("output") ? vm["output"].as<std::string>()
                                      : (homework ? "output.txt" : std::string());
  if (is_stdio(request.output)) request.output.clear();  // -o -: stdout, as without -o
  if (vm.count("max-board")) request.max_board = vm["max-board"].as<std::string>();
  if (vm.count("certificate")) request.certificate = vm["certificate"].as<std::string>();
  refuse_clobbering({request.input}, {{"-o", request.output},
                                      {"--max-board", request.max_board},
                                      {"--certificate", request.certificate}});
}

// One document on stdout: the certificate there only when the answer is
// written to -o and no JSON is asked for.
void refuse_certificate_on_stdout(const lz::LizardsRequest& request, const SharedOptions& shared) {
  if (!request.certificate.empty() &&
      (is_stdio(request.certificate) || descriptor_named(request.certificate) == 1) &&
      (request.output.empty() || shared.json))
    throw usage_error("--certificate " + request.certificate +
                      ": standard output already carries the " +
                      (shared.json ? "JSON report (write the certificate to a file)"
                                   : "answer (write the answer with -o)"));
}

// The task (decide, count, maximize) and the options it looks at; what it
// never looks at is refused, not dropped: --max runs its own bound and
// improving search; a count has no first placement.
void read_task(const po::variables_map& vm, lz::LizardsRequest& request) {
  try {
    request.task =
        lz::choose_task({vm.count("count") != 0, vm.count("max") != 0, vm.count("target") != 0,
                         vm.count("max-board") != 0, vm.count("certificate") != 0});
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (request.task == lz::Task::maximize)
    refuse_unused(vm, "--max", {"algorithm", "any", "no-local-search", "bfs-memory"},
                  "--max runs its own bound and improving search (those are the decision's)");
  if (request.task == lz::Task::count)
    refuse_unused(vm, "--count", kLizardsDecisionOnly,
                  "a count searches the whole tree (those choose how one placement is found)");
}

}  // namespace

int cmd_lizards(int argc, char** argv) {
  const po::options_description options = lizards_options();
  po::positional_options_description positionals;
  positionals.add("input", 1);
  po::variables_map vm;
  if (!parse_command_line(
          argc, argv,
          "usage: nursery lizards [FILE] [-o OUT] [--count] [--stats] [--json] [--threads T]\n"
          "                       [--timeout S] [--progress|--no-progress]\n"
          "Solves a baby-lizards board in the USC CSCI-561 HW1 format (FILE -: stdin). Without\n"
          "FILE it reads input.txt and writes output.txt, as the homework did.\n"
          "Exit 0 OK, 1 FAIL, 2 bad input, 3 timeout (result unknown).",
          options, positionals, vm))
    return kExitSuccess;

  lz::LizardsRequest request;
  read_files(vm, request);
  const auto shared = read_shared(vm);
  refuse_certificate_on_stdout(request, shared);
  read_task(vm, request);
  request.solve.threads = shared.threads;
  read_lizards_solve_options(vm, request.solve);
  if (vm.count("target")) request.target = vm["target"].as<std::uint64_t>();
  if (!vm["timeout"].defaulted()) request.timeout = shared.timeout;
  request.json = shared.json;
  request.stats = shared.stats;
  request.progress = shared.progress;
  return lz::run(request);
}

}  // namespace nursery::cli
