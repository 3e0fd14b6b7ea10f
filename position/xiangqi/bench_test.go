// Benchmarks: perft speed (the figure) and the hot-path pieces.
package xiangqi

import (
	"runtime"
	"testing"

	"dualnnue/position"
)

// benchPerft reports nodes/s over wall time and, because the benchmark
// machine is shared, nodes/cpu-s over the thread's CPU time (Linux).
func benchPerft(b *testing.B, fen string, depth int, want uint64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p := mustFEN(b, fen)
	var nodes uint64
	b.ResetTimer()
	cpu0 := threadCPUSeconds()
	for i := 0; i < b.N; i++ {
		n := Perft(p, depth)
		if n != want {
			b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
		}
		nodes += n
	}
	cpu := threadCPUSeconds() - cpu0
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu, "nodes/cpu-s")
	}
}

// BenchmarkPerftStart5 is the speed figure: start position, depth 5,
// 133,312,995 nodes, bulk counting, single thread.
func BenchmarkPerftStart5(b *testing.B) {
	benchPerft(b, StartFEN, 5, 133312995)
}

// BenchmarkPerftStart4 is the same at depth 4 (3,290,240 nodes), short
// enough for instruction counting under valgrind.
func BenchmarkPerftStart4(b *testing.B) {
	benchPerft(b, StartFEN, 4, 3290240)
}

// BenchmarkPerftMidgame4 is a middle game with many captures and checks.
func BenchmarkPerftMidgame4(b *testing.B) {
	benchPerft(b, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 4, 1339047)
}

func BenchmarkGenerateLegal(b *testing.B) {
	p := mustFEN(b, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	var l position.MoveList
	for i := 0; i < b.N; i++ {
		l.Len = 0
		p.GenerateLegal(&l)
	}
}

func BenchmarkDoUndoMove(b *testing.B) {
	p := mustFEN(b, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	var l position.MoveList
	p.GenerateLegal(&l)
	var st position.State
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := l.Moves[i%l.Len]
		p.DoMove(m, &st)
		p.UndoMove(m)
	}
}

func BenchmarkGenerateLegalStart(b *testing.B) {
	p := mustFEN(b, StartFEN)
	var l position.MoveList
	for i := 0; i < b.N; i++ {
		l.Len = 0
		p.GenerateLegal(&l)
	}
}
