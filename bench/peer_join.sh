#!/usr/bin/env bash
# Builds the public quarter-board join counter (EvgenyKluev/N-Queens-Count-Sol,
# commit 580f44458d14a3352bf37ccd58d9f0b96de41c05) once per board size, as its
# author tunes it for N = 16..18 (prefetch on), so `nursery bench queens
# --peer-join DIR` can run it beside nursery. Nothing of it is part of nursery.
#   bash bench/peer_join.sh SOURCE_DIR OUT_DIR [N...]
# SOURCE_DIR: a checkout of that commit, e.g.
#   git clone https://github.com/EvgenyKluev/N-Queens-Count-Sol && git -C N-Queens-Count-Sol \
#     checkout 580f44458d14a3352bf37ccd58d9f0b96de41c05
# OUT_DIR gets nqueensN for every N (default 15 16 17 18); run: nqueensN THREADS.
set -euo pipefail
source "$(dirname "$0")/common.sh"
peer_arguments "bash bench/peer_join.sh SOURCE_DIR OUT_DIR [N...]" "$@"
build() {
  local n=$1 work=$2
  cp "$peer_source"/*.h "$peer_source"/main.cpp "$work"/
  sed -i "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" "$work/solcounter.h"
  if ((n >= 16 && n <= 19)); then
    sed -i 's/\.prefetch = false,/.prefetch = true,/' "$work/solcounter.h"
    sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$work/prefetch.h"
  fi
  g++ -std=c++20 -O3 -march=native -o "$out_dir/nqueens$n" "$work/main.cpp" -pthread
}
build_peers nqueens build
