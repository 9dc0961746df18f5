// Batch's kind detection on any first bytes: a kind or a reason, never a crash.
#include <cstddef>
#include <cstdint>
#include <nursery/batch.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string head(reinterpret_cast<const char*>(data), size);
  std::string why;
  auto kind = nursery::batch::detect_kind(head, why);
  if (kind.empty() && why.empty()) __builtin_trap();  // every "no" says why
  return 0;
}
