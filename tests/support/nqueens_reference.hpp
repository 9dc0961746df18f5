// The OEIS rows the N-queens tests check against: tests/data/nqueens.tsv,
// copied from ../shared/reference/nqueens.tsv (A000170 totals, A002562
// symmetry classes).
#pragma once

#include <fstream>
#include <map>
#include <nursery/count.hpp>
#include <sstream>
#include <string>

namespace nursery::testing {

struct NqueensReference {
  Count total, unique;
};

inline std::map<int, NqueensReference> nqueens_reference() {
  std::ifstream in(std::string(NURSERY_TEST_DATA) + "/nqueens.tsv");
  std::map<int, NqueensReference> table;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line[0] == 'n') continue;
    std::istringstream fields(line);
    int n;
    std::string total, unique;
    fields >> n >> total >> unique;
    table[n] = {*parse_count(total), *parse_count(unique)};
  }
  return table;
}

}  // namespace nursery::testing
