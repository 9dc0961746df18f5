#!/usr/bin/env bash
# Generates a stress directory for `nursery batch`: lizards boards of mixed
# sizes (most small, some mid-sized, a few huge), tree-free boards solved as
# N-queens, `queens N` files and Skyscrapers puzzle files, all with the
# project's own generators, so the same seed gives the same directory.
#
#   datasets/make_stress.sh [DIR] [BOARDS]     (default /tmp/nursery-stress, 1000)
#   NURSERY=path/to/nursery datasets/make_stress.sh ...
set -euo pipefail

dir=${1:-/tmp/nursery-stress}
boards=${2:-1000}
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/bench/common.sh"
find_nursery make_stress.sh

rm -rf "$dir"
mkdir -p "$dir"/lizards "$dir"/huge "$dir"/queens "$dir"/skyscrapers

# Lizards: n from 4 to 40, tree density 0 to 30%, p what the column-major
# greedy places (found at once) or one more (a real search; OK or FAIL).
for ((k = 0; k < boards; ++k)); do
  n=$((4 + (k * 13) % 37))
  trees=$(printf '0.%02d' $(((k * 7) % 31)))
  p=auto
  (( k % 3 == 0 )) && p=auto+1
  algorithm=DFS
  (( k % 5 == 1 )) && algorithm=BFS
  (( k % 5 == 2 )) && algorithm=SA
  sub="$dir/lizards/$((k / 100))"
  mkdir -p "$sub"
  "$nursery" gen lizards --n "$n" --trees "$trees" --p "$p" --seed "$k" \
    --algorithm "$algorithm" -o "$sub/board$k.txt"
done

# A few huge boards (the edorado93 scale and beyond): the greedy answers.
for n in 1000 1500 2000; do
  "$nursery" gen lizards --n "$n" --trees 0.25 --p auto --seed "$n" --algorithm SA \
    -o "$dir/huge/board$n.txt"
done

# N-queens: tree-free boards with p = n, and `queens N` files.
for n in 8 12 50 200 1000; do
  "$nursery" gen lizards --n "$n" --trees 0 --p "$n" --seed 1 -o "$dir/queens/board$n.txt"
  echo "queens $n" > "$dir/queens/queens$n.txt"
done

# Skyscrapers: unique puzzles, 20 a file, sizes 4 to 7.
for n in 4 5 6 7; do
  "$nursery" gen skyscrapers --n "$n" --puzzles 20 --seed "$n" --unique-solution \
    > "$dir/skyscrapers/gen$n.txt"
done

echo "$dir: $(find "$dir" -type f | wc -l) files"
