#!/usr/bin/env bash
# Strength against the field: our engine (built from the working tree, its
# embedded net, one thread, 16 MiB) against an engine no one here wrote, at a
# clock, one game at a time, each opening of configs/openings/<game>.epd played
# twice with colours reversed, a 300 ms clock margin (a loaded machine is not a
# result: run it on a quiet one). Prints the match table (W-D-L, Elo with the
# pentanomial 95 % interval, the endings and any time forfeits) and the share of
# its clock each engine used per game (bench/clockuse on the match's PGN).
#
# usage: bench/field.sh GAME [tc] [games]
#   chess:   Stockfish (`stockfish` on PATH, /usr/games included, or STOCKFISH=PATH)
#            limited to UCI_Elo ${ELO:-2600} (ELO=full for full strength)
#   xiangqi: PIKAFISH=PATH, a Pikafish-HCE binary you built yourself from its
#            public repository (skystarspython/Pikafish-HCE; docs/strength.md
#            names the commit we measured with); nothing here builds it
#   defaults: tc 10+0.1, 100 games
#   e.g.  ELO=2400 bench/field.sh chess 10+0.1 100
#         PIKAFISH=$HOME/src/Pikafish-HCE/src/pikafish bench/field.sh xiangqi 10+0.1 100
# The games and the log go to runs/field/ (git-ignored), named by game, control
# and time; OUT=DIR puts them elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: bench/field.sh chess|xiangqi [tc] [games]}
tc=${2:-10+0.1} games=${3:-100}
export PATH=$PATH:/usr/games
case $game in
  chess)
    sf=${STOCKFISH:-$(command -v stockfish || true)}
    [ -n "$sf" ] || { echo "bench/field.sh: no stockfish on PATH; set STOCKFISH=PATH" >&2; exit 2; }
    elo=${ELO:-2600}
    if [ "$elo" = full ]; then
      opp=(-engine "cmd=$sf name=stockfish")
    else
      opp=(-engine "cmd=$sf name=stockfish-elo$elo option.UCI_LimitStrength=true option.UCI_Elo=$elo")
    fi ;;
  xiangqi)
    pk=${PIKAFISH:-}
    [ -n "$pk" ] && [ -x "$pk" ] || { echo "bench/field.sh: set PIKAFISH to a Pikafish-HCE binary (see docs/strength.md)" >&2; exit 2; }
    opp=(-engine "cmd=$pk name=pikafish-hce") ;;
  *) echo "bench/field.sh: game must be chess or xiangqi, not \"$game\"" >&2; exit 2 ;;
esac
out=${OUT:-runs/field}
mkdir -p "$out"
stem=$out/$game-$tc-$(date -u +%Y%m%d-%H%M%S)
bin=$(mktemp -d)/play
go build -o "$bin" ./cmd/play
"$bin" match -game "$game" -tc "$tc" -games "$games" -concurrency 1 \
  -openings "configs/openings/$game.epd" -resign 1000,4 -draw 5,8,80 -maxplies 400 \
  -margin 300ms -pgnout "$stem.pgn" -engine "cmd=$bin name=dualnnue" "${opp[@]}" \
  2>&1 | tee "$stem.log" | grep -v '^[0-9]*/[0-9]* games' || true
echo "== share of the clock used per game ($stem.pgn)"
go run ./bench/clockuse "$stem.pgn" | tee -a "$stem.log"
