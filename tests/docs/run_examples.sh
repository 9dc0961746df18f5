#!/usr/bin/env bash
# Runs every example of README.md and docs/*.md and compares what it prints
# with what the page shows (ctest: docs.examples, label docs).
#
# The convention:
# - An example is a fenced block tagged `console`:
#       ```console
#       $ nursery count 8
#       92
#       ```
#   A line that starts with "$ " is a command (a line ending in "\" goes on
#   on the next line); the lines after it, up to the next command or the end
#   of the block, are what it prints, stdout and stderr together.
# - The output must be the same, line by line (trailing blanks ignored),
#   except for two marks:
#       a line that is just "..."   stands for any number of lines (or none);
#       "..." inside a line         stands for any text there (times, rates,
#                                   thread counts, paths of the machine).
# - Each block runs in a fresh temporary directory that holds a copy of the
#   repository's datasets/ and tests/data/ (so paths read as in a clone, and
#   whatever an example writes is thrown away): its commands in order, each
#   with `bash -c`, the nursery under test first on PATH, stdout line-buffered
#   (as on a terminal, so the two streams interleave as they would there),
#   NURSERY_ROOT set to the repository, stdin empty, 120 s at most each.
#   Exit statuses are not compared (--show prints them).
# - A shell block that is not to be run says why, on the line just before
#   its opening fence:
#       <!-- not run: needs MPI -->
#   Every fenced block tagged sh, bash, shell or console, or holding a line
#   that starts with "$ ", counts as an example: it must be a console block
#   or carry that mark. Pages must not point into ../shared/.
#
# Usage: tests/docs/run_examples.sh [--nursery PATH] [--show | --list] [PAGE[:LINE]...]
#   --nursery PATH  the binary under test (default: build/apps/nursery)
#   --show          run the blocks and print each as it runs today, commands
#                   and their real output, ready to be checked and pasted
#                   back (re-blessing: keep the "..." marks by hand)
#   --list          list the examples, run or not run (with the reason)
#   PAGE[:LINE]     only these pages (README.md, docs/batch.md, ...), or only
#                   the block whose opening fence is on LINE
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
nursery=$root/build/apps/nursery
mode=check
selected=()
while [ $# -gt 0 ]; do
  case $1 in
    --nursery) nursery=$2; shift 2 ;;
    --show) mode=show; shift ;;
    --list) mode=list; shift ;;
    -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run_examples.sh: unknown option $1 (--help)" >&2; exit 2 ;;
    *) selected+=("$1"); shift ;;
  esac
done
if [ "$mode" != list ]; then
  [ -x "$nursery" ] || { echo "run_examples.sh: no nursery at $nursery (--nursery PATH)" >&2; exit 2; }
  nursery=$(realpath "$nursery")
fi

pages=()
if [ ${#selected[@]} -eq 0 ]; then
  pages=(README.md)
  for page in "$root"/docs/*.md; do pages+=("docs/$(basename "$page")"); done
else
  for item in "${selected[@]}"; do
    page=${item%%:*}
    [[ " ${pages[*]-} " == *" $page "* ]] || pages+=("$page")
  done
fi

# The nursery under test, alone in a directory put first on PATH.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
[ "$mode" = list ] || ln -s "$nursery" "$bin/nursery"

failed=0 ran=0 commands=0 not_run=0 errors=0

trim() {  # the text without its trailing blanks
  local s=$1
  printf '%s' "${s%"${s##*[![:space:]]}"}"
}

# A shown line as a bash pattern: "..." matches anything, the rest literally.
pattern_of() {
  local s=$1 out='' piece
  while :; do
    piece=${s%%...*}
    piece=${piece//\\/\\\\}
    piece=${piece//\*/\\*}
    piece=${piece//\?/\\?}
    piece=${piece//\[/\\[}
    piece=${piece//]/\\]}
    out+=$piece
    [[ $s == *...* ]] || break
    out+='*'
    s=${s#*...}
  done
  printf '%s' "$out"
}

# matches: do the lines of $actual match those of $expected? A DP over
# (shown line i, printed line j), last rows first.
matches() {
  local -a exp act pat
  mapfile -t exp <<< "$1"
  mapfile -t act <<< "$2"
  # drop trailing blank lines on both sides; trailing blanks of each line
  local k
  for k in "${!exp[@]}"; do exp[k]=$(trim "${exp[k]}"); done
  for k in "${!act[@]}"; do act[k]=$(trim "${act[k]}"); done
  while [ ${#exp[@]} -gt 0 ] && [ -z "${exp[-1]}" ]; do unset 'exp[-1]'; done
  while [ ${#act[@]} -gt 0 ] && [ -z "${act[-1]}" ]; do unset 'act[-1]'; done
  local m=${#exp[@]} n=${#act[@]} i j
  for ((i = 0; i < m; i++)); do
    if [[ ${exp[i]} == *...* ]]; then pat[i]=$(pattern_of "${exp[i]}"); else pat[i]=''; fi
  done
  local -a next cur
  for ((j = 0; j <= n; j++)); do next[j]=0; done
  next[n]=1
  for ((i = m - 1; i >= 0; i--)); do
    for ((j = n; j >= 0; j--)); do
      cur[j]=0
      if [ "${exp[i]}" = "..." ]; then
        if ((next[j])) || { ((j < n)) && ((cur[j + 1])); }; then cur[j]=1; fi
      elif ((j < n)) && ((next[j + 1])); then
        if [ -n "${pat[i]}" ]; then
          # shellcheck disable=SC2053
          [[ ${act[j]} == ${pat[i]} ]] && cur[j]=1
        else
          [ "${act[j]}" = "${exp[i]}" ] && cur[j]=1
        fi
      fi
    done
    next=("${cur[@]}")
  done
  ((next[0]))
}

# Runs the block of page $1, fence line $2, held in block_lines.
run_block() {
  local page=$1 at=$2 line cmd='' out='' have=0 i
  local -a cmds outs
  for line in "${block_lines[@]}"; do
    if [ $have -eq 1 ] && [[ $cmd == *\\ ]]; then
      cmd+=$'\n'$line
      continue
    fi
    if [[ $line == '$ '* ]]; then
      if [ $have -eq 1 ]; then cmds+=("$cmd"); outs+=("$out"); fi
      cmd=${line#\$ } out='' have=1
    elif [ $have -eq 0 ]; then
      [ -z "$(trim "$line")" ] && continue
      echo "FAIL $page:$at: output before the first \"\$ \" command: $line"
      errors=$((errors + 1))
      return
    else
      out+=$line$'\n'
    fi
  done
  if [ $have -eq 0 ]; then
    echo "FAIL $page:$at: a console block without a \"\$ \" command"
    errors=$((errors + 1))
    return
  fi
  cmds+=("$cmd"); outs+=("$out")

  local dir actual status statuses='' bad=0
  dir=$(mktemp -d "${TMPDIR:-/tmp}/nursery-docs.XXXXXX")
  mkdir -p "$dir/tests"
  cp -R "$root/datasets" "$dir/datasets"
  cp -R "$root/tests/data" "$dir/tests/data"
  [ "$mode" = show ] && printf '== %s:%s\n```console\n' "$page" "$at"
  for i in "${!cmds[@]}"; do
    # stdbuf preloads a library; a sanitizer build must be told that is fine.
    actual=$(cd "$dir" && PATH="$bin:$PATH" NURSERY_ROOT="$root" \
      ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
      timeout 120 stdbuf -oL bash -c "${cmds[i]}" 2>&1 < /dev/null)
    status=$?
    statuses+=" $status"
    commands=$((commands + 1))
    if [ "$mode" = show ]; then
      printf '$ %s\n' "${cmds[i]}"
      [ -n "$actual" ] && printf '%s\n' "$actual"
    elif ! matches "${outs[i]}" "$actual"; then
      bad=1
      echo "FAIL $page:$at: \$ ${cmds[i]}   (exit $status)"
      diff -u --label shown --label printed <(printf '%s' "${outs[i]}") <(printf '%s\n' "$actual") |
        sed 's/^/    /'
    fi
  done
  [ "$mode" = show ] && printf '```\n(exit statuses:%s)\n\n' "$statuses"
  rm -rf "$dir"
  ran=$((ran + 1))
  failed=$((failed + bad))
}

for page in "${pages[@]}"; do
  file=$root/$page
  [ -f "$file" ] || { echo "FAIL $page: no such page"; errors=$((errors + 1)); continue; }
  if grep -n '\.\./shared' "$file" | sed "s|^|FAIL $page:|; s|$|   (../shared/ is not in a clone)|" | grep .; then
    errors=$((errors + 1))
  fi
  number=0 inside=0 mark='' last=''
  while IFS= read -r line || [ -n "$line" ]; do
    number=$((number + 1))
    if [ $inside -eq 0 ]; then
      if [[ $line =~ ^\`\`\`([^[:space:]\`]*) ]]; then
        inside=1 tag=${BASH_REMATCH[1]} fence=$number block_lines=()
        mark=''
        [[ $last =~ ^\<\!--\ not\ run:\ (.*)\ --\>$ ]] && mark=${BASH_REMATCH[1]}
      fi
      [ -n "$(trim "$line")" ] && last=$(trim "$line")
      continue
    fi
    if [[ $line =~ ^\`\`\`[[:space:]]*$ ]]; then
      inside=0 last=''
      example=0
      case $tag in console | sh | bash | shell) example=1 ;; esac
      for l in "${block_lines[@]}"; do [[ $l == '$ '* ]] && example=1; done
      [ $example -eq 1 ] || continue
      if [ ${#selected[@]} -gt 0 ]; then
        wanted=0
        for item in "${selected[@]}"; do
          [ "$item" = "$page" ] || [ "$item" = "$page:$fence" ] && wanted=1
        done
        [ $wanted -eq 1 ] || continue
      fi
      if [ -n "$mark" ]; then
        not_run=$((not_run + 1))
        [ "$mode" = list ] && echo "not run  $page:$fence  ($mark)"
      elif [ "$tag" != console ]; then
        echo "FAIL $page:$fence: a \`\`\`$tag example: make it \`\`\`console (run by tests/docs) or mark it <!-- not run: why -->"
        errors=$((errors + 1))
      elif [ "$mode" = list ]; then
        echo "run      $page:$fence"
      else
        run_block "$page" "$fence"
      fi
      continue
    fi
    block_lines+=("$line")
  done < "$file"
done

if [ ${#selected[@]} -gt 0 ] && [ $((ran + not_run + errors)) -eq 0 ] && [ "$mode" != list ]; then
  echo "FAIL: no example at ${selected[*]} (--list shows where they are)"
  errors=1
fi
[ "$mode" = list ] && exit 0
echo "docs examples: $ran blocks run ($commands commands), $not_run not run, $failed failed, $errors other errors"
[ $failed -eq 0 ] && [ $errors -eq 0 ]
