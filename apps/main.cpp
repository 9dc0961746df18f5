// nursery: a parallel batch solving engine for placement puzzles.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstring>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"
#include "kinds.hpp"
#include "nursery/queens.hpp"
#include "options.hpp"

namespace {

using nursery::cli::Subcommand;

// Every command: the kinds' own, as the registry lists the kinds
// (kinds.hpp), then those written once for every kind.
const std::vector<Subcommand>& commands() {
  static const std::vector<Subcommand> all = [] {
    std::vector<Subcommand> list;
    nursery::Kinds::for_each([&]<class K>() {
      for (const Subcommand& command : nursery::cli::KindCli<K>::commands) list.push_back(command);
    });
    static const std::string generated =
        "generate instances (" + nursery::one_of(nursery::cli::generated_kinds(), ", ") + ")";
    namespace cli = nursery::cli;
    list.insert(
        list.end(),
        {{"verify", cli::cmd_verify, "check an answer with an independent checker"},
         {"batch", cli::cmd_batch, "solve every instance under directories, with a report"},
         {"draw", cli::cmd_draw, "draw a board or puzzle, with its answer, as SVG or PNG"},
         {"compare", cli::cmd_compare, "compare batch reports: solved, regressions, speedup"},
         {"gen", cli::cmd_gen, generated.c_str()}});
    return list;
  }();
  return all;
}

// The version, and the instruction set the counters' kernels run on here
// (NURSERY_ISA lowers it), on one line.
void print_version() {
  std::cout << "nursery " << NURSERY_VERSION << " (kernels: " << nursery::queens::kernel_isa()
            << ")\n";
}

void print_usage(std::ostream& out) {
  out << "usage: nursery <command> [options]   (nursery <command> --help for its options)\n\n"
         "commands:\n";
  for (const auto& command : commands())
    out << "  " << command.name << std::string(14 - std::strlen(command.name), ' ')
        << command.summary << '\n';
  out << "\nexit status: 0 solved/counted/valid, 1 no solution/invalid, 2 bad usage or input,\n"
         "3 timeout, 4 unverified (verify: a FAIL it cannot prove), 130 interrupted (Ctrl-C),\n"
         "143 terminated (SIGTERM)\n";
}

// A command that is none: one line (with the nearest name), and under
// --json the error object on stdout too, as for every exit 2.
int unknown_command(const std::string& name, bool json) {
  std::vector<std::string> names;
  for (const auto& command : commands()) names.push_back(command.name);
  std::string message = "unknown command '" + name + "'";  // escaped as it is printed
  if (const std::string meant = nursery::cli::nearest(name, names); !meant.empty())
    message += "; did you mean '" + meant + "'? (nursery --help lists them)";
  else
    message += " (try nursery --help)";
  return nursery::cli::print_error("nursery", std::runtime_error(message), json,
                                   nursery::cli::kExitUsage);
}

}  // namespace

int main(int argc, char** argv) {
  // Logs go to stderr; results alone go to stdout.
  spdlog::set_default_logger(spdlog::stderr_color_mt("nursery"));
  spdlog::set_pattern("%^%l%$: %v");
  if (argc < 2) {
    print_usage(std::cerr);
    return nursery::cli::kExitUsage;
  }
  std::string name = argv[1];
  // What --help and --version print is the command's whole result: a write
  // that failed (a full disk, /dev/full, a closed pipe) is an error, exit 2.
  auto printed = [] {
    return nursery::cli::stdout_written() ? nursery::cli::kExitSuccess : nursery::cli::kExitUsage;
  };
  // NURSERY_ISA (the counters' kernels' instruction set, docs/queens.md)
  // names a level or nothing.
  if (const std::string isa_error = nursery::queens::kernel_isa_error(); !isa_error.empty()) {
    return nursery::cli::print_error(name.c_str(), std::invalid_argument(isa_error),
                                     nursery::cli::json_asked(argc, argv),
                                     nursery::cli::kExitUsage);
  }
  if (name == "--version" || name == "-V" || name == "version") {
    print_version();
    return printed();
  }
  // `nursery help COMMAND` is `nursery COMMAND --help`.
  std::string help_flag = "--help";
  std::vector<char*> help_args;
  if (name == "help" && argc >= 3) {
    name = argv[2];
    help_args = {argv[0], argv[2], help_flag.data(), nullptr};
    argc = 3;
    argv = help_args.data();
  }
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return printed();
  }
  // A command's --version / -V is the program's.
  for (int i = 2; i < argc; ++i)
    if (std::string(argv[i]) == "--version" || std::string(argv[i]) == "-V") {
      print_version();
      return printed();
    }
  for (const auto& command : commands()) {
    if (name != command.name) continue;
    std::string program = std::string("nursery ") + command.name;
    argv[1] = program.data();
    if (command.polls_stop) nursery::cli::install_interrupt_handler();
    const bool json = nursery::cli::json_asked(argc, argv);
    try {
      int status = command.run(argc - 1, argv + 1);
      if (status == nursery::cli::kExitInterrupted) status = nursery::cli::interrupted_status();
      return nursery::cli::stdout_written() ? status : nursery::cli::kExitUsage;
    } catch (const nursery::cli::Interrupted& e) {
      return nursery::cli::print_error(command.name, e, json, nursery::cli::interrupted_status());
    } catch (const nursery::InputError& e) {
      // A file of another kind: the error says which command reads it.
      return nursery::cli::print_error(command.name, nursery::cli::with_kind_hint(command.name, e),
                                       json, nursery::cli::kExitUsage);
    } catch (const std::bad_alloc&) {
      // Anywhere in a run (a budget the machine's limit does not hold): one
      // line and the status of bad input, never an uncaught exception.
      const std::runtime_error error(
          "out of memory (a smaller board, budget or --threads may fit; ulimit -v limits it)");
      return nursery::cli::print_error(command.name, error, json, nursery::cli::kExitUsage);
    } catch (const std::exception& e) {
      // One line, control bytes (a binary file's content quoted back) escaped.
      return nursery::cli::print_error(command.name, e, json, nursery::cli::kExitUsage);
    }
  }
  return unknown_command(name, nursery::cli::json_asked(argc, argv));
}
