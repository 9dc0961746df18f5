// nursery count --mpi: a resumable N-queens count (cli/queens/count_command.hpp's
// plan) over the MPI ranks, rank 0's ledger handing out the subproblems
// (resumable_count.hpp).
#pragma once

#include <optional>

#include "cli/queens/count_command.hpp"
#include "resumable_count.hpp"

namespace nursery::mpi {

struct RankCount {
  std::optional<queens::CountReport> report;  // rank 0's, once the count ran
  int ranks = 1;
  bool refused = false;  // rank 0 refused the checkpoint and said why on stderr
};

// Collective. cli::UsageError for a plan with a deadline (--timeout: the
// scheduler's time limit ends an MPI job).
RankCount count_queens(const queens::CountPlan& plan, const Reporting& reporting);

}  // namespace nursery::mpi
