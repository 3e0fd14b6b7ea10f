// Engine-level benchmark: the search's bench positions with the network at N=256.
package nn_test

import (
	"testing"
	"time"

	"dualnnue/eval"
	"dualnnue/internal/pstnet"
	"dualnnue/nn"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
	"dualnnue/variants"
)

// BenchmarkEngine runs search.Bench (one thread, 16 MiB) over the search's
// bench positions at depth 10 with the table net of N=256 ("nnue") and with
// the hand-written evaluation ("pst"), reporting nodes per second.
func BenchmarkEngine(b *testing.B) {
	const depth = 10
	for _, evName := range []string{"nnue", "pst"} {
		b.Run("chess/"+evName, func(b *testing.B) {
			net, err := pstnet.Build(position.Chess, 256)
			if err != nil {
				b.Fatal(err)
			}
			newEval := func() position.Evaluator[*chess.Position] { return nn.NewEvaluator[*chess.Position](net) }
			if evName == "pst" {
				newEval = func() position.Evaluator[*chess.Position] { return eval.NewChess[*chess.Position]() }
			}
			s := search.New(variants.Chess.Rules, newEval, search.Options{Threads: 1, HashMiB: 16, MultiPV: 1})
			var nodes uint64
			var secs float64
			c0 := processCPU()
			for b.Loop() {
				r, err := search.Bench(s, chess.NewFromFEN, variants.Chess.BenchFENs, depth)
				if err != nil {
					b.Fatal(err)
				}
				nodes, secs = nodes+r.Nodes, secs+r.Time.Seconds()
			}
			reportNPS(b, nodes, secs, processCPU()-c0)
		})
		b.Run("xiangqi/"+evName, func(b *testing.B) {
			net, err := pstnet.Build(position.Xiangqi, 256)
			if err != nil {
				b.Fatal(err)
			}
			newEval := func() position.Evaluator[*xiangqi.Position] { return nn.NewEvaluator[*xiangqi.Position](net) }
			if evName == "pst" {
				newEval = func() position.Evaluator[*xiangqi.Position] { return eval.NewXiangqi[*xiangqi.Position]() }
			}
			s := search.New(variants.Xiangqi.Rules, newEval, search.Options{Threads: 1, HashMiB: 16, MultiPV: 1})
			var nodes uint64
			var secs float64
			c0 := processCPU()
			for b.Loop() {
				r, err := search.Bench(s, xiangqi.NewFromFEN, variants.Xiangqi.BenchFENs, depth)
				if err != nil {
					b.Fatal(err)
				}
				nodes, secs = nodes+r.Nodes, secs+r.Time.Seconds()
			}
			reportNPS(b, nodes, secs, processCPU()-c0)
		})
	}
}

// reportNPS reports nodes per wall second and per process CPU second.
func reportNPS(b *testing.B, nodes uint64, secs float64, cpu time.Duration) {
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(nodes)/secs, "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
}
