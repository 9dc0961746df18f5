#!/usr/bin/env bash
# nursery quick start: installs what is missing (Debian 12 packages, through
# sudo when not root), configures and builds, then runs one job:
#   bash setup.sh demo   count N = 1..14 with timings, solve a 1000x1000 lizards board,
#                        prove the bundled Skyscrapers unique, batch-solve datasets/
#   bash setup.sh test   run the whole test suite
#   bash setup.sh build  only install and build
set -euo pipefail
cd "$(dirname "$0")"

job="${1:-demo}"
case "$job" in
  demo | test | build) ;;
  *)
    echo "usage: bash setup.sh demo|test|build" >&2
    exit 2
    ;;
esac
build_dir="${NURSERY_BUILD_DIR:-build}"
packages=(build-essential cmake libtbb-dev libboost-program-options-dev libspdlog-dev
          libgtest-dev nlohmann-json3-dev libpng-dev openmpi-bin libopenmpi-dev)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

jobs=$(nproc 2>/dev/null || echo 2)
echo "setup: configuring $build_dir (Release)" >&2
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
# The demo needs only the CLI; build and test build everything (the tests too).
if [ "$job" = demo ]; then
  echo "setup: building the nursery CLI on $jobs cores (a few minutes the first time)" >&2
  cmake --build "$build_dir" -j "$jobs" --target nursery >&2
else
  echo "setup: building the CLI, the library and the tests on $jobs cores" >&2
  cmake --build "$build_dir" -j "$jobs" >&2
fi
nursery="$build_dir/apps/nursery"

case "$job" in
  build) ;;
  test)
    ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
    ;;
  demo)
    echo "== N-queens: exact counts, all cores"
    for n in $(seq 1 14); do
      start=$EPOCHREALTIME
      result=$("$nursery" count "$n" --unique --no-progress | tr '\n' ' ')
      end=$EPOCHREALTIME
      printf 'N=%-3d %-36s %s s\n' "$n" "$result" "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')"
    done
    echo "== Baby lizards: a generated 1000x1000 board with 10% trees, p at the greedy's reach + 1"
    "$nursery" gen lizards --n 1000 --trees 0.1 --p auto+1 --seed 7 -o "$build_dir/demo-lizards.txt"
    start=$EPOCHREALTIME
    "$nursery" lizards "$build_dir/demo-lizards.txt" -o "$build_dir/demo-lizards.out" --no-progress || true
    end=$EPOCHREALTIME
    echo "answer: $(head -1 "$build_dir/demo-lizards.out")"
    "$nursery" verify "$build_dir/demo-lizards.txt" "$build_dir/demo-lizards.out" || true
    awk -v a="$start" -v b="$end" 'BEGIN { printf "solved in %.3f s\n", b - a }'
    echo "== Skyscrapers: every bundled puzzle, uniqueness proved (--count --limit 2)"
    for file in datasets/skyscrapers/*.txt; do
      printf '%-48s ' "$file"
      "$nursery" skyscrapers "$file" --count --limit 2 2>&1 | tail -1 || true
    done
    echo "== Batch: every instance in datasets/, answers checked by the independent verifiers"
    "$nursery" batch datasets --verify --no-progress -o "$build_dir/demo-answers" \
      --report "$build_dir/demo-report.csv" || true
    echo "answers under $build_dir/demo-answers, report in $build_dir/demo-report.csv"
    ;;
esac
