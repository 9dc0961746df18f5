// The improving search with a population (--max on boards of up to
// MaximizeOptions::population_cells empty cells): on such boards one local search has
// stopped gaining after a few seconds (100 x 100, 10% trees: 712 from the
// second to the thirtieth), its placement caught where no swap or kick
// leads on. A few placements improved side by side and recombined, as the
// evolutionary algorithms for independent sets do (Lamm, Sanders, Schulz,
// Strash and Werneck 2017, whose local search is the one of
// local_search.cpp), go on: a child takes one parent's lizards on one side
// of a row or column and the other's beyond it where nothing taken sees
// them; its own search fills and repairs the seam, and it replaces the
// smallest member when it is no smaller and no copy of a parent.
#include <algorithm>

#include "lizards/internal.hpp"

namespace nursery::lizards {

Placement recombine(const Instance& in, const Placement& near, const Placement& far,
                    const Cut& cut) {
  const std::uint32_t n = in.board.n;
  auto on_near_side = [&](std::uint32_t cell) {
    return (cut.across_columns ? cell % n : cell / n) < cut.at;
  };
  std::vector<std::uint8_t> taken(in.total_segments, 0);
  Placement child;
  auto take = [&](std::uint32_t cell) {
    const std::uint32_t* s = in.segments_of(cell);
    if (taken[s[0]] | taken[s[1]] | taken[s[2]] | taken[s[3]]) return;
    for (unsigned d = 0; d < 4; ++d) taken[s[d]] = 1;
    child.push_back(cell);
  };
  for (auto cell : near)
    if (on_near_side(cell)) take(cell);
  for (auto cell : far)
    if (!on_near_side(cell)) take(cell);
  std::sort(child.begin(), child.end());
  return child;
}

Population::Population(const Instance& in, std::shared_ptr<const SegmentCells> map,
                       std::uint64_t seed, std::size_t size)
    : in_(in), size_(std::max<std::size_t>(size, 2)), rng_(seed) {
  for (std::size_t k = 0; k < size_; ++k)
    improvers_.push_back(std::make_unique<Improver>(in, map, seed + 104729ull * (k + 1)));
}

Population::~Population() = default;

std::size_t Population::largest() const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < members_.size(); ++k)
    if (members_[k].size() > members_[best].size()) best = k;
  return best;
}

std::size_t Population::smallest() const {
  std::size_t worst = 0;
  for (std::size_t k = 1; k < members_.size(); ++k)
    if (members_[k].size() < members_[worst].size()) worst = k;
  return worst;
}

Placement Population::generation(const Placement& offered, const ImproveOptions& asked) {
  ImproveOptions options = asked;
  options.walk = true;
  // The first member is improved alone while an epoch still gains (a
  // population would only slow it); then the next generations each grow
  // one more member from the first placement offered, every member with
  // its own seed: different starts to recombine.
  if (members_.empty()) first_ = offered;
  if (members_.size() == 1 && !stalled_) {
    Placement next = improvers_[0]->improve(members_[0], options);
    stalled_ = next.size() <= members_[0].size();
    members_[0] = std::move(next);
    return members_[0];
  }
  if (members_.size() < size_) {
    members_.push_back(improvers_[members_.size()]->improve(first_, options));
    return members_[largest()];
  }
  // A larger placement found elsewhere (another worker's population) takes
  // the smallest member's place.
  if (offered.size() > members_[largest()].size()) members_[smallest()] = offered;
  const std::size_t a = random(size_), b = (a + 1 + random(size_ - 1)) % size_;
  Cut cut;
  cut.across_columns = random(2) == 1;
  const std::uint32_t n = in_.board.n;
  cut.at = n / 4 + static_cast<std::uint32_t>(random(std::max<std::uint32_t>(n / 2, 1)));
  const std::size_t worst = smallest();
  Placement child =
      improvers_[worst]->improve(recombine(in_, members_[a], members_[b], cut), options);
  if (child.size() >= members_[worst].size() && child != members_[a] && child != members_[b])
    members_[worst] = std::move(child);
  ++generations_;
  return members_[largest()];
}

std::uint64_t Population::random(std::uint64_t below) {
  return std::uniform_int_distribution<std::uint64_t>(0, below - 1)(rng_);
}

}  // namespace nursery::lizards
