#!/usr/bin/env bash
# How fast every command ends on SIGINT and SIGTERM during long work, and
# how close a --timeout on a 10,000 x 10,000 lizards board lands to its
# deadline (issue 11: both within 100 ms). Prints one line per command and
# signal: exit status and milliseconds from the signal to the end.
#
#   bench/signals.sh [NURSERY] [REPEATS]
#
# NURSERY defaults to build/apps/nursery; each figure is the worst of
# REPEATS (default 3). The signal goes once the command has used WORK CPU
# seconds (default 0.3), so it lands in the work, not in the start-up.
# The shell reports 128+N for a process killed by signal N too: whether a
# command exited (rather than died) is what tests/signals checks.
set -euo pipefail
nursery=${1:-build/apps/nursery}
repeats=${2:-3}
work=${WORK:-0.3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tick=$(getconf CLK_TCK)

cpu_seconds() {  # utime + stime of a live process, in seconds
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || { echo -1; return; }
  stat=${stat##*) }
  set -- $stat
  echo "scale=3; (${12} + ${13}) / $tick" | bc
}

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# stop SIGNAL COMMAND...: prints "STATUS MS" (or "early" when it ended first)
stop() {
  local signal=$1; shift
  "$nursery" "$@" >/dev/null 2>&1 &
  local pid=$! used
  while :; do
    used=$(cpu_seconds "$pid")
    if [ "$used" = -1 ]; then wait "$pid" || true; echo "early"; return; fi
    if [ "$(echo "$used >= $work" | bc)" = 1 ]; then break; fi
    sleep 0.01
  done
  local sent; sent=$(now_ms)
  kill "-$signal" "$pid"
  local status=0
  wait "$pid" || status=$?
  echo "$status $(( $(now_ms) - sent ))"
}

echo "generating a 10,000 x 10,000 board (100 MB) ..." >&2
"$nursery" gen lizards --n 10000 --trees 0.2 --p 9000000 -o "$tmp/board.txt"
printf 'FAIL\n' >"$tmp/fail.txt"
mkdir -p "$tmp/batch/big"
ln "$tmp/board.txt" "$tmp/batch/big/input.txt"

commands=(
  "count|count 20 --threads 2 --no-progress"
  "lizards|lizards $tmp/board.txt --no-progress"
  "skyscrapers|skyscrapers 6://///////////////////// --count"
  "batch|batch $tmp/batch --no-progress"
  "verify|verify $tmp/board.txt $tmp/fail.txt"
  "gen lizards|gen lizards --n 10000 --trees 0.2"
  "gen skyscrapers|gen skyscrapers --n 9 --unique-solution --redraw --clues 20"
)

printf '%-16s %-7s %-8s %s\n' command signal status "worst ms of $repeats"
for entry in "${commands[@]}"; do
  name=${entry%%|*}
  read -r -a args <<<"${entry#*|}"
  for signal in INT TERM; do
    worst=0 statuses=""
    for ((i = 0; i < repeats; i++)); do
      read -r status ms <<<"$(stop "$signal" "${args[@]}")"
      if [ "$status" = early ]; then statuses="early"; break; fi
      statuses="$statuses$status "
      if [ "$ms" -gt "$worst" ]; then worst=$ms; fi
    done
    printf '%-16s %-7s %-8s %s\n' "$name" "$signal" "$(echo $statuses | tr ' ' '\n' | sort -u | tr '\n' ' ')" "$worst"
  done
done

echo
echo "lizards --timeout on the 10,000 x 10,000 board: the solve's own wall time"
echo "(JSON stats.wall_seconds) and the whole command's (reading 100 MB included)"
for t in 0.2 1; do
  start=$(now_ms)
  wall=$("$nursery" lizards "$tmp/board.txt" --timeout "$t" --no-progress --json 2>/dev/null |
    sed -n 's/.*"wall_seconds":\([0-9.e-]*\).*/\1/p' || true)
  end=$(now_ms)
  echo "--timeout $t: solve ${wall} s, command $(( end - start )) ms"
done
start=$(now_ms)
"$nursery" gen lizards --n 10000 --trees 0.2 --timeout 0.2 -o "$tmp/gen.txt" 2>/dev/null && s=0 || s=$?
echo "gen lizards --n 10000 --timeout 0.2: exit $s in $(( $(now_ms) - start )) ms, written: $([ -e "$tmp/gen.txt" ] && echo yes || echo no)"
