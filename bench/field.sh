#!/usr/bin/env bash
# Strength against the field: our engine (built from the working tree, its
# embedded net, one thread, 16 MiB) against an engine no one here wrote, at a
# clock, one game at a time (CONCURRENCY below), each opening of configs/openings/<game>.epd played
# twice with colours reversed, a 300 ms clock margin (a loaded machine is not a
# result: run it on a quiet one). Prints the match table (W-D-L, Elo with the
# pentanomial 95 % interval, the endings and any time forfeits), the share of
# its clock each engine used per game (bench/clockuse on the match's PGN) and
# the draws and losses our engine had led by two pawns or more, with how they
# ended and their last positions (bench/leads).
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
# The games, the log and the match's result file go to runs/field/ (git-ignored),
# named by game, control and time; OUT=DIR puts them elsewhere. RESUME=STEM
# (an earlier run's files without the extension, e.g. runs/field/xiangqi-10+0.1-
# 20261205-180007) continues that match: a killed one to its end, a finished one
# extended to the games asked for (its games are kept, the openings it did not
# reach are played). Resume on the revision it ran (the log's first line).
#   e.g.  RESUME=runs/field/xiangqi-10+0.1-20261205-180007 PIKAFISH=... bench/field.sh xiangqi 10+0.1 200
# STEM=PATH (without extension) names a new match's files instead of the
# game-control-time name (bench/queue.sh's field lines use it to find the
# match again).
# CONCURRENCY=N plays N games at once (default 1): each game's two engines take
# turns on one core, so N up to the machine's cores keeps the load at N.
# BASELINE=FILE.results (an earlier arm against the same opponent on the same
# openings and control) adds `play match compare` of this arm against it, pair by
# pair: the interval of the difference over the openings both played.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: bench/field.sh chess|xiangqi [tc] [games]}
tc=${2:-10+0.1} games=${3:-100}
conc=${CONCURRENCY:-1}
case $conc in ''|*[!0-9]*|0*) echo "bench/field.sh: CONCURRENCY must be a positive integer, not \"$conc\"" >&2; exit 2 ;; esac
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
if [ -n "${BASELINE:-}" ]; then
  [ -f "$BASELINE" ] || { echo "bench/field.sh: BASELINE=$BASELINE: no such result file" >&2; exit 2; }
  BASELINE=$(realpath "$BASELINE")
fi
out=${OUT:-runs/field}
mkdir -p "$out"
stem=${RESUME:-${STEM:-$out/$game-$tc-$(date -u +%Y%m%d-%H%M%S)}}
resume=()
if [ -n "${RESUME:-}" ]; then
  [ -f "$stem.results" ] || { echo "bench/field.sh: RESUME=$stem: no $stem.results" >&2; exit 2; }
  resume=(-resume)
fi
bin=$(mktemp -d)/play
go build -o "$bin" ./cmd/play
echo "bench/field.sh at $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo ' (uncommitted changes)'): $game $tc $games games, $conc at a time" | tee -a "$stem.log"
"$bin" match -game "$game" -tc "$tc" -games "$games" -concurrency "$conc" \
  -openings "configs/openings/$game.epd" -resign 1000,4 -draw 5,8,80 -maxplies 400 \
  -margin 300ms -pgnout "$stem.pgn" -results "$stem.results" "${resume[@]}" \
  -engine "cmd=$bin name=dualnnue" "${opp[@]}" \
  2>&1 | tee -a "$stem.log" | grep -v '^[0-9]*/[0-9]* games' || true
echo "== share of the clock used per game ($stem.pgn)"
go run ./bench/clockuse "$stem.pgn" | tee -a "$stem.log"
echo "== where the half points went: the games our engine led ($stem.pgn)"
go run ./bench/leads -engine dualnnue "$stem.pgn" | tee -a "$stem.log"
if [ -n "${BASELINE:-}" ]; then
  echo "== against the baseline arm $BASELINE (B − A: this arm minus the baseline)"
  "$bin" match compare "$BASELINE" "$stem.results" 2>&1 | tee -a "$stem.log" || true
fi
