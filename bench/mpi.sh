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

# best_of COMMAND...: "WALL CPU" of the run with the smallest wall time over
# $repeats runs; CPU is user + system time of every process (ranks
# included), which other load on the machine disturbs less than the wall
# time. Every run must print the expected total ($expected).
best_of() {
  local best="" best_cpu="" wall user sys out
  for _ in $(seq 1 "$repeats"); do
    rm -f "$work/c.ckpt"
    TIMEFORMAT='%R %U %S'
    { time "$@" >"$work/out" 2>/dev/null; } 2>"$work/time"
    out=$(cat "$work/out")
    if [ "$out" != "$expected" ]; then
      echo "bench: '$*' printed '$out', expected $expected" >&2
      exit 1
    fi
    read -r wall user sys <"$work/time"
    if [ -z "$best" ] || awk -v s="$wall" -v b="$best" 'BEGIN { exit !(s < b) }'; then
      best=$wall
      best_cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')
    fi
  done
  echo "$best $best_cpu"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo
echo "| N | run | wall s (best of $repeats) | wall vs 1 process | CPU s (that run) | CPU vs 1 process |"
echo "| ---: | --- | ---: | ---: | ---: | ---: |"
for n in "${sizes[@]}"; do
  expected=$(awk -v n="$n" '$1 == n { print $2 }' "$root/tests/data/nqueens.tsv")
  read -r base base_cpu <<<"$(best_of "$nursery" count "$n" --threads 2 --no-progress)"
  row() {
    local wall cpu
    read -r wall cpu <<<"$2"
    printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$1" "$wall" \
      "$(awk -v t="$wall" -v b="$base" 'BEGIN { printf "%+.1f%%", 100 * (t / b - 1) }')" "$cpu" \
      "$(awk -v t="$cpu" -v b="$base_cpu" 'BEGIN { printf "%+.1f%%", 100 * (t / b - 1) }')"
  }
  row "1 process x 2 threads" "$base $base_cpu"
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
