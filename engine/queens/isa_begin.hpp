// Opens a kernel's region (isa.hpp): every function defined from here to
// queens/isa_end.hpp, lambdas and templates included, is compiled for
// NURSERY_ISA_LEVEL. Included once per kernel file, after its headers (no
// include guard: it opens what isa_end.hpp closes).
#include "queens/isa.hpp"

// clang-format off
#if NURSERY_ISA_LEVEL != 0 && defined(__clang__)
// clang offers the attribute to the standard library's templates the region
// instantiates too, and ignores it there (they stay plain x86-64, as meant).
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wignored-attributes"
#endif
#if NURSERY_ISA_LEVEL == 1 && defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx,avx2,bmi,bmi2,popcnt,fma"))), \
                             apply_to = function)
#elif NURSERY_ISA_LEVEL == 1
#pragma GCC push_options
#pragma GCC target("avx,avx2,bmi,bmi2,popcnt,fma")
#elif NURSERY_ISA_LEVEL == 2 && defined(__clang__)
// (clang's target attribute takes one string: continued at the line's start)
#pragma clang attribute push(__attribute__((target("avx,avx2,bmi,bmi2,popcnt,fma,\
avx512f,avx512vl,avx512bw,avx512dq,avx512cd,avx512vpopcntdq,avx512bitalg"))), \
                             apply_to = function)
#elif NURSERY_ISA_LEVEL == 2
// AVX-512 F, VL, BW, DQ, CD (x86-64-v4), VPOPCNTDQ (the slices' and the
// last rows' popcounts) and BITALG (the quarter tables' mirrored keys).
#pragma GCC push_options
#pragma GCC target("avx,avx2,bmi,bmi2,popcnt,fma", \
                   "avx512f,avx512vl,avx512bw,avx512dq,avx512cd,avx512vpopcntdq,avx512bitalg")
#endif
#if NURSERY_ISA_LEVEL != 0 && !defined(__clang__)
// GCC warns of the vector returns of the region's lambdas as if the region
// did not compile them for the level.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
// clang-format on
