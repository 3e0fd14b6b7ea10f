#!/usr/bin/env bash
# Generic search vs a concrete copy: the cost of calling the game through a
# type parameter. Generates, in a throw-away package, a copy of search/ with
# the type parameters replaced by *chess.Position or *xiangqi.Position
# (textual substitution, as a `go generate` step would do), then runs the
# same bench through both and prints nodes (must be equal) and nodes per
# CPU second.
#
# usage: bench/search_concrete.sh [count]   (default 3 interleaved runs)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-3}
dir=_concrete_tmp
rm -rf "$dir"
trap 'rm -rf "$dir"' EXIT
for game in chess xiangqi; do
  Game=$(echo "$game" | sed 's/^./\U&/')
  mkdir -p "$dir/$game"
  for f in search/*.go; do
    case $f in *_test.go|search/doc.go) continue;; esac
    python3 - "$f" "$dir/$game/$(basename "$f")" "$game" <<'PY'
import re, sys
src, dst, game = sys.argv[1:]
s = open(src).read()
s = re.sub(r'\[T any, P GamePtr\[T\]\]', '', s)
s = s.replace('[T, P]', '')
s = re.sub(r'type GamePtr\[T any\] interface \{[^}]*\}', '', s)
s = s.replace('P(&w.pos)', '(&w.pos)')
s = re.sub(r'\bP\b', '*%s.Position' % game, s)
s = re.sub(r'\bT\b', '%s.Position' % game, s)
if ('%s.Position' % game) in s:
    s = s.replace('import (', 'import (\n\t"dualnnue/position/%s"' % game, 1)
s = s.replace('package search', 'package concrete')
open(dst, 'w').write(s)
PY
  done
  gofmt -w "$dir/$game"
  cat > "$dir/$game/bench_test.go" <<GO
package concrete

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"dualnnue/eval"
	"dualnnue/position"
	"dualnnue/position/$game"
	"dualnnue/search"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func run(b *testing.B, f func() (uint64, error)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var nodes uint64
	var used time.Duration
	for i := 0; i < b.N; i++ {
		c0 := cpu()
		n, err := f()
		if err != nil {
			b.Fatal(err)
		}
		used += cpu() - c0
		nodes = n
	}
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(nodes)*float64(b.N)/used.Seconds(), "nodes/cpu-s")
}

func newEval() position.Evaluator[*$game.Position] { return eval.New$Game[*$game.Position]() }

func BenchmarkGeneric(b *testing.B) {
	s := search.New(search.${Game}Rules, newEval, search.DefaultOptions)
	run(b, func() (uint64, error) {
		r, err := search.Bench(s, $game.NewFromFEN, search.${Game}BenchFENs, DEPTH)
		return r.Nodes, err
	})
}

func BenchmarkConcrete(b *testing.B) {
	s := New(${Game}Rules, newEval, DefaultOptions)
	run(b, func() (uint64, error) {
		r, err := Bench(s, $game.NewFromFEN, search.${Game}BenchFENs, DEPTH)
		return r.Nodes, err
	})
}
GO
  depth=12; [ "$game" = xiangqi ] && depth=10
  sed -i "s/DEPTH/$depth/" "$dir/$game/bench_test.go"
  echo "== $game (bench depth $depth)"
  go test "./$dir/$game" -run XXX -bench . -benchtime 1x -count "$count" | grep Benchmark
done
