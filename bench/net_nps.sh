#!/usr/bin/env bash
# Search speed of two nets side by side: `play bench` (fixed depth, one
# thread) with each net file, alternating, several rounds; prints nodes,
# nodes per user-CPU-second (the fair figure on a busy machine), the best
# round of each, and the ratio. Used for the cost of a feature set (e.g.
# horizontal mirroring, whose king crossings refresh an accumulator) or a
# width, between nets of otherwise equal shape.
#
# usage: bench/net_nps.sh GAME NET_A NET_B [rounds] [depth]   (default 5 rounds, the game's bench depth)
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1 a=$2 b=$3 rounds=${4:-5} depth=${5:-0}
bin=$(mktemp -d)/play
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/play
declare -A best nodes
for _ in $(seq "$rounds"); do
  for net in "$a" "$b"; do
    out=$(/usr/bin/time -f 'USER %U' "$bin" bench -game "$game" -eval "$net" -depth "$depth" 2>&1)
    n=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched *: *\([0-9]*\).*/\1/p' | tail -1)
    u=$(printf '%s\n' "$out" | sed -n 's/^USER //p' | tail -1)
    r=$(awk -v n="$n" -v u="$u" 'BEGIN { printf "%d", n / u }')
    nodes[$net]=$n
    if [ "${best[$net]:-0}" -lt "$r" ]; then best[$net]=$r; fi
  done
done
printf '| net | nodes | nodes per CPU-second (best of %d) |\n|---|---:|---:|\n' "$rounds"
for net in "$a" "$b"; do printf '| %s | %s | %s |\n' "$(basename "$net")" "${nodes[$net]}" "${best[$net]}"; done
awk -v x="${best[$b]}" -v y="${best[$a]}" 'BEGIN { printf "ratio %s / %s: %.3f\n", "B", "A", x / y }'
