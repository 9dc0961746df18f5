#!/usr/bin/env bash
# Benchmarks of the lizards kind (issue 3). Figures, not tests.
#   bench/lizards.sh [path/to/nursery]        (default: build/apps/nursery)
# Needs /usr/bin/time (GNU time) for peak memory. Boards are generated into
# a temporary folder (the 10,000 x 10,000 one is 100 MB) and removed after.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
nursery="${1:-$here/build/apps/nursery}"
nursery="$(realpath "$nursery")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

# One row: label, wall seconds, peak RSS, verdict, how it was decided, verifier.
solve() {
  local label="$1" input="$2"
  shift 2
  local rc=0
  /usr/bin/time -f "%e %M" -o time.txt "$nursery" lizards "$input" -o out.txt --stats "$@" \
    2> stats.txt || rc=$?
  read -r wall rss < <(tail -1 time.txt)
  local how verdict check
  how="$(grep '^decided by:' stats.txt | cut -d: -f2- | sed 's/^ //')"
  case $rc in 0) verdict=OK ;; 1) verdict=FAIL ;; 3) verdict="unknown ($(grep -o 'best placement.*' stats.txt | tail -1))" ;; *) verdict="exit $rc" ;; esac
  check=-
  if [ $rc -eq 0 ]; then check="$("$nursery" verify "$input" out.txt | cut -d: -f1)"; fi
  printf '| %s | %s | %s MiB | %s | %s | %s |\n' "$label" "$wall" "$((rss / 1024))" "$verdict" "$how" "$check"
}

echo "| board | wall s | peak RSS | answer | decided by | verify |"
echo "|---|---|---|---|---|---|"
solve "edorado93 1000x1000, p=97000" "$here/datasets/lizards/edorado93_Save-The-Lizards/b0f03bc/input.txt"
for trees in 0.05 0.10 0.25; do
  for p in auto auto+1; do
    "$nursery" gen lizards --n 1000 --trees $trees --p $p --seed 1 -o g.txt
    solve "1000x1000, ${trees} trees, p=$p ($(sed -n 3p g.txt))" g.txt --timeout 10
  done
done
"$nursery" gen lizards --n 10000 --trees 0.10 --p auto --seed 1 -o huge.txt
solve "10000x10000, 0.10 trees, p=auto ($(sed -n 3p huge.txt))" huge.txt --timeout 20
