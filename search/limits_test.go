// Tests of the limits: clocks, ponder, infinite, searchmoves, MultiPV, terminal roots.
package search_test

import (
	"runtime"
	"testing"
	"time"

	"dualnnue/position"
	"dualnnue/search"
)

// TestTimeControl1s plays a game against itself at 1 s + 0.01 s, charging
// each side its wall-clock time plus 2 ms of simulated latency per move: no
// side may run out of time. When the machine is overloaded (other test
// binaries, other users: the thread got less than half of the wall time) a
// move is charged its thread CPU time instead, so the test checks the time
// manager rather than the scheduler. The search itself always uses wall time.
func TestTimeControl1s(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[0])
	var clock = [2]time.Duration{time.Second, time.Second}
	const inc = 10 * time.Millisecond
	var states [200]position.State
	var longest time.Duration
	for ply := 0; ply < 120; ply++ {
		us := pos.SideToMove()
		lim := search.Limits{Time: clock, Inc: [2]time.Duration{inc, inc}, HasTime: [2]bool{true, true}}
		t0, c0 := time.Now(), threadCPU()
		res := s.Search(pos, lim, nil)
		used, cpu := time.Since(t0), threadCPU()-c0
		if cpu > 0 && cpu < used/2 {
			used = cpu
		}
		used += 2 * time.Millisecond
		longest = max(longest, used)
		if testing.Verbose() {
			t.Logf("ply %d clock %v used %v depth %d nodes %d", ply, clock[us], used, res.Depth, res.Nodes)
		}
		clock[us] -= used
		if clock[us] <= 0 {
			t.Fatalf("ply %d: side %v lost on time (used %v)", ply, us, used)
		}
		clock[us] += inc
		if res.BestMove == position.MoveNone {
			break
		}
		pos.DoMove(res.BestMove, &states[ply])
		if _, over := pos.RuleVerdict(0); over {
			break
		}
	}
	t.Logf("clocks left %v, longest move %v", clock, longest)
}

// TestDepthWithOnlyOpponentClock: "go depth 6 btime 50" for White searches
// to depth 6: only the side to move's clock limits the search.
func TestDepthWithOnlyOpponentClock(t *testing.T) {
	s := newChessSearcher(oneThread())
	lim := search.Limits{Depth: 6, Time: [2]time.Duration{0, 50 * time.Millisecond}, HasTime: [2]bool{false, true}}
	res := s.Search(chessPos(chessBenchFENs[0]), lim, nil)
	if res.Depth != 6 {
		t.Fatalf("reached depth %d, want 6", res.Depth)
	}
}

// TestZeroClockAnswers: "go wtime 0" and "go movetime 0" (mapped to 1 ns)
// answer at once with a searched legal move.
func TestZeroClockAnswers(t *testing.T) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[1])
	for _, lim := range []search.Limits{
		{HasTime: [2]bool{true, true}},
		{MoveTime: 1},
	} {
		t0 := time.Now()
		res := s.Search(pos, lim, nil)
		// 2 s: a hang detector, not a timing test (a loaded machine may
		// not run the searcher for a while).
		if el := time.Since(t0); el > 2*time.Second || res.BestMove == position.MoveNone || res.Depth < 1 {
			t.Fatalf("%+v: %v after %v, depth %d", lim, res.BestMove, el, res.Depth)
		}
	}
}

// TestMoveTime: movetime 150 ms uses most of it (the lower bound, which a
// loaded machine can only help) and stops on the clock; the upper bound is
// a hang detector of ten times the movetime, since a loaded machine may
// deschedule the searcher (the overrun itself is measured by
// BenchmarkStopLatency and the match runs in docs/strength.md, not here).
func TestMoveTime(t *testing.T) {
	s := newChessSearcher(oneThread())
	t0 := time.Now()
	s.Search(chessPos(chessBenchFENs[5]), search.Limits{MoveTime: 150 * time.Millisecond}, nil)
	if el := time.Since(t0); el < 100*time.Millisecond || el > 1500*time.Millisecond {
		t.Fatalf("movetime 150ms took %v", el)
	}
}

// TestTerminalRoots: a checkmated root answers MoveNone with mate 0 at
// once; with go infinite only after Stop; chess stalemate scores a draw.
func TestTerminalRoots(t *testing.T) {
	s := newChessSearcher(oneThread())
	mated := chessPos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	var info search.Info
	res := s.Search(mated, search.Limits{Depth: 5}, func(i *search.Info) { info = *i })
	if res.BestMove != position.MoveNone || res.Score != position.MatedIn(0) || info.Depth != 0 || info.Score.String() != "mate 0" {
		t.Fatalf("mated root: %+v, info %+v", res, info)
	}
	stalemate := chessPos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if res := s.Search(stalemate, search.Limits{Depth: 5}, nil); res.BestMove != position.MoveNone || res.Score != position.ValueDraw {
		t.Fatalf("stalemate root: %+v", res)
	}
	done := make(chan search.Result)
	go func() { done <- s.Search(mated, search.Limits{Infinite: true}, nil) }()
	select {
	case <-done:
		t.Fatal("go infinite on a mated root returned before stop")
	case <-time.After(50 * time.Millisecond):
	}
	s.Stop()
	if res := <-done; res.BestMove != position.MoveNone {
		t.Fatalf("after stop: %+v", res)
	}
}

// TestPonder: a ponder search keeps going past its clock until PonderHit,
// then stops on the clock instead of pondering on. The search's hard limit
// after the hit is well under the 100 ms clock (TestPlanTime pins the plan's
// figures); the wall-clock bound here is 20 times the clock, so that only a
// search that ignores the hit fails, not a loaded machine that schedules
// the searcher late.
func TestPonder(t *testing.T) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[5])
	lim := search.Limits{Ponder: true, Time: [2]time.Duration{100 * time.Millisecond, 100 * time.Millisecond}, HasTime: [2]bool{true, true}}
	done := make(chan search.Result)
	go func() { done <- s.Search(pos, lim, nil) }()
	select {
	case <-done:
		t.Fatal("ponder search returned before ponderhit")
	case <-time.After(150 * time.Millisecond):
	}
	t0 := time.Now()
	s.PonderHit()
	res := <-done
	if el := time.Since(t0); el > 2*time.Second || res.BestMove == position.MoveNone {
		t.Fatalf("after ponderhit: %v in %v", res.BestMove, el)
	}
}

// TestSearchMovesAndMultiPV: searchmoves restricts the root; MultiPV gives
// ordered lines whose first is the result.
func TestSearchMovesAndMultiPV(t *testing.T) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[0])
	a3, _ := pos.ParseMove("a2a3")
	h3, _ := pos.ParseMove("h2h3")
	res := s.Search(pos, search.Limits{Depth: 6, SearchMoves: []position.Move{a3, h3}}, nil)
	if res.BestMove != a3 && res.BestMove != h3 {
		t.Fatalf("searchmoves a2a3 h2h3: got %s", pos.MoveString(res.BestMove))
	}
	var lines [4]int
	res = s.Search(pos, search.Limits{Depth: 7, MultiPV: 3}, func(i *search.Info) {
		if i.Depth == 7 {
			lines[i.MultiPV]++
		}
	})
	if len(res.Lines) != 3 || lines != [4]int{0, 1, 1, 1} || res.Lines[0].PV[0] != res.BestMove {
		t.Fatalf("multipv 3: %d lines, infos at depth 7 %v", len(res.Lines), lines)
	}
	for i := 1; i < 3; i++ {
		if res.Lines[i].Score > res.Lines[i-1].Score || res.Lines[i].PV[0] == res.Lines[i-1].PV[0] {
			t.Fatalf("multipv lines out of order: %+v", res.Lines)
		}
	}
}

// TestStartStopAtOnce: a Stop right after Start is never lost.
func TestStartStopAtOnce(t *testing.T) {
	s := newChessSearcher(oneThread())
	pos := chessPos(chessBenchFENs[1])
	for i := 0; i < 20; i++ {
		ch := s.Start(pos, search.Limits{Infinite: true}, nil)
		s.Stop()
		select {
		case res := <-ch:
			if res.BestMove == position.MoveNone {
				t.Fatal("no best move")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Stop right after Start was lost")
		}
	}
}

// TestStopMultiPVReportsBest is the shared case CH-15: with Threads 2 and
// MultiPV 8, a stop during go infinite gives a legal best move equal to the
// first move of the last "multipv 1" line.
func TestStopMultiPVReportsBest(t *testing.T) {
	o := search.DefaultOptions
	o.Threads, o.MultiPV = 2, 8
	s := newChessSearcher(o)
	pos := chessPos("R7/3b2kp/3r2p1/4p1N1/P6P/2b1PBP1/5P2/6K1 b - - 2 35")
	var last1 []position.Move
	ch := s.Start(pos, search.Limits{Infinite: true}, func(i *search.Info) {
		if i.MultiPV == 1 {
			last1 = append(last1[:0], i.PV...)
		}
	})
	time.Sleep(300 * time.Millisecond)
	s.Stop()
	res := <-ch
	var legal position.MoveList
	pos.GenerateLegal(&legal)
	if legal.Len != 31 || !legal.Contains(res.BestMove) || len(last1) == 0 || last1[0] != res.BestMove {
		t.Fatalf("best %v, last multipv 1 line %v, %d legal", res.BestMove, last1, legal.Len)
	}
	if len(res.Lines) != 8 {
		t.Fatalf("%d lines", len(res.Lines))
	}
}
