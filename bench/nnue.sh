#!/usr/bin/env bash
# NNUE figures for docs/benchmarks.md ("NNUE"): incremental update + eval vs
# full refresh at N=256 for the three kernel builds, then the engine bench with
# the network beside `stockfish bench` and `fairy-stockfish bench xiangqi`.
# Wall and CPU time are both printed: on a shared machine CPU time is the
# fairer figure. Usage: bash bench/nnue.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
echo "# $(date -u +%F) $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for build in "asm::" "archsimd:simd:" "pure::purego"; do
  IFS=: read -r name exp tags <<<"$build"
  echo "## kernels: $name"
  GOEXPERIMENT=$exp go test -tags "$tags" -run XXX -bench 'Update|Refresh' -count "$rounds" ./nn/ | grep ^Bench
done
echo "## engine (search.Bench, depth 10, 1 thread, N=256 table net vs hand-written eval)"
go test -run XXX -bench Engine -benchtime 1x -count "$rounds" ./nn/ | grep ^Bench
TIMEFORMAT='cpu user %U s, sys %S s, wall %R s'
sf=/usr/games/stockfish; command -v stockfish >/dev/null && sf=$(command -v stockfish)
fsf=/usr/games/fairy-stockfish; command -v fairy-stockfish >/dev/null && fsf=$(command -v fairy-stockfish)
for i in $(seq "$rounds"); do
  echo "## stockfish bench (round $i)"
  { time "$sf" bench 2>&1 | grep -E 'Nodes searched|Nodes/second'; } 2>&1
  echo "## fairy-stockfish bench xiangqi (round $i)"
  { time "$fsf" bench xiangqi 2>&1 | grep -E 'Nodes searched|Nodes/second'; } 2>&1
done
