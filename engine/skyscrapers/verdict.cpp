// What nursery skyscrapers says of each puzzle's run and of the whole run:
// words, counts and exit statuses.
#include <nursery/cli.hpp>
#include <nursery/skyscrapers.hpp>

namespace nursery::skyscrapers {

Judgement judge(const Solved& solved, Mode mode, std::uint64_t limit) {
  Judgement verdict;
  const Count count = solved.count.value_or(0);
  if (solved.status == Status::timeout) {
    verdict.timeout = true;
    verdict.words = "timeout";
  } else if (solved.status == Status::cancelled) {
    verdict.interrupted = true;
    verdict.words = "interrupted";
  } else if (mode == Mode::first) {
    verdict.solved = solved.solution.has_value();
    verdict.no_solution = !verdict.solved;
    verdict.words = verdict.solved ? "solved" : "no solution";
  } else if (solved.status == Status::limit) {
    verdict.solved = true;
    verdict.words = limit == 1 ? "solved" : "at least " + std::to_string(limit) + " solutions";
  } else {
    verdict.solved = count > 0;
    verdict.no_solution = count == 0;
    verdict.unique = count == 1;
    verdict.words = verdict.no_solution ? "no solution"
                    : verdict.unique    ? "unique"
                                        : to_string(count) + " solutions";
  }
  return verdict;
}

int Judgement::exit_status(bool counting) const {
  if (interrupted) return cli::kExitInterrupted;
  if (timeout) return cli::kExitTimeout;
  if (no_solution && !counting) return cli::kExitNoSolution;
  return cli::kExitSuccess;
}

void Tally::add(const Judgement& verdict) {
  solved += verdict.solved;
  unique += verdict.unique;
  no_solution += verdict.no_solution;
  timeouts += verdict.timeout;
  interrupted = interrupted || verdict.interrupted;
}

int Tally::exit_status(bool counting) const {
  return interrupted        ? cli::kExitInterrupted
         : timeouts > 0     ? cli::kExitTimeout
         : failed(counting) ? cli::kExitNoSolution
                            : cli::kExitSuccess;
}

}  // namespace nursery::skyscrapers
