package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// The second move of a PV node (reducible, Params.LMRPVSecond): spared
// everywhere by default, only at ply 1 with the switch, as Stockfish
// 15.1's moveCount > 1 + (PvNode && ply <= 1).
func TestReducibleLMRPVSecond(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		moveCount, ply int
		pvNode         bool
		off, on        bool
	}{
		{2, 1, true, false, false},  // the second move of a PV node at ply 1: spared both ways
		{2, 2, true, false, true},   // at ply 2 reduced with the switch
		{2, 7, true, false, true},   // and deeper
		{3, 1, true, true, true},    // the third move: reduced both ways
		{2, 2, false, true, true},   // a non-PV node: reduced both ways
		{1, 2, true, false, false},  // the first move never
		{1, 2, false, false, false}, // nor at a non-PV node
	} {
		for _, sw := range []int{0, 1} {
			w.prm.LMRPVSecond = sw
			want := c.off
			if sw == 1 {
				want = c.on
			}
			if got := w.reducible(5, c.moveCount, c.ply, c.pvNode, false, false, true); got != want {
				t.Errorf("LMRPVSecond %d, %+v: reducible %v, want %v", sw, c, got, want)
			}
		}
	}
}

// The depth of a reduced search (lmrDepth, Params.LMRExtend): newDepth − r
// within [1, newDepth], or [1, newDepth + 1] with the switch.
func TestLMRDepthClamp(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		newDepth, r int
		off, on     int
	}{
		{8, 3, 5, 5},
		{8, 0, 8, 8},
		{8, -1, 8, 9},
		{8, -4, 8, 9},
		{8, 12, 1, 1},
		{1, -2, 1, 2},
		{2, 2, 1, 1},
	} {
		for _, sw := range []int{0, 1} {
			w.prm.LMRExtend = sw
			want := c.off
			if sw == 1 {
				want = c.on
			}
			if got := w.lmrDepth(c.newDepth, c.r); got != want {
				t.Errorf("LMRExtend %d, newDepth %d, r %d: depth %d, want %d", sw, c.newDepth, c.r, got, want)
			}
		}
	}
}

// The shallow-depth pruning's gate (prunable, Params.PruneMaterial), and
// the material it reads (HasMajorMaterial of the side to move: in xiangqi
// a rook, horse or cannon, not the defenders HasNonPawnMaterial counts).
func TestPrunable(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	mated := -mateBound
	for _, c := range []struct {
		best    position.Value
		npm     bool
		off, on bool
	}{
		{0, true, true, true},
		{0, false, true, false},
		{-300, false, true, false},
		{mated, true, false, false},
		{mated + 1, true, true, true},
		{-valueInf, false, false, false},
	} {
		for _, sw := range []int{0, 1} {
			w.prm.PruneMaterial = sw
			want := c.off
			if sw == 1 {
				want = c.on
			}
			if got := w.prunable(c.best, c.npm); got != want {
				t.Errorf("PruneMaterial %d, best %d, npm %v: prunable %v, want %v", sw, c.best, c.npm, got, want)
			}
		}
	}
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"8/5pk1/8/8/8/8/5PK1/8 w - - 0 1", false},   // king and pawns
		{"8/5pk1/8/8/8/8/5PK1/6N1 w - - 0 1", true},  // and a knight
		{"8/5pk1/8/8/8/8/5PK1/6N1 b - - 0 1", false}, // the side to move has none
	} {
		p, err := chess.NewFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.HasMajorMaterial(p.SideToMove()); got != c.want {
			t.Errorf("%s: HasMajorMaterial %v, want %v", c.fen, got, c.want)
		}
	}
	for _, c := range []struct {
		fen        string
		major, npm bool
	}{
		{"2bakab2/9/9/9/4p4/4P4/9/4B4/4A4/2BAK4 w - - 0 1", false, true},  // advisors, elephants and a pawn: defenders only
		{"2bakab2/9/9/9/4p4/4P4/9/4B4/4A4/2BAK4 b - - 0 1", false, true},  // the same for Black
		{"2bakab2/9/9/9/4p4/4P4/9/4B4/4A4/2BAKN3 w - - 0 1", true, true},  // and a horse
		{"2bakab2/9/9/9/4p4/4P4/9/4B4/4A4/2BAKC3 w - - 0 1", true, true},  // a cannon
		{"2bakab2/9/9/9/4p4/4P4/9/4B4/4A4/2BAKR3 w - - 0 1", true, true},  // a rook
		{"2bakab2/9/9/9/4p4/4P4/9/4B4/4A4/2BAKR3 b - - 0 1", false, true}, // Black still defends only
		{"4k4/9/9/9/4p4/4P4/9/9/9/4K4 w - - 0 1", false, false},           // kings and pawns
	} {
		p, err := xiangqi.NewFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		us := p.SideToMove()
		if got := p.HasMajorMaterial(us); got != c.major {
			t.Errorf("%s: HasMajorMaterial %v, want %v", c.fen, got, c.major)
		}
		if got := p.HasNonPawnMaterial(us); got != c.npm {
			t.Errorf("%s: HasNonPawnMaterial %v, want %v", c.fen, got, c.npm)
		}
	}
}

// Which root moves are searched again with the full window (rootResearch,
// Params.RootFullResearch): one that beats alpha, and with the switch one
// that reaches beta too.
func TestRootResearch(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	const alpha, beta = 10, 30
	for _, c := range []struct {
		v       position.Value
		off, on bool
	}{
		{5, false, false},
		{10, false, false},
		{11, true, true},
		{29, true, true},
		{30, false, true},
		{500, false, true},
	} {
		for _, sw := range []int{0, 1} {
			w.prm.RootFullResearch = sw
			want := c.off
			if sw == 1 {
				want = c.on
			}
			if got := w.rootResearch(c.v, alpha, beta); got != want {
				t.Errorf("RootFullResearch %d, v %d in (%d, %d): %v, want %v", sw, c.v, alpha, beta, got, want)
			}
		}
	}
}

// The captures the quiescence search's delta pruning spares with
// Params.QSDeltaExempt (qsDeltaExempt): a promotion, a recapture on the
// last move's square (not after a null move), a check; none with the
// switch off.
func TestQSDeltaExempt(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	p, err := chess.NewFromFEN("r3k2r/1P6/6N1/3p4/4P3/8/8/R3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	move := func(s string) position.Move {
		m, err := w.pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, c := range []struct {
		m, last string // last "": no last move, "null": a null move
		on      bool
	}{
		{"b7a8n", "", true},     // a capture that promotes without check
		{"g6h8", "", false},     // a plain capture on h8
		{"g6h8", "null", false}, // after a null move (whose destination bits read h8)
		{"b7a8q", "", true},     // a capture that promotes
		{"a1a8", "", true},      // a capture that checks
		{"e4d5", "", false},     // a plain capture
		{"e4d5", "e4d5", true},  // a recapture on d5
		{"e4d5", "a1a8", false}, // the last move went elsewhere
	} {
		last := position.MoveNone
		switch c.last {
		case "":
		case "null":
			last = position.MoveNull
		default:
			last = move(c.last)
		}
		for _, sw := range []int{0, 1} {
			w.prm.QSDeltaExempt = sw
			want := c.on && sw == 1
			if got := w.qsDeltaExempt(move(c.m), last); got != want {
				t.Errorf("QSDeltaExempt %d, %s after %q: exempt %v, want %v", sw, c.m, c.last, got, want)
			}
		}
	}
}

// The main search's rule verdicts (drawValue, Params.DrawJitter): a draw
// −1 or +1 by the node count's second bit with the switch, 0 without;
// every other verdict as it is.
func TestDrawValue(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		v       position.Value
		nodes   uint64
		off, on position.Value
	}{
		{position.ValueDraw, 0, 0, -1},
		{position.ValueDraw, 1, 0, -1},
		{position.ValueDraw, 2, 0, 1},
		{position.ValueDraw, 3, 0, 1},
		{position.ValueDraw, 4, 0, -1},
		{position.ValueDraw, 1<<40 + 6, 0, 1},
		{position.MatedIn(7), 2, position.MatedIn(7), position.MatedIn(7)},
		{position.MateIn(3), 0, position.MateIn(3), position.MateIn(3)},
		{1, 2, 1, 1},
	} {
		w.nodes = c.nodes
		for _, sw := range []int{0, 1} {
			w.prm.DrawJitter = sw
			want := c.off
			if sw == 1 {
				want = c.on
			}
			if got := w.drawValue(c.v); got != want {
				t.Errorf("DrawJitter %d, verdict %d at %d nodes: %d, want %d", sw, c.v, c.nodes, got, want)
			}
		}
	}
}
