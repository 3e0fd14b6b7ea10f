// Benchmarks: the bench signature per game (nodes/s), stop latency.
package search_test

import (
	"runtime"
	"testing"
	"time"

	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

// Bench depths: each bench takes a few seconds on the reference machine.
const (
	chessBenchDepth   = 12
	xiangqiBenchDepth = 10
)

func newChess(fen string) (*chess.Position, error)     { return chess.NewFromFEN(fen) }
func newXiangqi(fen string) (*xiangqi.Position, error) { return xiangqi.NewFromFEN(fen) }

// reportBench runs fn b.N times on a locked thread and reports the node
// count and nodes per second of thread CPU time (wall time on a shared
// machine would measure the other processes).
func reportBench(b *testing.B, fn func() search.BenchResult) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var nodes uint64
	var cpu, wall time.Duration
	for i := 0; i < b.N; i++ {
		c0 := threadCPU()
		r := fn()
		cpu += threadCPU() - c0
		wall += r.Time
		nodes = r.Nodes
	}
	if cpu == 0 {
		cpu = wall
	}
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(nodes)*float64(b.N)/cpu.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)*float64(b.N)/wall.Seconds(), "wall-nodes/s")
}

func BenchmarkBenchChess(b *testing.B) {
	s := newChessSearcher(oneThread())
	reportBench(b, func() search.BenchResult {
		r, err := search.Bench(s, newChess, chessBenchFENs, chessBenchDepth)
		if err != nil {
			b.Fatal(err)
		}
		return r
	})
}

func BenchmarkBenchXiangqi(b *testing.B) {
	s := newXiangqiSearcher(oneThread())
	reportBench(b, func() search.BenchResult {
		r, err := search.Bench(s, newXiangqi, xiangqiBenchFENs, xiangqiBenchDepth)
		if err != nil {
			b.Fatal(err)
		}
		return r
	})
}

// BenchmarkStopLatency measures the time from Stop to the return of an
// infinite search (the figure the 10 ms requirement is about).
func BenchmarkStopLatency(b *testing.B) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[1])
	var total time.Duration
	for i := 0; i < b.N; i++ {
		done := make(chan time.Time)
		go func() {
			s.Search(pos, search.Limits{Infinite: true}, nil)
			done <- time.Now()
		}()
		time.Sleep(20 * time.Millisecond)
		t0 := time.Now()
		s.Stop()
		total += (<-done).Sub(t0)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/stop")
}
