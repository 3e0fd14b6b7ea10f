#!/usr/bin/env bash
# Self-play throughput (issue 7): positions/s at 5,000 soft nodes per move on 1 and 2
# threads, for each game, against the engine's own bench speed with the same
# (hand-written) evaluation. Overhead outside search = 1 - selfplay nodes/s /
# (bench nodes/s x threads). Both wall-clock and CPU-time (user+sys, /usr/bin/time)
# figures are printed: on a shared machine only the CPU-time ones are meaningful.
# Usage: bench/selfplay.sh [games]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-16}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/play" ./cmd/play
go build -o "$tmp/selfplay" ./cmd/selfplay
cpu() { awk '/^CPU/ {print $2 + $3}' "$1"; }
for game in xiangqi chess; do
  /usr/bin/time -f 'CPU %U %S' -o "$tmp/bench.cpu" "$tmp/play" bench -game "$game" -eval hand > "$tmp/bench.out"
  bn=$(awk '/^Nodes searched/ {print $3}' "$tmp/bench.out" | tail -1)
  bw=$(awk '/^Nodes\/second/ {print $2}' "$tmp/bench.out" | tail -1)
  bc=$(cpu "$tmp/bench.cpu")
  echo "$game bench (hand-written eval, 1 thread): $bn nodes, $bw nodes/s wall, $(awk -v n="$bn" -v c="$bc" 'BEGIN{printf "%.0f", n/c}') nodes/CPU-s"
  for t in 1 2; do
    /usr/bin/time -f 'CPU %U %S' -o "$tmp/sp.cpu" "$tmp/selfplay" -game "$game" -games "$games" -threads "$t" \
      -nodes 5000 -hard-nodes 50000 -output "$tmp/$game-$t" -quiet 2> "$tmp/sp.err" >/dev/null
    out=$(grep 'selfplay done' "$tmp/sp.err")
    pos=$(sed -E 's/.*positions=([0-9]+).*/\1/' <<<"$out")
    nodes=$(sed -E 's/.* nodes=([0-9]+).*/\1/' <<<"$out")
    secs=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<<"$out")
    awk -v g="$game" -v t="$t" -v p="$pos" -v n="$nodes" -v s="$secs" -v c="$(cpu "$tmp/sp.cpu")" \
        -v bn="$bn" -v bc="$bc" -v bw="$bw" 'BEGIN {
      bcpu = bn / bc;
      printf "%s threads=%d: %d positions, %.0f nodes/move; wall %.1fs = %.0f pos/s (%.2f x bench x threads); CPU %.1fs = %.1f pos/CPU-s, %.0f nodes/CPU-s = %.2f x bench (overhead outside search %.1f%%)\n",
        g, t, p, n / p, s, p / s, (n / s) / (bw * t), c, p / c, n / c, (n / c) / bcpu, 100 * (1 - (n / c) / bcpu) }'
  done
done
