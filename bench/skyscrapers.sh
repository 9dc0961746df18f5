#!/usr/bin/env bash
# Skyscrapers benchmark table: for each file, the median and the maximum time
# per puzzle to solve (first mode) and to prove uniqueness (--limit 2), each
# the best of R runs, on 1 thread and on all threads. Times include building
# the instance (root propagation) and the run on the frontier scheduler.
#
#   bench/skyscrapers.sh [REPEATS]      (NURSERY=path/to/nursery to choose the binary)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nursery=${NURSERY:-$root/build/apps/nursery}
repeats=${1:-5}
data=$root/datasets/skyscrapers
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT

# Clue-only puzzles from random Latin squares: every clue, no givens; most
# have several solutions, so --limit 2 stops at the second.
for n in 5 6 7 8 9; do
  "$nursery" gen skyscrapers --n "$n" --puzzles 50 --seed 1 >"$generated/all_clues_$n.txt"
done
# Clue-only puzzles that the clues alone make unique (squares redrawn until so).
for n in 5 6 7; do
  "$nursery" gen skyscrapers --n "$n" --puzzles 20 --seed 1 --unique-solution --redraw \
    >"$generated/unique_clues_$n.txt"
done

echo "| puzzles | N | count | threads | solve median ms | solve max ms | unique median ms | unique max ms |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for file in "$data"/tatham_unreasonable_{4,5,6,7,8,9}.txt "$data/codewars.txt" \
            "$generated"/all_clues_{5,6,7,8,9}.txt "$generated"/unique_clues_{5,6,7}.txt; do
  for threads in 1 auto; do
    "$nursery" skyscrapers "$file" --bench "$repeats" --threads "$threads"
  done
done
