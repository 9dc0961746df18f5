// The level of the counters' kernels this process runs (kernels.hpp), and
// JoinCount's and CanonicalCount's calls into it.
#include "queens/kernels.hpp"

#include <cstdlib>
#include <string>
#include <string_view>

#include "nursery/queens.hpp"

// NURSERY_ISA_LEVELS (engine/CMakeLists.txt): 3 where the x86-64 levels are
// compiled, 1 (the portable level alone) elsewhere.
#if !defined(NURSERY_ISA_LEVELS)
#define NURSERY_ISA_LEVELS 1
#endif

namespace nursery::queens {

namespace {

#if defined(__x86_64__)
constexpr const char* kPortableName = "x86-64";
#else
constexpr const char* kPortableName = "portable";
#endif

#define NURSERY_KERNELS_OF(level, ns, name)                                                  \
  Kernels {                                                                                  \
    level, name, &ns::join_solve, &ns::join_work, &ns::canonical_split, &ns::canonical_work, \
        &ns::canonical_solve                                                                 \
  }
// Best last.
const Kernels kLevels[] = {
    NURSERY_KERNELS_OF(Isa::portable, isa_portable, kPortableName),
#if NURSERY_ISA_LEVELS > 1
    NURSERY_KERNELS_OF(Isa::avx2, isa_avx2, "avx2"),
    NURSERY_KERNELS_OF(Isa::avx512, isa_avx512, "avx512"),
#endif
};
#undef NURSERY_KERNELS_OF

struct Choice {
  const Kernels* kernels = &kLevels[0];
  std::string error;  // what is wrong with NURSERY_ISA, or ""
};

Choice choose() {
  Choice choice;
  // The best level the CPU runs.
  for (const Kernels& level : kLevels)
    if (isa_supported(level.isa)) choice.kernels = &level;
  const char* asked = std::getenv("NURSERY_ISA");
  if (asked == nullptr || *asked == '\0') return choice;
  const std::string_view name(asked);
  for (const Kernels& level : kLevels) {
    if (name != level.name && !(level.isa == Isa::portable && name == "portable")) continue;
    // At most the level named: where the CPU has less, the best it has.
    if (level.isa < choice.kernels->isa) choice.kernels = &level;
    return choice;
  }
  choice.error = "NURSERY_ISA: expected ";
  for (const Kernels& level : kLevels) choice.error += std::string(level.name) + ", ";
  choice.error += "or empty, found '" + std::string(name) + "'";
  return choice;
}

const Choice& choice() {
  static const Choice chosen = choose();
  return chosen;
}

}  // namespace

bool isa_compiled(Isa isa) {
  for (const Kernels& level : kLevels)
    if (level.isa == isa) return true;
  return false;
}

bool isa_supported(Isa isa) {
  if (!isa_compiled(isa)) return false;
#if NURSERY_ISA_LEVELS > 1
  __builtin_cpu_init();
  // The features each level's target pragmas name (isa_begin.hpp); the
  // builtin asks the OS too (XGETBV: the AVX and AVX-512 registers kept).
  const bool avx2 = __builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") &&
                    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                    __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("fma");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") &&
                      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512cd") &&
                      __builtin_cpu_supports("avx512vpopcntdq") &&
                      __builtin_cpu_supports("avx512bitalg");
  if (isa == Isa::avx2) return avx2;
  if (isa == Isa::avx512) return avx512;
#endif
  return isa == Isa::portable;
}

const Kernels& kernels() {
  return *choice().kernels;
}

const char* kernel_isa() {
  return kernels().name;
}

std::string kernel_isa_error() {
  return choice().error;
}

Outcome JoinCount::solve(const Instance& instance, const Subproblem& subproblem,
                         Search<Solution>& search) {
  return kernels().join_solve(instance, subproblem, search);
}

double JoinCount::work(const Instance& instance, const Subproblem& subproblem) {
  return kernels().join_work(instance, subproblem);
}

std::vector<CanonicalCount::Subproblem> CanonicalCount::split(const Instance& instance,
                                                              std::size_t target) {
  return kernels().canonical_split(instance, target);
}

double CanonicalCount::work(const Instance& instance, const Subproblem& subproblem) {
  return kernels().canonical_work(instance, subproblem);
}

Outcome CanonicalCount::solve(const Instance& instance, const Subproblem& subproblem,
                              Search<Solution>& search) {
  return kernels().canonical_solve(instance, subproblem, search);
}

}  // namespace nursery::queens
