#!/usr/bin/env bash
# Self-play throughput (issue 7): positions/s at 5,000 soft nodes per move on 1 and 2
# threads, for each game, against the engine's own bench speed with the same
# (hand-written) evaluation. Overhead outside search = 1 - selfplay nodes/s /
# (bench nodes/s × threads). Usage: bench/selfplay.sh [games]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-16}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/play" ./cmd/play
go build -o "$tmp/selfplay" ./cmd/selfplay
for game in xiangqi chess; do
  bench=$("$tmp/play" bench -game "$game" -eval hand | awk '/^Nodes\/second/ {print $2}' | tail -1)
  echo "$game: bench (hand-written eval, 1 thread): $bench nodes/s"
  for t in 1 2; do
    out=$("$tmp/selfplay" -game "$game" -games "$games" -threads "$t" -nodes 5000 -hard-nodes 50000 \
          -output "$tmp/$game-$t" -quiet 2>&1 | grep 'selfplay done')
    pos=$(sed -E 's/.*positions=([0-9]+).*/\1/' <<<"$out")
    nodes=$(sed -E 's/.* nodes=([0-9]+).*/\1/' <<<"$out")
    secs=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<<"$out")
    awk -v g="$game" -v t="$t" -v p="$pos" -v n="$nodes" -v s="$secs" -v b="$bench" 'BEGIN {
      pps = p / s; nps = n / s;
      printf "%s threads=%d: %d positions in %.1fs = %.0f pos/s; %.0f nodes/move; %.0f nodes/s = %.2f x bench x threads (overhead %.1f%%)\n",
        g, t, p, s, pps, n / p, nps, nps / (b * t), 100 * (1 - nps / (b * t)) }'
  done
done
