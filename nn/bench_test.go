// Benchmarks: incremental update + evaluation against a full refresh.
package nn_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"dualnnue/nn"
	"dualnnue/position"
)

// midgame plays 24 random plies and returns the position with the Dirty of
// every legal move there (captures included).
func midgame(b *testing.B, g position.Variant) (walker, []position.Dirty) {
	rng := rand.New(rand.NewPCG(17, uint64(g)))
	for {
		pos := newPos(b, g)
		states := make([]position.State, 25)
		var list position.MoveList
		ok := true
		for ply := 0; ply < 24 && ok; ply++ {
			list.Clear()
			pos.GenerateLegal(&list)
			if ok = list.Len > 0; ok {
				pos.DoMove(list.Moves[rng.IntN(list.Len)], &states[ply])
			}
		}
		list.Clear()
		pos.GenerateLegal(&list)
		if !ok || list.Len == 0 {
			continue
		}
		var ds []position.Dirty
		for _, m := range list.Slice() {
			pos.DoMove(m, &states[24])
			ds = append(ds, states[24].Dirty)
			pos.UndoMove(m)
		}
		return pos, ds
	}
}

func benchNets(b *testing.B, g position.Variant) []*nn.Net {
	_, s := randomNet(b, g, 256, 8, nn.SCReLU, 3)
	_, c := randomNet(b, g, 256, 1, nn.CReLU, 4)
	return []*nn.Net{s, c}
}

// updateLoop runs b's loop of Push (one move's diff of a middle game of
// g), Evaluate and Pop on net, on a locked thread, and returns the thread
// CPU it took and the operations done.
func updateLoop(b *testing.B, g position.Variant, net *nn.Net) (time.Duration, int) {
	pos, ds := midgame(b, g)
	st := nn.NewStack(net)
	st.Reset(pos)
	stm := pos.SideToMove() ^ 1
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, n := threadCPU(), 0
	for i := 0; b.Loop(); i++ {
		st.Push(&ds[i%len(ds)])
		_ = st.Evaluate(stm)
		st.Pop()
		n++
	}
	return threadCPU() - c0, n
}

// BenchmarkUpdate: Push one move's diff, Evaluate (lazy update of both
// perspectives from the parent + output layer), Pop.
func BenchmarkUpdate(b *testing.B) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		for _, net := range benchNets(b, g) {
			b.Run(fmt.Sprintf("%v/N=%d/%v", g, net.Hidden, net.Activation), func(b *testing.B) {
				cpu, ops := updateLoop(b, g, net)
				reportCPU(b, cpu, ops)
			})
		}
	}
}

// BenchmarkUpdateWidth is BenchmarkUpdate's incremental update and
// evaluation at first-layer widths 256, 512 and 1024 (SCReLU, one output
// bucket, the default feature set), reporting the thread CPU per
// operation and per first-layer unit: at an unchanged efficiency per unit
// the cpu-ns/unit column stays flat as the width doubles (issue 21's
// "wider first layers at today's efficiency per unit").
//
//	go test ./nn -run '^$' -bench UpdateWidth -benchtime 200000x -count 3
func BenchmarkUpdateWidth(b *testing.B) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		for _, n := range []int{256, 512, 1024} {
			_, net := randomNet(b, g, n, 1, nn.SCReLU, 5)
			b.Run(fmt.Sprintf("%v/N=%d", g, n), func(b *testing.B) {
				cpu, ops := updateLoop(b, g, net)
				reportCPU(b, cpu, ops)
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(ops)/float64(n), "cpu-ns/unit")
			})
		}
	}
}

// BenchmarkRefresh: Reset (bias + one row per piece, both perspectives) and Evaluate.
func BenchmarkRefresh(b *testing.B) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		for _, net := range benchNets(b, g) {
			b.Run(fmt.Sprintf("%v/N=%d/%v", g, net.Hidden, net.Activation), func(b *testing.B) {
				pos, _ := midgame(b, g)
				st := nn.NewStack(net)
				stm := pos.SideToMove()
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				c0, n := threadCPU(), 0
				for b.Loop() {
					st.Reset(pos)
					_ = st.Evaluate(stm)
					n++
				}
				reportCPU(b, threadCPU()-c0, n)
			})
		}
	}
}

// reportCPU adds the thread CPU time per operation ("cpu-ns/op"), which the
// load of other jobs on the machine does not inflate the way it does wall time.
func reportCPU(b *testing.B, cpu time.Duration, n int) {
	if cpu > 0 && n > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/op")
	}
}
