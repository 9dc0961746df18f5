// Solutions invariant under a quarter or a half turn, for unique counts by
// Burnside's lemma: a class of solutions has 8 / |stabilizer| members, so
//   unique = (Q + Fix(R90) + Fix(R180) + Fix(R270) + 4 reflections) / 8,
// where Fix(R270) = Fix(R90) and no solution of n >= 2 is its own
// reflection. Queens come in orbits of the rotation, so the search places a
// whole orbit at a time, always in the first row still empty, with O(1)
// checks on arrays.
#include <stdexcept>
#include <vector>

#include "queens/counters.hpp"

namespace nursery::queens {

namespace {

class RotationSearch {
 public:
  RotationSearch(int n, int quarter_turns)
      : n_(n),
        turns_(quarter_turns),
        row_of_column_(n, -1),
        column_of_row_(n, -1),
        diagonal_(2 * n, false),
        anti_(2 * n, false) {}

  Count run() {
    if (n_ % 2 == 1) {
      // The center is the only square a rotation keeps: it holds a queen,
      // or the middle row's queen would have a different image.
      const int center = n_ / 2;
      if (!free(center, center)) return 0;
      set(center, center, true);
    }
    next(0);
    return found_;
  }

 private:
  bool free(int row, int column) const {
    return column_of_row_[row] < 0 && row_of_column_[column] < 0 && !diagonal_[row - column + n_] &&
           !anti_[row + column];
  }
  void set(int row, int column, bool on) {
    column_of_row_[row] = on ? column : -1;
    row_of_column_[column] = on ? row : -1;
    diagonal_[row - column + n_] = on;
    anti_[row + column] = on;
  }
  // The images of (row, column) under the rotation's powers, itself first.
  int orbit(int row, int column, int (&rows)[4], int (&columns)[4]) const {
    const int size = turns_ == 1 ? 4 : 2;
    int r = row, c = column;
    for (int i = 0; i < size; ++i) {
      rows[i] = r;
      columns[i] = c;
      for (int t = 0; t < turns_; ++t) {  // a quarter turn: (r, c) -> (c, n-1-r)
        const int rotated_row = c;
        c = n_ - 1 - r;
        r = rotated_row;
      }
    }
    return size;
  }
  void next(int row) {
    while (row < n_ && column_of_row_[row] >= 0) ++row;
    if (row == n_) {
      ++found_;
      return;
    }
    for (int column = 0; column < n_; ++column) {
      int rows[4], columns[4];
      const int size = orbit(row, column, rows, columns);
      int placed = 0;
      bool ok = true;
      for (; placed < size; ++placed) {
        if (!free(rows[placed], columns[placed])) {
          ok = false;
          break;
        }
        set(rows[placed], columns[placed], true);
      }
      if (ok) next(row + 1);
      while (placed > 0) {
        --placed;
        set(rows[placed], columns[placed], false);
      }
    }
  }

  int n_, turns_;
  std::vector<int> row_of_column_, column_of_row_;
  std::vector<bool> diagonal_, anti_;
  Count found_ = 0;
};

}  // namespace

Count count_rotation_invariant(int n, int quarter_turns) {
  if (n < 1 || n > kMaxCountN) throw std::invalid_argument("rotations: N must be between 1 and 32");
  if (quarter_turns != 1 && quarter_turns != 2)
    throw std::invalid_argument("rotations: a quarter turn (1) or a half turn (2)");
  return RotationSearch(n, quarter_turns).run();
}

Count unique_from_total(int n, Count total) {
  if (n == 1) return total;
  const Count fixed = total + count_rotation_invariant(n, 2) + 2 * count_rotation_invariant(n, 1);
  if (fixed % 8 != 0) throw std::logic_error("Burnside: the orbit sum is not a multiple of 8");
  return fixed / 8;
}

}  // namespace nursery::queens
