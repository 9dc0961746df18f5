#!/usr/bin/env bash
# nursery lizards --max beside a general integer-programming solver, COIN-OR
# CBC (Debian: apt-get install coinor-cbc), given the plain model of the
# same board (issue 33): a 0/1 variable per empty cell, maximise their sum,
# at most one per maximal row, column, diagonal and anti-diagonal segment.
# Figures, not tests: without `cbc` on the PATH the CBC columns say
# "skipped" and nursery runs alone.
#   bench/lizards_peer.sh [path/to/nursery] [SECONDS] [BOARDS]
#     SECONDS: each solver's time limit (default 60)
#     BOARDS:  N:TREES pairs, quoted (default "100:0.10 200:0.05 200:0.10 200:0.25")
#     KILL:    (environment) CBC's wall-clock limit in seconds
# Boards: `nursery gen lizards --n N --trees TREES --seed 1`. The two run
# one after the other, one thread each (CBC -threads 1, nursery -t 1).
# Every placement, CBC's included, is checked by `nursery verify --at-least`.
# CBC's -sec limit is CPU time, nursery's --timeout wall time: on a loaded
# machine nursery gets less than its SECONDS of CPU (the "CPU s" column
# says how much). CBC past KILL seconds of wall time (default 5 x SECONDS +
# 30: its root LP alone can take minutes) is killed: "killed". gap = (bound
# - best) / bound; nursery's certificate of its bound is checked by
# `nursery verify BOARD --bound CERT` (the last column).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
nursery="$(realpath "${1:-$here/build/apps/nursery}")"
seconds="${2:-60}"
boards="${3:-100:0.10 200:0.05 200:0.10 200:0.25}"
kill_after="${KILL:-$((5 * seconds + 30))}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
have_cbc=1
command -v cbc > /dev/null || have_cbc=0
[[ $have_cbc == 1 ]] || echo "cbc not found (apt-get install coinor-cbc): CBC skipped" >&2

# The plain model in LP format; a segment of one cell needs no row.
write_model() {  # board.txt model.lp
  python3 - "$1" "$2" <<'PY'
import sys
lines = [l.strip() for l in open(sys.argv[1]) if l.strip()]
if lines[0] in ("DFS", "BFS", "SA"):
    lines = lines[1:]
n = int(lines[0])
grid = lines[2:2 + n]
empty = lambda r, c: 0 <= r < n and 0 <= c < n and grid[r][c] == "0"
out = open(sys.argv[2], "w")
cells = [(r, c) for r in range(n) for c in range(n) if empty(r, c)]
out.write("Maximize\n obj:")
for i, (r, c) in enumerate(cells):
    out.write(f" + x{r}_{c}" + ("\n" if i % 16 == 15 else ""))
out.write("\nSubject To\n")
rows = 0
for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
    for r, c in cells:
        if empty(r - dr, c - dc):
            continue  # not the first cell of its segment
        segment = []
        while empty(r, c):
            segment.append(f"x{r}_{c}")
            r, c = r + dr, c + dc
        if len(segment) > 1:
            rows += 1
            out.write(f" s{rows}: " + " + ".join(segment) + " <= 1\n")
out.write("Binary\n")
for r, c in cells:
    out.write(f" x{r}_{c}\n")
out.write("End\n")
PY
}

# CBC's solution file (`solu`: "index name value" lines) as an answer.
cbc_answer() {  # board.txt solution.txt answer.txt
  python3 - "$1" "$2" "$3" <<'PY'
import sys
lines = [l.strip() for l in open(sys.argv[1]) if l.strip()]
if lines[0] in ("DFS", "BFS", "SA"):
    lines = lines[1:]
n = int(lines[0])
grid = [list(row) for row in lines[2:2 + n]]
for line in open(sys.argv[2]):
    parts = line.split()
    if len(parts) >= 3 and parts[1].startswith("x") and float(parts[2]) > 0.5:
        r, c = map(int, parts[1][1:].split("_"))
        grid[r][c] = "1"
open(sys.argv[3], "w").write("OK\n" + "".join("".join(row) + "\n" for row in grid))
PY
}

echo "| board | CBC best / bound | nursery best / bound | nursery gap | nursery CPU s | CBC verify | nursery verify | certificate |"
echo "|---|---:|---:|---:|---:|---|---|---|"
for board in $boards; do
  n="${board%%:*}"
  trees="${board##*:}"
  "$nursery" gen lizards --n "$n" --trees "$trees" --seed 1 -o b.txt
  cbc_cell="skipped"
  cbc_check="-"
  if [[ $have_cbc == 1 ]]; then
    write_model b.txt model.lp
    rm -f solution.txt
    status=0
    timeout -s KILL "$kill_after" \
      cbc model.lp -threads 1 -sec "$seconds" -solve -solu solution.txt > cbc.log 2>&1 ||
      status=$?
    if [[ $status == 137 ]]; then
      cbc_cell="(killed at $kill_after s)"
    else
      # "Objective value:" is the best placement (when one was found); the
      # bound is the "Upper bound" of a stopped maximisation, or the optimum.
      best="$(awk '/^Objective value:/ {print $3}' cbc.log | tail -1)"
      bound="$(awk '/^(Upper|Lower) bound:/ {print $3}' cbc.log | tail -1)"
      grep -q "^Result - Optimal solution found" cbc.log && bound="$best"
      if grep -q "^Result - Stopped on time limit" cbc.log && ! grep -q "^Objective value:" cbc.log ||
        grep -q "No feasible solution found" cbc.log; then
        best="none found"
      fi
      printf -v cbc_cell "%s / %s" "${best:-none found}" "${bound:-no root bound}"
      if [[ -s solution.txt && "$best" != "none found" ]]; then
        cbc_answer b.txt solution.txt cbc_out.txt
        cbc_check="$("$nursery" verify b.txt cbc_out.txt --at-least | cut -d: -f1)"
      fi
    fi
  fi
  /usr/bin/time -f "%U %S" -o cpu.txt "$nursery" lizards b.txt --max --timeout "$seconds" -t 1 \
    --json -o out.txt --certificate cert.txt --no-progress > report.json 2> /dev/null
  check="$("$nursery" verify b.txt out.txt --at-least | cut -d: -f1)"
  proof="$("$nursery" verify b.txt --bound cert.txt || true)"
  python3 - "$n" "$trees" "$cbc_cell" "$cbc_check" "$check" "$proof" <<'PY'
import json, sys
r = json.load(open("report.json"))
cpu = sum(float(x) for x in open("cpu.txt").read().split()[-2:])
n, trees, cbc, cbc_check, check, proof = sys.argv[1:]
print(f"| {n}², {float(trees):.0%} trees | {cbc} | {r['best']:,} / {r['upper']:,} | "
      f"{100 * r['gap']:.1f}% | {cpu:.1f} | {cbc_check} | {check} | {proof} |")
PY
done
