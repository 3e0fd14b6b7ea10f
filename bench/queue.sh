#!/usr/bin/env bash
# A queue of SPRTs for one core: runs bench/sprt.sh for each branch listed in
# a queue file, one after the other, each resumable from its result file, and
# stops one early when it leans clearly towards H0.
#
# usage: bench/queue.sh GAME QUEUEFILE BASE [tc] [bounds] [games]
#   defaults: tc 1+0.01, bounds 0,10, 1500 games at most per SPRT
#   e.g.  nohup nice bench/queue.sh chess runs/sprt/queue-chess.txt main >> runs/sprt/queue-chess.log 2>&1 &
# QUEUEFILE lists one branch (or revision) per line; blank lines and lines
# starting with # are skipped. "BRANCH level=N" gives that SPRT its own
# LEVEL_GAMES (level=0: no level stop, e.g. for a net whose few Elo are worth
# the full cap); "BRANCH games=N" its own cap (an SPRT the queue ran to its
# cap undecided continues from its result file to the larger cap once its
# "done" line is removed: the SPRT itself has no cap, the cap only bounds
# its cost); "BRANCH tc=10+0.1" its own time control and "BRANCH base=REV" its
# own base and "BRANCH bounds=0,5" its own SPRT bounds (e.g. the bundle of kept changes against the engine before them:
# "bundle-1a1d9a3 base=c3e013f tc=10+0.1 games=200 level=0", with the branch a
# fixed revision, since the queue's log and result files are named after it).
# Options combine: "BRANCH level=0 games=6000". A line "hold" stops the queue
# there until it is deleted or commented out (queue a field arm or a tune
# behind a hold when main must change before it starts, e.g. a net to merge
# once its SPRT passes). The queue takes the first line not yet marked
# done, runs NEW=<branch> bench/sprt.sh GAME BASE ... with one game at a time,
# PGNOUT=runs/sprt/<g><branch>.pgn, RESULTS=runs/sprt/<g><branch>.results and
# DATAOUT=runs/sprtdata (<g> is c or x), logs to runs/sprt/<g><branch>.log, and
# then appends "<branch> done" to QUEUEFILE.done. Killed and started again,
# the queue resumes the SPRT it was running from its result file. Early stop
# (the queues of docs/strength.md): after EARLY_GAMES games (600) an SPRT whose
# LLR is at or below EARLY_LLR (−1.8) is interrupted and counted done; with
# LEVEL_GAMES set (default 0: off), one still below LEVEL_LLR (1.0) after that
# many games is stopped as level too (a change worth the bounds' upper end
# has its LLR well above 1 by 1,500 games; one of a few Elo would need far
# more games than the cap allows).
# BASE is resolved once, when the queue starts.
# A line tune:GROUP:N runs an SPSA tune in the queue's turn instead: `play
# tune` of BASE's build on the parameters of configs/tune/GROUP.txt for N
# iterations of two game pairs at the queue's time control (docs/tuning.md),
# its state, result and log in runs/tune/GROUP.{state,toml,log}; killed and
# started again, the queue resumes it from its state file (the same binary,
# parameters and settings: play tune refuses a state file of another tune).
# A line field:TC:GAMES[:NAME] plays a field arm in the queue's turn instead:
# bench/field.sh GAME TC GAMES on the working tree as it is then (so an arm
# queued after an SPRT measures main as that SPRT left it), its files
# runs/field/q-GAME-TC-GAMES[-NAME].{log,pgn,results,out}; xiangqi needs
# PIKAFISH=PATH in the queue's environment, chess takes ELO= as field.sh
# does. Killed and started again, the queue resumes the arm from its result
# file (on the working tree of the restart: its log names each revision).
# Stop an arm as an SPRT: kill the queue first (else it counts the arm
# done), then pkill -INT -f "name=dualnnue". The other queue keeps
# running its SPRT beside the arm: one arm beside one SPRT, the rule of
# docs/strength.md for a result against the field.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 3 ] || { echo "usage: bench/queue.sh GAME QUEUEFILE BASE [tc] [bounds] [games]" >&2; exit 2; }
game=$1 queue=$2 base=$(git rev-parse --short=10 "$3") tc=${4:-1+0.01} bounds=${5:-0,10} games=${6:-1500}
early_games=${EARLY_GAMES:-600} early_llr=${EARLY_LLR:--1.8}
level_games=${LEVEL_GAMES:-0} level_llr=${LEVEL_LLR:-1.0}
case $level_games in ''|*[!0-9]*) echo "bench/queue.sh: LEVEL_GAMES must be a number of games, not \"$level_games\"" >&2; exit 2 ;; esac
[[ $level_llr =~ ^-?[0-9]+(\.[0-9]+)?$ ]] || { echo "bench/queue.sh: LEVEL_LLR must be a number, not \"$level_llr\"" >&2; exit 2; }
case $game in chess) g=c ;; xiangqi) g=x ;; *) echo "bench/queue.sh: game is chess or xiangqi" >&2; exit 2 ;; esac
[ -f "$queue" ] || { echo "bench/queue.sh: $queue: no such file" >&2; exit 2; }
mkdir -p runs/sprt runs/sprtdata
touch "$queue.done"
while :; do
  line=$({ grep -vE '^[[:space:]]*(#|$)' "$queue" || true; } | while read -r b rest; do
    grep -qxF "$b done" "$queue.done" || { echo "$b $rest"; break; }
  done)
  read -r br opts <<< "$line"
  [ -n "$br" ] || { echo "$(date -u +%H:%M) queue $queue: empty"; exit 0; }
  if [ "$br" = hold ]; then
    # "hold": wait here until the line is deleted or commented out (e.g. to
    # merge a net that an SPRT just accepted before a field arm measures main)
    [ -n "$opts" ] && { echo "bench/queue.sh: hold takes no options ($opts)" >&2; exit 1; }
    [ "${held:-}" = 1 ] || echo "$(date -u +%H:%M) queue $queue: held (delete the line \"hold\" to go on)"
    held=1
    sleep 30
    continue
  fi
  held=
  line_level=$level_games # "BRANCH level=N": this SPRT's own LEVEL_GAMES (0: run to a verdict or the cap)
  line_games=$games       # "BRANCH games=N": this SPRT's own cap
  line_tc=$tc line_base=$base # "BRANCH tc=TC base=REV": its own control and base
  line_bounds=$bounds         # "BRANCH bounds=E0,E1": its own SPRT bounds
  for o in $opts; do
    case $o in
      bounds=*) line_bounds=${o#bounds=}; [[ $line_bounds =~ ^-?[0-9]+(\.[0-9]+)?,-?[0-9]+(\.[0-9]+)?$ ]] || { echo "bench/queue.sh: $br: $o: want bounds=ELO0,ELO1, e.g. bounds=0,5" >&2; exit 1; } ;;
      tc=*) line_tc=${o#tc=}; [[ $line_tc =~ ^[0-9]+(\.[0-9]+)?\+[0-9]+(\.[0-9]+)?$ ]] || { echo "bench/queue.sh: $br: $o: want tc=BASE+INC in seconds, e.g. tc=10+0.1" >&2; exit 1; } ;;
      base=*) line_base=$(git rev-parse -q --verify --short=10 "${o#base=}^{commit}") || { echo "bench/queue.sh: $br: $o: no revision" >&2; exit 1; } ;;
      level=*) line_level=${o#level=}; [[ $line_level =~ ^[0-9]+$ ]] || { echo "bench/queue.sh: $br: $o: want level=GAMES" >&2; exit 1; } ;;
      games=*) line_games=${o#games=}; [[ $line_games =~ ^[1-9][0-9]*$ ]] || { echo "bench/queue.sh: $br: $o: want games=N, N > 0" >&2; exit 1; } ;;
      *) echo "bench/queue.sh: $br: unknown option $o (want level=GAMES, games=N, tc=TC, base=REV or bounds=ELO0,ELO1)" >&2; exit 1 ;;
    esac
  done
  if [[ ( $br == tune:* || $br == field:* ) && -n $opts ]]; then
    echo "bench/queue.sh: $br: options ($opts) are for SPRT lines; a tune or field line says its length itself" >&2
    exit 1
  fi
  if [[ $br == tune:* ]]; then
    IFS=: read -r _ group iters <<< "$br"
    params=configs/tune/$group.txt
    [ -f "$params" ] && [[ $iters =~ ^[1-9][0-9]*$ ]] || { echo "bench/queue.sh: $br: want tune:GROUP:ITERATIONS with configs/tune/GROUP.txt" >&2; exit 1; }
    bin=$PWD/runs/bin/play-$base
    if ! [ -x "$bin" ]; then
      dir=$(mktemp -d)
      git worktree add -q --detach "$dir/src" "$base"
      (cd "$dir/src" && go build -o "$bin" ./cmd/play)
      git worktree remove --force "$dir/src"
      rmdir "$dir"
    fi
    mkdir -p runs/tune
    echo "$(date -u +%H:%M) $game tune $group ($iters iterations, $tc) of $base: runs/tune/$group.log"
    rc=0
    "$bin" tune -game "$game" -params "$params" -iterations "$iters" -pairs 2 -tc "$tc" -margin 100ms \
      -openings "configs/openings/$game.epd" -resign 1000,4 -draw 5,8,80 -maxplies 400 \
      -engine "cmd=$bin arg=-tune arg=-variant arg=$game" \
      -out "runs/tune/$group.toml" -state "runs/tune/$group.state" >> "runs/tune/$group.log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
      echo "$(date -u +%H:%M) tune $group: play tune exited with $rc (runs/tune/$group.log); the queue stops here" >&2
      exit 1
    fi
    echo "$(date -u +%H:%M) tune $group: $(grep -a '^iter ' "runs/tune/$group.log" | tail -n 1 | cut -c1-160)"
    echo "$br done" >> "$queue.done"
    continue
  fi
  if [[ $br == field:* ]]; then
    IFS=: read -r _ ftc fgames fname extra <<< "$br"
    if ! [[ $ftc =~ ^[0-9]+(\.[0-9]+)?\+[0-9]+(\.[0-9]+)?$ && $fgames =~ ^[1-9][0-9]*$ && ${fname:-x} =~ ^[A-Za-z0-9._-]+$ && -z $extra ]]; then
      echo "bench/queue.sh: $br: want field:TC:GAMES[:NAME], e.g. field:10+0.1:100:xr14n" >&2
      exit 1
    fi
    mkdir -p runs/field
    stem=runs/field/q-$game-$ftc-$fgames${fname:+-$fname}
    echo "$(date -u +%H:%M) $game field arm ($ftc, $fgames games) of the working tree at $(git rev-parse --short HEAD): $stem.out"
    rc=0
    if [ -f "$stem.results" ]; then
      RESUME=$stem bench/field.sh "$game" "$ftc" "$fgames" >> "$stem.out" 2>&1 || rc=$?
    else
      STEM=$stem bench/field.sh "$game" "$ftc" "$fgames" >> "$stem.out" 2>&1 || rc=$?
    fi
    if [ "$rc" -ne 0 ]; then
      echo "$(date -u +%H:%M) field arm $br: bench/field.sh exited with $rc ($stem.out); the queue stops here" >&2
      exit 1
    fi
    echo "$(date -u +%H:%M) field $game $ftc: $(grep -a '^Elo' "$stem.out" | tail -n 1)"
    echo "$br done" >> "$queue.done"
    continue
  fi
  git rev-parse --verify -q "$br^{commit}" >/dev/null || { echo "bench/queue.sh: $br is no revision" >&2; exit 1; }
  log=runs/sprt/$g$br.log
  echo "$(date -u +%H:%M) $game $br against $line_base ($line_tc, $line_bounds, at most $line_games games): $log"
  NEW=$br PGNOUT=runs/sprt/$g$br.pgn RESULTS=runs/sprt/$g$br.results DATAOUT=runs/sprtdata \
    bench/sprt.sh "$game" "$line_base" "$line_tc" "$line_bounds" "$line_games" 1 > "$log" 2>&1 &
  pid=$!
  why=
  while kill -0 "$pid" 2>/dev/null; do
    sleep 30
    # the match's progress line: "N/CAP games ... LLR X ..."
    line=$(grep -aE '^[0-9]+/[0-9]+ games' "$log" | tail -n 1 || true)
    n=${line%%/*}
    llr=$(sed -nE 's/.* LLR (-?[0-9.]+).*/\1/p' <<< "$line")
    [ -n "$n" ] && [ -n "$llr" ] || continue
    why=
    if [ "$n" -ge "$early_games" ] && awk -v l="$llr" -v e="$early_llr" 'BEGIN { exit !(l <= e) }'; then
      why="stopped early"
    elif [ "$line_level" -gt 0 ] && [ "$n" -ge "$line_level" ] && awk -v l="$llr" -v e="$level_llr" 'BEGIN { exit !(l < e) }'; then
      why="stopped as level"
    fi
    if [ -n "$why" ]; then
      echo "$(date -u +%H:%M) $br: LLR $llr after $n games, $why"
      pkill -INT -f -- "name=new-$(git rev-parse --short=10 "$br") " || true
      wait "$pid" || true
      break
    fi
  done
  rc=0
  wait "$pid" || rc=$?
  if [ "$rc" -ne 0 ] && [ -z "$why" ] && ! grep -qaE 'H[01] accepted|^stopped' "$log"; then
    # not an SPRT that ended or was stopped here: a build, an opening set or the
    # match failed; marking it done would run the rest of the queue into the same
    echo "$(date -u +%H:%M) $br: bench/sprt.sh exited with $rc ($log); the queue stops here" >&2
    exit 1
  fi
  echo "$(date -u +%H:%M) $br: $(grep -aE '^[0-9]+/[0-9]+ games' "$log" | tail -n 1)"
  echo "$br done" >> "$queue.done"
done
