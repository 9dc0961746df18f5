// `queens N` files and N-queens answers on any bytes: a number or an
// InputError, a placement or nothing. Properties: verify agrees with a
// pairwise check of its own; a valid placement written as rows or as a
// board reads back the same.
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
    if (placement.empty()) continue;
    // verify agrees with a pairwise check of its own: n queens, each in
    // range, no two on one line or diagonal.
    bool valid = placement.size() == n;
    for (std::size_t i = 0; valid && i < placement.size(); ++i) {
      if (placement[i] >= n) valid = false;
      for (std::size_t j = 0; valid && j < i; ++j) {
        long d = static_cast<long>(placement[i]) - static_cast<long>(placement[j]);
        if (d == 0 || d == static_cast<long>(i - j) || -d == static_cast<long>(i - j)) valid = false;
      }
    }
    if (qn::verify(n, placement).valid != valid) __builtin_trap();
    // format -> read_answer is a fixed point for the two text formats (at
    // n = 1 the rows form "0" is one line of one cell, read as a board
    // without its 'Q': not readable back, so rows from n = 2).
    if (valid)
      for (auto form : {qn::Format::rows, qn::Format::board})
        if ((n > 1 || form == qn::Format::board) &&
            qn::read_answer(qn::format(placement, form), n) != placement)
          __builtin_trap();
  }
  return 0;
}
