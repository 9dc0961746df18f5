// The lizards reader on any bytes: a Board or an InputError, nothing else;
// a small board that reads is solved and its answer must pass the
// independent checker.
#include <cstddef>
#include <cstdint>
#include <nursery/lizards.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace lz = nursery::lizards;
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)lz::size_limit(text.substr(0, 4096), "fuzz");
  } catch (const nursery::InputError&) {
  }
  lz::Board board;
  try {
    board = lz::parse(text, "fuzz");
  } catch (const nursery::InputError&) {
    return 0;
  }
  if (board.n > 6 || board.p > 12) return 0;
  lz::SolveOptions options;
  options.threads = 1;
  auto report = lz::solve(board, options);
  if (report.verdict == lz::Verdict::ok) {
    auto verdict =
        lz::verify(lz::format_instance(board), lz::format(board, &*report.placement));
    if (!verdict.valid) __builtin_trap();
  }
  return 0;
}
