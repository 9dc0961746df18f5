// The N-queens counters as resumable kinds (resumable.hpp): their names in
// checkpoints, their split targets, and whether their subproblems carry
// symmetry classes. Apart from queens.hpp, which stays free of oneTBB and
// the checkpoint machinery.
#pragma once

#include <cstddef>

#include "nursery/count.hpp"
#include "nursery/queens.hpp"
#include "nursery/resumable.hpp"

namespace nursery {

// Split target of resumable bitboard counts when none is asked: fixed, so
// ids do not depend on the thread count; wide enough for a few hundred
// workers (EPS: 30..100 subproblems per worker).
template <>
struct Resumable<queens::CanonicalCount> {
  static constexpr const char* checkpoint_kind = "queens-canonical";
  static constexpr std::size_t target = 16384;
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
  // The join's pieces cost more to cut finely (each enumerates its halves).
  static constexpr std::size_t target = 1024;
  static constexpr bool counts_classes = false;
  static int size(const queens::JoinCount::Instance& instance) { return instance.n; }
  static Count classes_from_total(int n, Count total) {
    return queens::unique_from_total(n, total);
  }
};

}  // namespace nursery
