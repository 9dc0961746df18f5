// Branch and bound for the largest placement: a maximum independent set of
// the sight graph (cells that see each other are adjacent), proven.
//
// A node is the set of cells still usable (alive) and the lizards taken.
// Branching on a cell: "in" takes it, and every cell of its four segments
// (all it sees) dies; "out" kills it alone: unusable, but see-through (it
// is no tree: the others' sight passes it). Cells on one segment see each
// other whatever dies between them, so a node's graph is the board's sight
// graph induced on its alive cells, and every clique of the board (the
// segments, the 2 x 2 windows, the LP's cuts) is one of the node's too.
//
// The node bound is the set-packing LP's (lp_bound.cpp) in its penalty
// form, over the alive cells: for any weights y >= 0 on the cliques,
//     taken + sum_{cliques with an alive cell} y + sum_{alive cells} max(0, 1 - cover)
// bounds every placement below the node, computed exactly in integers from
// the weights rounded up to multiples of 2^-24 and floored; any weights
// give a proof. The weights are warm: a node starts from the weights the
// last node left (its parent's, or a sibling's subtree's), and coordinate
// descent on the smoothed dual (softplus for max) moves them a few sweeps,
// stopping once the node is pruned or the bound stalls. The root's weights
// are converged and cut (cuts.cpp's cliques, separated on the descent's
// primal) first.
//
// Before the bound, each node takes its simplicial cells: a cell whose alive
// neighbours all lie on one segment (a clique) is in some largest placement
// of the node. The search is depth first, "in" before "out"; a node is cut
// when its bound is at most the best placement known. The optimum is proven
// when the tree is exhausted; stopped, the open nodes are the pending "out"
// children of the stack's nodes and the deepest node's subtree, so the
// largest of their nodes' bounds (and the best) bounds the board.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr std::int64_t kOne = std::int64_t{1} << 24;  // weights in multiples of 2^-24

// The cliques over the empty cells (local indices, row-major), the weights
// on them, and which cells are alive.
class NodeDual {
 public:
  explicit NodeDual(const Instance& in);
  void add_cuts(const std::vector<CutClique>& cuts);
  void finish();  // the cells' clique lists, after the cliques came in (the root only)

  std::size_t cells() const { return board_cell_.size(); }
  std::uint32_t board_cell(std::uint32_t local) const { return board_cell_[local]; }
  bool alive(std::uint32_t local) const { return alive_[local] != 0; }
  std::size_t alive_count() const { return alive_total_; }
  std::size_t cliques() const { return weight_.size(); }

  // Coordinate descent on the smoothed dual over the alive cells: every clique once.
  void sweep(double tau) {
    for (std::uint32_t s = 0; s < weight_.size(); ++s) update(s, tau);
  }
  std::int64_t scaled_bound() const;  // 2^24 times the exact bound of the weights
  const std::vector<double>& weights() const { return weight_; }
  void set_weights(const std::vector<double>& weights) {
    weight_ = weights;
    cover_from_weights();
  }
  // How much of a lizard each alive cell holds in the smoothed primal.
  double value(std::uint32_t local, double tau) const {
    const double z = (1 - cover_[local]) / tau;
    return z > 40 ? 1.0 : z < -40 ? 0.0 : 1 / (1 + std::exp(-z));
  }
  std::vector<float> board_values(double tau) const;  // row-major, for cuts.cpp

  // A cell whose alive neighbours lie on one segment at most.
  bool simplicial(std::uint32_t local) const {
    unsigned crowded = 0;
    for (unsigned d = 0; d < 4; ++d) crowded += alive_in_[segment_of(local, d)] > 1;
    return crowded <= 1;
  }
  std::uint32_t segment_of(std::uint32_t local, unsigned d) const {
    return cell_cliques_[cell_start_[local] + d];
  }
  std::uint32_t alive_in(std::uint32_t clique) const { return alive_in_[clique]; }
  std::span<const std::uint32_t> members(std::uint32_t clique) const {
    return {members_.data() + start_[clique], members_.data() + start_[clique + 1]};
  }
  // Takes a cell: it and everything it sees die (logged on the trail).
  void take(std::uint32_t local) {
    for (unsigned d = 0; d < 4; ++d) {
      const std::uint32_t s = segment_of(local, d);
      for (std::uint32_t m = start_[s]; m != start_[s + 1] && alive_in_[s] > 0; ++m)
        if (alive_[members_[m]]) kill(members_[m]);
    }
  }
  void kill(std::uint32_t local) {
    alive_[local] = 0;
    --alive_total_;
    trail_.push_back(local);
    for (std::uint32_t k = cell_start_[local]; k != cell_start_[local + 1]; ++k)
      --alive_in_[cell_cliques_[k]];
  }
  std::size_t trail() const { return trail_.size(); }
  void undo(std::size_t to) {
    while (trail_.size() > to) {
      const std::uint32_t local = trail_.back();
      trail_.pop_back();
      alive_[local] = 1;
      ++alive_total_;
      for (std::uint32_t k = cell_start_[local]; k != cell_start_[local + 1]; ++k)
        ++alive_in_[cell_cliques_[k]];
    }
  }

 private:
  void update(std::uint32_t s, double tau);
  void cover_from_weights() {  // each cell's cover: the weights of its cliques
    cover_.assign(board_cell_.size(), 0.0);
    for (std::uint32_t s = 0; s < weight_.size(); ++s)
      for (std::uint32_t k = start_[s]; k != start_[s + 1]; ++k) cover_[members_[k]] += weight_[s];
  }
  const Instance& in_;
  std::vector<std::uint32_t> local_, board_cell_;         // board <-> local indices
  std::vector<std::uint32_t> start_, members_;            // clique -> cells (segments first)
  std::vector<std::uint32_t> cell_start_, cell_cliques_;  // cell -> cliques (its 4 segments first)
  std::vector<double> weight_, cover_;
  std::vector<std::uint8_t> alive_;
  std::vector<std::uint32_t> alive_in_;  // per clique: its alive cells
  std::size_t alive_total_ = 0;
  std::vector<std::uint32_t> trail_;  // cells killed, in order
};

NodeDual::NodeDual(const Instance& in) : in_(in) {
  const std::uint32_t n = in.board.n;
  EmptyCells empty = number_empty_cells(in.board);
  local_ = std::move(empty.number);
  board_cell_ = std::move(empty.cell);
  // The segments (their global ids), then the 2 x 2 windows of 3 or 4 cells.
  std::vector<std::vector<std::uint32_t>> cliques(in.total_segments);
  for (std::uint32_t i = 0; i < board_cell_.size(); ++i)
    for (unsigned d = 0; d < 4; ++d) cliques[in.segments_of(board_cell_[i])[d]].push_back(i);
  for (std::uint32_t r = 0; r + 1 < n; ++r)
    for (std::uint32_t c = 0; c + 1 < n; ++c) {
      std::uint32_t members[4];
      const unsigned count = window_members(local_, n, r, c, members);
      if (count >= 3) cliques.emplace_back(members, members + count);
    }
  start_.push_back(0);
  for (const auto& clique : cliques) {
    members_.insert(members_.end(), clique.begin(), clique.end());
    start_.push_back(static_cast<std::uint32_t>(members_.size()));
  }
}

void NodeDual::add_cuts(const std::vector<CutClique>& cuts) {
  for (const CutClique& cut : cuts) {
    for (std::uint32_t cell : cut) members_.push_back(local_[cell]);
    start_.push_back(static_cast<std::uint32_t>(members_.size()));
  }
}

void NodeDual::finish() {
  const std::size_t count = start_.size() - 1, m = board_cell_.size();
  // The cliques come in id order, so each cell's 4 segments come first.
  cell_start_.assign(m + 1, 0);
  for (std::uint32_t member : members_) ++cell_start_[member + 1];
  for (std::size_t i = 0; i < m; ++i) cell_start_[i + 1] += cell_start_[i];
  cell_cliques_.resize(members_.size());
  std::vector<std::uint32_t> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::uint32_t s = 0; s < count; ++s)
    for (std::uint32_t k = start_[s]; k != start_[s + 1]; ++k)
      cell_cliques_[fill[members_[k]]++] = s;
  weight_.resize(count, 0.0);  // the weights so far kept, the cuts' at zero
  cover_from_weights();
  alive_.assign(m, 1);  // at the root: every cell alive
  alive_total_ = m;
  alive_in_.resize(count);
  for (std::uint32_t s = 0; s < count; ++s) alive_in_[s] = start_[s + 1] - start_[s];
}

// The exact minimiser of the smoothed dual along clique s's weight, over
// its alive cells (lp_bound.cpp's update, on the node's graph).
void NodeDual::update(std::uint32_t s, double tau) {
  if (alive_in_[s] == 0) return;  // counts for nothing until its cells live again
  const double old = weight_[s];
  double top = -1e300;
  for (std::uint32_t k = start_[s]; k != start_[s + 1]; ++k)
    if (alive_[members_[k]]) top = std::max(top, 1 - (cover_[members_[k]] - old));
  if (old == 0 && top < -30 * tau) return;
  // The slope along y is 1 - sum sigmoid((slack - y) / tau), decreasing in y.
  auto excess = [&](double y, double& derivative) {
    double sum = 0;
    derivative = 0;
    for (std::uint32_t k = start_[s]; k != start_[s + 1]; ++k) {
      if (!alive_[members_[k]]) continue;
      const double z = (1 - (cover_[members_[k]] - old) - y) / tau;
      // Single precision is plenty for a Newton step, and faster.
      const double sigma = z > 40    ? 1.0
                           : z < -40 ? 0.0
                                     : 1 / (1 + std::exp(-static_cast<float>(z)));
      sum += sigma;
      derivative -= sigma * (1 - sigma) / tau;
    }
    return sum - 1;
  };
  double derivative = 0;
  double low = 0, high = std::max(0.0, top) + tau * std::log(double(alive_in_[s])) + tau;
  double y = std::clamp(old, low, high);
  for (int iteration = 0; iteration < 30; ++iteration) {
    const double e = excess(y, derivative);
    if (e <= 0 && y == 0) break;
    (e > 0 ? low : high) = y;
    if (std::abs(e) < 1e-5 || high - low < 1e-12) break;
    const double next = derivative < 0 ? y - e / derivative : (low + high) / 2;
    y = next > low && next < high ? next : (low + high) / 2;
  }
  y = std::min(y, 1.0);
  weight_[s] = y;
  for (std::uint32_t k = start_[s]; k != start_[s + 1]; ++k) cover_[members_[k]] += y - old;
}

std::int64_t NodeDual::scaled_bound() const {
  std::int64_t total = 0;
  for (std::uint32_t s = 0; s < weight_.size(); ++s)
    if (alive_in_[s] > 0) total += static_cast<std::int64_t>(std::ceil(weight_[s] * kOne));
  for (std::uint32_t i = 0; i < board_cell_.size(); ++i) {
    if (!alive_[i]) continue;
    std::int64_t cover = 0;
    for (std::uint32_t k = cell_start_[i]; k != cell_start_[i + 1]; ++k)
      cover += static_cast<std::int64_t>(std::ceil(weight_[cell_cliques_[k]] * kOne));
    total += std::max<std::int64_t>(0, kOne - cover);
  }
  return total;
}

std::vector<float> NodeDual::board_values(double tau) const {
  std::vector<float> values(in_.board.cells.size(), 0.0f);
  for (std::uint32_t i = 0; i < board_cell_.size(); ++i)
    values[board_cell_[i]] = static_cast<float>(value(i, tau));
  return values;
}

// The depth-first search over the node duals.
class BranchAndBound {
 public:
  BranchAndBound(const Instance& in, const BranchBoundOptions& options)
      : in_(in), options_(options), dual_(in) {}
  BranchBoundResult run();

 private:
  // A node on the stack: where its trail and taken lizards began (before
  // its simplicial cells), where its branches begin, its cell and bound.
  struct Frame {
    std::size_t trail = 0, taken = 0, branch_trail = 0, branch_taken = 0;
    std::uint32_t cell = kNone;
    bool out = false;             // its "out" branch is the one under way
    std::uint64_t bound = 0;      // its own, and never above its parent's
    std::vector<double> weights;  // the LP's at its bound: the children's warm start
  };
  void root();
  std::uint64_t node_bound();
  void take_simplicial();
  std::uint32_t branching_cell() const;
  bool enter();  // a node made current: true when it was pushed (to branch)
  void leaf();
  std::uint64_t open_bound() const;
  void restore(std::size_t trail, std::size_t taken) {
    dual_.undo(trail);
    taken_.resize(taken);
  }
  bool stopped() {
    if (++polls_ % kBranchPoll == 0 &&
        (!options_.budget.charge(kBranchPoll) || options_.budget.spent()))
      stop_ = true;
    return stop_;
  }

  const Instance& in_;
  const BranchBoundOptions& options_;
  NodeDual dual_;
  std::vector<std::uint32_t> taken_;  // local cells, in the order taken
  std::vector<Frame> stack_;
  Placement best_;
  std::uint64_t root_bound_ = 0;
  std::uint64_t nodes_ = 0, polls_ = 0;
  std::size_t cuts_ = 0;
  bool stop_ = false;
};

// The root's weights, converged from zero over a falling temperature, then
// rounds of cuts separated on the smoothed primal, each converged again.
void BranchAndBound::root() {
  double tau = kBranchRootFirstTau;
  for (unsigned round = 0;; ++round) {
    std::int64_t level = dual_.scaled_bound();
    for (unsigned sweep = 0; sweep < kBranchRootSweeps; ++sweep) {
      if (options_.budget.spent()) return;
      dual_.sweep(tau);
      const std::int64_t now = dual_.scaled_bound();
      if (level - now > kOne / 1000) {
        level = now;
      } else if (tau > kBranchFinestTau) {
        tau = std::max(kBranchFinestTau, tau / 2);
        level = now;
      } else {
        break;
      }
    }
    if (round == kBranchCutRounds) return;
    const auto cuts = violated_cliques(in_, dual_.board_values(tau), kCutReach, kCutsPerRound);
    if (cuts.empty()) return;
    cuts_ += cuts.size();
    dual_.add_cuts(cuts);
    dual_.finish();
  }
}

// The node's bound (taken + the LP's over the alive cells), its weights
// moved on from its parent's: sweeps at falling temperatures until the node
// is cut, the bound stalls at the finest, or kBranchNodeSweeps are spent.
std::uint64_t BranchAndBound::node_bound() {
  const std::uint64_t taken = taken_.size(), best = best_.size();
  std::int64_t scaled = dual_.scaled_bound();
  double tau = kBranchNodeFirstTau;
  for (unsigned sweep = 0; sweep < kBranchNodeSweeps; ++sweep) {
    if (taken + static_cast<std::uint64_t>(scaled / kOne) <= best) break;
    dual_.sweep(tau);
    const std::int64_t now = dual_.scaled_bound();
    const bool stalled = scaled - now < kOne / 100;
    scaled = std::min(scaled, now);
    if (stalled && tau <= kBranchFinestTau) break;
    if (stalled) tau = std::max(kBranchFinestTau, tau / 2);
  }
  return taken + static_cast<std::uint64_t>(scaled / kOne);
}

// Simplicial cells are taken (to a fixed point): some largest placement of
// the node holds each.
void BranchAndBound::take_simplicial() {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t i = 0; i < dual_.cells(); ++i)
      if (dual_.alive(i) && dual_.simplicial(i)) {
        taken_.push_back(i);
        dual_.take(i);
        changed = true;
      }
  }
}

// First fail: the segment with the fewest alive cells (two or more: after
// the simplicial cells every alive cell has such segments), and in it the
// cell the LP likes most.
std::uint32_t BranchAndBound::branching_cell() const {
  std::uint32_t segment = kNone, fewest = kNone;
  for (std::uint32_t s = 0; s < in_.total_segments; ++s)
    if (const std::uint32_t alive = dual_.alive_in(s); alive >= 2 && alive < fewest) {
      fewest = alive;
      segment = s;
    }
  std::uint32_t cell = kNone;
  double liked = -1;
  for (std::uint32_t i : dual_.members(segment))
    if (dual_.alive(i) && dual_.value(i, kBranchFinestTau) > liked) {
      liked = dual_.value(i, kBranchFinestTau);
      cell = i;
    }
  return cell;
}

// The node just made current: its simplicial cells taken, a leaf recorded,
// cut by its bound, or pushed with its "in" branch applied (true).
bool BranchAndBound::enter() {
  ++nodes_;
  Frame frame;
  frame.trail = dual_.trail();
  frame.taken = taken_.size();
  take_simplicial();
  if (dual_.alive_count() == 0) leaf();
  if (dual_.alive_count() > 0)
    frame.bound = std::min(node_bound(), stack_.empty() ? root_bound_ : stack_.back().bound);
  if (dual_.alive_count() == 0 || frame.bound <= best_.size()) {
    restore(frame.trail, frame.taken);
    return false;
  }
  frame.cell = branching_cell();
  frame.branch_trail = dual_.trail();
  frame.branch_taken = taken_.size();
  frame.weights = dual_.weights();
  stack_.push_back(std::move(frame));
  taken_.push_back(frame.cell);
  dual_.take(frame.cell);
  return true;
}

void BranchAndBound::leaf() {
  if (taken_.size() <= best_.size()) return;
  best_.clear();
  for (std::uint32_t i : taken_) best_.push_back(dual_.board_cell(i));
  std::sort(best_.begin(), best_.end());
  if (best_.size() >= options_.target) stop_ = true;
  if (options_.on_progress) options_.on_progress(best_.size(), open_bound());
}

// Every open node is a pending "out" child of a node on the stack, or in
// the deepest node's subtree: the largest of those nodes' bounds.
std::uint64_t BranchAndBound::open_bound() const {
  std::uint64_t bound = best_.size();
  for (std::size_t k = 0; k < stack_.size(); ++k)
    if (!stack_[k].out || k + 1 == stack_.size()) bound = std::max(bound, stack_[k].bound);
  return stack_.empty() ? std::max(bound, root_bound_) : bound;
}

BranchBoundResult BranchAndBound::run() {
  const auto start = SteadyClock::now();
  best_ = options_.incumbent;
  dual_.finish();
  root();
  const std::int64_t root_scaled = dual_.scaled_bound();
  root_bound_ = static_cast<std::uint64_t>(root_scaled / kOne);
  bool child = !options_.budget.spent();
  stop_ = !child;
  while (child || !stack_.empty()) {
    if (stop_ || (child && stopped())) break;
    if (child) {
      child = enter();
      if (nodes_ % kBranchProgressNodes == 0 && options_.on_progress)
        options_.on_progress(best_.size(), open_bound());
      continue;
    }
    Frame& top = stack_.back();
    restore(top.branch_trail, top.branch_taken);
    if (!top.out) {
      dual_.set_weights(top.weights);  // the "out" branch: the cell unusable, still see-through
      top.out = true;
      dual_.kill(top.cell);
      child = true;
      continue;
    }
    restore(top.trail, top.taken);
    stack_.pop_back();
  }
  BranchBoundResult result;
  result.optimal = !stop_;
  result.bound = stop_ ? open_bound() : best_.size();
  result.root_bound = root_bound_;
  result.root_value = static_cast<double>(root_scaled) / static_cast<double>(kOne);
  result.nodes = nodes_;
  result.cuts = cuts_;
  result.seconds = seconds_since(start);
  result.best = std::move(best_);
  return result;
}

}  // namespace

BranchBoundResult branch_and_bound(const Instance& instance, const BranchBoundOptions& options) {
  return BranchAndBound(instance, options).run();
}

void settle_by_branching(const Instance& instance, MaximizeReport& report,
                         const MaximizeOptions& options) {
  const auto start = SteadyClock::now();
  BranchBoundOptions search;
  search.budget = options.budget.share(kBranchShare);
  if (options.target > 0) search.target = options.target;
  if (report.solution) search.incumbent = *report.solution;
  search.on_progress = [&](std::uint64_t best, std::uint64_t bound) {
    if (options.on_progress)
      options.on_progress(std::max(best, report.lower), std::min(bound, report.upper));
  };
  BranchBoundResult result = branch_and_bound(instance, search);
  report.stats.nodes += result.nodes;
  if (result.best.size() > report.lower) {
    report.lower = result.best.size();
    report.solution = std::move(result.best);
    report.how = "branch and bound";
  }
  if (result.bound < report.upper) {
    report.upper = result.bound;
    report.upper_by =
        result.optimal ? "branch and bound: tree exhausted" : "branch and bound: its open nodes";
  }
  if (options.on_progress) options.on_progress(report.lower, report.upper);
  report.exact_seconds += seconds_since(start);
}

}  // namespace nursery::lizards
