// Bench outside a session, for "play bench".
package uci

import (
	"fmt"
	"io"
	"time"

	"dualnnue/position"
	"dualnnue/variants"
)

// BenchOptions select what Bench searches.
type BenchOptions struct {
	// Variant is position.Xiangqi or position.Chess.
	Variant position.Variant
	// Depth is the search depth per position (0: the game's default, 12
	// for xiangqi and 13 for chess).
	Depth int
	// Threads and HashMiB are the Threads and Hash options (0: 1 and 16).
	Threads, HashMiB int
	// Eval is the evaluator (the zero value: the embedded net).
	Eval variants.EvalChoice
}

// Bench searches the game's fixed bench positions (variants.Xiangqi.BenchFENs
// or variants.Chess.BenchFENs), each after clearing the table, and writes a
// "Position: i/n (fen)" line per position and Stockfish's summary lines
// ("Nodes searched: N", "Nodes/second: N") to w. With one thread the node
// count is a signature of the search. It returns the total nodes and the
// search time.
func Bench(w io.Writer, o BenchOptions) (uint64, time.Duration, error) {
	e, err := engineOf(o.Variant)
	if err != nil {
		return 0, 0, err
	}
	defer e.close()
	c := engineConfig{hashMiB: 16, threads: 1, multiPV: 1, moveOverhead: 10 * time.Millisecond, evalFile: o.Eval.Path, useNNUE: o.Eval.Kind != variants.EvalHand}
	if o.Threads > 0 {
		c.threads = o.Threads
	}
	if o.HashMiB > 0 {
		c.hashMiB = o.HashMiB
	}
	if err := e.configure(c); err != nil {
		return 0, 0, err
	}
	say := func(s string) { fmt.Fprintln(w, s) }
	nodes, elapsed, _ := e.bench(o.Depth, say, nil)
	PrintBenchSummary(say, nodes, elapsed)
	return nodes, elapsed, nil
}
