// The depth-first search over column segments, the seed approach done
// well: segment k either takes one lizard on one of its safe cells or stays
// empty. Safety is four flag reads; placing is four writes and one push on
// the undo stack; nothing is allocated per node. A branch is cut as soon
// as the lizards still to place exceed capacity[k], the bound on what the
// remaining segments can hold (segment counts and suffix matchings).
#include <algorithm>

#include "lizards/internal.hpp"

namespace nursery::lizards {

std::vector<Subproblem> ColumnSegments::split(const Instance& instance, std::size_t target) {
  return expand_frontier(instance, target, kBfsBudgetBytes);
}

namespace {

// Per-thread buffers, reused by every subproblem the thread runs.
struct Workspace {
  std::vector<std::uint8_t> occupied;  // per global segment
  std::vector<std::uint32_t> choice;   // per column segment: the next option to try
  Placement trail;                     // the undo stack: lizards placed below the prefix
};

// A leaf of the frontier (its prefix holds p lizards): exactly one placement.
Outcome frontier_leaf(const Subproblem& sub, Search<Placement>& search) {
  Outcome outcome;
  outcome.count = 1;
  outcome.complete = true;
  if (search.mode() != Mode::count) {
    Placement solution = sub.placed;
    std::sort(solution.begin(), solution.end());
    search.offer(solution);
  }
  return outcome;
}

// Sets the four segments of `cell` (its column, row and diagonals) to
// `value`: 1 a lizard sees along them, 0 free again.
inline void mark(std::uint8_t* occupied, const std::uint32_t* segment, std::uint32_t cell,
                 std::uint8_t value) {
  const std::uint32_t* s = segment + 4ull * cell;
  occupied[s[0]] = value;
  occupied[s[1]] = value;
  occupied[s[2]] = value;
  occupied[s[3]] = value;
}

// The thread's workspace, cleared for `sub`: its prefix's segments taken.
Workspace& workspace_for(const Instance& in, const Subproblem& sub) {
  thread_local Workspace ws;
  ws.occupied.assign(in.total_segments, 0);
  ws.choice.resize(in.segment_count[kColumn] + 1);
  ws.trail.clear();
  for (auto cell : sub.placed) mark(ws.occupied.data(), in.segment.data(), cell, 1);
  return ws;
}

// A placement of p: the prefix, the trail and the last lizard, offered.
// False when the search must stop.
[[gnu::noinline]] bool offer_found(const Subproblem& sub, const Placement& trail,
                                   std::uint32_t last, Search<Placement>& search) {
  Placement solution = sub.placed;
  solution.insert(solution.end(), trail.begin(), trail.end());
  solution.push_back(last);
  std::sort(solution.begin(), solution.end());
  return search.offer(solution);
}

Outcome searched(Count count, std::uint64_t nodes, bool complete) {
  Outcome outcome;
  outcome.count = count;
  outcome.nodes = nodes;
  outcome.complete = complete;
  return outcome;
}

Outcome depth_first(const Instance& in, const Subproblem& sub, Search<Placement>& search) {
  const std::uint64_t p = in.board.p;
  if (sub.placed.size() >= p) return frontier_leaf(sub, search);
  Workspace& ws = workspace_for(in, sub);
  const std::uint32_t segments = in.segment_count[kColumn];
  std::uint8_t* occupied = ws.occupied.data();
  const std::uint32_t* segment = in.segment.data();
  const std::uint32_t* column_cells = in.column_cells.data();
  const std::uint32_t* column_start = in.column_start.data();
  const std::uint32_t* capacity = in.capacity.data();

  const Mode mode = search.mode();
  auto poller = search.poller();
  std::uint64_t left = p - sub.placed.size();
  std::uint64_t nodes = 0;
  Count count = 0;
  const std::uint32_t root = sub.next;
  std::uint32_t k = root;
  ws.choice[k] = 0;
  bool stopped = false;
  // choice[k] in [0, len]: the next cell of segment k to try; len+1: its
  // "stay empty" branch was taken too. Segments below k hold their choice.
  const std::uint64_t budget = sub.work_budget;
  std::uint64_t looked_at = 0;  // cells looked at: the work a budget counts
  while (true) {
    if (poller.poll() || (budget != 0 && looked_at >= budget)) {
      stopped = true;
      break;
    }
    bool descend = false;
    if (k < segments && left <= capacity[k]) {
      const std::uint32_t begin = column_start[k];
      const std::uint32_t len = column_start[k + 1] - begin;
      std::uint32_t option = ws.choice[k];
      while (option < len) {
        std::uint32_t cell = column_cells[begin + option++];
        ++looked_at;
        const std::uint32_t* s = segment + 4ull * cell;
        if ((occupied[s[0]] | occupied[s[1]] | occupied[s[2]] | occupied[s[3]]) != 0) continue;
        ++nodes;
        if (left == 1) {  // the last lizard: a placement of p
          ++count;
          if (mode != Mode::count && !offer_found(sub, ws.trail, cell, search)) {
            stopped = mode != Mode::first;
            goto done;
          }
          continue;
        }
        mark(occupied, segment, cell, 1);
        ws.trail.push_back(cell);
        --left;
        ws.choice[k] = option;
        descend = true;
        break;
      }
      if (!descend && option == len) {  // every cell tried: leave segment k empty
        ws.choice[k] = len + 1;
        ++nodes;
        descend = true;
      }
    }
    if (descend) {
      ws.choice[++k] = 0;
      continue;
    }
    // Backtrack: undo the decision of segment k-1.
    if (k == root) break;
    --k;
    const std::uint32_t len = column_start[k + 1] - column_start[k];
    if (ws.choice[k] <= len) {  // it had placed the lizard on cell choice-1
      mark(occupied, segment, ws.trail.back(), 0);
      ws.trail.pop_back();
      ++left;
    }
  }
done:
  // A first mode's find is a complete answer, however it stopped.
  return searched(count, nodes, !stopped || (mode == Mode::first && count > 0));
}

}  // namespace

Outcome ColumnSegments::solve(const Instance& instance, const Subproblem& sub,
                              Search<Placement>& search) {
  if (sub.technique == Subproblem::Technique::local_search) {
    Portfolio& portfolio = *sub.portfolio;
    LocalSearchOptions options;
    options.seed = portfolio.seed;
    options.best = &portfolio.best;
    options.progress = portfolio.progress;
    Outcome outcome;
    // Its own time (--any), the round's moves, the DFS's finished proof,
    // the run's stop.
    options.budget =
        portfolio.own.work_limit(portfolio.moves).or_when(&portfolio.proof_done).or_when([&search] {
          return search.stop_requested();
        });
    if (!portfolio.racer)
      portfolio.racer = std::make_unique<Racer>(instance, portfolio.start, portfolio.seed);
    auto found = portfolio.racer->run(options);
    if (found) search.offer(*found);
    // Redundant with the DFS entries, which cover the whole search space,
    // so it contributes nothing to a count and never blocks a proof.
    outcome.complete = true;
    return outcome;
  }
  Outcome outcome = search.mode() == Mode::first &&
                            instance.column_cells.size() <= kFirstFailCells &&
                            instance.segment_count[kColumn] <= kFirstFailDepth
                        ? first_fail_search(instance, sub, search)
                        : depth_first(instance, sub, search);
  // The proof is done when every DFS entry has finished without a find:
  // then no placement exists and the local search gives up. An entry that
  // found one never counts, so the racer, left of every entry, still runs
  // to its own end and the leftmost rule picks the same answer every run.
  if (sub.portfolio && outcome.complete && outcome.count == 0) {
    if (sub.portfolio->dfs_pending.fetch_sub(1) == 1) sub.portfolio->proof_done.store(true);
  }
  return outcome;
}

}  // namespace nursery::lizards
