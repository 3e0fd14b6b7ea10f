#!/usr/bin/env bash
# Search speed of two nets side by side: `play bench` (fixed depth, one
# thread) with each net file, alternating, several rounds; prints nodes,
# nodes per user-CPU-second (the fair figure on a busy machine), the best
# round of each, and the ratio. Used for the cost of a feature set (e.g.
# horizontal mirroring, whose king crossings refresh an accumulator) or a
# width, between nets of otherwise equal shape.
#
# Each round also runs the net at depth 1 and subtracts that run's CPU
# (start-up, loading and checking the net file, the table clears of every
# bench position) for the second figure, nodes per CPU-second of search:
# a 6 MiB king-bucketed first layer takes about 0.1 s more to load than a
# 384 KiB one, several per cent of a bench. Different nets search different
# trees (different node counts at the same depth), so the ratio carries the
# tree's shape as well as the evaluation's cost; for the evaluation alone on
# one tree see `go test ./nn -bench KingBucketNPS` (docs/benchmarks.md).
#
# usage: bench/net_nps.sh GAME NET_A NET_B [rounds] [depth]   (default 5 rounds, the game's bench depth)
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1 a=$2 b=$3 rounds=${4:-5} depth=${5:-0}
bin=$(mktemp -d)/play
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/play
# usertime DEPTH NET: prints "nodes user-seconds" of one bench.
usertime() {
  local out
  out=$(/usr/bin/time -f 'USER %U' "$bin" bench -game "$game" -eval "$2" -depth "$1" 2>&1)
  printf '%s %s\n' "$(printf '%s\n' "$out" | sed -n 's/^Nodes searched *: *\([0-9]*\).*/\1/p' | tail -1)" \
    "$(printf '%s\n' "$out" | sed -n 's/^USER //p' | tail -1)"
}
declare -A best bests nodes
for _ in $(seq "$rounds"); do
  for net in "$a" "$b"; do
    read -r n u < <(usertime "$depth" "$net")
    read -r _ u1 < <(usertime 1 "$net")
    r=$(awk -v n="$n" -v u="$u" 'BEGIN { printf "%d", n / u }')
    rs=$(awk -v n="$n" -v u="$u" -v u1="$u1" 'BEGIN { printf "%d", (u > u1) ? n / (u - u1) : 0 }')
    nodes[$net]=$n
    if [ "${best[$net]:-0}" -lt "$r" ]; then best[$net]=$r; fi
    if [ "${bests[$net]:-0}" -lt "$rs" ]; then bests[$net]=$rs; fi
  done
done
printf '| net | nodes | nodes per CPU-second (best of %d) | of search (minus depth 1) |\n|---|---:|---:|---:|\n' "$rounds"
for net in "$a" "$b"; do printf '| %s | %s | %s | %s |\n' "$(basename "$net")" "${nodes[$net]}" "${best[$net]}" "${bests[$net]}"; done
awk -v x="${best[$b]}" -v y="${best[$a]}" -v xs="${bests[$b]}" -v ys="${bests[$a]}" \
  'BEGIN { printf "ratio %s / %s: %.3f (of search: %.3f)\n", "B", "A", x / y, xs / ys }'
