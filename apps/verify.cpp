// nursery verify FILE ANSWER: the independent checkers, chosen by the
// input's content the way `nursery batch` chooses, and driven the same way
// for every kind (verify_files: cli/verify_files.cpp): a file of one puzzle gets one
// verdict, a file of several one line each.
#include <iostream>
#include <nursery/batch.hpp>
#include <nursery/io.hpp>
#include <string>

#include "commands.hpp"
#include "kinds.hpp"
#include "options.hpp"

namespace nursery::cli {

namespace {

// Standard input by name: "-", or a name of descriptor 0 (/dev/stdin, /dev/fd/0).
bool reads_stdin(const std::string& path) {
  return is_stdio(path) || descriptor_named(path) == 0;
}

// A file, never more of it than the puzzle the input's head describes can
// be (a reader of /dev/zero would run out of memory); "-" is standard input.
// One puzzle: "valid: ...", "invalid: ..." or "unverified: ..." (a FAIL the
// checker can neither prove nor refute).
int print_one(const Verification& verdict, bool json) {
  const int status = exit_code(verdict);
  if (json)
    print_json(nlohmann::json{{"status", status_word(status)},
                              {"valid", verdict.valid},
                              {"unproved", verdict.unproved},
                              {"reason", verdict.reason}});
  else
    std::cout << (verdict.valid      ? "valid: "
                  : verdict.unproved ? "unverified: "
                                     : "invalid: ")
              << verdict.reason << '\n';
  return status;
}

// Several: a line each, then how many were valid. Any invalid answer makes
// the whole invalid (exit 1); else any unverified one (a FAIL the checker
// can neither prove nor refute) makes it unverified (exit 4).
int print_each(const std::vector<Checked>& checked, bool json) {
  nlohmann::json report = nlohmann::json::array();
  std::size_t valid = 0, unproved = 0;
  for (const auto& [id, verdict] : checked) {
    valid += verdict.valid;
    unproved += verdict.unproved;
    if (json)
      report.push_back({{"id", id},
                        {"status", status_word(exit_code(verdict))},
                        {"valid", verdict.valid},
                        {"unproved", verdict.unproved},
                        {"reason", verdict.reason}});
    else
      std::cout << id << ": "
                << (verdict.valid      ? "valid"
                    : verdict.unproved ? "unverified: " + verdict.reason
                                       : "invalid: " + verdict.reason)
                << '\n';
  }
  const bool all_valid = valid == checked.size();
  const bool any_invalid = valid + unproved < checked.size();
  const int status = all_valid ? kExitSuccess : any_invalid ? kExitNoSolution : kExitUnverified;
  if (json)
    print_json(
        nlohmann::json{{"status", status_word(status)}, {"valid", all_valid}, {"puzzles", report}});
  else
    std::cout << (all_valid     ? "valid"
                  : any_invalid ? "invalid"
                                : "unverified")
              << " (" << valid << " of " << checked.size() << " answers valid"
              << (unproved > 0 ? ", " + std::to_string(unproved) + " unverified" : "") << ")\n";
  return status;
}

// --bound: "bound B proven" (exit 0) or "not proven: why" (exit 1).
int check_bound(const std::string& board, const std::string& certificate, bool json) {
  if (reads_stdin(board) && reads_stdin(certificate))
    throw usage_error("BOARD and CERT cannot both be standard input (-, /dev/stdin)");
  const std::string board_text = read_input(board), certificate_text = read_input(certificate);
  const auto verdict = batch::verify_bound(board_text, certificate_text, board, certificate,
                                           Budget(&interrupt_source()));
  if (!verdict) return interrupted_status();
  const int status = exit_code(*verdict);
  if (json)
    print_json(nlohmann::json{
        {"status", status_word(status)}, {"valid", verdict->valid}, {"reason", verdict->reason}});
  else
    std::cout << (verdict->valid ? "" : "not proven: ") << verdict->reason << '\n';
  return status;
}

}  // namespace

int cmd_verify(int argc, char** argv) {
  po::options_description options = command_options();
  options.add_options()("input", po::value<std::string>()->required()->value_name("FILE"),
                        "the instance file")(
      "output", po::value<std::string>()->value_name("ANSWER"), "the answer to check")(
      "at-least",
      "lizards: p or more safe lizards answer the board (a --max placement checked against the "
      "board it was asked on); without it, exactly p")(
      "bound", po::value<std::string>()->value_name("CERT"),
      "lizards: check the bound certificate CERT (lizards --max --certificate) instead of an "
      "answer");
  add_shared(options, kJson | kProgress);
  po::positional_options_description positionals;
  positionals.add("input", 1).add("output", 1);
  po::variables_map vm;
  // What it says of each kind's answers folds over the registry (kinds.hpp).
  std::string usage =
      "usage: nursery verify FILE ANSWER [--at-least] [--json|--json-pretty]\n"
      "                      [--progress|--no-progress]\n"
      "       nursery verify BOARD --bound CERT [--json|--json-pretty]\n"
      "Checks an answer with code that shares nothing with the solvers;\n"
      "prints valid or invalid and why (a line per puzzle for a file of\n"
      "several).\nFILE holds " +
      Kinds::described() + ".\n";
  Kinds::for_each([&]<class K>() { usage += KindCli<K>::verify_help; });
  usage +=
      "With --bound, a lizards bound certificate: 'bound B proven' or why not.\n"
      "Either FILE or ANSWER may be - (standard input).\n"
      "Exit 0 valid, 1 invalid, 2 bad input, 4 unverified, 130 Ctrl-C,\n"
      "143 SIGTERM (the checks poll for them: seconds on a huge board).";
  if (!parse_command_line(argc, argv, usage.c_str(), options, positionals, vm)) return kExitSuccess;
  auto input = vm["input"].as<std::string>();
  const SharedOptions shared = read_shared(vm);
  if (vm.count("bound")) {
    if (vm.count("output"))
      throw usage_error(
          "--bound checks a certificate, not ANSWER: check the answer in a call of "
          "its own");
    if (vm.count("at-least")) throw usage_error("--at-least: for an ANSWER, not with --bound");
    return check_bound(input, vm["bound"].as<std::string>(), shared.json);
  }
  if (!vm.count("output")) throw missing_argument("ANSWER");
  auto output = vm["output"].as<std::string>();
  if (reads_stdin(input) && reads_stdin(output))
    throw usage_error("FILE and ANSWER cannot both be standard input (-, /dev/stdin)");
  VerifyAsk ask;
  ask.at_least_p = vm.count("at-least") != 0;
  const auto checked = verify_files(input, output, shared.progress, ask);
  if (!checked) return kExitInterrupted;
  if (checked->size() == 1 && checked->front().id.empty())
    return print_one(checked->front().verification, shared.json);
  return print_each(*checked, shared.json);
}

}  // namespace nursery::cli
