#!/usr/bin/env bash
# Single-thread perft speed side by side with the baseline engines (issue 2):
# our `go perft` (bulk counting at the last ply) vs Fairy-Stockfish on the
# xiangqi start position and Stockfish on the chess start position, in one
# run, best of N rounds, interleaved. Prints nodes/s (wall) and the ratio.
# Usage: bench/perft.sh [rounds] [xiangqi-depth] [chess-depth]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
xd=${2:-5}
cd_=${3:-6}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/play" ./cmd/play
find_engine() { command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true; }
fsf=$(find_engine fairy-stockfish)
sf=$(find_engine stockfish)

# run NAME SCRIPT -> prints "nodes seconds" for one run of an engine.
run() {
  local bin=$1 script=$2
  local t0 t1 out nodes
  t0=$(date +%s.%N)
  out=$(printf '%b' "$script" | "$bin" 2>/dev/null)
  t1=$(date +%s.%N)
  nodes=$(grep -E '^Nodes searched' <<<"$out" | tail -1 | awk -F: '{gsub(/ /,"",$2); print $2}')
  echo "$nodes $(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')"
}

best() { sort -g -k2 | head -1; }

compare() {
  local label=$1 ours_script=$2 base_bin=$3 base_script=$4
  local o b
  o=$(for _ in $(seq "$rounds"); do run "$tmp/play" "$ours_script"; done | best)
  if [ -n "$base_bin" ]; then
    b=$(for _ in $(seq "$rounds"); do run "$base_bin" "$base_script"; done | best)
  else
    b="0 1"
  fi
  awk -v l="$label" -v o="$o" -v b="$b" -v base="$(basename "${base_bin:-none}")" 'BEGIN {
    split(o, x, " "); split(b, y, " ");
    on = x[1] / x[2]; bn = (y[1] > 0) ? y[1] / y[2] : 0;
    printf "%-26s ours %d nodes in %.3fs = %.1f M nodes/s", l, x[1], x[2], on / 1e6;
    if (bn > 0) printf " | %s %d nodes in %.3fs = %.1f M nodes/s | ratio %.2fx", base, y[1], y[2], bn / 1e6, on / bn;
    printf "\n" }'
}

compare "xiangqi startpos perft $xd" \
  "setoption name UCI_Variant value xiangqi\nposition startpos\ngo perft $xd\nquit\n" \
  "$fsf" "setoption name UCI_Variant value xiangqi\nposition startpos\ngo perft $xd\nquit\n"
compare "chess startpos perft $cd_" \
  "setoption name UCI_Variant value chess\nposition startpos\ngo perft $cd_\nquit\n" \
  "$sf" "position startpos\ngo perft $cd_\nquit\n"
