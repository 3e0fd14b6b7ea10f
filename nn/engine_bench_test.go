// Engine-level benchmark: the bench positions through engine.Engine with the network at N=256.
package nn_test

import (
	"strings"
	"testing"
	"time"

	"dualnnue/engine"
	"dualnnue/internal/pstnet"
	"dualnnue/nn"
	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// BenchmarkEngine runs engine.Bench (one thread, 16 MiB) over the game's
// bench positions at depth 10 with the table net of N=256 ("nnue") and with
// the hand-written evaluation ("pst"), reporting nodes per second.
func BenchmarkEngine(b *testing.B) {
	for _, evName := range []string{"nnue", "pst"} {
		b.Run("chess/"+evName, func(b *testing.B) { benchEngine(b, variants.Chess, evName) })
		b.Run("xiangqi/"+evName, func(b *testing.B) { benchEngine(b, variants.Xiangqi, evName) })
	}
}

// benchEngine is BenchmarkEngine for one game and evaluator: the engine
// the tools use, configured with the N=256 table net or the hand-written
// evaluation.
func benchEngine[T any, P search.GamePtr[T]](b *testing.B, def *variants.Def[T, P], evName string) {
	const depth = 10
	ev, err := def.Evaluator(variants.Hand)
	if err != nil {
		b.Fatal(err)
	}
	if evName == "nnue" {
		net, err := pstnet.Build(def.Variant, 256)
		if err != nil {
			b.Fatal(err)
		}
		ev = variants.Evaluator[P]{Choice: variants.NetFile("pstnet-256"), Net: net, ID: "pstnet-256",
			New: func() position.Evaluator[P] { return nn.NewEvaluator[P](net) }}
	}
	e, err := engine.New(def)
	if err != nil {
		b.Fatal(err)
	}
	if err := e.Configure(engine.Options[P]{Eval: ev, Search: search.Options{Threads: 1, HashMiB: 16, MultiPV: 1}}); err != nil {
		b.Fatal(err)
	}
	failed := false
	say := func(line string) {
		if strings.HasPrefix(line, "info string error:") {
			failed = true
			b.Error(line)
		}
	}
	var nodes uint64
	var secs float64
	c0 := processCPU()
	for b.Loop() {
		n, elapsed, _ := e.Bench(depth, say, nil)
		if failed {
			b.FailNow()
		}
		nodes, secs = nodes+n, secs+elapsed.Seconds()
	}
	reportNPS(b, nodes, secs, processCPU()-c0)
}

// reportNPS reports nodes per wall second and per process CPU second.
func reportNPS(b *testing.B, nodes uint64, secs float64, cpu time.Duration) {
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(nodes)/secs, "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
}
