#!/usr/bin/env bash
# Installs a nursery build into a temporary prefix and builds a project of
# its own against the installed package (find_package(nursery) ->
# nursery::engine, the library alone), then runs it and the installed CLI.
#   bash tests/consumer/run.sh [BUILD_DIR]     (default: build, Release)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:-$root/build}"
[ -f "$build/CMakeCache.txt" ] || { echo "consumer: no configured build in $build" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target nursery nursery_engine >/dev/null
cmake --install "$build" --prefix "$prefix" >/dev/null

fail() { echo "consumer: FAIL: $*" >&2; exit 1; }
for file in bin/nursery include/nursery/queens.hpp share/man/man1/nursery.1 \
            share/bash-completion/completions/nursery \
            lib/cmake/nursery/nurseryConfig.cmake lib/cmake/nursery/nurseryConfigVersion.cmake; do
  [ -e "$prefix/$file" ] || fail "$file was not installed"
done
# The library's headers only: none of the CLI's (apps/cli/), and no
# installed header includes one.
for file in cli.hpp bench.hpp queens_count.hpp queens_show.hpp lizards_cli.hpp; do
  [ ! -e "$prefix/include/nursery/$file" ] || fail "the CLI's include/nursery/$file was installed"
done
if grep -rlE '#[[:space:]]*include[[:space:]]*[<"](cli|apps)/' "$prefix/include"; then
  fail "an installed header includes a CLI header"
fi
[ ! -e "$prefix/lib/libnursery_cli.a" ] || fail "the CLI's library was installed"

# built_and_run SOURCE BUILD PROGRAM: a project configured against the
# prefix alone (none of the source tree's paths), built, and its program's
# output.
built_and_run() {
  cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
  cmake --build "$2" >/dev/null
  "$2/$3"
}
out="$(built_and_run "$root/tests/consumer" "$work/build" consumer)"
echo "$out"
# Counted, solved (lizards, Skyscrapers), a batch run and its report read
# back, with the library alone.
for expected in "8-queens total 92, unique 12;" "lizards: 4 placed, valid" \
                "skyscrapers: 1 solution(s), valid" \
                "batch: 3 instances, 3 OK, 3 verified; the report read back: 3 instances, 3 OK"; do
  case "$out" in
    *"$expected"*) ;;
    *) fail "the consumer did not print '$expected': $out" ;;
  esac
done

# README's example project, built exactly as printed there: each block after
# a "<!-- consumer: FILE -->" line is FILE; the one named output is what the
# program must print.
readme="$work/readme"
mkdir -p "$readme"
awk -v dir="$readme" '
  /^<!-- consumer: .* -->$/ { file = $3; next }
  file != "" && /^```/ { if (inside) { inside = 0; file = "" } else inside = 1; next }
  inside { print > (dir "/" file) }
' "$root/README.md"
for file in CMakeLists.txt main.cpp output; do
  [ -s "$readme/$file" ] || fail "README.md has no consumer block for $file"
done
readme_out="$(built_and_run "$readme" "$readme/build" queens_demo)"
echo "$readme_out"
[ "$readme_out" = "$(cat "$readme/output")" ] ||
  fail "README's example printed '$readme_out', README shows '$(cat "$readme/output")'"

# The installed CLI runs, and its manual page is well-formed roff.
cli_out="$("$prefix/bin/nursery" count 8)"
echo "$cli_out" | grep -q "92" || fail "installed nursery count 8 printed: $cli_out"
if command -v man >/dev/null; then
  MANWIDTH=80 man -l "$prefix/share/man/man1/nursery.1" 2>/dev/null | grep -q "nursery count" ||
    fail "man -l nursery.1 shows no 'nursery count'"
fi
echo "consumer: OK (installed into a temporary prefix, built against with find_package(nursery))"
