// nursery gen lizards: a random board, p by a number or by the greedy.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <nursery/lizards.hpp>
#include <optional>

#include "commands.hpp"
#include "lizards.hpp"
#include "options.hpp"

namespace nursery::cli {

int cmd_gen_lizards(int argc, char** argv) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("n", po::value<std::uint32_t>()->required(),
                                                    "board side")(
      "trees",
      po::value<double>()->default_value(0)->notifier(within("--trees", "a fraction", 0, 1)),
      "fraction of cells that are trees, 0 to 1")(
      "p", po::value<std::string>()->default_value("auto"),
      "lizards: a number, auto (what the column-major greedy places) or auto+1")(
      "seed", po::value<std::uint64_t>()->default_value(1), "random seed")(
      "algorithm", po::value<std::string>()->default_value("DFS"), "first line: DFS, BFS or SA")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write here, - for stdout (default: stdout)");
  add_shared(options, kTimeout,
             "seconds to draw the board (0: none); past them exit 3, nothing written");
  po::positional_options_description positionals;
  po::variables_map vm;
  if (!parse_command_line(argc, argv,
                          "usage: nursery gen lizards --n N --trees FRACTION --p P|auto|auto+1 "
                          "--seed S [-o FILE] [--timeout SECONDS]",
                          options, positionals, vm))
    return kExitSuccess;
  lz::GenerateOptions gen;
  gen.n = vm["n"].as<std::uint32_t>();
  if (gen.n == 0 || std::uint64_t{gen.n} * gen.n > 0xFFFFFFFFull)
    throw usage_error("--n: expected 1 to 65535, found " + std::to_string(gen.n));
  gen.trees = vm["trees"].as<double>();
  std::string p = vm["p"].as<std::string>();
  if (p == "auto") {
    gen.p = -1;
  } else if (p == "auto+1") {
    gen.p = -2;
  } else {
    std::size_t used = 0;
    long long value = 0;
    try {
      value = std::stoll(p, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != p.size() || value < 1 || value > 2147483647)
      throw usage_error("--p: expected a positive 32-bit integer, auto or auto+1, found '" + p +
                        "'");
    gen.p = value;
  }
  gen.seed = vm["seed"].as<std::uint64_t>();
  gen.algorithm = parse_algorithm(vm["algorithm"].as<std::string>());
  // Drawing a 65,535 x 65,535 board takes a while: the deadline, Ctrl-C and
  // SIGTERM are polled per row (and per column of the greedy); past them
  // the temporary is removed and nothing is written under -o's name. The
  // rows are written as they are drawn: with a given p in O(n) memory; p =
  // auto needs the whole board for its greedy, as bits, never its text.
  Deadline deadline(read_shared(vm).timeout);
  const std::size_t n = gen.n;
  std::uint64_t p_value = gen.p > 0 ? static_cast<std::uint64_t>(gen.p) : 0;
  if (gen.p < 0) {
    // p = auto: the greedy needs the whole board, drawn once as bits (n*n/8
    // bytes: 537 MB at n = 65,535), then drawn again row by row to write.
    std::vector<std::uint64_t> trees((n * n + 63) / 64, 0);
    lz::TreeRows drawing(gen);
    std::vector<std::uint8_t> row;
    for (std::size_t r = 0; r < n; ++r) {
      if (deadline.requested()) return deadline.exit_status();
      drawing.next(row);
      for (std::size_t c = 0; c < n; ++c)
        if (row[c] == lz::kTree) trees[(r * n + c) >> 6] |= std::uint64_t{1} << ((r * n + c) & 63);
    }
    auto greedy = lz::greedy_count(gen.n, trees, Budget(&deadline.stop()));
    if (!greedy || deadline.requested()) return deadline.exit_status();
    p_value = std::max<std::uint64_t>(1, *greedy + (gen.p == -2 ? 1 : 0));
  }
  const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "-";
  std::optional<AtomicFile> file;
  if (!is_stdio(output) && output != "/dev/stdout") {
    try {
      file.emplace(output);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
  }
  std::string text = std::string(lz::to_string(gen.algorithm)) + "\n" + std::to_string(gen.n) +
                     "\n" + std::to_string(p_value) + "\n";
  auto flush = [&] {
    try {
      if (file)
        file->write(text);
      else
        write_stdout(text);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    text.clear();
  };
  lz::TreeRows rows(gen);
  std::vector<std::uint8_t> row;
  for (std::size_t r = 0; r < n; ++r) {
    if (deadline.requested()) return deadline.exit_status();  // ~file removes the temporary
    rows.next(row);
    for (auto cell : row) text += static_cast<char>('0' + cell);
    text += '\n';
    if (text.size() >= (1u << 20)) flush();
  }
  flush();
  if (deadline.requested()) return deadline.exit_status();
  if (file) {
    try {
      file->commit();
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
  }
  return kExitSuccess;
}
}  // namespace nursery::cli
