#!/usr/bin/env bash
# The formatting check (.clang-format) on the lines a change touches: every
# C++ line changed since .ci/format_base (the commit the check began at) is
# as clang-format writes it. Older lines are left as they are until a change
# touches them, so the check never asks for a tree-wide reformat.
# Fix what it reports with: git clang-format "$(cat .ci/format_base)"
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v git-clang-format >/dev/null; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-format >&2
fi

base=$(tr -d '[:space:]' < .ci/format_base)
if ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
  echo "format check: the base $base is not in this clone (a shallow clone?); fetch the history" >&2
  exit 1
fi
diff=$(git clang-format --diff --extensions c,cpp,h,hpp "$base" -- . 2>&1 || true)
if [ -n "$diff" ] && [ "$diff" != "no modified files to format" ] &&
   [ "$diff" != "clang-format did not modify any files" ]; then
  printf '%s\n' "$diff"
  echo "format check: the lines above, changed since $base, are not as .clang-format writes them;" >&2
  echo "  run: git clang-format $base" >&2
  exit 1
fi
echo "format check: every C++ line changed since $base is formatted"
