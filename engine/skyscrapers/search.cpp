// The backtracker and the kind: most constrained cell first, every branch a
// trail mark undone on return; the frontier is the first levels of the same
// tree, each subproblem a list of heights placed on top of the root.
#include <bit>

#include "board.hpp"

namespace nursery::skyscrapers {

namespace {

// Places a subproblem's heights on a fresh board; false when they clash.
bool apply(Board& board, const Subproblem& subproblem) {
  for (const Decision& decision : subproblem)
    if (!board.place(decision.cell, decision.height)) return false;
  return board.propagate();
}

class Backtracker {
 public:
  Backtracker(const Instance& instance, Search<Grid>& search)
      : board_(instance, instance.root), search_(search), poller_(search.poller()) {}

  Outcome run(const Subproblem& subproblem) {
    if (apply(board_, subproblem)) visit();
    outcome_.complete = !stopped_;
    return outcome_;
  }

 private:
  void visit() {
    ++outcome_.nodes;
    if (poller_.poll()) {
      stopped_ = true;
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

  Board board_;
  Search<Grid>& search_;
  StopPoller poller_;
  Outcome outcome_;
  bool stopped_ = false;
};

// Walks the whole tree below the board, giving up past `budget` nodes.
// Returns false when the budget ran out.
bool small_tree(Board& board, int& budget) {
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

// Trees this small are searched faster in one piece than split.
constexpr int kSplitWorthNodes = 64;

}  // namespace

// Breadth-first over the first levels of the search tree until the frontier
// holds `target` subproblems or no node is left to branch on. Dead nodes are
// dropped here; solved ones stay, so their tasks report them.
std::vector<Subproblem> Kind::split(const Instance& instance, std::size_t target) {
  if (!instance.consistent) return {};
  std::vector<Subproblem> frontier(1);
  if (target <= 1) return frontier;
  {
    Board board(instance, instance.root);
    int budget = kSplitWorthNodes;
    if (small_tree(board, budget)) return frontier;
  }
  while (frontier.size() < target) {
    std::vector<Subproblem> next;
    bool grew = false;
    for (const Subproblem& subproblem : frontier) {
      Board board(instance, instance.root);
      if (!apply(board, subproblem)) continue;
      Decision choices[kMaxSize];
      int count = board.branch(choices);
      if (count == 0) {
        next.push_back(subproblem);
        continue;
      }
      for (int i = 0; i < count; ++i) {
        Subproblem child = subproblem;
        child.push_back(choices[i]);
        next.push_back(std::move(child));
        grew = true;
      }
    }
    frontier = std::move(next);
    if (!grew) break;
  }
  return frontier;
}

Outcome Kind::solve(const Instance& instance, const Subproblem& subproblem,
                    Search<Grid>& search) {
  Backtracker backtracker(instance, search);
  return backtracker.run(subproblem);
}

Solved solve(const Puzzle& puzzle, const RunOptions& options) {
  Instance instance = make_instance(puzzle);
  RunOptions own = options;
  // One worker gains nothing from a frontier: search the tree in one piece.
  if (own.subproblems == 0 && detail::worker_count(own.threads) == 1) own.subproblems = 1;
  Solved solved;
  if (own.mode == Mode::all) {
    std::optional<Grid> first;
    Search<Grid>::Sink sink = [&first](const Grid& grid) {
      if (!first) first = grid;
    };
    solved.result = run<Kind>(instance, own, &sink);
    solved.first = std::move(first);
  } else {
    solved.result = run<Kind>(instance, own);
    solved.first = solved.result.solution;
  }
  return solved;
}

}  // namespace nursery::skyscrapers
