// Chess search tests: determinism, allocations, Lazy SMP under -race, limits.
package search_test

import (
	"testing"
	"time"

	"dualnnue/position"
	"dualnnue/search"
)

// TestDeterministicOneThread: with one thread, a depth or node limit gives
// the same move, score and node count every time (after Clear).
func TestDeterministicOneThreadChess(t *testing.T) {
	s := newChessSearcher(oneThread())
	for _, lim := range []search.Limits{{Depth: 8}, {Nodes: 30000}, {SoftNodes: 20000}} {
		for _, fen := range chessBenchFENs[:6] {
			var first search.Result
			for run := 0; run < 2; run++ {
				s.Clear()
				res := s.Search(chessPos(fen), lim, nil)
				if run == 0 {
					first = res
					continue
				}
				if res.BestMove != first.BestMove || res.Score != first.Score || res.Nodes != first.Nodes {
					t.Errorf("%s %+v: run 1 %v %v %d nodes, run 2 %v %v %d nodes", fen, lim,
						first.BestMove, first.Score, first.Nodes, res.BestMove, res.Score, res.Nodes)
				}
			}
			if lim.Nodes > 0 && first.Nodes != lim.Nodes {
				t.Errorf("%s: hard limit %d but searched %d nodes", fen, lim.Nodes, first.Nodes)
			}
		}
	}
}

// TestNoAllocationsPerNode: the allocations of a whole search do not grow
// with its size (the few per search are the result's PV slices).
func TestNoAllocationsPerNodeChess(t *testing.T) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[1])
	count := func(depth int) (float64, uint64) {
		var nodes uint64
		a := testing.AllocsPerRun(2, func() {
			s.Clear()
			nodes = s.Search(pos, search.Limits{Depth: depth}, nil).Nodes
		})
		return a, nodes
	}
	a4, n4 := count(4)
	a9, n9 := count(8)
	if a9 != a4 || n9 < 10*n4 {
		t.Fatalf("allocations: depth 4 %v (%d nodes), depth 9 %v (%d nodes): want equal", a4, n4, a9, n9)
	}
	if a9 > 4 {
		t.Fatalf("%v allocations per search, want at most 4", a9)
	}
}

// TestLazySMPChess runs a 2-thread search (meaningful under -race).
func TestLazySMPChess(t *testing.T) {
	o := search.DefaultOptions
	o.Threads = 2
	s := newChessSearcher(o)
	pos := chessPos(chessBenchFENs[5])
	var infos int
	res := s.Search(pos, search.Limits{Depth: 9}, func(i *search.Info) { infos++ })
	if res.BestMove == position.MoveNone || res.Depth != 9 || infos == 0 {
		t.Fatalf("2 threads: %+v, %d infos", res, infos)
	}
	var legal position.MoveList
	pos.GenerateLegal(&legal)
	if !legal.Contains(res.BestMove) {
		t.Fatalf("best move %v not legal", res.BestMove)
	}
	// Every thread checks the published total every 256 nodes: a thread
	// overshoots by at most its unpublished nodes plus one interval, 512,
	// whatever the scheduler does (a main thread descheduled on a loaded
	// machine once let the helper run on for 7,000 nodes).
	res = s.Search(pos, search.Limits{Nodes: 50000}, nil)
	if res.Nodes < 50000 || res.Nodes > 50000+2*512 {
		t.Fatalf("2 threads, nodes 50000: searched %d", res.Nodes)
	}
}

// TestStopLatency: Stop during an infinite search returns well within 10 ms
// (the bound here is generous for loaded CI machines; see BenchmarkStopLatency).
func TestStopLatency(t *testing.T) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[1])
	// The best of three trials: one trial on a loaded machine can lose its
	// core for longer than the bound; three in a row mean a slow stop.
	best := time.Hour
	for trial := 0; trial < 3 && best > 100*time.Millisecond; trial++ {
		done := make(chan time.Time)
		go func() {
			s.Search(pos, search.Limits{Infinite: true}, nil)
			done <- time.Now()
		}()
		time.Sleep(100 * time.Millisecond)
		t0 := time.Now()
		s.Stop()
		best = min(best, (<-done).Sub(t0))
	}
	if best > 100*time.Millisecond {
		t.Fatalf("stop took %v (the best of three trials)", best)
	}
}

// TestOptionChanges: Hash, Threads and MultiPV change between searches.
func TestOptionChanges(t *testing.T) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[5])
	s.Clear()
	want := s.Search(pos, search.Limits{Depth: 6}, nil)
	s.SetHash(1)
	s.SetThreads(3)
	s.SetMultiPV(2)
	if res := s.Search(pos, search.Limits{Depth: 6}, nil); len(res.Lines) != 2 || s.TT().SizeBytes() != 1<<20 {
		t.Fatalf("3 threads, MultiPV 2, 1 MiB: %d lines, %d bytes", len(res.Lines), s.TT().SizeBytes())
	}
	s.SetThreads(1)
	s.SetMultiPV(1)
	s.SetHash(16)
	s.Clear()
	if res := s.Search(pos, search.Limits{Depth: 6}, nil); res.BestMove != want.BestMove || res.Nodes != want.Nodes {
		t.Fatalf("back to 1 thread: %v %d nodes, want %v %d", res.BestMove, res.Nodes, want.BestMove, want.Nodes)
	}
}

// TestNoAllocationsPerNodeSwitches: the same with the default-off switches
// that keep per-node state on (ContHistDeep's deeper tables, ThreatOrder's
// threat sets), in both games.
func TestNoAllocationsPerNodeSwitches(t *testing.T) {
	cs, xs := newChessSearcher(oneThread()), newXiangqiSearcher(oneThread())
	for _, p := range []struct {
		name string
		v    int
	}{{"ContHistDeep", 2}, {"ThreatOrder", 25000}, {"TTRepKey", 1}} {
		if err := cs.SetParam(p.name, p.v); err != nil {
			t.Fatal(err)
		}
		if err := xs.SetParam(p.name, p.v); err != nil {
			t.Fatal(err)
		}
	}
	cpos, xpos := chessPos(chessBenchFENs[1]), xiangqiPos(xiangqiBenchFENs[3])
	count := func(search func() uint64) (float64, uint64) {
		var nodes uint64
		a := testing.AllocsPerRun(2, func() { nodes = search() })
		return a, nodes
	}
	for _, g := range []struct {
		name          string
		shallow, deep func() uint64
	}{
		{"chess", func() uint64 { cs.Clear(); return cs.Search(cpos, search.Limits{Depth: 4}, nil).Nodes },
			func() uint64 { cs.Clear(); return cs.Search(cpos, search.Limits{Depth: 8}, nil).Nodes }},
		{"xiangqi", func() uint64 { xs.Clear(); return xs.Search(xpos, search.Limits{Depth: 3}, nil).Nodes },
			func() uint64 { xs.Clear(); return xs.Search(xpos, search.Limits{Depth: 8}, nil).Nodes }},
	} {
		a0, n0 := count(g.shallow)
		a1, n1 := count(g.deep)
		if a1 != a0 || n1 < 10*n0 || a1 > 4 {
			t.Errorf("%s: allocations at the shallow depth %v (%d nodes), deep %v (%d nodes): want equal, at most 4", g.name, a0, n0, a1, n1)
		}
	}
}
