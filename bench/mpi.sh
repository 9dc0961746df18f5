#!/usr/bin/env bash
# MPI and checkpoint benchmark for N-queens counting: for N = 16 and 17 (or
# the N given), the best of R wall times of
#   - one process, 2 threads (its usual split: 64 subproblems per thread);
#   - one process, 2 threads, the resumable split (16384 target);
#   - the same with --checkpoint (fsync every second): checkpoint overhead;
#   - mpirun -np 2 ... --mpi --threads 1 (rank 0 counts too);
#   - mpirun -np 2 ... --mpi --threads 1 --checkpoint.
# Ratios are against the first line. Figures only: nothing here is a test.
#
#   bench/mpi.sh [REPEATS] [N...]     (NURSERY=path/to/nursery to choose the binary)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nursery=${NURSERY:-$root/build/apps/nursery}
repeats=${1:-3}
shift || true
sizes=("${@:-16 17}")
# shellcheck disable=SC2206
sizes=(${sizes[@]})
mpirun_=(mpirun --oversubscribe --bind-to none --mca btl self,vader)
if [ "$(id -u)" -eq 0 ]; then mpirun_+=(--allow-run-as-root); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# best_of COMMAND...: the smallest wall time in seconds over $repeats runs
# (every run must print the expected total, in $expected).
best_of() {
  local best="" start end seconds out
  for _ in $(seq 1 "$repeats"); do
    rm -f "$work/c.ckpt"
    start=$EPOCHREALTIME
    out=$("$@" 2>/dev/null)
    end=$EPOCHREALTIME
    if [ "$out" != "$expected" ]; then
      echo "bench: '$*' printed '$out', expected $expected" >&2
      exit 1
    fi
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$best" ] || awk -v s="$seconds" -v b="$best" 'BEGIN { exit !(s < b) }'; then
      best=$seconds
    fi
  done
  echo "$best"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo
echo "| N | run | wall s (best of $repeats) | vs 1 process x 2 threads |"
echo "| ---: | --- | ---: | ---: |"
for n in "${sizes[@]}"; do
  expected=$(awk -v n="$n" '$1 == n { print $2 }' "$root/tests/data/nqueens.tsv")
  base=$(best_of "$nursery" count "$n" --threads 2 --no-progress)
  row() { printf '| %s | %s | %s | %s |\n' "$n" "$1" "$2" "$(awk -v t="$2" -v b="$base" 'BEGIN { printf "%+.1f%%", 100 * (t / b - 1) }')"; }
  row "1 process x 2 threads" "$base"
  row "1 process x 2 threads, split 16384" \
    "$(best_of "$nursery" count "$n" --threads 2 --no-progress --subproblems 16384)"
  row "1 process x 2 threads, split 16384, --checkpoint" \
    "$(best_of "$nursery" count "$n" --threads 2 --no-progress --checkpoint "$work/c.ckpt")"
  row "mpirun -np 2 --threads 1" \
    "$(best_of "${mpirun_[@]}" -np 2 "$nursery" count "$n" --mpi --threads 1 --no-progress)"
  row "mpirun -np 2 --threads 1, --checkpoint" \
    "$(best_of "${mpirun_[@]}" -np 2 "$nursery" count "$n" --mpi --threads 1 --no-progress \
         --checkpoint "$work/c.ckpt")"
done
