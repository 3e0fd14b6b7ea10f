#!/usr/bin/env bash
# Training data from SPRT games: imports each PGN that bench/sprt.sh wrote
# (PGNOUT=) with `selfplay data import`, undoing each engine's scaling of the
# evaluation with the search/params.toml of the revision in its name
# (new-<rev>, base-<rev>: -unscale-engine NAME:@FILE), so that matches whose
# engines played with different settings are imported right too.
#
# usage: bench/sprtdata.sh GAME OUTDIR PGN...
#   e.g.  bench/sprtdata.sh xiangqi runs/sprtdata runs/sprt/x*.pgn
# Each PGN becomes OUTDIR/<its name>.dnds; an existing output is left alone
# (delete it to import again, e.g. after the SPRT played more games). An
# engine whose name holds no revision of this repository (a working-tree
# build, "new-wt-HHMMSS") stops the script: import that file by hand with
# -unscale-engine NAME:SPEC (docs/selfplay.md). The rules in the code are
# this build's (docs/selfplay.md, "Match games as training data").
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 3 ] || { echo "usage: bench/sprtdata.sh GAME OUTDIR PGN..." >&2; exit 2; }
game=$1 outdir=$2
shift 2
mkdir -p "$outdir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/selfplay" ./cmd/selfplay
for pgn in "$@"; do
  out=$outdir/$(basename "${pgn%.*}").dnds
  if [ -e "$out" ]; then
    echo "$out exists: skipped" >&2
    continue
  fi
  flags=()
  while IFS= read -r name; do
    rev=${name##*-}
    # bench/sprt.sh names engines by a 10-digit revision; a working-tree build's HHMMSS is no revision
    if ! [[ $rev =~ ^[0-9a-f]{7,40}$ ]] || ! git rev-parse -q --verify "$rev^{commit}" >/dev/null; then
      echo "$pgn: engine \"$name\" names no revision of this repository; import it by hand (selfplay data import -unscale-engine)" >&2
      exit 1
    fi
    f=$tmp/$rev.toml
    # a revision before search/params.toml existed played the table's defaults
    git show "$rev:search/params.toml" > "$f" 2>/dev/null || : > "$f"
    flags+=(-unscale-engine "$name:@$f")
  done < <(grep -ah '^\[\(White\|Black\) "' "$pgn" | sed 's/^\[[A-Za-z]* "\(.*\)"\]\s*$/\1/' | sort -u)
  if [ ${#flags[@]} -eq 0 ]; then
    echo "$pgn: no White/Black tags: not a match's PGN" >&2
    exit 1
  fi
  "$tmp/selfplay" data import -game "$game" "${flags[@]}" -out "$out" "$pgn"
done
