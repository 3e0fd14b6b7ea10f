#!/usr/bin/env bash
# Positions per CPU-second of each shipped self-play setting with the
# hand-written evaluation (one thread, so CPU time is the process's user +
# system time and load on the machine matters little).
#
# usage: bench/selfplay_rate.sh [games-bootstrap] [games-prod]   (default 300 60)
set -euo pipefail
cd "$(dirname "$0")/.."
nb=${1:-300} np=${2:-60}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/selfplay" ./cmd/selfplay
printf '| setting | game | games | positions | CPU s | positions per CPU-second |\n|---|---|---:|---:|---:|---:|\n'
for setting in bootstrap prod; do
  for game in chess xiangqi; do
    n=$nb; [ "$setting" = prod ] && n=$np
    cfg=configs/selfplay-$game-$setting.toml
    /usr/bin/time -f '%U %S' -o "$out/time" "$out/selfplay" -config "$cfg" -threads 1 -games "$n" -eval classic \
      -output "$out/$setting-$game" -quiet 2>"$out/log" || { cat "$out/log"; exit 1; }
    read -r u s < "$out/time"
    pos=$("$out/selfplay" data stats "$out/$setting-$game"/*.dnds | sed -n "s/.* games, \([0-9]*\) positions,.*/\1/p")
    awk -v set="$setting" -v g="$game" -v n="$n" -v p="$pos" -v u="$u" -v s="$s" \
      'BEGIN { printf "| %s | %s | %d | %d | %.1f | **%.0f** |\n", set, g, n, p, u+s, p/(u+s) }'
  done
done
