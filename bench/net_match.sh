#!/usr/bin/env bash
# Equal-time strength of a net: `play match` at a clock between the engine
# with NET (EvalFile) and a second player: the hand-written evaluation
# (`Use NNUE false`, the default), the embedded net (`embedded`), another
# net file, or an outside engine (`engine:SPEC`, SPEC as `play match -engine`
# takes it, e.g. "engine:cmd=stockfish option.UCI_LimitStrength=true option.UCI_Elo=2000"). Each opening of configs/openings/<game>.epd is played twice with
# colours reversed; the table ends with Elo ± the pentanomial 95 % interval.
#
# usage: bench/net_match.sh GAME NET [games] [tc] [concurrency] [other]
#   defaults: 400 games, 1+0.01, 2 games at a time, other = classic
#   e.g.  bench/net_match.sh chess runs/c32/nets/c32.nnue 400 1+0.01 2 embedded
# SPRT="elo0,elo1,alpha,beta[,normalized|logistic]" stops the match when the SPRT decides;
# PGNOUT=FILE appends the games to FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1 net=$2 games=${3:-400} tc=${4:-1+0.01} conc=${5:-2} other=${6:-classic}
bin=${PLAY:-$(mktemp -d)/play}
[ -x "$bin" ] || go build -o "$bin" ./cmd/play
netabs=$(realpath "$net")
case $other in
  classic) b=(-engine "cmd=self name=classic option.'Use NNUE'=false") ;;
  embedded) b=(-engine "cmd=self name=embedded") ;;
  engine:*) b=(-engine "${other#engine:}") ;;
  *) b=(-engine "cmd=self name=$(basename "$other" .nnue) option.EvalFile=$(realpath "$other")") ;;
esac
exec "$bin" match -game "$game" -tc "$tc" -games "$games" -concurrency "$conc" \
  -openings "configs/openings/$game.epd" -resign 1000,4 -draw 5,8,80 -maxplies 400 \
  -engine "cmd=self name=$(basename "$net" .nnue) option.EvalFile=$netabs" "${b[@]}" \
  ${PGNOUT:+-pgnout "$PGNOUT"} ${SPRT:+-sprt "$SPRT"}
