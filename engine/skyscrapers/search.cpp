// The backtracker and the kind: most constrained cell first, every branch a
// trail mark undone on return; the frontier is the first levels of the same
// tree, each subproblem a list of heights placed on top of the root.
#include <bit>
#include <chrono>
#include <nursery/scheduler.hpp>

#include "skyscrapers/search_state.hpp"
#include "skyscrapers/tuning.hpp"

namespace nursery::skyscrapers {

namespace {

// Places a subproblem's heights on a fresh board; false when they clash.
bool apply(SearchState& board, const Subproblem& subproblem) {
  for (const Decision& decision : subproblem)
    if (!board.place(decision.cell, decision.height)) return false;
  return board.propagate();
}

class Backtracker {
 public:
  // A budget > 0 stops the search after that many nodes (over_budget()).
  Backtracker(const Instance& instance, Search<Grid>& search, std::uint64_t budget = 0)
      : board_(instance, instance.root),
        search_(search),
        poller_(search.poller(kPollNodes)),
        budget_(budget) {}

  Outcome run(const Subproblem& subproblem) {
    if (apply(board_, subproblem)) visit();
    outcome_.complete = !stopped_;
    return outcome_;
  }
  bool over_budget() const { return over_budget_; }

 private:
  void visit() {
    ++outcome_.nodes;
    if (poller_.poll()) {
      stopped_ = true;
      return;
    }
    if (budget_ != 0 && outcome_.nodes > budget_) {
      stopped_ = over_budget_ = true;
      return;
    }
    Decision choices[kMaxSize];
    int count = board_.branch(choices);
    if (count == 0) {
      found();
      return;
    }
    for (int i = 0; i < count; ++i) {
      auto mark = board_.mark();
      if (board_.place(choices[i].cell, choices[i].height) && board_.propagate()) visit();
      board_.undo(mark);
      if (stopped_) return;
    }
  }

  void found() {
    switch (search_.mode()) {
      case Mode::count:
        ++outcome_.count;
        if (!search_.counted(1)) stopped_ = true;
        break;
      case Mode::first:
        ++outcome_.count;
        search_.offer(board_.heights());
        stopped_ = true;
        break;
      case Mode::all:
        ++outcome_.count;
        if (!search_.offer(board_.heights())) stopped_ = true;
        break;
    }
  }

  SearchState board_;
  Search<Grid>& search_;
  StopPoller poller_;
  std::uint64_t budget_;
  Outcome outcome_;
  bool stopped_ = false;
  bool over_budget_ = false;
};

// Walks the whole tree below the board, giving up past `budget` nodes.
// Returns false when the budget ran out.
bool small_tree(SearchState& board, int& budget) {
  if (--budget < 0) return false;
  Decision choices[kMaxSize];
  int count = board.branch(choices);
  for (int i = 0; i < count; ++i) {
    auto mark = board.mark();
    bool fine = !(board.place(choices[i].cell, choices[i].height) && board.propagate()) ||
                small_tree(board, budget);
    board.undo(mark);
    if (!fine) return false;
  }
  return true;
}

}  // namespace

namespace {

// Every live node `depth` levels below the board (and every solution above
// that), as the path of placements from the root; `deeper` tells whether any
// of them can still branch.
void collect(SearchState& board, Subproblem& path, int depth, std::vector<Subproblem>& frontier,
             bool& deeper, std::size_t& nodes) {
  ++nodes;
  Decision choices[kMaxSize];
  int count = board.branch(choices);
  if (count == 0 || depth == 0) {
    frontier.push_back(path);
    deeper = deeper || count != 0;
    return;
  }
  for (int i = 0; i < count; ++i) {
    auto mark = board.mark();
    if (board.place(choices[i].cell, choices[i].height) && board.propagate()) {
      path.push_back(choices[i]);
      collect(board, path, depth - 1, frontier, deeper, nodes);
      path.pop_back();
    }
    board.undo(mark);
  }
}

}  // namespace

// The frontier: the live nodes of the first levels of the search tree, one
// level deeper at a time (each pass a depth-first walk on one board, so no
// node is propagated from scratch) until there are `target` of them, none
// can branch, or the passes have cost as much as the frontier is worth (a
// narrow tree, as unique puzzles have, never widens to `target`; walking it
// again level after level would search it many times over). A tree too
// small to be worth splitting stays whole.
std::vector<Subproblem> Heights::split(const Instance& instance, std::size_t target) {
  std::vector<Subproblem> frontier;
  if (!instance.consistent) return frontier;
  frontier.emplace_back();
  if (target <= 1) return frontier;
  SearchState board(instance, instance.root);
  int budget = kSplitWorthNodes;
  if (small_tree(board, budget)) return frontier;
  std::size_t spent = 0;
  for (int depth = 1;; ++depth) {
    frontier.clear();
    Subproblem path;
    bool deeper = false;
    collect(board, path, depth, frontier, deeper, spent);
    if (frontier.size() >= target || !deeper || spent >= kSplitNodesPerSubproblem * target)
      return frontier;
  }
}

Outcome Heights::solve(const Instance& instance, const Subproblem& subproblem,
                       Search<Grid>& search) {
  Backtracker backtracker(instance, search);
  return backtracker.run(subproblem);
}

std::optional<Outcome> Heights::probe(const Instance& instance, Search<Grid>& search,
                                      std::uint64_t nodes) {
  if (!instance.consistent) return std::nullopt;  // the (empty) frontier says so
  Backtracker attempt(instance, search, nodes);
  Outcome outcome = attempt.run({});
  if (attempt.over_budget()) return std::nullopt;
  return outcome;
}

Solved solve(const Puzzle& puzzle, const SolveOptions& options,
             const std::function<void(const Grid&)>& each) {
  Instance instance = make_instance(puzzle);
  RunOptions own = options;
  const unsigned workers = detail::worker_count(own.threads);
  // One worker gains nothing from a frontier: search the tree in one piece.
  if (own.subproblems == 0 && workers == 1) own.subproblems = 1;
  std::optional<Grid> first;
  Search<Grid>::Sink sink = [&first, &each](const Grid& grid) {
    if (!first) first = grid;
    if (each) each(grid);
  };
  const Search<Grid>::Sink* sink_used = own.mode == Mode::all ? &sink : nullptr;

  // Most puzzles are done within a few hundred nodes, fewer than a frontier
  // costs to build and to pay back: the scheduler tries a short search in
  // one piece first and spreads the tree over the workers only when it is
  // big (counting an ambiguous puzzle, say).
  own.probe_nodes = kAttemptNodes;
  auto result = run<Heights>(instance, own, sink_used);
  // Listing, the answer is the first solution the sink saw.
  if (own.mode == Mode::all) result.solution = std::move(first);
  const char* how = result.stats.subproblems > 1 ? "frontier search" : "one search";
  // A count cut short still proves the puzzle solvable (the solutions
  // found so far, a lower bound, in the report's `at_least`).
  return reported<Solved>(std::move(result), own.mode, how, CutShort::lower_bound);
}

}  // namespace nursery::skyscrapers
