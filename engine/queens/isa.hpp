// The instruction-set levels of the counters' hot kernels (the join's
// piece, pairs and halves, the bitboard's search and its last six rows):
// one binary runs at full speed on any x86-64 machine.
//
// Each kernel source (engine/CMakeLists.txt, NURSERY_ISA_KERNELS) is
// compiled once per level: as itself (level 0, portable: plain x86-64, or
// whatever the target is off x86), and on x86-64 through a generated
// wrapper that defines NURSERY_ISA_LEVEL 1 (AVX2 + BMI2) or 2 (AVX-512 with
// the extensions the kernels use). The kernel's code lies between
// #include "queens/isa_begin.hpp" and "queens/isa_end.hpp" (the level's
// target pragmas), in namespace NURSERY_ISA_NS
// (isa_portable, isa_avx2, isa_avx512), after every header it includes: the
// standard library's templates stay compiled for plain x86-64 (a copy of
// std::vector's code built for AVX-512 could otherwise be the one the
// linker keeps), and the kernels inline them. The kernels test
// NURSERY_ISA_BMI2 and NURSERY_ISA_AVX512, never the compiler's __AVX2__
// (a target pragma does not set it). kernels.cpp picks a level once, at
// start, from what the CPU has (kernels()).
#pragma once

#if !defined(NURSERY_ISA_LEVEL)
#define NURSERY_ISA_LEVEL 0
#endif

#if NURSERY_ISA_LEVEL == 0
#define NURSERY_ISA_NS isa_portable
#define NURSERY_ISA_BMI2 0
#define NURSERY_ISA_AVX512 0
#elif NURSERY_ISA_LEVEL == 1
#define NURSERY_ISA_NS isa_avx2
#define NURSERY_ISA_BMI2 1
#define NURSERY_ISA_AVX512 0
#elif NURSERY_ISA_LEVEL == 2
#define NURSERY_ISA_NS isa_avx512
#define NURSERY_ISA_BMI2 1
#define NURSERY_ISA_AVX512 1
#else
#error "NURSERY_ISA_LEVEL: expected 0, 1 or 2"
#endif
