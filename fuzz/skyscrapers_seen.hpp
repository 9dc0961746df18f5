// The harnesses' own Skyscrapers rule (shares no code with the engine):
// how many buildings the clue at position i (clockwise from the top-left
// corner) sees along its line of the n x n grid g.
#pragma once

#include <vector>

inline int skyscrapers_seen(const std::vector<int>& g, int n, int i) {
  int count = 0, tallest = 0;
  for (int k = 0; k < n; ++k) {
    int r, c;
    if (i < n) r = k, c = i;
    else if (i < 2 * n) r = i - n, c = n - 1 - k;
    else if (i < 3 * n) r = n - 1 - k, c = 3 * n - 1 - i;
    else r = 4 * n - 1 - i, c = k;
    int h = g[r * n + c];
    if (h > tallest) tallest = h, ++count;
  }
  return count;
}
