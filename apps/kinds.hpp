// The CLI's part of each kind of the registry (nursery/registry.hpp): the
// commands it brings, its generator (`nursery gen NAME`) and what verify's
// help says of its answers. main.cpp's command list, gen and verify's help
// fold over the registry through this table; a kind without an entry here
// brings no command of its own (batch, verify and draw know it all the same).
#pragma once

#include <array>
#include <nursery/input.hpp>
#include <nursery/registry.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"

namespace nursery::cli {

// One command of the CLI (nursery NAME): its entry, its line in the
// commands list, and whether it polls for Ctrl-C.
struct Subcommand {
  const char* name;
  int (*run)(int, char**);
  const char* summary;
  // Ctrl-C and SIGTERM ask the command to stop, and it polls for that (its
  // searches, checks and writes end cleanly, exit 130 / 143). A command
  // that did not poll would keep the default: the signal ends it at once.
  bool polls_stop = true;
};

template <class K>
struct KindCli {
  static constexpr std::array<Subcommand, 0> commands{};
  static constexpr int (*gen)(int, char**) = nullptr;
  static constexpr const char* verify_help = "";
  // The command that reads this kind's files, for a hint when another
  // kind's command is given one.
  static constexpr const char* reads_files = "nursery batch";
};

template <>
struct KindCli<lizards::Facade> {
  static constexpr std::array commands{
      Subcommand{"lizards", cmd_lizards, "solve a baby-lizards board (USC HW1 format)"}};
  static constexpr int (*gen)(int, char**) = gen_lizards;
  static constexpr const char* reads_files = "nursery lizards";
  static constexpr const char* verify_help =
      "A lizards OK holds exactly p lizards (--at-least: p or more, as a --max\n"
      "answer) on the board's trees; a lizards FAIL is valid only when counts\n"
      "prove it (p beyond the empty cells or the tree-free runs of a direction,\n"
      "or 2- and 3-queens); otherwise it is unverified.\n";
};

template <>
struct KindCli<queens::Facade> {
  static constexpr std::array commands{
      Subcommand{"count", cmd_count, "count N-queens solutions (total, --unique classes)"},
      Subcommand{"queens", cmd_queens, "list N-queens solutions, or find one for huge N"},
      Subcommand{"bench", cmd_bench, "benchmark N-queens counting against the baseline"}};
  static constexpr int (*gen)(int, char**) = nullptr;
  static constexpr const char* reads_files = "nursery batch";  // `queens N` files
  static constexpr const char* verify_help =
      "A `queens N` answer is the board (Q and .), the 0-based rows on one line,\n"
      "the '*' string (nursery queens N's default), or FAIL.\n";
};

template <>
struct KindCli<skyscrapers::Facade> {
  static constexpr std::array commands{
      Subcommand{"skyscrapers", cmd_skyscrapers, "solve or count Skyscrapers puzzles"}};
  static constexpr int (*gen)(int, char**) = gen_skyscrapers;
  static constexpr const char* reads_files = "nursery skyscrapers";
  static constexpr const char* verify_help =
      "Skyscrapers answers go by their `# id` lines; puzzles that share an id,\n"
      "by order; a '# ID: no solution' line is unverified.\n";
};

// A kind's command given a file of another kind (nursery skyscrapers
// board.txt): the reader's error with what the registry's sniff says the
// file holds and which command reads it ("...; the file reads as a lizards
// board: try `nursery lizards board.txt`"); the error as it is where the
// file is the command's own kind, no kind's, or not a file (stdin).
InputError with_kind_hint(std::string_view command, const InputError& error);

// The names of the kinds with a generator: "lizards", "skyscrapers".
inline std::vector<std::string_view> generated_kinds() {
  std::vector<std::string_view> names;
  Kinds::for_each([&]<class K>() {
    if (KindCli<K>::gen != nullptr) names.emplace_back(K::name);
  });
  return names;
}

}  // namespace nursery::cli
