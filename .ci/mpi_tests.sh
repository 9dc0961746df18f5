#!/usr/bin/env bash
# MPI on loopback, with the Release build of `bash setup.sh test` (build/):
#  - mpirun -np 2 and -np 3 counts of N = 10..14 equal tests/data/nqueens.tsv;
#  - an MPI count of N = 15 killed with SIGKILL midway, resumed from its
#    checkpoint, prints 2279184;
#  - a checkpoint of another N is refused; parts merged equal the whole;
#  - batch over datasets/ as 3 parts and under mpirun -np 2 gives the rows
#    and answers of one run.
set -euo pipefail
cd "$(dirname "$0")/.."

nursery="${NURSERY_BIN:-build/apps/nursery}"
mpirun_=(mpirun --allow-run-as-root --oversubscribe --bind-to none --mca btl self,vader)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (openmpi-bin)" >&2; exit 1; }
[ -x "$nursery" ] || { echo "FAIL: $nursery not built (bash setup.sh build)" >&2; exit 1; }
if "$nursery" count 4 --mpi 2>&1 | grep -q "without MPI support"; then
  echo "FAIL: $nursery was built without MPI (libopenmpi-dev missing at configure time)" >&2
  exit 1
fi

# 1. Counts against the reference table.
for np in 2 3; do
  for n in 10 11 12 13 14; do
    expected=$(awk -v n="$n" '$1 == n { print "total  " $2 " unique " $3 }' tests/data/nqueens.tsv)
    got=$("${mpirun_[@]}" -np "$np" "$nursery" count "$n" --mpi --threads 1 --unique \
            --no-progress | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$expected" ]; then pass "np=$np N=$n: $got"; else fail "np=$np N=$n: expected '$expected', found '$got'"; fi
  done
done

# 2. Killed midway with SIGKILL, then resumed. The count is short, so the
# checkpoint syncs every 20 ms and the ranks die at its first records; a run
# that ends before the kill is tried again.
checkpoint="$work/kill.ckpt"
killed=0
for attempt in 1 2 3 4 5; do
  rm -f "$checkpoint"
  "${mpirun_[@]}" -np 2 "$nursery" count 15 --mpi --threads 1 --no-progress \
    --checkpoint "$checkpoint" --checkpoint-interval 0.02 >"$work/first.out" 2>"$work/first.err" &
  launcher=$!
  for _ in $(seq 1 1000); do
    if grep -q '^done ' "$checkpoint" 2>/dev/null || ! kill -0 "$launcher" 2>/dev/null; then break; fi
    sleep 0.01
  done
  ranks=$(pgrep -P "$launcher" || true)
  if [ -n "$ranks" ]; then kill -9 $ranks 2>/dev/null || true; fi
  status=0
  wait "$launcher" || status=$?
  if [ "$status" -ne 0 ] && [ ! -s "$work/first.out" ]; then killed=1; break; fi
  echo "attempt $attempt: the count ended before the kill; again" >&2
done
if [ "$killed" -eq 1 ]; then
  before=$(grep -c '^done ' "$checkpoint" || true)
  frontier=$(awk '$1 == "subproblems" { print $2 }' "$checkpoint")
  pass "killed: mpirun failed loudly, $before of $frontier subproblems in the checkpoint"
  got=$("${mpirun_[@]}" -np 2 "$nursery" count 15 --mpi --threads 1 --no-progress \
          --checkpoint "$checkpoint" --resume 2>"$work/resume.err")
  if [ "$got" = 2279184 ]; then pass "resumed N=15: $got"; else fail "resumed N=15: expected 2279184, found '$got' ($(cat "$work/resume.err"))"; fi
  after=$(grep -c '^done ' "$checkpoint" || true)
  [ "$after" -eq "$frontier" ] || fail "checkpoint holds $after of $frontier subproblems after the resume"
else
  fail "could not kill the N=15 count midway in 5 attempts"
fi

# 3. A checkpoint of another N is refused, by every rank, with exit status 2.
status=0
out=$("${mpirun_[@]}" -np 2 "$nursery" count 14 --mpi --threads 1 --no-progress \
        --checkpoint "$checkpoint" --resume 2>&1) || status=$?
if [ "$status" -ne 0 ] && grep -q "N is 15 in the file, 14 in this run" <<<"$out"; then
  pass "checkpoint of N=15 refused for N=14"
else
  fail "checkpoint of another N: status $status, output: $out"
fi

# 4. Parts (job-array style, one of them under MPI) merged equal the whole.
"$nursery" count 14 --part 1/3 --checkpoint "$work/p1.ckpt" --no-progress >/dev/null
"${mpirun_[@]}" -np 2 "$nursery" count 14 --mpi --threads 1 --part 2/3 \
  --checkpoint "$work/p2.ckpt" --no-progress >/dev/null
"$nursery" count 14 --part 3/3 --checkpoint "$work/p3.ckpt" --no-progress >/dev/null
got=$("$nursery" count --merge "$work"/p1.ckpt "$work"/p2.ckpt "$work"/p3.ckpt)
if [ "$got" = 365596 ]; then pass "parts merged N=14: $got"; else fail "parts merged N=14: expected 365596, found '$got'"; fi

# 5. A batch of datasets/ as one run, as 3 parts merged, and under mpirun -np 2:
# the same rows (path, puzzle id, status, in walk order) and the same answers.
rows() { grep -E '^ *"(path|id|status|kind)":' "$1"; }
"$nursery" batch datasets --no-progress -o "$work/one" --report "$work/one.json" >/dev/null
for k in 1 2 3; do
  "$nursery" batch datasets --no-progress --part "$k/3" -o "$work/parts" \
    --report "$work/part$k.json" >/dev/null
done
"$nursery" batch --merge "$work"/part1.json "$work"/part2.json "$work"/part3.json \
  --report "$work/merged.json" >/dev/null
"${mpirun_[@]}" -np 2 "$nursery" batch datasets --mpi --threads 1 --no-progress \
  -o "$work/ranks" --report "$work/ranks.json" >/dev/null
for run in merged ranks; do
  if [ "$(rows "$work/$run.json")" = "$(rows "$work/one.json")" ] && [ -n "$(rows "$work/one.json")" ]; then
    pass "batch datasets/ ($run): the rows of one run"
  else
    fail "batch datasets/ ($run): rows differ from one run"
  fi
done
for run in parts ranks; do
  if diff -r "$work/one" "$work/$run" >/dev/null; then pass "batch answers ($run) equal one run's"; else fail "batch answers ($run) differ from one run's"; fi
done

if [ "$failures" -ne 0 ]; then
  echo "mpi tests: $failures failed" >&2
  exit 1
fi
echo "mpi tests: all passed"
