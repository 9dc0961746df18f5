#!/usr/bin/env bash
# Throughput of `nursery batch` (figures for docs/batch.md, not a test):
#   1. instances/s with --jobs 1 --threads 1 (one core), --jobs 1 (one
#      instance at a time, its frontier on every core) and the default
#      (one lane per core), on the shipped datasets and a stress directory;
#   2. the batch's wall time against the sum of single-file runs
#      (`nursery lizards FILE`, `nursery skyscrapers FILE`) divided by the
#      cores (target: batch <= sum / cores + 10%).
#
#   bench/batch.sh [STRESS_DIR]   (made with datasets/make_stress.sh when missing)
#   NURSERY=path/to/nursery bench/batch.sh
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/bench/common.sh"
find_nursery bench/batch.sh
stress=${1:-/tmp/nursery-stress}
[[ -d $stress ]] || NURSERY=$nursery "$here"/datasets/make_stress.sh "$stress" >/dev/null
cores=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }

# Best of 5 runs: the summary line's instances/s and the wall time. With
# ONE_CORE set the process is pinned to one CPU (taskset), writer thread
# included, so "one core" means one core.
batch() {
  local set=$1; shift
  local best_rate=0 best_wall=1000000000
  local pin=()
  [[ -n ${ONE_CORE:-} ]] && command -v taskset >/dev/null && pin=(taskset -c 0)
  for round in 1 2 3 4 5; do
    rm -rf "$work/out"
    local start end line
    start=$(now)
    local output=(-o "$work/out")
    [[ -n ${NO_OUTPUT:-} ]] && output=()
    line=$("${pin[@]}" "$nursery" batch "$set" "${output[@]}" --no-progress "$@" | tail -1) || true
    end=$(now)
    local rate wall
    rate=$(sed -E 's/.* ([0-9.]+) instances\/s.*/\1/' <<<"$line")
    wall=$(echo "$end - $start" | bc -l)
    best_rate=$(echo "if ($rate > $best_rate) $rate else $best_rate" | bc -l)
    best_wall=$(echo "if ($wall < $best_wall) $wall else $best_wall" | bc -l)
  done
  printf '%s %s\n' "$best_rate" "$best_wall"
}

# Every instance file once through its own command, timed end to end.
singles() {
  local set=$1 total=0 start end
  local files
  files=$("$nursery" batch "$set" --report "$work/list.json" --no-progress >/dev/null || true
          python3 -c "
import json
seen = set()
for row in json.load(open('$work/list.json'))['instances']:
    if row['path'] in seen: continue
    seen.add(row['path'])
    kind = row['kind']
    if kind == 'queens' and row['size'].startswith('n='): kind = 'queens-' + row['size'][2:]
    print(kind, row['path'])")
  start=$(now)
  while read -r kind path; do
    case $kind in
      skyscrapers) "$nursery" skyscrapers "$path" >/dev/null || true ;;
      queens-*) "$nursery" queens "${kind#queens-}" --format board >"$work/single.out" || true ;;
      *) "$nursery" lizards "$path" -o "$work/single.out" >/dev/null || true ;;
    esac
  done <<<"$files"
  end=$(now)
  echo "$end - $start" | bc -l
}

echo "nursery batch throughput, $cores cores, $(date -u +%F), load average $(cut -d\  -f1-3 /proc/loadavg)"
# What the machine gives right now: an embarrassingly parallel count on one
# thread and on all, so a shared or busy machine shows in the figures.
calibrate() {
  local start mid end
  start=$(now)
  "$nursery" count 15 --threads 1 >/dev/null
  mid=$(now)
  "$nursery" count 15 >/dev/null
  end=$(now)
  printf 'calibration: nursery count 15 --threads 1 %.2f s, all cores %.2f s: %.2fx available\n' \
    "$(echo "$mid - $start" | bc -l)" "$(echo "$end - $mid" | bc -l)" \
    "$(echo "($mid - $start) / ($end - $mid)" | bc -l)"
}
calibrate

for set in "$here/datasets" "$stress"; do
  instances=$("$nursery" batch "$set" --no-progress | tail -1 | sed -E 's/batch: ([0-9]+) .*/\1/') || true
  read -r one_rate one_wall < <(ONE_CORE=1 batch "$set" --jobs 1 --threads 1)
  read -r nest_rate nest_wall < <(batch "$set" --jobs 1)
  read -r all_rate all_wall < <(batch "$set")
  read -r one_rate_n one_wall_n < <(ONE_CORE=1 NO_OUTPUT=1 batch "$set" --jobs 1 --threads 1)
  read -r all_rate_n all_wall_n < <(NO_OUTPUT=1 batch "$set")
  sum=$(singles "$set")
  printf '\n%s (%s instances)\n' "$set" "$instances"
  printf '  one core (taskset)    %8.1f instances/s  %6.2f s\n' "$one_rate" "$one_wall"
  printf '  --jobs 1              %8.1f instances/s  %6.2f s\n' "$nest_rate" "$nest_wall"
  printf '  default (all cores)   %8.1f instances/s  %6.2f s  speedup %.2fx over one core\n' \
    "$all_rate" "$all_wall" "$(echo "$one_wall / $all_wall" | bc -l)"
  printf '  without -o: one core %.1f instances/s, all cores %.1f instances/s, speedup %.2fx\n' \
    "$one_rate_n" "$all_rate_n" "$(echo "$one_wall_n / $all_wall_n" | bc -l)"
  printf '  single-file runs      sum %.2f s; sum / %d cores + 10%% = %.2f s; batch %.2f s\n' \
    "$sum" "$cores" "$(echo "$sum / $cores * 1.1" | bc -l)" "$all_wall"
done
calibrate
