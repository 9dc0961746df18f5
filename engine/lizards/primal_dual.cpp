// The set-packing LP's polish: a primal-dual hybrid gradient (PDHG) on
//     max sum_c x_c  subject to  sum_{c in K} x_c <= b_K for every clique K,
//     0 <= x_c <= 1,   (b_K = 1, or (|K| - 1) / 2 for an odd cycle K)
// from where the smoothed coordinate descent (lp_bound.cpp) stalls. That
// descent tends to the LP optimum only as its temperature tends to 0, and
// at the fine temperatures it crawls (100 x 100, 10% trees: stalled 1.2
// above Clp's optimum of the same cliques); PDHG converges on any LP, its
// step a pass over the cliques' cells, two of them per iteration.
//
// Diagonal preconditioning (Pock and Chambolle, alpha = 1): the primal step
// of a cell is omega over the number of cliques through it, the dual step of
// a clique one over omega times its size, which keeps the iteration
// convergent without a norm estimate. Restarts to the running average
// (PDLP's habit, at a fixed period) give the fast convergence averaging
// alone does not. Every y >= 0 the iteration passes through gives a bound
// (lp_bound.cpp's penalty form); the caller evaluates them exactly.
#include <algorithm>

#include "lizards/internal.hpp"

namespace nursery::lizards {

PrimalDual::PrimalDual(const std::vector<std::uint32_t>& start,
                       const std::vector<std::uint32_t>& members, const std::vector<double>& bound,
                       std::size_t cells, double omega)
    : start_(start),
      members_(members),
      bound_(bound),
      omega_(omega),
      value_(cells, 0.0),
      through_(cells, 0.0) {}

void PrimalDual::warm(const std::vector<double>& weights, const std::vector<float>& values) {
  weight_ = weights;
  weight_.resize(start_.size() - 1, 0.0);
  for (std::size_t c = 0; c < value_.size(); ++c)
    value_[c] = std::clamp(static_cast<double>(values[c]), 0.0, 1.0);
  restart();
}

// Cliques added since (cuts): their weights start at 0.
void PrimalDual::grow() {
  weight_.resize(start_.size() - 1, 0.0);
  restart();
}

void PrimalDual::restart() {
  const std::size_t cliques = start_.size() - 1;
  std::fill(through_.begin(), through_.end(), 0.0);
  for (std::size_t k = 0; k < cliques; ++k)
    for (std::uint32_t m = start_[k]; m != start_[k + 1]; ++m) through_[members_[m]] += 1;
  cover_.assign(value_.size(), 0.0);
  for (std::size_t k = 0; k < cliques; ++k)
    for (std::uint32_t m = start_[k]; m != start_[k + 1]; ++m) cover_[members_[m]] += weight_[k];
  mean_value_.assign(value_.size(), 0.0);
  mean_weight_.assign(cliques, 0.0);
  averaged_ = 0;
}

// One iteration: the cells step up the gradient 1 - cover, the cliques
// step along their excess at the extrapolated cells (2 x_new - x_old).
void PrimalDual::step() {
  const std::size_t cliques = start_.size() - 1;
  extrapolated_.resize(value_.size());
  for (std::size_t c = 0; c < value_.size(); ++c) {
    const double moved =
        std::clamp(value_[c] + omega_ / std::max(1.0, through_[c]) * (1 - cover_[c]), 0.0, 1.0);
    extrapolated_[c] = 2 * moved - value_[c];
    value_[c] = moved;
  }
  std::fill(cover_.begin(), cover_.end(), 0.0);
  for (std::size_t k = 0; k < cliques; ++k) {
    const std::uint32_t first = start_[k], last = start_[k + 1];
    double held = 0;
    for (std::uint32_t m = first; m != last; ++m) held += extrapolated_[members_[m]];
    const double size = static_cast<double>(last - first);
    const double y = std::max(0.0, weight_[k] + (held - bound_[k]) / (omega_ * size));
    weight_[k] = y;
    if (y != 0)
      for (std::uint32_t m = first; m != last; ++m) cover_[members_[m]] += y;
  }
  ++averaged_;
  const double keep = 1.0 - 1.0 / static_cast<double>(averaged_);
  for (std::size_t c = 0; c < value_.size(); ++c)
    mean_value_[c] = keep * mean_value_[c] + (1 - keep) * value_[c];
  for (std::size_t k = 0; k < cliques; ++k)
    mean_weight_[k] = keep * mean_weight_[k] + (1 - keep) * weight_[k];
}

void PrimalDual::restart_at_mean() {
  value_ = mean_value_;
  weight_ = mean_weight_;
  restart();
}

}  // namespace nursery::lizards
