#!/usr/bin/env bash
# Builds Takaken's 8-fold symmetry counter as re-implemented in C in
# suzukiiichiro/N-Queens (commit 029571ac14bb909594fc4f62f3e2fee7bdd3824a,
# file 05C/GCC12.c) once per board size, so `nursery bench queens
# --peer-takaken DIR` can run it beside nursery. Nothing of it is part of nursery.
#   bash bench/peer_takaken.sh GCC12.c OUT_DIR [N...]
# GCC12.c: that file, e.g. from a clone of the repository:
#   git -C N-Queens show 029571ac14bb909594fc4f62f3e2fee7bdd3824a:05C/GCC12.c > GCC12.c
# Its main loops N over `int min=4; int targetN=21;`: both are set to N.
# OUT_DIR gets takakenN for every N (default 15 16 17 18); run: takakenN -r.
set -euo pipefail
source "$(dirname "$0")/common.sh"
peer_arguments "bash bench/peer_takaken.sh GCC12.c OUT_DIR [N...]" "$@"
build() {
  local n=$1 work=$2
  sed "s/int min=4; int targetN=21;/int min=$n; int targetN=$n;/" "$peer_source" > "$work/takaken.c"
  gcc -O3 -march=native -std=c99 -o "$out_dir/takaken$n" "$work/takaken.c" 2>/dev/null
}
build_peers takaken build
