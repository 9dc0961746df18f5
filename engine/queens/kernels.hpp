// The counters' hot kernels, one set per instruction-set level (isa.hpp),
// and the set this process runs (kernels(), kernels.cpp): chosen once, at
// the first call, from what the CPU has, lowered by NURSERY_ISA.
#pragma once

#include <cstddef>
#include <vector>

#include "queens/counters.hpp"

namespace nursery::queens {

enum class Isa { portable, avx2, avx512 };

// What each level's namespace defines (join.cpp, canonical.cpp): the parts
// of JoinCount and CanonicalCount that differ by level.
#define NURSERY_KERNELS_OF_A_LEVEL                                                                 \
  Outcome join_solve(const JoinCount::Instance& instance, const JoinCount::Subproblem& subproblem, \
                     Search<Placement>& search);                                                   \
  double join_work(const JoinCount::Instance& instance, const JoinCount::Subproblem& subproblem);  \
  std::vector<CanonicalCount::Subproblem> canonical_split(                                         \
      const CanonicalCount::Instance& instance, std::size_t target);                               \
  double canonical_work(const CanonicalCount::Instance& instance,                                  \
                        const CanonicalCount::Subproblem& subproblem);                             \
  Outcome canonical_solve(const CanonicalCount::Instance& instance,                                \
                          const CanonicalCount::Subproblem& subproblem,                            \
                          Search<Placement>& search);

namespace isa_portable {
NURSERY_KERNELS_OF_A_LEVEL
}
namespace isa_avx2 {
NURSERY_KERNELS_OF_A_LEVEL
}
namespace isa_avx512 {
NURSERY_KERNELS_OF_A_LEVEL
}

// One level's kernels.
struct Kernels {
  Isa isa;
  const char* name;  // "avx512", "avx2", "x86-64" ("portable" off x86-64)
  decltype(&isa_portable::join_solve) join_solve;
  decltype(&isa_portable::join_work) join_work;
  decltype(&isa_portable::canonical_split) canonical_split;
  decltype(&isa_portable::canonical_work) canonical_work;
  decltype(&isa_portable::canonical_solve) canonical_solve;
};

// The levels this build compiled (the portable one alone off x86-64).
bool isa_compiled(Isa isa);
// Whether the CPU runs a level's kernels.
bool isa_supported(Isa isa);
// The kernels this process runs: the best level the CPU supports, at most
// the one NURSERY_ISA names (x86-64 or portable, avx2, avx512); read once.
const Kernels& kernels();

}  // namespace nursery::queens
