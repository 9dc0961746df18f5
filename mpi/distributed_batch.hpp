// batch --mpi: the files of a batch shared among MPI ranks. Every rank walks
// the same paths (a file system all ranks see) and computes the same order;
// rank 0 hands out the files one at a time on request (so fast and slow
// ranks balance), each rank solves its files on its own pool and writes
// their answers under the shared OUTDIR, and rank 0 joins the ranks'
// reports and summaries.
#pragma once

#include <nursery/batch.hpp>

#include "distributed_count.hpp"

namespace nursery::mpi {

// The whole batch over the ranks. Rank 0 returns the summary of all ranks
// (and writes the merged report when options.report is set, a .json); the
// others return their own.
batch::Summary run_batch(const Session& session, batch::Options options);

}  // namespace nursery::mpi
