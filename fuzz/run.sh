#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan) and runs each on
# its seed corpus for SECONDS (default 20): a crash, a leak, UB or a broken
# round trip stops with the input that caused it under build-fuzz/.
#   fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
command -v clang++ >/dev/null || { echo "fuzz/run.sh: clang++ not found (sudo apt-get install -y clang)" >&2; exit 2; }
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNURSERY_FUZZ=ON \
  -DNURSERY_BUILD_TESTS=OFF -DNURSERY_MPI=OFF -DNURSERY_NATIVE=OFF \
  -DNURSERY_SANITIZE=address,undefined -DCMAKE_CXX_FLAGS="-fno-sanitize-recover=undefined" >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzz_lizards_board fuzz_lizards_answer \
  fuzz_skyscrapers_puzzles fuzz_skyscrapers_answers fuzz_checkpoint fuzz_sniff fuzz_queens_answer >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seed() {  # seed NAME FILES...: a fresh copy of the seed corpus (libFuzzer adds to it)
  local name=$1; shift
  mkdir -p "$work/$name"
  cp fuzz/corpus/"$name"/* "$work/$name"/ 2>/dev/null || true
  for file in "$@"; do cp "$file" "$work/$name/$(echo "$file" | tr '/' '_')"; done
}
seed lizards_board $(find datasets/lizards -name '*.txt' | head -40)
seed lizards_answer
seed skyscrapers_puzzles datasets/skyscrapers/*.txt datasets/skyscrapers/*.tsv
seed skyscrapers_answers
seed checkpoint
seed sniff $(find datasets -type f | head -60)
seed queens_answer
for harness in lizards_board lizards_answer skyscrapers_puzzles skyscrapers_answers checkpoint \
               sniff queens_answer; do
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
