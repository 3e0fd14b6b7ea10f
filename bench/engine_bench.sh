#!/usr/bin/env bash
# Side-by-side "bench" of our engine and the baseline engines, one thread,
# 16 MiB hash: `play bench` (hand-written evaluation and embedded net) for
# each game, `stockfish bench` (chess) and `fairy-stockfish bench xiangqi`.
# Prints nodes, nodes/second (as the engine reports it, wall clock), user
# CPU seconds and nodes per CPU second (the fair figure on a busy machine).
#
# With BASE=<revision>, cmd/play is also built at that revision (in a
# temporary git worktree) and each `play bench` row is followed by the same
# bench of the base build (row name ending in @<revision>), the rounds of
# the two interleaved so that both see the same load; a last section gives
# the ratio working tree / base of nodes per CPU second. Use it to compare a
# restructuring's speed before and after in one run.
#
# A baseline engine that is not installed is skipped with a note. The
# commands can be overridden: STOCKFISH=... FAIRY_STOCKFISH=...
#
# usage: [BASE=rev] bench/engine_bench.sh [rounds]   (default 3; the best round is kept)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
base=${BASE:-}
if [ -n "$base" ] && ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
  echo "engine_bench: BASE=$base is not a revision" >&2
  exit 2
fi
export PATH=$PATH:/usr/games
stockfish=${STOCKFISH:-stockfish}
fairy=${FAIRY_STOCKFISH:-fairy-stockfish}
tmp=$(mktemp -d)
cleanup() {
  if [ -d "$tmp/base-src" ]; then git worktree remove --force "$tmp/base-src" >/dev/null 2>&1 || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
bin=$tmp/play
go build -o "$bin" ./cmd/play
base_bin=
if [ -n "$base" ]; then
  base_label=$(git rev-parse --short "$base^{commit}")
  case $(git rev-parse "$base^{commit}") in "$base"*) ;; *) base_label=$base@$base_label ;; esac
  git worktree add --detach "$tmp/base-src" "$base" >/dev/null 2>&1
  (cd "$tmp/base-src" && go build -o "$tmp/base-play" ./cmd/play)
  base_bin=$tmp/base-play
fi

# measure CMD...: runs CMD once and prints "nodes nps user-seconds" (nothing
# when the output has no node count).
measure() {
  local out nodes nps user
  out=$(/usr/bin/time -f 'USER %U' "$@" 2>&1 || true)
  nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched *: *\([0-9]*\).*/\1/p' | tail -1)
  nps=$(printf '%s\n' "$out" | sed -n 's/^Nodes\/second *: *\([0-9]*\).*/\1/p' | tail -1)
  user=$(printf '%s\n' "$out" | sed -n 's/^USER //p' | tail -1)
  if [ -n "$nodes" ] && [ -n "$nps" ] && [ -n "$user" ]; then echo "$nodes $nps $user"; fi
}

# row NAME NODES NPS USER: one output line.
row() {
  echo "$1 $2 $3 $4 $(awk -v n="$2" -v u="$4" 'BEGIN { if (u > 0) printf "%d", n / u; else print "-" }')"
}

ratios=()

# run NAME CMD...: prints the row of the best of $rounds runs of CMD (by
# nodes/second), or "NAME failed".
run() {
  local name=$1; shift
  local best_nps=0 best="" m
  for _ in $(seq "$rounds"); do
    m=$(measure "$@")
    if [ -n "$m" ] && [ "$(echo "$m" | cut -d' ' -f2)" -gt "$best_nps" ]; then
      best_nps=$(echo "$m" | cut -d' ' -f2) best=$m
    fi
  done
  if [ -n "$best" ]; then row "$name" $best; else echo "$name failed"; fi
}

# run_play NAME ARGS...: `play ARGS` of the working tree as row NAME and,
# with BASE, of the base build as row NAME@BASE, rounds interleaved.
run_play() {
  local name=$1; shift
  if [ -z "$base_bin" ]; then
    run "$name" "$bin" "$@"
    return
  fi
  local head_best=0 head_m="" base_best=0 base_m="" m
  for _ in $(seq "$rounds"); do
    m=$(measure "$bin" "$@")
    if [ -n "$m" ] && [ "$(echo "$m" | cut -d' ' -f2)" -gt "$head_best" ]; then
      head_best=$(echo "$m" | cut -d' ' -f2) head_m=$m
    fi
    m=$(measure "$base_bin" "$@")
    if [ -n "$m" ] && [ "$(echo "$m" | cut -d' ' -f2)" -gt "$base_best" ]; then
      base_best=$(echo "$m" | cut -d' ' -f2) base_m=$m
    fi
  done
  if [ -n "$head_m" ]; then row "$name" $head_m; else echo "$name failed"; fi
  if [ -n "$base_m" ]; then row "$name@$base_label" $base_m; else echo "$name@$base_label failed"; fi
  if [ -n "$head_m" ] && [ -n "$base_m" ]; then
    ratios+=("$name $(echo "$head_m $base_m" | awk '{ if ($3 > 0 && $6 > 0 && $4 > 0) printf "%.3f", ($1 / $3) / ($4 / $6); else print "-" }')")
  fi
}

# run_engine NAME CMD...: run for a baseline engine, skipped with a note
# when CMD is not installed.
run_engine() {
  local name=$1
  if ! command -v "$2" >/dev/null 2>&1; then
    echo "$name skipped ($2 not installed)"
    return
  fi
  run "$@"
}

echo "engine nodes nodes/second user-seconds nodes/cpu-second (best of $rounds)"
run_play   "play-bench-chess-hand"   bench -game chess -eval hand
run_play   "play-bench-chess-nnue"   bench -game chess -eval nnue
run_engine "stockfish-15.1-bench"    "$stockfish" bench
run_play   "play-bench-xiangqi-hand" bench -game xiangqi -eval hand
run_play   "play-bench-xiangqi-nnue" bench -game xiangqi -eval nnue
run_engine "fairy-stockfish-bench-xiangqi" "$fairy" bench xiangqi
if [ ${#ratios[@]} -gt 0 ]; then
  echo
  echo "nodes/cpu-second, working tree / $base_label"
  printf '%s\n' "${ratios[@]}"
fi
