#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan) and runs each on
# its seed corpus for SECONDS (default 20), as many at once as there are
# cores (JOBS=K to choose): a crash, a leak, UB or a broken round trip
# stops with the input that caused it under build-fuzz/. The short run of
# fuzz/stress.sh, which prints each harness's executions and coverage.
#   fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)} exec bash fuzz/stress.sh "${seconds}s"
