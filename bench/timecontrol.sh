#!/usr/bin/env bash
# Time-control check at 1 s + 0.01 s: real matches through `play match`
# (wall clock kept by the match runner, 50 ms margin), our engine against
# itself and against the baseline engines, for both games. Prints each
# match's table, the time forfeits of each engine, and the lowest clock our
# engine had left after any move (from the move times in the PGN).
#
# usage: bench/timecontrol.sh [games] [concurrency] [labels]
#   (default 100, 1, all of: xiangqi-self chess-self xiangqi-fsf chess-sf)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
conc=${2:-1}
only=${3:-xiangqi-self chess-self xiangqi-fsf chess-sf}
export PATH=$PATH:/usr/games
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/play" ./cmd/play

# lowclock PGN NAME: forfeits by side and the lowest clock NAME had left.
lowclock() {
  python3 - "$1" "$2" <<'PY'
import re, sys
pgn, name = sys.argv[1], sys.argv[2]
games = open(pgn).read().split('[Event ')[1:]
low, forfeits = 1e9, {}
for g in games:
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', g))
    base, inc = (float(x) for x in tags['TimeControl'].split('+'))
    if 'time' in tags.get('Termination', ''):
        loser = tags['Black'] if tags['Result'] == '1-0' else tags['White']
        forfeits[loser] = forfeits.get(loser, 0) + 1
    body = g.split('\n\n', 1)[1]
    times = [float(t) for t in re.findall(r'([0-9.]+)s\}', body)]
    # Side of the first recorded move (no FEN tag: the standard start).
    first = 0 if tags.get('FEN', '- w').split()[1] in 'wr' else 1
    clock = [base, base]
    for i, t in enumerate(times):
        side = (first + i) % 2  # 0 = White/Red
        clock[side] -= t
        who = tags['White'] if side == 0 else tags['Black']
        if who == name:
            low = min(low, clock[side])
        # The runner clamps a clock overrun within the margin to zero.
        clock[side] = max(clock[side], 0.0) + inc
lowtext = f"{low*1000:.0f} ms" if low < 1e9 else f"no move by {name}"
print(f"  games {len(games)}; time forfeits {forfeits or 'none'}; lowest clock left by {name}: {lowtext}")
PY
}

match() {
  local label=$1 game=$2 openings=$3; shift 3
  case " $only " in *" $label "*) ;; *) return 0 ;; esac
  echo "== $label"
  if ! "$out/play" match -game "$game" -tc 1+0.01 -games "$games" -concurrency "$conc" \
    -openings "$openings" -pgnout "$out/$label.pgn" "$@" >"$out/$label.txt" 2>"$out/$label.err"; then
    echo "  match failed:"; tail -n 5 "$out/$label.err"; return 1
  fi
  tail -n 12 "$out/$label.txt"
  lowclock "$out/$label.pgn" "dualnnue-a"
}

match xiangqi-self xiangqi configs/openings/xiangqi.epd -engine "cmd=self name=dualnnue-a" -engine "cmd=self name=dualnnue-b"
match chess-self chess configs/openings/chess.epd -engine "cmd=self name=dualnnue-a" -engine "cmd=self name=dualnnue-b"
match xiangqi-fsf xiangqi configs/openings/xiangqi.epd -engine "cmd=self name=dualnnue-a" -engine "cmd=fairy-stockfish name=fsf-11.1"
match chess-sf chess configs/openings/chess.epd -engine "cmd=self name=dualnnue-a" \
  -engine "cmd=stockfish name=sf-15.1-elo2100 option.UCI_LimitStrength=true option.UCI_Elo=2100"
