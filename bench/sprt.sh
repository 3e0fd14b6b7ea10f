#!/usr/bin/env bash
# SPRT of a search change at equal time: the engine built from the working tree
# (or NEW=<rev>) against the engine built from BASE (a git revision), both with
# their embedded nets, one thread and 16 MiB each, pentanomial SPRT in
# normalized Elo. Each opening is played twice with colours reversed, from
# configs/openings/GAME-5000.epd (5,000 openings, so that a 3,000-game SPRT
# plays none of them twice: the 100 of configs/openings/GAME.epd, played 6-15
# times each, made pairs of the same opening correlated, docs/strength.md);
# OPENINGS=FILE plays another set. A result file begun on the 100-opening set
# (RESULTS= below, its header's n_openings 100) resumes on that set.
#
# usage: bench/sprt.sh GAME BASE [tc] [bounds] [games] [concurrency]
#   defaults: tc 1+0.01, bounds 0,10 (a gain; use -5,0 for non-regression),
#   4000 games at most, 2 games at a time
#   e.g.  nice bench/sprt.sh xiangqi main 1+0.01 0,10
#         NEW=HEAD nice bench/sprt.sh chess HEAD~1 2+0.02 -5,0
# The binaries go to runs/bin/ (git-ignored), named by revision; PGNOUT=FILE
# keeps the games; RESULTS=FILE keeps the result file and resumes from it: the
# same command run again after a kill or a cut machine continues the SPRT from
# the games already played instead of from zero, and with a larger game count
# it extends an SPRT that ended undecided at its cap. The last lines printed
# are the match's table and verdict. DATAOUT=DIR (with PGNOUT) imports the
# games as training data when the match ends (bench/sprtdata.sh: each engine's
# scaling undone with its revision's settings) into DIR/<PGNOUT's name>.dnds,
# replacing an older import of the same PGN.
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1 base=$2 tc=${3:-1+0.01} bounds=${4:-0,10} games=${5:-4000} conc=${6:-2}
if [ -n "${DATAOUT:-}" ] && [ -z "${PGNOUT:-}" ]; then
  echo "bench/sprt.sh: DATAOUT needs PGNOUT (the games to import)" >&2
  exit 2
fi
mkdir -p runs/bin
build() { # build REV OUT: build cmd/play at REV (a clean worktree) into OUT
  local rev=$1 out=$2 dir
  dir=$(mktemp -d)
  git worktree add -q --detach "$dir" "$rev"
  (cd "$dir" && go build -o "$out" ./cmd/play)
  git worktree remove --force "$dir"
}
b=$(git rev-parse --short=10 "$base")
basebin=$PWD/runs/bin/play-$b
[ -x "$basebin" ] || build "$b" "$basebin"
if [ -n "${NEW:-}" ]; then
  n=$(git rev-parse --short=10 "$NEW")
  newbin=$PWD/runs/bin/play-$n
  [ -x "$newbin" ] || build "$n" "$newbin"
else
  n=wt-$(date +%H%M%S)
  newbin=$PWD/runs/bin/play-$n
  go build -o "$newbin" ./cmd/play
fi
# The match itself runs on this tree's play (its runner, resume and
# extension rules), whatever the two engines' revisions.
runner=$(mktemp -d)/play
go build -o "$runner" ./cmd/play
openings=${OPENINGS:-configs/openings/$game-5000.epd}
if [ -z "${OPENINGS:-}" ] && [ -n "${RESULTS:-}" ] && [ -s "$RESULTS" ] &&
  head -n 1 "$RESULTS" | grep -q '"n_openings":100,'; then
  openings=configs/openings/$game.epd # an SPRT begun before the 5,000-opening sets
fi
[ -s "$openings" ] || { echo "bench/sprt.sh: $openings: no opening set there" >&2; exit 2; }
echo "SPRT $game $tc bounds $bounds: new=$n base=$b, openings $openings" >&2
rc=0
"$runner" match -game "$game" -tc "$tc" -games "$games" -concurrency "$conc" \
  -openings "$openings" -resign 1000,4 -draw 5,8,80 -maxplies 400 \
  -margin 100ms -sprt "$bounds,0.05,0.05,normalized" \
  -engine "cmd=$newbin name=new-$n" -engine "cmd=$basebin name=base-$b" \
  ${PGNOUT:+-pgnout "$PGNOUT"} ${RESULTS:+-results "$RESULTS" -resume} || rc=$?
if [ -n "${DATAOUT:-}" ] && [ -s "$PGNOUT" ]; then
  base=$(basename -- "$PGNOUT")
  rm -f "$DATAOUT/${base%.*}.dnds"
  bench/sprtdata.sh "$game" "$DATAOUT" "$PGNOUT" || { [ "$rc" -ne 0 ] || rc=1; }
fi
exit $rc
