#!/usr/bin/env bash
# Behaviour check for refactoring commits: builds cmd/play and cmd/selfplay
# at a base revision and from the working tree, and compares what must not
# change: perft counts (UCI "go perft"), the bench node counts of both
# evaluations in both games, and the bytes of a short self-play run per game
# with the same seed (SOURCE_DATE_EPOCH pins the header's time stamp).
# Prints one line per check ("same" or "DIFFERENT") and exits 1 on any
# difference.
#
# usage: bench/same_behaviour.sh BASE_REVISION   (e.g. main~3 or a commit)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: bench/same_behaviour.sh BASE_REVISION}
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/src" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add --detach "$tmp/src" "$base" >/dev/null 2>&1
(cd "$tmp/src" && go build -o "$tmp/base-play" ./cmd/play && go build -o "$tmp/base-selfplay" ./cmd/selfplay)
go build -o "$tmp/head-play" ./cmd/play
go build -o "$tmp/head-selfplay" ./cmd/selfplay

# perft VARIANT FEN DEPTH BIN: prints the UCI perft total.
perft() {
  local pos="position fen $2"; [ "$2" = startpos ] && pos="position startpos"
  { printf 'uci\nsetoption name UCI_Variant value %s\n%s\ngo perft %s\n' "$1" "$pos" "$3"; sleep "${4:-1}"; } |
    "$5" 2>&1 | sed -n 's/^Nodes searched: //p'
}

status=0
check() { # NAME BASE_OUTPUT HEAD_OUTPUT
  if [ "$2" = "$3" ] && [ -n "$2" ]; then echo "same       $1: $(printf '%s' "$2" | head -c 100 | tr '\n' ' ')"
  else echo "DIFFERENT  $1: base [$2] head [$3]"; status=1; fi
}

while read -r variant depth wait fen; do
  check "perft $variant $depth $fen" "$(perft "$variant" "$fen" "$depth" "$wait" "$tmp/base-play")" \
    "$(perft "$variant" "$fen" "$depth" "$wait" "$tmp/head-play")"
done <<'SUITE'
chess 5 6 startpos
chess 4 6 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
chess 5 4 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
xiangqi 4 4 startpos
xiangqi 4 4 r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 r - - 0 1
SUITE

for game in chess xiangqi; do
  for ev in hand nnue; do
    b=$("$tmp/base-play" bench -game $game -eval $ev 2>&1 | sed -n 's/^Nodes searched *: *//p')
    h=$("$tmp/head-play" bench -game $game -eval $ev 2>&1 | sed -n 's/^Nodes searched *: *//p')
    check "bench $game $ev nodes" "$b" "$h"
  done
  for side in base head; do
    SOURCE_DATE_EPOCH=0 "$tmp/$side-selfplay" -game $game -games 6 -threads 1 -seed 7 \
      -output "$tmp/sp-$side-$game" -quiet 2>/dev/null
  done
  check "selfplay $game 6 games seed 7 bytes" "$(cd "$tmp/sp-base-$game" && sha256sum ./*)" \
    "$(cd "$tmp/sp-head-$game" && sha256sum ./*)"
done
exit $status
