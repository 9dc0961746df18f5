// Every tuning constant of the Skyscrapers solver, in one table: what it
// sets, in what unit, and why it has its value. Structural constants (the
// largest size, bit layouts) stay beside the code they describe.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nursery::skyscrapers {

//--- Searching (search.cpp) ---------------------------------------------------
// A node is a propagation of microseconds: the stop is looked at every this
// many nodes (every 4096, a deadline of 1 ms ran over by 50 ms).
constexpr unsigned kPollNodes = 1;

//--- The frontier (search.cpp) --------------------------------------------------
// Trees of at most this many nodes are searched faster in one piece than
// split.
constexpr int kSplitWorthNodes = 64;
// The frontier's passes stop after this many nodes per subproblem wanted.
constexpr std::size_t kSplitNodesPerSubproblem = 2;
// solve() searches this many nodes in one piece before it builds a frontier
// (RunOptions::probe_nodes): most puzzles are done within a few hundred.
constexpr std::uint64_t kAttemptNodes = 1000;

}  // namespace nursery::skyscrapers
