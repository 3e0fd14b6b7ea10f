#!/usr/bin/env bash
# Training data from SPRT games: imports each PGN that bench/sprt.sh wrote
# (PGNOUT=) with `selfplay data import`, undoing each engine's scaling of the
# evaluation with the search/params.toml of the revision in its name
# (new-<rev>, base-<rev>: -unscale-engine NAME:@FILE), so that matches whose
# engines played with different settings are imported right too.
#
# usage: bench/sprtdata.sh GAME OUTDIR PGN...
#   e.g.  bench/sprtdata.sh xiangqi runs/sprtdata runs/sprt/x*.pgn
# OUTDIR and the PGNs are paths from the directory the script is run in.
# Each PGN becomes OUTDIR/<its name without extension>.dnds; an existing
# output is left alone (delete it to import again, e.g. after the SPRT
# played more games). An engine whose name holds no revision of this
# repository (a working-tree build, "new-wt-HHMMSS"; a revision unknown
# here or ambiguous) stops the script: import that file by hand with
# -unscale-engine NAME:SPEC (docs/selfplay.md). The rules in the code are
# this build's (docs/selfplay.md, "Match games as training data").
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: bench/sprtdata.sh GAME OUTDIR PGN..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
game=$1 outdir=$2
shift 2
mkdir -p "$outdir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/selfplay" ./cmd/selfplay)
written=() # the outputs of this run, to refuse two PGNs of the same name
for pgn in "$@"; do
  if ! [ -f "$pgn" ] || ! [ -r "$pgn" ]; then
    echo "$pgn: no readable file" >&2
    exit 1
  fi
  base=$(basename -- "$pgn")
  stem=${base%.*}
  out=$outdir/${stem:-$base}.dnds
  for w in ${written[@]+"${written[@]}"}; do
    if [ "$w" = "$out" ]; then
      echo "$pgn: $out was written from another PGN of this name in this run" >&2
      exit 1
    fi
  done
  if [ -e "$out" ]; then
    echo "$out exists: skipped" >&2
    continue
  fi
  flags=()
  while IFS= read -r name; do
    rev=${name##*-}
    # bench/sprt.sh names engines by a 10-digit revision; a working-tree build's HHMMSS is no revision
    if ! [[ $rev =~ ^[0-9a-f]{7,40}$ ]] || [[ $name == *:* ]]; then
      echo "$pgn: engine \"$name\" names no revision of this repository; import it by hand (selfplay data import -unscale-engine)" >&2
      exit 1
    fi
    if ! git -C "$root" rev-parse --verify "$rev^{commit}" >/dev/null; then
      echo "$pgn: engine \"$name\": $rev is no single revision of this repository (git says why above); import it by hand (selfplay data import -unscale-engine)" >&2
      exit 1
    fi
    f=$tmp/$rev.toml
    # a revision before search/params.toml existed played the table's defaults
    if git -C "$root" cat-file -e "$rev:search/params.toml" 2>/dev/null; then
      git -C "$root" show "$rev:search/params.toml" > "$f"
    else
      : > "$f"
    fi
    flags+=(-unscale-engine "$name:@$f")
  # the White/Black tag pairs as the importer reads them: blanks around the
  # name and before ']', several on a line, \" and \\ escapes in the value
  done < <(grep -aoE '\[[[:blank:]]*(White|Black)[[:blank:]]*"([^"\\]|\\.)*"[[:blank:]]*\]' "$pgn" |
    sed -E 's/^[^"]*"(.*)"[[:blank:]]*\]$/\1/; s/\\(.)/\1/g' | sort -u)
  if [ ${#flags[@]} -eq 0 ]; then
    echo "$pgn: no White/Black tags: not a match's PGN" >&2
    exit 1
  fi
  "$tmp/selfplay" data import -game "$game" -format pgn "${flags[@]}" -out "$out" "$pgn"
  written+=("$out")
done
