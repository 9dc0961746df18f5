// What nursery skyscrapers says of each puzzle's run, in words; its exit
// status is the shared exit_code (nursery/report.hpp).
#include "cli/skyscrapers/command.hpp"

namespace nursery::skyscrapers {

std::string words(const Solved& solved, Mode mode, std::uint64_t limit) {
  const Count count = solved.count.value_or(0);
  if (solved.status == Status::timeout) return "timeout";
  if (solved.status == Status::cancelled) return "interrupted";
  if (mode == Mode::first) return solved.solution ? "solved" : "no solution";
  if (solved.status == Status::limit)
    return limit == 1 ? "solved" : "at least " + std::to_string(limit) + " solutions";
  return count == 0 ? "no solution" : count == 1 ? "unique" : to_string(count) + " solutions";
}

}  // namespace nursery::skyscrapers
