// An upper bound coupling all four directions: the set-packing LP. Every
// row, column, diagonal and anti-diagonal segment holds one lizard at most,
// and so does every 2x2 window (its empty cells are pairwise adjacent, so
// they see each other whatever the trees: a triangle or square clique the
// segments alone do not forbid fractionally).
//
// Weak duality in its penalty form: for any weights y >= 0 on the cliques,
// every placement x satisfies
//     |x| <= sum_s y_s b_s + sum_cells max(0, 1 - cover(cell)),
// cover(cell) = the weights of the cliques through it, b_s what s holds at
// most (1; an odd cycle's (|s| - 1) / 2, cycles.cpp) (add y_s times
// (b_s - lizards in s) >= 0 to |x|, then bound x_c <= 1). So ANY weights give
// a bound: no repair step, and the bound is computed exactly, in integers,
// from the weights rounded to multiples of 2^-24 (no floating error can
// make it wrong).
//
// The weights are found by coordinate descent on a smoothed dual (softplus
// instead of max, temperature tau lowered over the run): one clique at a
// time, the exact minimiser along its coordinate (a one-dimensional root,
// by safeguarded Newton). The cliques of one family share no cell, so a
// family is updated in parallel on the pool (for_each_index). Without smoothing coordinate
// descent stalls at corners; with it, it tends to the LP optimum, but
// slowly at the fine temperatures: past the finest one's stall, under
// --max, PDHG polishes the weights (primal_dual.cpp, options.polish).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>

#include "lizards/internal.hpp"

namespace nursery::lizards {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr unsigned kSlots = 8;         // 4 segments + up to 4 windows per cell
constexpr double kScale = 16777216.0;  // weights are multiples of 2^-24 in the proof

}  // namespace

EmptyCells number_empty_cells(const Board& board) {
  EmptyCells empty;
  empty.number.assign(std::size_t{board.n} * board.n, kTreeCell);
  for (std::uint32_t at = 0; at < board.n * board.n; ++at)
    if (board.cells[at] == kEmpty) {
      empty.number[at] = static_cast<std::uint32_t>(empty.cell.size());
      empty.cell.push_back(at);
    }
  return empty;
}

namespace {

class PackingDual {
 public:
  explicit PackingDual(const Instance& in) : in_(in) {
    const std::uint32_t n = in.board.n;
    EmptyCells empty = number_empty_cells(in.board);
    local_ = std::move(empty.number);
    cells_ = std::move(empty.cell);
    const std::size_t m = cells_.size();
    cliques_of_.assign(m * kSlots, kNone);
    for (std::size_t i = 0; i < m; ++i)
      for (unsigned d = 0; d < 4; ++d) cliques_of_[i * kSlots + d] = in.segments_of(cells_[i])[d];
    std::uint32_t cliques = in.total_segments;
    for (unsigned d = 0; d < 4; ++d)
      families_.push_back({in.segment_offset[d], in.segment_offset[d] + in.segment_count[d]});
    // Windows by the parity of their corner: those of one parity class are
    // disjoint, so each class is a family.
    for (std::uint32_t pr = 0; pr < 2; ++pr)
      for (std::uint32_t pc = 0; pc < 2; ++pc) {
        std::uint32_t first = cliques;
        for (std::uint32_t r = pr; r + 1 < n; r += 2)
          for (std::uint32_t c = pc; c + 1 < n; c += 2) {
            std::uint32_t members[4];
            const std::uint32_t count = window_members(local_, n, r, c, members);
            // Two cells of a window share a segment already: only three or
            // four make a new constraint.
            if (count < 3) continue;
            unsigned slot = 4 + pr * 2 + pc;
            for (std::uint32_t k = 0; k < count; ++k)
              cliques_of_[members[k] * kSlots + slot] = cliques;
            ++cliques;
          }
        families_.push_back({first, cliques});
      }
    // Members of every clique, in one compressed table.
    start_.assign(std::size_t{cliques} + 1, 0);
    for (std::size_t i = 0; i < m * kSlots; ++i)
      if (cliques_of_[i] != kNone) ++start_[cliques_of_[i] + 1];
    for (std::uint32_t s = 0; s < cliques; ++s) start_[s + 1] += start_[s];
    members_.resize(start_.back());
    std::vector<std::uint32_t> fill(start_.begin(), start_.end() - 1);
    for (std::size_t i = 0; i < m; ++i)
      for (unsigned k = 0; k < kSlots; ++k)
        if (cliques_of_[i * kSlots + k] != kNone)
          members_[fill[cliques_of_[i * kSlots + k]]++] = static_cast<std::uint32_t>(i);
    weight_.assign(cliques, 0.0);
    bound_.assign(cliques, 1.0);
    cover_.assign(m, 0.0);
    cut_begin_ = cliques;
  }

  std::size_t cliques() const { return weight_.size(); }
  const std::vector<std::pair<std::uint32_t, std::uint32_t>>& families() const { return families_; }

  // The exact minimiser of the smoothed dual along clique s's weight.
  void update(std::uint32_t s, double tau) {
    const std::uint32_t* first = members_.data() + start_[s];
    const std::uint32_t* last = members_.data() + start_[s + 1];
    const double old = weight_[s];
    // slack(c) = 1 - cover(c) without s; the slope along y is
    // b_s - sum_c sigmoid((slack(c) - y) / tau), decreasing in y.
    double top = -1e300;
    for (const std::uint32_t* c = first; c != last; ++c)
      top = std::max(top, 1 - (cover_[*c] - old));
    // Every cell of s covered well beyond 1 by the others and no weight on
    // s: zero stays the minimiser (the sigmoids are all below e^-30). Most
    // cliques of a converging dual are of this kind, and skip the exps.
    if (old == 0 && top < -30 * tau) return;
    auto excess = [&](double y, double& derivative) {
      double sum = 0;
      derivative = 0;
      for (const std::uint32_t* c = first; c != last; ++c) {
        double z = (1 - (cover_[*c] - old) - y) / tau;
        // Single precision is plenty for a Newton step and twice as fast.
        double sigma = z > 40 ? 1.0 : z < -40 ? 0.0 : 1 / (1 + std::exp(-static_cast<float>(z)));
        sum += sigma;
        derivative -= sigma * (1 - sigma) / tau;
      }
      return sum - bound_[s];
    };
    // Root in [0, top + tau*log(k)]: Newton from the old weight (one pass
    // when it is still right), kept inside a shrinking bracket.
    double derivative = 0;
    double low = 0, high = std::max(0.0, top) + tau * std::log(double(last - first)) + tau;
    double y = std::clamp(old, low, high);
    for (int iteration = 0; iteration < 30; ++iteration) {
      double e = excess(y, derivative);
      if (e <= 0 && y == 0) break;  // the slope is nonnegative from zero on
      if (e > 0)
        low = y;
      else
        high = y;
      if (std::abs(e) < 1e-5 || high - low < 1e-12) break;
      double next = derivative < 0 ? y - e / derivative : (low + high) / 2;
      y = next > low && next < high ? next : (low + high) / 2;
    }
    y = std::min(y, 1.0);  // a weight above 1 never helps: one covers any cell
    weight_[s] = y;
    for (const std::uint32_t* c = first; c != last; ++c) cover_[*c] += y - old;
  }

  // The proven bound of the current weights, in exact integer arithmetic:
  // 2^24 times the dual objective (the bound is its floor over 2^24).
  std::int64_t scaled_bound() const { return scaled_bound(weight_); }
  std::int64_t scaled_bound(const std::vector<double>& weights) const {
    std::vector<std::int64_t> cover(cells_.size(), 0);
    std::int64_t total = 0;
    for (std::uint32_t k = 0; k < weights.size(); ++k) {
      const std::int64_t scaled = scaled_weight(weights[k]);
      if (scaled == 0) continue;
      total += scaled * static_cast<std::int64_t>(bound_[k]);
      for (std::uint32_t m = start_[k]; m != start_[k + 1]; ++m) cover[members_[m]] += scaled;
    }
    const auto one = static_cast<std::int64_t>(kScale);
    for (std::int64_t c : cover) total += std::max<std::int64_t>(0, one - c);
    return total;
  }
  static std::int64_t scaled_weight(double weight) {
    return static_cast<std::int64_t>(std::ceil(std::max(0.0, weight) * kScale));
  }
  const std::vector<double>& weights() const { return weight_; }

  // The proof of scaled_bound(weights) (lizards.hpp: BoundCertificate):
  // every clique with a weight, then each cell's shortfall below 1 as a
  // clique of its own, in the same integers.
  BoundCertificate certificate(const std::vector<double>& weights) const {
    const std::uint32_t n = in_.board.n;
    BoundCertificate proof;
    proof.n = n;
    proof.scale = static_cast<std::uint64_t>(kScale);
    proof.by = "set-packing LP";
    std::vector<std::int64_t> scaled(weights.size());
    std::int64_t total = 0;
    for (std::uint32_t s = 0; s < weights.size(); ++s) {
      scaled[s] = scaled_weight(weights[s]);
      if (scaled[s] == 0) continue;
      total += scaled[s] * static_cast<std::int64_t>(bound_[s]);
      const std::uint32_t first = cells_[members_[start_[s]]];
      WeightedClique clique;
      clique.row = first / n;
      clique.column = first % n;
      clique.length = start_[s + 1] - start_[s];
      clique.weight = static_cast<std::uint64_t>(scaled[s]);
      clique.shape = CliqueShape::window;
      if (s >= cut_begin_) {  // a cut: a triangle, a larger clique or an odd cycle
        proof.cliques.push_back(cut_clique(s, clique));
        continue;
      }
      for (unsigned d = 0; d < 4; ++d)
        if (s >= in_.segment_offset[d] && s < in_.segment_offset[d] + in_.segment_count[d])
          clique.shape = static_cast<CliqueShape>(d);  // row, column, diagonal, anti-diagonal
      // A window's first member is in its top row; its left column is the
      // least column of its members (three or four of them: both columns).
      if (clique.shape == CliqueShape::window)
        for (std::uint32_t k = start_[s]; k < start_[s + 1]; ++k)
          clique.column = std::min(clique.column, cells_[members_[k]] % n);
      proof.cliques.push_back(clique);
    }
    const auto one = static_cast<std::int64_t>(kScale);
    std::vector<std::int64_t> covered(cells_.size(), 0);
    for (std::uint32_t k = 0; k < weights.size(); ++k)
      for (std::uint32_t m = start_[k]; m != start_[k + 1]; ++m) covered[members_[m]] += scaled[k];
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      const std::int64_t cover = covered[i];
      if (cover >= one) continue;
      total += one - cover;
      WeightedClique cell;
      cell.row = cells_[i] / n, cell.column = cells_[i] % n;
      cell.weight = static_cast<std::uint64_t>(one - cover);
      proof.cliques.push_back(cell);
    }
    proof.bound = floor_of(total);
    return proof;
  }

  // A cut's clique in the certificate: three cells a triangle, more a
  // clique, or an odd cycle (its cells in the cycle's order).
  WeightedClique cut_clique(std::uint32_t s, WeightedClique clique) const {
    const std::uint32_t n = in_.board.n;
    clique.shape = bound_[s] > 1 ? CliqueShape::cycle : CliqueShape::clique;
    for (std::uint32_t k = start_[s] + 1; k < start_[s + 1]; ++k)
      clique.others.push_back({cells_[members_[k]] / n, cells_[members_[k]] % n});
    if (clique.others.size() == 2 && clique.shape == CliqueShape::clique) {
      clique.shape = CliqueShape::triangle;
      clique.row2 = clique.others[0][0], clique.column2 = clique.others[0][1];
      clique.row3 = clique.others[1][0], clique.column3 = clique.others[1][1];
      clique.others.clear();
    }
    return clique;
  }

  static std::uint64_t floor_of(std::int64_t scaled) {
    return static_cast<std::uint64_t>(scaled / static_cast<std::int64_t>(kScale));
  }

  // Recomputes every cover from the weights (drops rounding drift).
  void refresh() {
    std::fill(cover_.begin(), cover_.end(), 0.0);
    for (std::uint32_t k = 0; k < weight_.size(); ++k)
      if (weight_[k] != 0)
        for (std::uint32_t m = start_[k]; m != start_[k + 1]; ++m)
          cover_[members_[m]] += weight_[k];
  }

  // Cuts (cuts.cpp): cliques of three cells or more, updated one after
  // another after the families (they may share cells).
  std::uint32_t cut_begin() const { return cut_begin_; }
  // Odd cycles (cycles.cpp) hold (k - 1) / 2; a triangle is a clique.
  void add_cuts(const std::vector<CutClique>& cuts, bool cycles = false) {
    for (const CutClique& cut : cuts) {
      for (std::uint32_t cell : cut) members_.push_back(local_[cell]);
      start_.push_back(static_cast<std::uint32_t>(members_.size()));
      weight_.push_back(0.0);
      bound_.push_back(cycles ? static_cast<double>((cut.size() - 1) / 2) : 1.0);
    }
  }
  // The smoothed dual's primal: how much of a lizard each cell holds
  // (row-major board index; trees 0).
  std::vector<float> primal(double tau) const { return on_board(local_primal(tau)); }

  // The clique table (PrimalDual's), the empty cells (local indices) and
  // the smoothed primal by local index.
  const std::vector<std::uint32_t>& starts() const { return start_; }
  const std::vector<std::uint32_t>& members() const { return members_; }
  const std::vector<double>& bounds() const { return bound_; }
  std::size_t cell_count() const { return cells_.size(); }
  std::vector<float> local_primal(double tau) const {
    std::vector<float> value(cells_.size());
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      const double z = (1 - cover_[i]) / tau;
      value[i] = z > 40 ? 1.0f : z < -40 ? 0.0f : static_cast<float>(1 / (1 + std::exp(-z)));
    }
    return value;
  }
  // Values by local index on the board (row-major; trees 0).
  template <class Value>
  std::vector<float> on_board(const std::vector<Value>& local) const {
    std::vector<float> value(in_.board.cells.size(), 0.0f);
    for (std::size_t i = 0; i < cells_.size(); ++i) value[cells_[i]] = static_cast<float>(local[i]);
    return value;
  }

  // How much the LP likes each empty cell (row-major board index -> score):
  // 1 - cover; cells with cover 1 or less are those an optimum may use.
  std::vector<float> preference() const {
    std::vector<float> score(in_.board.cells.size(), -1e9f);
    for (std::size_t i = 0; i < cells_.size(); ++i)
      score[cells_[i]] = static_cast<float>(1 - cover_[i]);
    return score;
  }

 private:
  const Instance& in_;
  std::vector<std::uint32_t> local_, cells_;
  std::vector<std::uint32_t> cliques_of_;  // kSlots clique ids per local cell
  std::vector<std::pair<std::uint32_t, std::uint32_t>> families_;  // disjoint clique ranges
  std::vector<std::uint32_t> start_, members_;
  std::vector<double> weight_, cover_;
  std::vector<double> bound_;    // per clique: the lizards it holds at most
  std::uint32_t cut_begin_ = 0;  // cliques from here on are cuts
};

}  // namespace

struct PackingLp::State {
  State(const Instance& instance, PackingOptions settings)
      : in(instance), options(std::move(settings)), dual(in), tau(options.first_tau) {}
  const Instance& in;
  PackingOptions options;
  unsigned cut_rounds = 0;
  PackingDual dual;
  SteadyClock::time_point begin = SteadyClock::now();
  double tau;
  std::int64_t best_scaled = 0, level_best = 0;
  unsigned stalls = 0;
  double level_time = 0;  // when level_best was taken (seconds since begin)
  bool converged = false;
  std::vector<double> best_weights;  // options.keep_proof: the weights of best_scaled
  std::optional<PrimalDual> polish;  // once the descent has stalled (options.polish)
  std::int64_t polish_level = 0;     // best_scaled at the polish's last stall check
  PackingBound result;

  // A new best bound from `weights`: kept, shown, and `enough` looked at.
  void offer(const std::vector<double>& weights) {
    if (const std::int64_t now = dual.scaled_bound(weights); now < best_scaled) {
      best_scaled = now;
      if (options.keep_proof) best_weights = weights;
    }
    result.value = PackingDual::floor_of(best_scaled);
    if (options.on_bound) options.on_bound(result.value);
    if (options.enough > 0 && result.value <= options.enough) converged = true;
  }
  // Cuts where `value` (row-major, per cell) violates cliques, and, once
  // the cliques are nearly spent, odd cycles; false: none (or no rounds left).
  bool cut(const std::vector<float>& value) {
    if (cut_rounds >= options.cut_rounds) return false;
    ++cut_rounds;
    const auto cuts = violated_cliques(in, value, kCutReach, kCutsPerRound);
    dual.add_cuts(cuts);
    result.cuts += cuts.size();
    std::size_t cycles = 0;
    if (options.cycles && cuts.size() < kCyclesAfter) {  // the cliques nearly spent
      const auto found = violated_cycles(in, value, kCycleReach, kCyclesPerRound, kCyclePops);
      dual.add_cuts(found, true);
      cycles = found.size();
      result.cycles += cycles;
    }
    return !cuts.empty() || cycles > 0;
  }
  void start_polish();
  template <class Stopped>
  bool polish_round(const Stopped& stopped);
};

PackingLp::PackingLp(const Instance& in, PackingOptions options)
    : state_(std::make_unique<State>(in, std::move(options))) {
  State& st = *state_;
  st.result.cliques = st.dual.cliques();
  st.best_scaled = st.level_best = st.dual.scaled_bound();  // all weights 0: the empty cells
  st.result.value = PackingDual::floor_of(st.best_scaled);
}
PackingLp::~PackingLp() = default;

bool PackingLp::converged() const {
  return state_->converged;
}
std::vector<float> PackingLp::preference() const {
  return state_->dual.preference();
}
BoundCertificate PackingLp::certificate() const {
  const State& st = *state_;
  // No sweep lowered the bound: all weights zero, every cell its own clique.
  return st.dual.certificate(st.best_weights.empty() ? std::vector<double>(st.dual.cliques(), 0.0)
                                                     : st.best_weights);
}

// One pass over every family, each on the pool; false when `stopped()`
// said stop first. A stop is looked at per chunk of cliques: a family's
// sweep takes tens of milliseconds on 1000 x 1000. Weights left half swept
// still give a bound (any nonnegative weights do).
template <class Stopped>
static bool sweep(PackingDual& dual, double tau, const Stopped& stopped) {
  constexpr std::uint32_t kChunk = 2048;
  for (const auto& family : dual.families()) {
    const std::uint32_t first = family.first, last = family.second;
    if (stopped()) return false;
    for_each_index((last - first + kChunk - 1) / kChunk, 0, [&](std::size_t chunk) {
      if (stopped()) return;
      const auto from = static_cast<std::uint32_t>(first + chunk * kChunk);
      const std::uint32_t to = std::min(last, from + kChunk);
      for (std::uint32_t s = from; s != to; ++s) dual.update(s, tau);
    });
  }
  for (auto s = dual.cut_begin(); s < dual.cliques(); ++s) {
    if ((s - dual.cut_begin()) % kChunk == 0 && stopped()) return false;
    dual.update(s, tau);
  }
  return true;
}

// The descent has stalled at its finest temperature: PDHG from its weights
// and its smoothed primal (primal_dual.cpp) takes over.
void PackingLp::State::start_polish() {
  State& st = *this;
  st.polish.emplace(st.dual.starts(), st.dual.members(), st.dual.bounds(), st.dual.cell_count(),
                    kPolishOmega);
  st.polish->warm(st.dual.weights(), st.dual.local_primal(st.tau));
  st.polish_level = st.best_scaled;
  st.level_time = seconds_since(st.begin);
  st.stalls = 0;
}

// kPolishPeriod PDHG iterations, then a restart at their average; the
// iterate's and the average's bounds offered. A period that gains under
// refine_stall (or less than worth_refining asks) is a stall: cuts where
// PDHG's primal violates them, or, none left, the end. False: stopped
// midway (the weights then are still a bound, offered at the next call).
template <class Stopped>
bool PackingLp::State::polish_round(const Stopped& stopped) {
  State& st = *this;
  PrimalDual& pd = *st.polish;
  for (unsigned k = 0; k < kPolishPeriod; ++k) {
    if (k % 8 == 0 && stopped()) return false;  // 250,000 cells: a few ms per step
    pd.step();
    ++st.result.iterations;
  }
  st.offer(pd.weights());
  st.offer(pd.mean_weights());
  pd.restart_at_mean();
  const double gain = static_cast<double>(st.polish_level - st.best_scaled) /
                      static_cast<double>(std::max<std::int64_t>(1, st.polish_level));
  const double now = seconds_since(st.begin);
  bool stalled = gain <= st.options.refine_stall;
  if (!stalled && st.options.worth_refining)
    stalled = !st.options.worth_refining(gain / std::max(1e-9, now - st.level_time));
  if (!stalled) {
    st.polish_level = st.best_scaled;
    st.level_time = now;
    st.stalls = 0;
    return true;
  }
  // PDHG does not descend monotonically: a stall counts after several
  // periods without gain.
  if (++st.stalls < kPolishPatience) return true;
  st.stalls = 0;
  st.polish_level = st.best_scaled;
  st.level_time = now;
  if (st.cut(st.dual.on_board(pd.values())))
    pd.grow();
  else
    st.converged = true;
  return true;
}

const PackingBound& PackingLp::run(const Budget& budget, const Budget& pause) {
  State& st = *state_;
  const PackingOptions& options = st.options;
  auto elapsed = [&] { return seconds_since(st.begin); };
  auto stopped = [&] { return budget.spent(); };
  PackingBound& result = st.result;
  // Temperature schedule: from coarse to fine; at each level sweeps until
  // the bound stalls, then cooler. A stall at the finest level ends it.
  // (Started at 0.25 the bound on a 1000 x 1000 board sits at 91,000 after
  // 20 sweeps; at 0.05, 73,700 after 36.)
  while (!st.converged && !stopped() && !pause.spent()) {
    if (st.polish) {
      if (!st.polish_round(stopped)) break;
      continue;
    }
    if (!sweep(st.dual, st.tau, stopped)) break;
    ++result.sweeps;
    if (result.sweeps % 8 == 0) st.dual.refresh();
    st.offer(st.dual.weights());
    // Progress is judged per level on the exact dual value (not its floor,
    // which plateaus on small boards): under 0.1% better in two sweeps is a
    // stall; at the fine temperatures (refine_below), under refine_stall, or
    // less than worth_refining asks for.
    if (result.sweeps % 2 == 0) {
      const bool finest = st.tau <= options.refine_below;
      const double gain = static_cast<double>(st.level_best - st.best_scaled) /
                          static_cast<double>(std::max<std::int64_t>(1, st.level_best));
      const double now = elapsed();
      bool stalled = gain <= (finest ? options.refine_stall : 1e-3);
      if (finest && !stalled && options.worth_refining)
        stalled = !options.worth_refining(gain / std::max(1e-9, now - st.level_time));
      st.level_best = st.best_scaled;
      st.level_time = now;
      // A stall at the fine temperatures: first, cuts where the LP's
      // solution violates them (a round at most per level).
      if (stalled && finest && st.cut(st.dual.primal(st.tau))) stalled = false;
      if (stalled) {
        if (st.tau > options.finest_tau)
          st.tau = std::max(options.finest_tau, st.tau / 2);
        else if (++st.stalls >= 2 && options.polish)
          st.start_polish();
        else if (st.stalls >= 2)
          st.converged = true;
      }
    }
  }
  result.tau = st.tau;
  result.seconds = elapsed();
  return result;
}

PackingBound packing_bound(const Instance& in, const PackingOptions& options) {
  PackingBound result;
  with_workers(options.threads, [&] {
    PackingLp lp(in, options);
    result = lp.run(options.budget);
    // A run whose budget is spent gives no preference: the search it would
    // seed (sorting every cell by it) could not start before the deadline
    // anyway.
    if (!options.budget.spent()) result.preference = lp.preference();
  });
  return result;
}

}  // namespace nursery::lizards
