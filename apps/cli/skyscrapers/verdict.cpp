// What nursery skyscrapers says of each puzzle's run, in words; its exit
// status is the shared exit_code (nursery/report.hpp).
#include "cli/skyscrapers/command.hpp"

namespace nursery::skyscrapers {

std::string words(const Solved& solved, Mode mode, std::uint64_t limit) {
  const Count count = solved.count.value_or(0);
  // A count or listing cut short says how far it got: a lower bound.
  const std::string so_far =
      solved.at_least ? ", at least " + to_string(*solved.at_least) + " solutions" : "";
  if (solved.status == Status::timeout) return "timeout" + so_far;
  if (solved.status == Status::cancelled) return "interrupted" + so_far;
  if (mode == Mode::first) return solved.solution ? "solved" : "no solution";
  if (solved.status == Status::limit)
    return limit == 1 ? "solved" : "at least " + std::to_string(limit) + " solutions";
  return count == 0 ? "no solution" : count == 1 ? "unique" : to_string(count) + " solutions";
}

}  // namespace nursery::skyscrapers
