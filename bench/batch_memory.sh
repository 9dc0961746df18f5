#!/usr/bin/env bash
# Peak memory of `nursery batch` against the size of the directory (figures
# for README, not a test). Batch streams: the walk yields one file at a time,
# a file's text lives only while its lane works on it and its row goes to the
# report's file as it finishes, so ten times more files of the same sizes
# should cost about the same memory (target: under 1.2x). All the copies lie
# in one directory, whose listing (names only) the walk holds while in it.
#
#   bench/batch_memory.sh [BIG SMALL]   (defaults 30 and 10000: 1 MB boards and
#                                        small boards, then 10x each)
#   NURSERY=path/to/nursery BEFORE=path/to/older/nursery bench/batch_memory.sh
# With BEFORE set, the same directories are run by both binaries, side by side.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
nursery=${NURSERY:-$here/build/apps/nursery}
[[ -x $nursery ]] || { echo "bench/batch_memory.sh: build nursery first or set NURSERY=" >&2; exit 2; }
big=${1:-30}
small=${2:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One 1000x1000 board (about 1 MB) and one 8x8 board, copied many times.
"$nursery" gen lizards --n 1000 --trees 0.1 --p auto --seed 5 -o "$work/big.txt"
"$nursery" gen lizards --n 8 --trees 0.1 --p auto --seed 5 -o "$work/small.txt"
fill() {  # fill DIR FILE COUNT
  mkdir -p "$1"
  for ((i = 0; i < $3; ++i)); do cp "$2" "$1/$((i / 1000))_$i.txt"; done
}
fill "$work/big1" "$work/big.txt" "$big"
fill "$work/big10" "$work/big.txt" $((big * 10))
fill "$work/small1" "$work/small.txt" "$small"
fill "$work/small10" "$work/small.txt" $((small * 10))
# The copies are still dirty in the page cache: flush them now, or the first
# run's syncfs (group commits) would pay for writing them.
sync

peak() {  # peak BINARY DIR -> "MB seconds"
  /usr/bin/time -f '%M %e' -o "$work/time" "$1" batch "$2" --no-progress -o "$work/out" \
    --report "$work/report.csv" >/dev/null 2>&1 || true
  rm -rf "$work/out"
  sync
  awk '{ printf "%.1f %.2f", $1 / 1024, $2 }' "$work/time"
}

printf '%-28s %12s %10s' "directory" "peak MB" "seconds"
[[ -n ${BEFORE:-} ]] && printf ' %14s %10s' "before MB" "seconds"
printf '\n'
for set in "big1:$big boards of 1 MB" "big10:$((big * 10)) boards of 1 MB" \
           "small1:$small small boards" "small10:$((small * 10)) small boards"; do
  dir=${set%%:*}
  read -r mb s <<<"$(peak "$nursery" "$work/$dir")"
  printf '%-28s %12s %10s' "${set#*:}" "$mb" "$s"
  if [[ -n ${BEFORE:-} ]]; then
    read -r bmb bs <<<"$(peak "$BEFORE" "$work/$dir")"
    printf ' %14s %10s' "$bmb" "$bs"
  fi
  printf '\n'
done
