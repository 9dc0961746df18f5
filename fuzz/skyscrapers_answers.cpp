// Skyscrapers answers (what `verify` reads) on any bytes, checked against a
// fixed puzzle: a fault or none, never a crash.
#include <cstddef>
#include <cstdint>
#include <nursery/skyscrapers.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace sky = nursery::skyscrapers;
  static const auto kPuzzles = sky::parse(
      "cw4-1 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - 1342421334212134\n", "puzzle");
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto answers = sky::read_answer(text, "fuzz");
    (void)sky::verify_answers(kPuzzles, answers, "fuzz");
  } catch (const nursery::InputError&) {
  }
  return 0;
}
