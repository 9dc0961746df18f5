#!/usr/bin/env bash
# The long fuzzing run (not in CI): every harness for MINUTES (default 10),
# one at a time, niced, with ASan + UBSan; prints per harness the
# executions and libFuzzer's coverage figures (cov: edges, ft: features)
# and whether it found anything (the input then lies under the build dir).
#   fuzz/stress.sh [MINUTES] [HARNESS...]
# MINUTES may be a fraction (0.5 = 30 s), or seconds with an s (15s). BUILD (default build-fuzz) is
# the build directory, shared with fuzz/run.sh. JOBS=K runs K harnesses at
# once (default 1): each still runs MINUTES of wall time, on a share of
# the cores.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
shift || true
if [[ $minutes == *s ]]; then
  seconds=${minutes%s}
else
  seconds=$(awk -v m="$minutes" 'BEGIN { s = int(m * 60); print (s < 1 ? 1 : s) }')
fi
build=${BUILD:-build-fuzz}
harnesses=("$@")
nice=(nice)
source fuzz/setup.sh
printf '%-22s %8s %12s %10s %8s %8s %s\n' harness seconds executions exec/s cov ft result
run_one() {  # run_one HARNESS: fuzz it, then write its row (and the log's tail on a finding)
  local harness=$1 log="$work/$1.log" result=ok
  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      nice "$build"/fuzz/fuzz_"$harness" -max_total_time="$seconds" -max_len=65536 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$build/" "$work/$harness" \
      >"$log" 2>&1; then
    result="FINDING (see $build/; log below)"
  fi
  local runs rate last cov ft
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | grep 'cov:' | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  printf '%-22s %8s %12s %10s %8s %8s %s\n' "$harness" "$seconds" "${runs:-?}" "${rate:-?}" \
    "${cov:-?}" "${ft:-?}" "$result" >"$work/$harness.row"
  if [ "$result" != ok ]; then tail -40 "$log" >>"$work/$harness.row"; return 1; fi
}
jobs=${JOBS:-1}
failed=0
running=0
for harness in "${harnesses[@]}"; do
  run_one "$harness" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
for harness in "${harnesses[@]}"; do cat "$work/$harness.row"; done
exit "$failed"
