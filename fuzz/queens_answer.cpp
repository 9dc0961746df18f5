// `queens N` files and N-queens answers on any bytes: a number or an
// InputError, a placement or nothing; what reads is checked, never a crash.
#include <cstddef>
#include <cstdint>
#include <nursery/queens.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace qn = nursery::queens;
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)qn::parse(text, "fuzz");
  } catch (const nursery::InputError&) {
  }
  for (std::uint32_t n : {1u, 4u, 8u}) {
    auto placement = qn::read_answer(text, n);
    if (!placement.empty()) (void)qn::verify(n, placement);
  }
  return 0;
}
