#!/usr/bin/env bash
# How well does the count's progress bar track time? (issue 12). Figures,
# not tests.
#   bench/progress.sh [path/to/nursery] [SIZES] [THREADS] [METHODS]
#   (defaults: build/apps/nursery, "16 17", "1 2", "join bitboard")
# Each count runs with NURSERY_PROGRESS_LOG set: the CLI samples, every
# 20 ms, the share of the work its bar shows (weighed by the kind's work
# estimates) and the share by subproblems (what the bar showed before),
# and writes them with the run's end time. For each run this prints the
# worst and mean distance, in percentage points, between a share and the
# true share of the time (elapsed / wall), and the ETA the bar would show a
# quarter and half way through against the time really left.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
source "$here/bench/common.sh"
find_nursery bench/progress.sh "${1:-}"
sizes="${2:-16 17}"
threads="${3:-1 2}"
methods="${4:-join bitboard}"
scratch_dir

echo "| N | method | threads | wall s | worst error new / old (points) | mean error new / old | ETA at 25% new / old / true | ETA at 50% new / old / true |"
echo "|---|---|---|---|---|---|---|---|"
for n in $sizes; do
  for method in $methods; do
    for t in $threads; do
      log="$work/progress-$n-$method-$t.txt"
      NURSERY_PROGRESS_LOG="$log" "$nursery" count "$n" --method "$method" -t "$t" --no-progress \
        > /dev/null
      awk -v n="$n" -v method="$method" -v t="$t" '
        $1 == "end" { wall = $2; next }
        { time[k] = $1; new[k] = $2; old[k] = $3; k++ }
        function abs(x) { return x < 0 ? -x : x }
        # The ETA a bar showing share f at time s would give.
        function eta(s, f) { return f > 0 ? s * (1 - f) / f : -1 }
        function at(q, which,   i) {
          for (i = 0; i < k; i++) if (time[i] >= q * wall) break
          if (i >= k) i = k - 1
          return which == "new" ? eta(time[i], new[i]) : which == "old" ? eta(time[i], old[i]) : wall - time[i]
        }
        END {
          worst_new = worst_old = sum_new = sum_old = 0
          for (i = 0; i < k; i++) {
            truth = time[i] / wall
            e = abs(new[i] - truth); if (e > worst_new) worst_new = e; sum_new += e
            e = abs(old[i] - truth); if (e > worst_old) worst_old = e; sum_old += e
          }
          printf "| %d | %s | %d | %.2f | %.1f / %.1f | %.1f / %.1f | %.1f / %.1f / %.1f s | %.1f / %.1f / %.1f s |\n",
            n, method, t, wall, 100 * worst_new, 100 * worst_old, 100 * sum_new / k, 100 * sum_old / k,
            at(0.25, "new"), at(0.25, "old"), at(0.25, "true"), at(0.5, "new"), at(0.5, "old"), at(0.5, "true")
        }' "$log"
    done
  done
done
