// The N-queens counters as resumable kinds (resumable.hpp): their names in
// checkpoints, their split targets, and whether their subproblems carry
// symmetry classes. Apart from counters.hpp, which stays free of the
// checkpoint machinery.
#pragma once

#include <cstddef>

#include "nursery/count.hpp"
#include "nursery/resumable.hpp"
#include "queens/counters.hpp"

namespace nursery {

// Split target of resumable bitboard counts when none is asked:
// kCanonicalResumableTarget (tuning.hpp).
template <>
struct Resumable<queens::CanonicalCount> {
  static constexpr const char* checkpoint_kind = "queens-canonical";
  static constexpr std::size_t target = queens::kCanonicalResumableTarget;
  static constexpr bool counts_classes = true;  // each pre-placement counts its classes
  static int size(const queens::CanonicalCount::Instance& instance) { return instance.n; }
};

// The join's subproblems carry totals only; a whole join count's classes
// follow by Burnside's lemma (queens::unique_from_total).
template <>
struct Resumable<queens::JoinCount> {
  // "queens-join3": the join weighs even boards by their outer rows and
  // columns and their long diagonals, so a subproblem's count is not its
  // pattern orbit's solutions (only the sum over the frontier is the
  // total), and not what it was under the long diagonals alone: a
  // checkpoint of a former join ("queens-join", "queens-join2") is refused,
  // never mixed.
  static constexpr const char* checkpoint_kind = "queens-join3";
  static constexpr std::size_t target = queens::kJoinResumableTarget;
  static constexpr bool counts_classes = false;
  static int size(const queens::JoinCount::Instance& instance) { return instance.n; }
  static Count classes_from_total(int n, Count total) {
    return queens::unique_from_total(n, total);
  }
};

}  // namespace nursery
