// nursery queens N: list solutions (--all), or find one (--first), for any N.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include "cli/queens/show.hpp"
#include "commands.hpp"
#include "options.hpp"

namespace nursery::cli {

namespace {

constexpr const char* kUsage =
    "usage: nursery queens N [--first [--method M] [--any] | --all [--skip K] [--limit K]\n"
    "                        | --all --nth K] [--format F] [-o FILE]\n"
    "                        [--threads T] [--timeout S] [--stats] [--json]\n"
    "                        [--progress|--no-progress]\n"
    "Lists N-queens solutions in order (--all, N <= 32), or finds one (--first, the\n"
    "default): by parallel search for N <= 32, by an explicit construction beyond\n"
    "(N up to 100,000,000); the same solution on every run and thread count unless\n"
    "--any. Every solution printed has passed the independent checker.\n"
    "Formats: string ('*15863724': the 1-based row of each column's queen, 1-9 then\n"
    "a-z, N <= 35; the default up to N = 32), rows (0-based rows, the default beyond,\n"
    "said on stderr), board ('Q' and '.'), svg or png (a picture; a density\n"
    "picture beyond N = 200). --json always gives 0-based rows.\n"
    "A run stopped by --timeout exits 3: --first prints nothing on stdout, --all\n"
    "what it listed; the bar is drawn for --all only when stdout is not the terminal.";

// Every solution goes through the independent checker before it is shown
// (queens::list checks the ones it lists itself); false when `budget` was
// spent before the check was done (10^8 queens take seconds on a slow build).
bool check(std::uint32_t n, const queens::Placement& placement, const Budget& budget) {
  auto verdict = queens::verify(n, placement, budget);
  if (!verdict) return false;
  if (!verdict->valid)
    throw std::logic_error("internal error: invalid solution: " + verdict->reason);
  return true;
}

// --all: the solutions in order, or their JSON array.
int list(std::uint32_t n, const std::string& format_name, queens::ListOptions options,
         const SharedOptions& shared, const po::variables_map& vm) {
  const std::uint64_t skip = options.skip;
  options.run.budget = Budget(&interrupt_source(), shared.timeout);
  Progress progress;
  options.run.progress = &progress;
  // --json: the document streamed as the text is, each solution written as
  // it comes (a listing of millions is never held), the summary last.
  std::optional<JsonStream> json;
  if (shared.json) {
    json.emplace();
    json->member("n", n);
    json->open_array("solutions");
  }
  std::uint64_t listed = 0;
  queens::Listed result;
  {
    // The listing goes to stdout: a bar on the same terminal would break
    // its lines, so by default only when stdout goes elsewhere.
    const bool bar_wanted =
        vm.count("progress") != 0 || (shared.progress && !::isatty(STDOUT_FILENO));
    ProgressBar bar(progress, bar_wanted, "queens " + std::to_string(n) + " --all");
    result = queens::list(static_cast<int>(n), options, [&](const queens::Placement& placement) {
      ++listed;
      if (json)
        json->item(queens::format(placement, format_name));
      else
        std::cout << queens::format(placement, format_name) << '\n';
    });
  }
  const std::uint64_t seen = result.seen;
  const int status = exit_code(result.status, seen > skip);
  if (json) {
    json->close();
    json->member("listed", listed);
    json->member("stats", stats_json(result.stats));
    json->member("status", status_word(status));
    json->finish();
  } else if (result.status == Status::timeout || result.status == Status::cancelled)
    std::cerr << to_string(result.status) << " after " << result.stats.wall_seconds
              << " s: " << (seen > skip ? seen - skip : 0) << " listed\n";
  else if (seen == 0)
    std::cout << "no solution\n";
  else if (seen <= skip)
    std::cout << "no solution beyond the first " << seen << "\n";
  if (shared.stats) print_stats(std::cerr, result.stats);
  return status;
}

// Solutions up to this size go into --json's document as JSON values; a
// larger one's array is written as it is made (10^8 rows as JSON values
// were 1.6 GB, and their text 890 MB more).
constexpr std::size_t kJsonInOne = std::size_t{1} << 16;

// --json with a huge solution: the document around "solution" from one
// dump (print_json's layout, compact or indented), the array between
// written piece by piece on stdout, the budget looked at between pieces.
Status print_json_streaming(nlohmann::json out, const queens::Placement& solution, bool pretty,
                            const Budget& budget) {
  out["solution"] = "\x01";  // a marker no other value holds
  const std::string text = out.dump(pretty ? 2 : -1);
  const std::string marker = "\"\\u0001\"";
  const std::size_t at = text.find(marker);
  if (at == std::string::npos) throw std::logic_error("internal error: no solution marker");
  const std::string separator = pretty ? ",\n    " : ",";
  std::string head = text.substr(0, at) + (pretty ? "[\n    " : "[");
  const std::string tail = (pretty ? "\n  ]" : "]") + text.substr(at + marker.size()) + "\n";
  auto rows = queens::format_pieces(solution, queens::Format::rows);
  bool started = false;
  std::string numbers;
  return write_output_in_pieces(
      "-",
      [&](std::string& piece) {
        if (!started) {
          piece += head;
          started = true;
        }
        numbers.clear();
        const bool more = rows(numbers);
        if (!pretty) {
          std::replace(numbers.begin(), numbers.end(), ' ', ',');
          piece += numbers;
        } else {
          for (std::size_t from = 0, space; from < numbers.size(); from = space + 1) {
            space = std::min(numbers.find(' ', from), numbers.size());
            piece.append(numbers, from, space - from);
            if (space < numbers.size()) piece += separator;
          }
        }
        if (!more) piece += tail;
        return more;
      },
      budget);
}

// The options of nursery queens, declared once (--help prints them).
po::options_description queens_options() {
  po::options_description options = command_options();
  options.add_options()("n", po::value<std::uint32_t>()->required()->value_name("N"),
                        "board size N")("first", "find one solution")(
      "all", "list every solution in lexicographic order (N <= 32)")(
      "limit", po::value<std::uint64_t>()->default_value(0),
      "--all: at most K solutions, listed after --skip (0: no limit)")(
      "skip", po::value<std::uint64_t>()->default_value(0), "--all: leave out the first K")(
      "nth", po::value<std::uint64_t>(), "--all: only the K-th solution (1-based)")(
      "format,f", po::value<std::string>(), "string, rows, board, svg or png")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write the solution to FILE (- : stdout; a .svg or .png name draws it), atomically")(
      "method,m", po::value<std::string>()->default_value("auto"),
      "--first: auto (search up to N = 32, construction beyond), search (parallel "
      "backtracking), cp (forward checking, smallest domain first, N <= 64; its node count "
      "in --stats) or construction")(
      "any", "--first: the first solution any thread finds (faster; may differ between runs)");
  add_shared(options, kSolving, "give up after S seconds (0: never)");
  return options;
}

// What a command line asks for: N, the format and where it goes, --all's
// window.
struct Request {
  std::uint32_t n = 0;
  SharedOptions shared;
  bool all = false;
  bool json = false;
  std::string output;  // "-": stdout
  std::string format_name;
  queens::ListOptions window;
};

Request read_request(const po::variables_map& vm) {
  Request request;
  request.n = vm["n"].as<std::uint32_t>();
  request.shared = read_shared(vm);
  request.all = vm.count("all") != 0;
  request.json = json_wanted(vm);
  request.output = vm.count("output") ? vm["output"].as<std::string>() : "-";
  request.format_name = queens::show_format(
      {request.n, request.all, vm.count("first") != 0,
       vm.count("format") ? std::optional(vm["format"].as<std::string>()) : std::nullopt,
       request.output, request.json});
  // not to a terminal
  if (request.format_name == "png") picture_format(&request.format_name, request.output);
  // The one switch of the default: said to a person reading the terminal,
  // not only in --help.
  if (!vm.count("format") && request.format_name == "rows" && !request.all && !request.json &&
      is_stdio(request.output) && ::isatty(STDOUT_FILENO))
    notes() << "note: N > 32: the solution as 0-based rows (--format rows); the '*' string "
               "of 1-based rows in base 36 goes to N = 35 (--format string)\n";
  request.window = queens::list_window(
      request.all, !vm["skip"].defaulted() || !vm["limit"].defaulted(),
      vm["skip"].as<std::uint64_t>(), vm["limit"].as<std::uint64_t>(),
      vm.count("nth") ? std::optional(vm["nth"].as<std::uint64_t>()) : std::nullopt);
  return request;
}

// --first's solution written out (as JSON, a picture, or its text in
// pieces), or why there is none, then --stats (not after a write that was
// stopped); the exit status.
int print_found(const Request& request, const Solved<queens::Placement>& found,
                const po::variables_map& vm, const Budget& budget) {
  const auto& solution = found.solution;
  const int status = exit_code(found.status, solution.has_value());
  if (request.json) {
    nlohmann::json out = {{"n", request.n},
                          {"status", status_word(status)},
                          {"method", found.how},
                          {"stats", stats_json(found.stats)}};
    if (!solution || solution->size() <= kJsonInOne) {
      out["solution"] = solution ? nlohmann::json(*solution) : nlohmann::json(nullptr);
      print_json(out);
    } else {
      const Status written =
          print_json_streaming(out, *solution, vm.count("json-pretty") != 0, budget);
      if (written != Status::complete) return exit_code(written, false);
    }
  } else if (solution && (request.format_name == "svg" || request.format_name == "png")) {
    write_output(request.output, queens::format(*solution, request.format_name));  // "-": stdout
  } else if (solution) {
    // Written as it is made (rows of 10^8 queens are 890 MB), the stop and
    // the deadline looked at between pieces; "-": stdout.
    const queens::Format form = request.format_name == "string" ? queens::Format::string
                                : request.format_name == "rows" ? queens::Format::rows
                                                                : queens::Format::board;
    auto pieces = queens::format_pieces(*solution, form);
    const Status written = write_output_in_pieces(
        request.output,
        [&](std::string& piece) {
          const bool more = pieces(piece);
          if (!more && form != queens::Format::board) piece.push_back('\n');
          return more;
        },
        budget);
    if (written != Status::complete) return exit_code(written, false);
  } else if (found.status == Status::timeout) {
    std::cerr << "timeout after " << found.stats.wall_seconds << " s: no solution found yet\n";
  } else {
    std::cout << "no solution\n";
  }
  if (vm.count("stats")) print_stats(std::cerr, found.stats);
  return status;
}

// --first: one solution by the method asked, checked, then written out.
int first(const Request& request, const po::variables_map& vm) {
  queens::FindMethod method;
  try {
    method = queens::find_method(vm["method"].as<std::string>(), request.n);
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
  RunOptions run_options;
  run_options.threads = request.shared.threads;
  run_options.budget = Budget(&interrupt_source(), request.shared.timeout);
  run_options.any = vm.count("any") != 0;
  Progress progress;
  run_options.progress = &progress;
  Solved<queens::Placement> found;
  {
    ProgressBar bar(progress, request.shared.progress, "queens " + std::to_string(request.n));
    found = queens::find_one(request.n, run_options, method);
  }
  if (found.status == Status::cancelled) return kExitInterrupted;
  if (found.solution && run_options.budget.stop_requested()) return kExitInterrupted;
  if (found.solution && !check(request.n, *found.solution, run_options.budget)) {
    if (run_options.budget.stop_requested()) return kExitInterrupted;
    // An answer not checked is never shown.
    std::cerr << "timeout: --timeout passed while checking the answer; nothing written to "
              << (is_stdio(request.output) ? "stdout" : request.output) << '\n';
    return exit_code(Status::timeout, false);
  }
  return print_found(request, found, vm, run_options.budget);
}

}  // namespace

int cmd_queens(int argc, char** argv) {
  po::options_description options = queens_options();
  po::positional_options_description positionals;
  positionals.add("n", 1);
  po::variables_map vm;
  if (!parse_command_line(argc, argv, kUsage, options, positionals, vm)) return kExitSuccess;
  const Request request = read_request(vm);
  // --all lists every solution in order on one search: what --first's
  // options choose (a method, any thread's first) has nothing to choose.
  if (request.all) {
    refuse_unused(vm, "--all", {"any", "method"},
                  "--all lists every solution in order (those choose how --first finds one)");
    return list(request.n, request.format_name, request.window, request.shared, vm);
  }
  return first(request, vm);
}

}  // namespace nursery::cli
