#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan) and runs each on
# its seed corpus for SECONDS (default 20): a crash, a leak, UB or a broken
# round trip stops with the input that caused it under build-fuzz/.
#   fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
build=build-fuzz
harnesses=()
nice=()
source fuzz/setup.sh
for harness in "${harnesses[@]}"; do
  echo "== fuzz_$harness, ${seconds} s"
  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      build-fuzz/fuzz/fuzz_"$harness" -max_total_time="$seconds" -max_len=65536 \
      -rss_limit_mb=2048 -artifact_prefix=build-fuzz/ "$work/$harness" >"$work/$harness.log" 2>&1; then
    tail -60 "$work/$harness.log"
    echo "fuzz: fuzz_$harness found a problem; the input is under build-fuzz/" >&2
    exit 1
  fi
  grep -E '^Done [0-9]+ runs' "$work/$harness.log" || true
done
echo "fuzz: no finding"
