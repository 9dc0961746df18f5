# Sourced by fuzz/run.sh and fuzz/stress.sh (from the repository root): the
# harness list, the clang build with ASan + UBSan, and a fresh copy of each
# harness's seed corpus under $work (libFuzzer adds to it).
#   build=DIR; harnesses=(NAME...); nice=(nice) or nice=(); source fuzz/setup.sh
# No harness named: every harness, in the order the scripts run them.
if [ ${#harnesses[@]} -eq 0 ]; then
  harnesses=(lizards_board lizards_answer skyscrapers_puzzles skyscrapers_answers checkpoint
             sniff queens_answer report report_reader taken_back compare_report rerun_report)
fi
command -v clang++ >/dev/null ||
  { echo "fuzz: clang++ not found (sudo apt-get install -y clang)" >&2; exit 2; }
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNURSERY_FUZZ=ON \
  -DNURSERY_BUILD_TESTS=OFF -DNURSERY_MPI=OFF -DNURSERY_NATIVE=OFF \
  -DNURSERY_SANITIZE=address,undefined -DCMAKE_CXX_FLAGS="-fno-sanitize-recover=undefined" >/dev/null
"${nice[@]}" cmake --build "$build" -j "$(nproc)" \
  --target $(printf 'fuzz_%s ' "${harnesses[@]}") >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seed() {  # seed NAME FILES...
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
seed report
seed report_reader
seed taken_back
seed compare_report
seed rerun_report
