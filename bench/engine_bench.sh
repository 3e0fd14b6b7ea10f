#!/usr/bin/env bash
# Side-by-side "bench" of our engine and the baseline engines, one thread,
# 16 MiB hash: `play bench` (hand-written evaluation and embedded net) for
# each game, `stockfish bench` (chess) and `fairy-stockfish bench xiangqi`.
# Prints nodes, nodes/second (as the engine reports it, wall clock), user
# CPU seconds and nodes per CPU second (the fair figure on a busy machine).
#
# usage: bench/engine_bench.sh [rounds]   (default 3; the best round is kept)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
export PATH=$PATH:/usr/games
bin=$(mktemp -d)/play
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/play

# run NAME CMD...: prints "NAME nodes nps user-seconds" for the best of $rounds.
run() {
  local name=$1; shift
  local best_nps=0 best_line=""
  for _ in $(seq "$rounds"); do
    local out; out=$(/usr/bin/time -f 'USER %U' "$@" 2>&1 || true)
    local nodes nps user
    nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched *: *\([0-9]*\).*/\1/p' | tail -1)
    nps=$(printf '%s\n' "$out" | sed -n 's/^Nodes\/second *: *\([0-9]*\).*/\1/p' | tail -1)
    user=$(printf '%s\n' "$out" | sed -n 's/^USER //p' | tail -1)
    if [ -n "$nps" ] && [ "$nps" -gt "$best_nps" ]; then
      best_nps=$nps
      best_line="$name $nodes $nps $user $(awk -v n="$nodes" -v u="$user" 'BEGIN { if (u > 0) printf "%d", n / u; else print "-" }')"
    fi
  done
  echo "$best_line"
}

echo "engine nodes nodes/second user-seconds nodes/cpu-second (best of $rounds)"
run "play-bench-chess-hand"   "$bin" bench -game chess -eval hand
run "play-bench-chess-nnue"   "$bin" bench -game chess -eval nnue
run "stockfish-15.1-bench"    stockfish bench
run "play-bench-xiangqi-hand" "$bin" bench -game xiangqi -eval hand
run "play-bench-xiangqi-nnue" "$bin" bench -game xiangqi -eval nnue
run "fairy-stockfish-bench-xiangqi" fairy-stockfish bench xiangqi
