// Xiangqi search tests: rule verdicts (perpetual check and chase lose), determinism, allocations.
package search_test

import (
	"testing"

	"dualnnue/position"
	"dualnnue/search"
)

// TestPerpetualLosesXiangqi: the search uses RuleVerdict's value. In the
// shared cases XQ-08 (red cannon perpetually chases a rook) and XQ-11
// (black soldier perpetually checks), the side that would complete the
// third occurrence avoids that move, which the rules score as a loss.
func TestPerpetualLosesXiangqi(t *testing.T) {
	cases := []struct {
		id, fen string
		moves   []string
		repeat  string
	}{
		{"XQ-08", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
			[]string{"c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7"}, "b2a2"},
		{"XQ-11", "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
			[]string{"f1e1", "f2e2", "e1f1", "e2f2", "f1e1", "f2e2", "e1f1"}, "e2f2"},
	}
	s := newXiangqiSearcher(oneThread())
	for _, c := range cases {
		pos := xiangqiPos(c.fen)
		var states [16]position.State
		search.PlayMoves(t, pos, states[:], c.moves)
		rep, err := pos.ParseMove(c.repeat)
		if err != nil {
			t.Fatal(err)
		}
		// Searching only the repeating move shows the rule's verdict.
		res := s.Search(pos, search.Limits{Depth: 4, SearchMoves: []position.Move{rep}}, nil)
		if res.Score > -position.ValueMateInMaxPly {
			t.Errorf("%s: %s scored %v, want a loss", c.id, c.repeat, res.Score)
		}
		res = s.Search(pos, search.Limits{Depth: 6}, nil)
		if res.BestMove == rep || res.Score <= -position.ValueMateInMaxPly {
			t.Errorf("%s: search plays %s with %v", c.id, pos.MoveString(res.BestMove), res.Score)
		}
	}
}

func TestDeterministicOneThreadXiangqi(t *testing.T) {
	s := newXiangqiSearcher(oneThread())
	for _, lim := range []search.Limits{{Depth: 7}, {Nodes: 30000}} {
		for _, fen := range xiangqiBenchFENs[:5] {
			s.Clear()
			a := s.Search(xiangqiPos(fen), lim, nil)
			s.Clear()
			b := s.Search(xiangqiPos(fen), lim, nil)
			if a.BestMove != b.BestMove || a.Score != b.Score || a.Nodes != b.Nodes {
				t.Errorf("%s %+v: %v %v %d vs %v %v %d", fen, lim, a.BestMove, a.Score, a.Nodes, b.BestMove, b.Score, b.Nodes)
			}
			if lim.Nodes > 0 && a.Nodes != lim.Nodes {
				t.Errorf("%s: hard limit %d, searched %d", fen, lim.Nodes, a.Nodes)
			}
		}
	}
}

func TestNoAllocationsPerNodeXiangqi(t *testing.T) {
	s := newXiangqiSearcher(oneThread())
	pos := xiangqiPos(xiangqiBenchFENs[3])
	count := func(depth int) (float64, uint64) {
		var nodes uint64
		a := testing.AllocsPerRun(2, func() {
			s.Clear()
			nodes = s.Search(pos, search.Limits{Depth: depth}, nil).Nodes
		})
		return a, nodes
	}
	a3, n3 := count(3)
	a8, n8 := count(8)
	if a8 != a3 || n8 < 10*n3 || a8 > 4 {
		t.Fatalf("allocations: depth 3 %v (%d nodes), depth 8 %v (%d nodes): want equal, at most 4", a3, n3, a8, n8)
	}
}

// TestLazySMPXiangqi runs a 2-thread search (meaningful under -race).
func TestLazySMPXiangqi(t *testing.T) {
	o := search.DefaultOptions
	o.Threads = 2
	s := newXiangqiSearcher(o)
	pos := xiangqiPos(xiangqiBenchFENs[0])
	res := s.Search(pos, search.Limits{Depth: 7}, nil)
	var legal position.MoveList
	pos.GenerateLegal(&legal)
	if res.Depth != 7 || !legal.Contains(res.BestMove) {
		t.Fatalf("2 threads: %+v", res)
	}
}

// TestTerminalRootXiangqi: XQ-07, stalemate loses in xiangqi: mate 0.
func TestTerminalRootXiangqi(t *testing.T) {
	s := newXiangqiSearcher(oneThread())
	res := s.Search(xiangqiPos("3k5/2P6/9/9/9/4R4/9/9/9/4K4 b - - 0 1"), search.Limits{Depth: 3}, nil)
	if res.BestMove != position.MoveNone || res.Score != position.MatedIn(0) {
		t.Fatalf("stalemated root: %+v", res)
	}
}

// TestDeadPositionIsDrawXiangqi: XQ-26 in the search. With only generals,
// advisors and elephants on the board every line is a dead draw, so the
// search scores 0 whatever the material (the evaluation alone would count
// red's four extra pieces), and still answers a legal move.
func TestDeadPositionIsDrawXiangqi(t *testing.T) {
	s := newXiangqiSearcher(oneThread())
	for _, fen := range []string{
		"3k5/9/9/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1",
		"3k5/9/9/9/9/9/9/4B4/4A4/2BAK4 b - - 0 1",
	} {
		pos := xiangqiPos(fen)
		res := s.Search(pos, search.Limits{Depth: 6}, nil)
		if res.Score != position.ValueDraw || res.BestMove == position.MoveNone {
			t.Errorf("%s: score %v, best move %v; want a draw with a move", fen, res.Score, res.BestMove)
		}
	}
	// Red, in check from the last black rook, takes it (with the advisor or
	// the general: either is a dead draw) rather than step aside into a
	// rook ending it would lose.
	pos := xiangqiPos("3k5/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1")
	res := s.Search(pos, search.Limits{Depth: 6}, nil)
	if mv := pos.MoveString(res.BestMove); mv[2:] != "e1" || res.Score != position.ValueDraw {
		t.Errorf("capture into a dead draw: %s %v, want a capture on e1 with a draw", mv, res.Score)
	}
}
