#!/usr/bin/env bash
# The largest placement on huge boards (issue 13): best placement, proven
# upper bound and gap per board. Figures, not tests.
#   bench/lizards_max.sh [path/to/nursery] [SECONDS] [SEEDS]
#     SECONDS: --timeout of each run (default 60; 5 for a smoke run)
#     SEEDS:   the seeds, quoted (default "1 2 3 4 5")
# Boards: 1000 x 1000, trees 5/10/25%, `nursery gen lizards --p auto`. Every
# placement is checked by `nursery verify --at-least` against the board it was asked on.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
source "$here/bench/common.sh"
find_nursery bench/lizards_max.sh "${1:-}"
seconds="${2:-60}"
seeds="${3:-1 2 3 4 5}"
scratch_dir
cd "$work"

echo "| trees | seed | greedy | best | bound (by) | matchings | LP bound (s) | gap | wall s | verify |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for trees in 0.05 0.10 0.25; do
  for seed in $seeds; do
    "$nursery" gen lizards --n 1000 --trees "$trees" --p auto --seed "$seed" -o b.txt
    "$nursery" lizards b.txt --max --timeout "$seconds" --json -o out.txt --max-board max.txt \
      --no-progress > report.json 2> /dev/null
    check="$("$nursery" verify b.txt out.txt --at-least | cut -d: -f1)"
    python3 - "$trees" "$seed" "$check" <<'PY'
import json, sys
r = json.load(open("report.json"))
t = r["phase_seconds"]
print(f"| {float(sys.argv[1]):.0%} | {sys.argv[2]} | {r['greedy']:,} | {r['best']:,} | "
      f"{r['upper']:,} ({r['upper_by']}) | {r['matching_bound']:,} | "
      f"{r['packing_bound']:,} ({t['packing']:.1f}) | {100 * r['gap']:.2f}% | "
      f"{r['seconds']:.1f} | {sys.argv[3]} |")
PY
  done
done
