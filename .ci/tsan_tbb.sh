#!/usr/bin/env bash
# oneTBB built with ThreadSanitizer, for CI's TSan job: with the pool's own
# synchronization instrumented, TSan sees every hand-over between threads
# (a task spawned, a task group joined) and nursery states none of its own.
#   bash .ci/tsan_tbb.sh BUILD_DIR   prints the TBB_DIR to configure with
# The library is built once into BUILD_DIR/tbb-tsan and kept there (a
# second call prints its TBB_DIR at once). The source is Debian's (the
# release of the installed libtbb-dev), fetched with apt-get source from a
# private source list (deb-src need not be in sources.list); only libtbb
# is built: no tests, no tbbmalloc, no tbbbind (18 s on 2 cores, the
# download included).
set -euo pipefail

build="${1:?usage: .ci/tsan_tbb.sh BUILD_DIR}"
mkdir -p "$build"
build="$(cd "$build" && pwd)"
prefix="$build/tbb-tsan"
config="$prefix/lib/cmake/TBB"
if [ -f "$config/TBBConfig.cmake" ] && [ -f "$prefix/built" ]; then
  echo "$config"
  exit 0
fi

work="$build/tbb-tsan-work"
rm -rf "$work" "$prefix"
mkdir -p "$work/parts" "$work/lists/partial"
printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
  >"$work/parts/src.sources"
apt=(apt-get -qq -o "Dir::Etc::SourceParts=$work/parts" -o "Dir::Etc::SourceList=/dev/null"
     -o "Dir::State::Lists=$work/lists")
start=$SECONDS
"${apt[@]}" update >&2
(cd "$work" && "${apt[@]}" source --download-only onetbb >&2)
orig=("$work"/onetbb_*.orig.tar.*)
[ -f "${orig[0]}" ] || { echo "tsan_tbb: no onetbb source tarball in $work" >&2; exit 1; }
installed="$(dpkg-query -W -f='${Version}' libtbb-dev 2>/dev/null || true)"
fetched="$(basename "${orig[0]}" | sed 's/^onetbb_\(.*\)\.orig\.tar\..*$/\1/')"
if [ -n "$installed" ] && [ "${installed%%-*}" != "$fetched" ]; then
  echo "tsan_tbb: warning: source $fetched, installed libtbb-dev $installed" >&2
fi
mkdir -p "$work/src"
tar -xf "${orig[0]}" -C "$work/src" --strip-components=1

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$work/src" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib \
  -DTBB_SANITIZE=thread -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF \
  -DTBBMALLOC_BUILD=OFF -DTBBMALLOC_PROXY_BUILD=OFF -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON \
  >&2
cmake --build "$work/build" -j "$jobs" --target tbb >&2
cmake --install "$work/build" >&2
rm -rf "$work"
echo "tsan_tbb: oneTBB $fetched with -fsanitize=thread built in $((SECONDS - start)) s" >&2
touch "$prefix/built"
echo "$config"
