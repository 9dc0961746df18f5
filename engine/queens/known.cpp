// The published N-queens totals (OEIS A000170; N = 27 by the Q27 project,
// TU Dresden, 2016), for checking a count nursery did not make itself: a
// batch resumed from answers on disk. Copied from the project's reference
// table (tests/data/nqueens.tsv holds rows 1..18 of the same source).
#include <array>

#include "nursery/queens.hpp"

namespace nursery::queens {

std::optional<std::uint64_t> known_total(std::uint32_t n) {
  static constexpr std::array<std::uint64_t, 27> kTotals = {
      1ull,
      0ull,
      0ull,
      2ull,
      10ull,
      4ull,
      40ull,
      92ull,
      352ull,
      724ull,
      2680ull,
      14200ull,
      73712ull,
      365596ull,
      2279184ull,
      14772512ull,
      95815104ull,
      666090624ull,
      4968057848ull,
      39029188884ull,
      314666222712ull,
      2691008701644ull,
      24233937684440ull,
      227514171973736ull,
      2207893435808352ull,
      22317699616364044ull,
      234907967154122528ull};
  if (n < 1 || n > kTotals.size()) return std::nullopt;
  return kTotals[n - 1];
}

}  // namespace nursery::queens
