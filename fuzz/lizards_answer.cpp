// The independent checker on a fixed board and any answer bytes: a verdict,
// never a crash.
#include <cstddef>
#include <cstdint>
#include <nursery/lizards.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string kInput = "DFS\n4\n3\n0000\n0200\n0000\n0020\n";
  std::string answer(reinterpret_cast<const char*>(data), size);
  (void)nursery::lizards::verify(kInput, answer);
  (void)nursery::lizards::verify(answer, "FAIL\n");
  return 0;
}
