#!/usr/bin/env bash
# Runs every fuzz target of the repository (every `func FuzzX` in a _test.go
# file) for a given time each, one after the other, and prints per target the
# executions, the executions per second, the new interesting inputs and
# whether it found a crasher. Exits non-zero when any target failed (a crasher,
# a build error or a fuzzer failure); a crasher is written by Go itself to the
# package's testdata/fuzz/FuzzX/ and the log of the run is kept.
#
# The inputs that the fuzzer found interesting during this run are copied from
# Go's fuzz cache ($GOCACHE/fuzz/...) into testdata/fuzz/FuzzX/ so the corpus
# grows from run to run and `go test` replays them (set KEEP=0 not to copy).
#
# usage: bench/fuzz.sh [seconds-per-target] [target-regexp]
#   seconds-per-target  default 60
#   target-regexp       only targets whose "pkg/FuzzX" matches (grep -E), default all
#   environment: PARALLEL (fuzz workers, default GOMAXPROCS), KEEP (default 1),
#                LOGDIR (where the per-target logs go, default a temporary directory)
# On a shared machine run it under `nice -n 15 bench/fuzz.sh 60`.
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
filter=${2:-}
keep=${KEEP:-1}
parallel=${PARALLEL:-}
logdir=${LOGDIR:-$(mktemp -d)}
mkdir -p "$logdir"
module=$(go list -m)
cache=$(go env GOCACHE)/fuzz

# Targets as "dir name", sorted.
mapfile -t targets < <(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(' . |
  sed -E 's|^\./(.*)/[^/]*_test\.go:[0-9]+:func (Fuzz[A-Za-z0-9_]*)\(.*|\1 \2|' | sort -u)
if [ -n "$filter" ]; then
  mapfile -t targets < <(printf '%s\n' "${targets[@]}" | awk '{print $1 "/" $2 " " $0}' | grep -E -- "$filter" | cut -d' ' -f2-)
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "fuzz.sh: no fuzz target matches" >&2
  exit 2
fi

echo "# bench/fuzz.sh: ${#targets[@]} targets, ${secs}s each, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load:$(uptime | sed 's/.*load average://')"
echo "# logs in $logdir"
printf '%-36s %12s %10s %8s %6s  %s\n' target execs execs/s new kept result
failed=0
for t in "${targets[@]}"; do
  dir=${t% *}
  name=${t#* }
  log="$logdir/${dir//\//_}_$name.log"
  stamp="$logdir/.stamp"
  touch "$stamp"
  args=(test -run '^$' -fuzz "^${name}\$" -fuzztime "${secs}s")
  [ -n "$parallel" ] && args+=(-parallel "$parallel")
  go "${args[@]}" "./$dir" >"$log" 2>&1
  rc=$?
  # The last progress line: "fuzz: elapsed: 1m0s, execs: 123 (2/sec), new interesting: 4 (total: 9)".
  last=$(grep -E '^fuzz: elapsed: .*execs: [0-9]+' "$log" | tail -1)
  execs=$(sed -nE 's/.*execs: ([0-9]+) .*/\1/p' <<<"$last")
  # Executions per second over the whole run (the line's own rate is the last interval's).
  elapsed=$(sed -nE 's/^fuzz: elapsed: ([0-9hms]+),.*/\1/p' <<<"$last")
  rate=$(awk -v e="$elapsed" -v n="$execs" 'BEGIN {
    s = 0; v = ""
    for (i = 1; i <= length(e); i++) {
      c = substr(e, i, 1)
      if (c ~ /[0-9]/) v = v c
      else { s += v * (c == "h" ? 3600 : c == "m" ? 60 : 1); v = "" }
    }
    if (s > 0 && n != "") printf "%d", n / s }')
  new=$(sed -nE 's/.*new interesting: ([0-9]+).*/\1/p' <<<"$last")
  kept=0
  if [ "$keep" = 1 ] && [ -d "$cache/$module/$dir/$name" ]; then
    mkdir -p "$dir/testdata/fuzz/$name"
    while IFS= read -r -d '' f; do
      dst="$dir/testdata/fuzz/$name/$(basename "$f")"
      if [ ! -e "$dst" ]; then
        cp "$f" "$dst"
        kept=$((kept + 1))
      fi
    done < <(find "$cache/$module/$dir/$name" -type f -newer "$stamp" -print0)
    rmdir "$dir/testdata/fuzz/$name" 2>/dev/null || true
  fi
  crasher=$(sed -nE 's/.*Failing input written to (testdata\/fuzz\/.*)/\1/p' "$log" | head -1)
  if [ $rc -eq 0 ] && grep -q '^PASS' "$log" && [ "${execs:-0}" -gt 0 ]; then
    result=ok
  elif [ $rc -eq 0 ] && grep -q '^PASS' "$log"; then
    # Go ends a -fuzztime run that never got past "gathering baseline
    # coverage" with PASS: nothing was fuzzed (a starved machine).
    result="NOT FUZZED: no execution in ${secs}s (machine too loaded?) (log $log)"
    failed=1
  elif [ -n "$crasher" ]; then
    # Replay the input alone: a worker that was starved for 10 s under load
    # is reported "hung or terminated unexpectedly" with an input that
    # passes. Such an input is moved to the log directory, not kept.
    id=$(basename "$crasher")
    if grep -q 'hung or terminated unexpectedly' "$log" &&
      go test -count=1 -timeout 120s -run "^${name}\$/^${id}\$" "./$dir" >"$log.replay" 2>&1; then
      mv "$dir/$crasher" "$logdir/${name}_$id"
      result="WORKER HUNG OR DIED, input passes when replayed: not kept (moved to $logdir/${name}_$id; log $log)"
    else
      result="CRASHER $dir/$crasher (log $log)"
    fi
    failed=1
  else
    result="FAILED rc=$rc (log $log)"
    failed=1
  fi
  printf '%-36s %12s %10s %8s %6s  %s\n' "$dir/$name" "${execs:--}" "${rate:--}" "${new:--}" "$kept" "$result"
done
rm -f "$logdir/.stamp"
echo "# done $(date -u '+%Y-%m-%d %H:%M UTC'), load:$(uptime | sed 's/.*load average://')"
exit $failed
