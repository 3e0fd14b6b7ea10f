package nn_test

import (
	"fmt"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
)

// BenchmarkMirrorCost measures the accumulator work per evaluated position
// of a horizontally mirrored feature set against its plain twin, same
// width, on the same random games (each move pushed and evaluated, some
// taken back, then all unwound): the cost of mirroring is the king
// crossings' refreshes (through the refresh cache) and the per-colour
// bookkeeping. Report: ns per evaluation, and refreshes are included as
// they occur in games of random legal moves (kings move more often than in
// real play, so this overstates the cost).
//
//	go test ./nn -run '^$' -bench MirrorCost -benchtime 3x
func BenchmarkMirrorCost(b *testing.B) {
	for _, c := range []struct{ plain, hm features.SetID }{
		{features.ChessPS768, features.ChessPS768HM},
		{features.XiangqiCompact692, features.XiangqiCompact692HM},
	} {
		for _, hidden := range []int{32, 128} {
			for _, id := range []features.SetID{c.plain, c.hm} {
				set, _ := features.Lookup(id)
				_, net := randomNetSet(b, set, hidden, 1, nn.SCReLU, 7)
				b.Run(fmt.Sprintf("%s/N=%d", set.Name, hidden), func(b *testing.B) {
					st := nn.NewStack(net)
					evals := 0
					for b.Loop() {
						randomGames(b, set.Game, 3, 40, 160, st, func(pos walker) {
							_ = st.Evaluate(pos.SideToMove())
							evals++
						})
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(evals), "ns/eval")
				})
			}
		}
	}
}
