// Benchmarks: perft speed (nodes/s) and the hot paths.
package chess

import (
	"testing"

	"dualnnue/position"
)

// BenchmarkPerftStart6 counts the start position to depth 6 (119,060,324
// nodes) with bulk counting on one thread and reports nodes/s.
func BenchmarkPerftStart6(b *testing.B) {
	p := mustFEN(b, StartFEN)
	var nodes uint64
	for b.Loop() {
		nodes = Perft(p, 6)
	}
	if nodes != 119060324 {
		b.Fatalf("perft(6) = %d", nodes)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftKiwipete5 counts Kiwipete to depth 5 (193,690,690 nodes).
func BenchmarkPerftKiwipete5(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var nodes uint64
	for b.Loop() {
		nodes = Perft(p, 5)
	}
	if nodes != 193690690 {
		b.Fatalf("perft(5) = %d", nodes)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkGenerateLegal(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var l position.MoveList
	for b.Loop() {
		l.Len = 0
		p.GenerateLegal(&l)
	}
}

func BenchmarkDoUndo(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var l position.MoveList
	p.GenerateLegal(&l)
	var st position.State
	for b.Loop() {
		for _, m := range l.Slice() {
			p.DoMove(m, &st)
			p.UndoMove(m)
		}
	}
}
