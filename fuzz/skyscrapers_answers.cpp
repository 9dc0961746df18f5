// Skyscrapers answers (what `verify` reads) on any bytes, checked against a
// fixed puzzle: a fault or none, never a crash. Property: the verdict on
// the puzzle's answer equals a check of its own (Latin square, clues).
#include <cstddef>
#include <cstdint>
#include <nursery/skyscrapers.hpp>
#include <string>

#include "skyscrapers_seen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace sky = nursery::skyscrapers;
  static const auto kPuzzles = sky::parse(
      "cw4-1 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - 1342421334212134\n", "puzzle");
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto answers = sky::read_answer(text, "fuzz");
    auto faults = sky::verify_answers(kPuzzles, answers, "fuzz");
    // verify agrees with a check of its own for the one puzzle: a Latin
    // square whose every clue sees what it says (the ring, when drawn,
    // the puzzle's).
    const auto& puzzle = kPuzzles[0];
    // Answers named by `# id` lines are matched by name, in order (the
    // first of a name answers the one puzzle, a second is a second answer),
    // bare ones in order (a second grid is a second answer too).
    const sky::Answer* answer = nullptr;
    std::size_t answering = 0;
    bool named = !answers.empty();
    for (const auto& a : answers) named = named && !a.id.empty();
    if (!named && !answers.empty()) {
      answer = &answers[0];
      answering = answers.size();
    }
    for (const auto& a : answers)
      if (named && a.id == puzzle.id && answering++ == 0) answer = &a;
    if (answer != nullptr && faults.size() == 1) {
      const int n = puzzle.size;
      const auto& g = answer->heights;
      bool valid = answering == 1 && g.size() == static_cast<std::size_t>(n * n) &&
                   (answer->clues.empty() || answer->clues == puzzle.clues);
      for (int r = 0; valid && r < n; ++r)
        for (int c = 0; valid && c < n; ++c) {
          int h = g[r * n + c];
          if (h < 1 || h > n) valid = false;
          for (int k = 0; valid && k < c; ++k) valid = g[r * n + k] != h;
          for (int k = 0; valid && k < r; ++k) valid = g[k * n + c] != h;
        }
      for (int i = 0; valid && i < 4 * n; ++i)
        if (puzzle.clues[i] != 0 && skyscrapers_seen(g, n, i) != puzzle.clues[i]) valid = false;
      if (faults[0].empty() != valid) __builtin_trap();
    }
  } catch (const nursery::InputError&) {
  }
  return 0;
}
