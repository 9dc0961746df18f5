#!/usr/bin/env bash
# nursery quick start: installs what is missing (Debian 12 packages, through
# sudo when not root), configures and builds, then runs one job:
#   bash setup.sh demo   count N = 1..14 with timings, then solve the examples in datasets/
#   bash setup.sh test   run the whole test suite
#   bash setup.sh build  only install and build
set -euo pipefail
cd "$(dirname "$0")"

job="${1:-demo}"
build_dir="${NURSERY_BUILD_DIR:-build}"
packages=(build-essential cmake libtbb-dev libboost-program-options-dev libspdlog-dev
          libgtest-dev nlohmann-json3-dev openmpi-bin libopenmpi-dev)

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
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >&2
cmake --build "$build_dir" -j "$jobs" >&2
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
    echo "== Baby lizards: every example in datasets/lizards"
    if [ -d datasets/lizards ]; then
      find datasets/lizards -name 'input*.txt' | sort | while read -r input; do
        printf '%-70s ' "$input"
        "$nursery" lizards "$input" -o /dev/stdout --no-progress 2>&1 | head -1 || true
      done
    fi
    echo "== Skyscrapers: the Codewars and Tatham sets, uniqueness proved"
    for file in datasets/skyscrapers/*.txt; do
      [ -f "$file" ] || continue
      echo "-- $file"
      "$nursery" skyscrapers "$file" --limit 2 --no-progress 2>&1 | tail -1 || true
    done
    ;;
  *)
    echo "usage: bash setup.sh demo|test|build" >&2
    exit 2
    ;;
esac
