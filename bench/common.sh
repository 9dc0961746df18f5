# Shared by the bench scripts and datasets/make_stress.sh: source it.
#   find_nursery NAME [PATH]   sets $nursery: PATH when given, else $NURSERY,
#                              else the first build*/apps/nursery of the tree;
#                              NAME's one-line error and exit 2 when none runs
#   scratch_dir                sets $work: a temporary folder removed on exit
#   peer_arguments USAGE ARGS  sets $peer_source, $out_dir and $sizes (the
#                              board sizes, default 15..18) of a peer builder
#   build_peers NAME BUILD     for each of $sizes, BUILD N DIR (DIR a scratch
#                              folder, removed after) makes $out_dir/NAME<N>
bench_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

find_nursery() {
  local name=$1 given=${2:-${NURSERY:-}} candidate
  nursery=$given
  if [[ -z $nursery ]]; then
    for candidate in "$bench_root"/build/apps/nursery "$bench_root"/build-*/apps/nursery; do
      if [[ -x $candidate ]]; then nursery=$candidate; break; fi
    done
  fi
  [[ -x ${nursery:-} ]] || { echo "$name: build nursery first or name it (NURSERY=)" >&2; exit 2; }
  nursery=$(realpath "$nursery")
}

scratch_dir() {
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
}

peer_arguments() {
  local usage=$1
  shift
  peer_source=${1:?usage: $usage}
  out_dir=${2:?usage: $usage}
  shift 2
  sizes=("$@")
  ((${#sizes[@]})) || sizes=(15 16 17 18)
  mkdir -p "$out_dir"
}

build_peers() {
  local name=$1 build=$2 n dir
  for n in "${sizes[@]}"; do
    dir=$(mktemp -d)
    "$build" "$n" "$dir"
    rm -rf "$dir"
    echo "built $out_dir/$name$n" >&2
  done
}
