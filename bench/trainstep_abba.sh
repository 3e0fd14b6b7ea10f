#!/usr/bin/env bash
# Trainer speed of two builds side by side: ABBA rounds (base, new, new,
# base) of `go test ./train -bench TrainStep` rows from two test binaries
# built once, then each row's cpu-pos/s (positions per process CPU-second ×
# workers) and pos/s of wall time, median and range per build, and the ratio
# new/base per round (docs/benchmarks.md, issue 21's trainer rows).
#
# usage: bench/trainstep_abba.sh BASE_REV [NEW_REV] [rounds] [rows-regexp] [steps]
#   NEW_REV defaults to the working tree; rounds 6; rows the kb16 target,
#   'chess-kb16-768→512-16-32-w2$'; steps 30 (-test.benchtime)
#   e.g.  bench/trainstep_abba.sh main HEAD 6
#         bench/trainstep_abba.sh main HEAD 3 '(chess-768→256-w2|chess-kb16-768→512-16-32-gen0-w2)$'
# Run it on a quiet machine (or quote only the ratios): a loaded machine
# moves single runs by ±10 %. TRAIN_BENCH_DATA is the test's own variable
# (real batches for the -gen0 rows; default ../shared/data/gen0-chess.dnds
# beside the repository): a relative path is taken from the directory you run
# the script in. A row that no binary ran (a regexp that matches nothing, a
# -gen0 row without its data) is an error, not an empty table.
set -euo pipefail
if [ -n "${TRAIN_BENCH_DATA:-}" ]; then
  [ -f "$TRAIN_BENCH_DATA" ] || { echo "bench/trainstep_abba.sh: TRAIN_BENCH_DATA=$TRAIN_BENCH_DATA: no such file" >&2; exit 2; }
  TRAIN_BENCH_DATA=$(realpath "$TRAIN_BENCH_DATA"); export TRAIN_BENCH_DATA
fi
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bench/trainstep_abba.sh BASE_REV [NEW_REV] [rounds] [rows-regexp] [steps]" >&2; exit 2; }
base=$1 new=${2:-} rounds=${3:-6} rows=${4:-'chess-kb16-768→512-16-32-w2$'} steps=${5:-30}
[[ $rounds =~ ^[1-9][0-9]*$ && $steps =~ ^[1-9][0-9]*$ ]] || { echo "bench/trainstep_abba.sh: rounds and steps are positive numbers" >&2; exit 2; }
git rev-parse -q --verify "$base^{commit}" >/dev/null || { echo "bench/trainstep_abba.sh: $base: no revision" >&2; exit 2; }
[ -z "$new" ] || git rev-parse -q --verify "$new^{commit}" >/dev/null || { echo "bench/trainstep_abba.sh: $new: no revision" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build() { # build REV OUT: the train test binary of REV ("" = the working tree)
  if [ -z "$1" ]; then go test -c -o "$2" ./train; return; fi
  git worktree add -q --detach "$tmp/src" "$1"
  (cd "$tmp/src" && go test -c -o "$2" ./train)
  git worktree remove --force "$tmp/src"
}
build "$base" "$tmp/base.test"
build "$new" "$tmp/new.test"
cd train
for r in $(seq "$rounds"); do
  for b in base new new base; do
    "$tmp/$b.test" -test.run XXX -test.bench "TrainStep/$rows" -test.benchtime "${steps}x" -test.cpu 2 |
      awk -v r="$r" -v b="$b" '/^BenchmarkTrainStep/ { print r, b, $1, $3, $5 }'
  done
done | tee "$tmp/runs.txt"
[ -s "$tmp/runs.txt" ] || { echo "bench/trainstep_abba.sh: no benchmark row ran for '$rows' (a -gen0 row skips without its data: see TRAIN_BENCH_DATA above)" >&2; exit 1; }
awk '
  { row = $3; sub(/^BenchmarkTrainStep\//, "", row); sub(/-[0-9]+$/, "", row)
    n[row, $2]++; cpu[row, $2, n[row, $2]] = $4; wall[row, $2, n[row, $2]] = $5
    sum[row, $1, $2] += $4; cnt[row, $1, $2]++; rows[row] = 1; if ($1 > R) R = $1 }
  function median(a, row, b, k,   i, j, t, v) {
    for (i = 1; i <= k; i++) v[i] = a[row, b, i]
    for (i = 2; i <= k; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
    return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
  }
  END {
    for (row in rows) {
      printf "%s\n", row
      for (bi = 0; bi < 2; bi++) {
        b = bi ? "new" : "base"; k = n[row, b]; lo = hi = cpu[row, b, 1]
        for (i = 1; i <= k; i++) { if (cpu[row, b, i] < lo) lo = cpu[row, b, i]; if (cpu[row, b, i] > hi) hi = cpu[row, b, i] }
        printf "  %-4s cpu-pos/s median %.0f (%.0f-%.0f), pos/s of wall time median %.0f, %d runs\n", b, median(cpu, row, b, k), lo, hi, median(wall, row, b, k), k
      }
      printf "  new/base per round:"
      for (r = 1; r <= R; r++) if (cnt[row, r, "base"] && cnt[row, r, "new"]) printf " %.2f", (sum[row, r, "new"] / cnt[row, r, "new"]) / (sum[row, r, "base"] / cnt[row, r, "base"])
      printf "\n"
    }
  }' "$tmp/runs.txt"
