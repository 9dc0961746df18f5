// The Skyscrapers reader on any bytes (three forms, any line ends): puzzles
// or an InputError; every puzzle read is printed in every form and read back.
#include <cstddef>
#include <cstdint>
#include <nursery/skyscrapers.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace sky = nursery::skyscrapers;
  std::string text(reinterpret_cast<const char*>(data), size);
  (void)sky::sniff(text);
  std::vector<sky::Puzzle> puzzles;
  try {
    puzzles = sky::parse(text, "fuzz");
  } catch (const nursery::InputError&) {
    return 0;
  }
  for (const auto& puzzle : puzzles) {
    try {
      auto again = sky::parse(sky::format_instance(puzzle, sky::Form::line) + "\n", "again");
      if (again.size() != 1 || again[0].clues != puzzle.clues) __builtin_trap();
      (void)sky::format_instance(puzzle, sky::Form::game_id);
      (void)sky::format_instance(puzzle, sky::Form::grid);
    } catch (const nursery::InputError&) {
      __builtin_trap();  // what the writer wrote, the reader must read
    }
  }
  return 0;
}
