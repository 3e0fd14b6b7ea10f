package nn_test

import (
	"fmt"
	"runtime"
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

// BenchmarkKingBucketCost is BenchmarkMirrorCost for the king-bucketed (and
// king × balance-bucketed)
// sets against the mirrored set of the same width: the cost of a bucket
// change (a refresh of that colour through the refresh cache, by the diff
// against the board the bucket's cache line last saw) and of the larger
// first layer, per evaluation over random legal games (whose kings move far
// more often than in play, so it overstates the cost).
//
//	go test ./nn -run '^$' -bench KingBucketCost -benchtime 3x
func BenchmarkKingBucketCost(b *testing.B) {
	for _, c := range []struct {
		ids    []features.SetID
		hidden int
	}{
		{[]features.SetID{features.ChessPS768HM, features.ChessKB4HM, features.ChessKB16HM}, 256},
		{[]features.SetID{features.XiangqiPS1260HM, features.XiangqiKB6HM, features.XiangqiKB6D3HM}, 256},
	} {
		for _, id := range c.ids {
			set, _ := features.Lookup(id)
			_, net := randomNetSet(b, set, c.hidden, 1, nn.SCReLU, 7)
			b.Run(fmt.Sprintf("%s/N=%d", set.Name, c.hidden), func(b *testing.B) {
				st := nn.NewStack(net)
				evals := 0
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				c0 := threadCPU()
				for b.Loop() {
					randomGames(b, set.Game, 3, 40, 160, st, func(pos walker) {
						_ = st.Evaluate(pos.SideToMove())
						evals++
					})
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(evals), "ns/eval")
				if cpu := threadCPU() - c0; cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(evals), "cpu-ns/eval")
				}
			})
		}
	}
}
