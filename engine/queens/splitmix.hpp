// The seeded generator of the counters' work estimates (canonical.cpp,
// join.cpp): splitmix64, one word of state, the same numbers on every run
// and machine, so a progress bar shows the same shares every time.
#pragma once

#include <cstdint>

namespace nursery::queens {

struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t operator()() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

}  // namespace nursery::queens
