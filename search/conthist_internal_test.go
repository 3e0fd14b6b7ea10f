package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
)

// TestContHistDeepTables: which continuation tables one history update
// writes (Params.ContHistDeep; Stockfish 15.1's update_continuation_
// histories): the moves one and two plies back always; four plies back
// from ContHistDeep 1 and six from 2, but not when the node is in check,
// not before the root and not after a null move, and never the shared
// table hist.cont[0][0] for them. The prior-move update (priorContHistory)
// is the same update one ply up, judged by the parent's check. With
// Params.ContHistIsOK the tables one and two plies back follow the same
// rule, so the shared table is never written.
func TestContHistDeepTables(t *testing.T) {
	const bonus = 100
	pc, to := chess.WhiteKnight, position.Square(21)
	m := chess.NewMove(6, 21)
	for _, c := range []struct {
		name       string
		deep, ply  int
		inCheck    bool
		nullAt     int // a null move made from this ply (-1: none)
		want       []int
		wantShared bool
		prior      bool // priorContHistory(ply) instead of contHistory(ply)
		isOK       bool // Params.ContHistIsOK
	}{
		{"off", 0, 8, false, -1, []int{7, 6}, false, false, false},
		{"four", 1, 8, false, -1, []int{7, 6, 4}, false, false, false},
		{"four and six", 2, 8, false, -1, []int{7, 6, 4, 2}, false, false, false},
		{"in check", 2, 8, true, -1, []int{7, 6}, false, false, false},
		{"null four back", 2, 8, false, 4, []int{7, 6, 2}, false, false, false},
		{"null six back", 2, 8, false, 2, []int{7, 6, 4}, false, false, false},
		{"near the root", 2, 3, false, -1, []int{2, 1}, false, false, false},
		{"at ply 1", 2, 1, false, -1, []int{0}, true, false, false},
		{"prior move", 2, 9, false, -1, []int{7, 6, 4, 2}, false, true, false},
		{"prior move, parent in check", 2, 9, true, -1, []int{7, 6}, false, true, false},
		{"null one back", 0, 8, false, 7, []int{6}, true, false, false},
		{"null one back, is_ok", 0, 8, false, 7, []int{6}, false, false, true},
		{"null two back, is_ok", 2, 8, false, 6, []int{7, 4, 2}, false, false, true},
		{"at ply 1, is_ok", 2, 1, false, -1, []int{0}, false, false, true},
		{"prior move at ply 1, is_ok", 0, 1, false, -1, nil, false, true, true},
		{"prior move at ply 1", 0, 1, false, -1, nil, true, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
			w.prm.ContHistDeep = c.deep
			w.prm.ContHistIsOK = b2i(c.isOK)
			// Ply k's move is a piece k+1 to square k: a table of its own.
			for k := 0; k < 12; k++ {
				w.stack[k].move = chess.NewMove(0, position.Square(k))
				w.stack[k].cont = &w.hist.cont[position.Piece(k+1)][k]
			}
			if c.nullAt >= 0 {
				w.stack[c.nullAt].move = position.MoveNull
				w.stack[c.nullAt].cont = &w.hist.cont[0][0]
			}
			if c.prior {
				w.states[c.ply].Move = m
				w.states[c.ply].Dirty.Pieces[0].Piece = pc
				w.states[c.ply-1].InCheck = c.inCheck
				w.priorContHistory(c.ply, bonus)
			} else {
				w.states[c.ply].InCheck = c.inCheck
				w.contHistory(c.ply, pc, to, bonus)
			}
			want := map[int]bool{}
			for _, k := range c.want {
				want[k] = true
			}
			for k := 0; k < 12; k++ {
				if k == c.nullAt {
					continue
				}
				got := w.hist.cont[position.Piece(k+1)][k][pc][to]
				if want[k] != (got != 0) {
					t.Errorf("the table of ply %d holds %d, want it written: %v", k, got, want[k])
				}
			}
			if got := w.hist.cont[0][0][pc][to]; c.wantShared != (got != 0) {
				t.Errorf("the shared table holds %d, want it written: %v", got, c.wantShared)
			}
		})
	}
}

// The history update after a reduced move's re-search (Params.PostLMRBonus):
// the bonus of the new depth into the continuation tables of the two moves
// before, up while the move beats alpha, down once it does not, a sixth for
// a capture.
func TestPostLMRHistory(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	w.prm = DefaultParams(position.Chess)
	for k := 0; k < 6; k++ {
		w.stack[k].move = chess.NewMove(0, position.Square(k))
		w.stack[k].cont = &w.hist.cont[position.Piece(k+1)][k]
	}
	const ply, pc, to, depth = 4, position.Piece(10), position.Square(20), 7
	b := w.statBonus(depth)
	if b <= 6 {
		t.Fatalf("statBonus(%d) = %d: too small for the test", depth, b)
	}
	entry := func(k int) int16 { return w.hist.cont[position.Piece(k+1)][k][pc][to] }
	w.postLMRHistory(ply, pc, to, depth, true, true)
	if entry(3) != int16(b) || entry(2) != int16(b) || entry(1) != 0 || entry(4) != 0 {
		t.Fatalf("quiet still good: entries %d %d %d %d, want 0 %d %d 0", entry(1), entry(2), entry(3), entry(4), b, b)
	}
	w.hist.clear()
	w.postLMRHistory(ply, pc, to, depth, false, true)
	if entry(3) != int16(-b) || entry(2) != int16(-b) {
		t.Fatalf("quiet no longer good: entries %d %d, want %d", entry(2), entry(3), -b)
	}
	w.hist.clear()
	w.postLMRHistory(ply, pc, to, depth, true, false)
	if entry(3) != int16(b/6) || entry(2) != int16(b/6) {
		t.Fatalf("capture still good: entries %d %d, want %d", entry(2), entry(3), b/6)
	}
	w.hist.clear()
	w.postLMRHistory(ply, pc, to, depth, false, false)
	if entry(3) != int16(-b/6) || entry(2) != int16(-b/6) {
		t.Fatalf("capture no longer good: entries %d %d, want %d", entry(2), entry(3), -b/6)
	}
	if w.hist.butterfly != ([2][position.ButterflySize]int16{}) || w.hist.capture != ([position.PieceNB][contSquares][8]int16{}) {
		t.Fatal("the update touched the butterfly or capture history")
	}
}

// Which moves late-move reductions reach (reducible, Params.LMRCaptures).
func TestReducible(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		depth, moveCount             int
		pvNode, cutNode, ttPv, quiet bool
		off, on                      bool // without and with LMRCaptures
	}{
		{2, 2, false, false, false, true, true, true},   // a late quiet
		{1, 9, false, false, false, true, false, false}, // depth 1
		{5, 1, false, true, false, true, false, false},  // the first move
		{5, 2, true, false, false, true, false, false},  // the second move of a PV node
		{5, 3, true, false, false, true, true, true},    // its third
		{5, 3, false, true, false, false, true, true},   // a capture at a cut node
		{5, 3, false, false, false, false, false, true}, // a capture at an all node
		{5, 3, false, false, true, false, false, false}, // the same with the PV flag
		{5, 3, true, false, true, false, false, false},  // a capture at a PV node
		{5, 3, true, false, false, false, false, false}, // the same without the flag
	} {
		for i, sw := range []int{0, 1} {
			w.prm.LMRCaptures = sw
			want := c.off
			if i == 1 {
				want = c.on
			}
			if got := w.reducible(c.depth, c.moveCount, 2, c.pvNode, c.cutNode, c.ttPv, c.quiet); got != want {
				t.Errorf("LMRCaptures %d, %+v: reducible %v, want %v", sw, c, got, want)
			}
		}
	}
}

// The node type's share of a late move's reduction (nodeTypeReduction,
// Params.LMRCutNodeExtra and Params.LMRPVDepth).
func TestNodeTypeReduction(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		cutExtra, pvDepth, depth int
		pvNode, cutNode          bool
		base, extra              int
	}{
		{0, 0, 5, false, false, 0, 0}, // an all node
		{0, 0, 5, true, false, -1, 0}, // a PV node, the default
		{0, 0, 5, false, true, 1, 0},  // a cut node, the default
		{1, 11, 5, false, false, 0, 0},
		{1, 0, 5, false, true, 1, 1},    // Stockfish 15.1's +2
		{3, 0, 9, false, true, 1, 3},    // the range's end
		{1, 11, 2, true, false, -1, -2}, // −1 − 11/5
		{0, 11, 3, true, false, -1, -1}, // −1 − 11/6
		{0, 11, 8, true, false, -1, -1}, // −1 − 11/11
		{0, 11, 9, true, false, -1, 0},  // −1 − 11/12
		{0, 40, 1, true, false, -1, -10},
	} {
		w.prm.LMRCutNodeExtra, w.prm.LMRPVDepth = c.cutExtra, c.pvDepth
		if base, extra := w.nodeTypeReduction(c.depth, c.pvNode, c.cutNode); base != c.base || extra != c.extra {
			t.Errorf("%+v: nodeTypeReduction %d, %d, want %d, %d", c, base, extra, c.base, c.extra)
		}
	}
}

// A late move's reduction (lmrReduction): each term once, a capture's
// halving, and the node type's extra share and the singular quiet's plies
// taken whole by captures too.
func TestLMRReduction(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	w.prm = DefaultParams(position.Chess)
	w.prm.LMRBase, w.prm.LMRDiv, w.prm.LMRHistoryDiv = 100, 100, 1000
	w.prm.LMRTTCapture, w.prm.TTPvLMR, w.prm.LMRParentMoves = 1, 1, 7
	w.prm.LMRCutNodeExtra, w.prm.LMRPVDepth = 0, 0
	w.lmr.init(&w.prm)
	tab := w.reduction(8, 20) // 1 + ln 8·ln 20 = 7.2: 7
	if tab != 7 {
		t.Fatalf("table reduction %d, want 7", tab)
	}
	all := lmrIn{depth: 8, moveCount: 20, improving: true, quiet: true} // a quiet move at an all node
	for _, c := range []struct {
		name              string
		cutExtra, pvDepth int
		edit              func(*lmrIn)
		want              int
	}{
		{"all node, improving", 0, 0, func(*lmrIn) {}, 7},
		{"not improving", 0, 0, func(in *lmrIn) { in.improving = false }, 8},
		{"check", 0, 0, func(in *lmrIn) { in.givesCheck = true }, 6},
		{"child cutoffs 4", 0, 0, func(in *lmrIn) { in.childCutoffs = 4 }, 8},
		{"child cutoffs 3", 0, 0, func(in *lmrIn) { in.childCutoffs = 3 }, 7},
		{"TT capture", 0, 0, func(in *lmrIn) { in.ttCapture = true }, 8},
		{"PV flag", 0, 0, func(in *lmrIn) { in.ttPv = true }, 6},
		{"parent moves 8", 0, 0, func(in *lmrIn) { in.parentMoves = 8 }, 6},
		{"killer, history 2500", 0, 0, func(in *lmrIn) { in.killer, in.stat = true, 2500 }, 4},
		{"history −3000", 0, 0, func(in *lmrIn) { in.stat = -3000 }, 10},
		{"PV node", 0, 0, func(in *lmrIn) { in.pvNode = true }, 6},
		{"PV node, LMRPVDepth 11", 0, 11, func(in *lmrIn) { in.pvNode = true }, 5},
		{"capture", 0, 0, func(in *lmrIn) { in.quiet = false }, 3},
		{"cut node, capture", 0, 0, func(in *lmrIn) { in.cutNode, in.quiet = true, false }, 4},
		{"cut node, capture, extra 1", 1, 0, func(in *lmrIn) { in.cutNode, in.quiet = true, false }, 5},
		{"cut node, quiet, extra 1", 1, 0, func(in *lmrIn) { in.cutNode = true }, 9},
		{"capture, singular quiet TT move", 0, 0, func(in *lmrIn) { in.quiet, in.singularLess = false, 1 }, 2},
		{"quiet, singular quiet TT move", 0, 0, func(in *lmrIn) { in.singularLess = 1 }, 6},
	} {
		w.prm.LMRCutNodeExtra, w.prm.LMRPVDepth = c.cutExtra, c.pvDepth
		in := all
		c.edit(&in)
		if got := w.lmrReduction(&in); got != c.want {
			t.Errorf("%s: lmrReduction %d, want %d", c.name, got, c.want)
		}
	}
}

// Which move-loop results update the histories (updatesStats,
// Params.PVBestStats, Params.CaptureHistDiv).
func TestUpdatesStats(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	m := position.Move(0x123)
	for _, c := range []struct {
		pvBest, capHist int
		best, beta      position.Value
		move            position.Move
		quiet, want     bool
	}{
		{0, 0, 50, 50, m, true, true},                   // a quiet cutoff
		{0, 0, 49, 50, m, true, false},                  // a quiet best move below beta
		{1, 0, 49, 50, m, true, true},                   // the same with PVBestStats
		{1, 0, 49, 50, position.MoveNone, false, false}, // no best move (fail low)
		{1, 0, 80, 50, m, false, false},                 // a capture cutoff, no capture history
		{0, 4, 80, 50, m, false, true},                  // with it
		{0, 4, 49, 50, m, false, false},
		{1, 4, 49, 50, m, false, true},
		{1, 4, 49, 50, position.MoveNone, false, false}, // a fail low with both switches
		{1, 4, 49, 50, position.MoveNone, true, false},
	} {
		w.prm.PVBestStats, w.prm.CaptureHistDiv = c.pvBest, c.capHist
		if got := w.updatesStats(c.best, c.beta, c.move, c.quiet); got != c.want {
			t.Errorf("%+v: updatesStats %v, want %v", c, got, c.want)
		}
	}
}

// When a quiescence node in check stops trying quiet evasions
// (qsEvasionsDone, Params.QSEvasions).
func TestQSEvasionsDone(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		n, quiet int
		best     position.Value
		want     bool
	}{
		{0, 9, 0, false},             // off
		{2, 1, 0, false},             // one searched
		{2, 2, 0, true},              // two searched, not mated
		{2, 3, -500, true},           // more
		{2, 2, -valueInf, false},     // nothing searched that holds
		{2, 2, -mateBound, false},    // still mated
		{2, 2, -mateBound + 1, true}, // the first value above a mate
		{1, 1, position.MatedIn(5), false},
		{8, 7, 100, false},
	} {
		w.prm.QSEvasions = c.n
		if got := w.qsEvasionsDone(c.quiet, c.best); got != c.want {
			t.Errorf("%+v: qsEvasionsDone %v, want %v", c, got, c.want)
		}
	}
}

// The parent's static evaluation for opponentWorsening (worseningAt): its
// frame's, or two plies above it where it was in check.
func TestWorseningAt(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		ply              int
		p1, p2, p3, eval position.Value
		want             bool
	}{
		{5, -40, 900, 900, 43, true},               // the parent's: 43 − 40 > 2
		{5, -40, 900, 900, 42, false},              // 42 − 40 = 2
		{5, valueNone, 900, -40, 43, true},         // parent in check: stack[ply−3]'s, not stack[ply−2]'s
		{5, valueNone, 900, -41, 43, false},        // 43 − 41 = 2
		{5, valueNone, -900, valueNone, 43, false}, // no evaluation above either
		{2, valueNone, -900, 0, 43, false},         // no ply −1 to fall back on
		{5, -40, 900, 900, valueNone, false},       // this node in check
	} {
		if c.ply >= 2 {
			w.stack[c.ply-1].staticEval = c.p1
			w.stack[c.ply-2].staticEval = c.p2
		}
		if c.ply >= 3 {
			w.stack[c.ply-3].staticEval = c.p3
		}
		if got := w.worseningAt(c.ply, c.eval); got != c.want {
			t.Errorf("%+v: worseningAt %v, want %v", c, got, c.want)
		}
	}
}

// Stockfish 15.1's singularQuietLMR (singularQuietReduction,
// Params.LMRSingularQuiet) and Stockfish 17's opponentWorsening in the
// reverse-futility margin (opponentWorsening, futilityMargin,
// Params.RFPWorsening).
func TestSingularQuietAndWorsening(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		sw, ttExt int
		capture   bool
		want      int
	}{
		{0, 1, false, 0}, {1, 1, false, 1}, {1, 2, false, 1}, {2, 2, false, 2},
		{1, 1, true, 0}, {1, 0, false, 0}, {1, -1, false, 0}, {1, -2, false, 0},
	} {
		w.prm.LMRSingularQuiet = c.sw
		if got := w.singularQuietReduction(c.ttExt, c.capture); got != c.want {
			t.Errorf("%+v: singularQuietReduction %d, want %d", c, got, c.want)
		}
	}
	for _, c := range []struct {
		eval, parent position.Value
		want         bool
	}{
		{3, 0, true}, {2, 0, false}, {-50, 53, true}, {-50, 52, false}, {100, -98, false},
		{valueNone, -500, false}, {500, valueNone, false},
	} {
		if got := opponentWorsening(c.eval, c.parent); got != c.want {
			t.Errorf("opponentWorsening(%d, %d) = %v, want %v", c.eval, c.parent, got, c.want)
		}
	}
	w.prm.RFPMargin, w.prm.RFPImproving, w.prm.RFPWorsening = 80, 35, 27
	for _, c := range []struct {
		depth                int
		improving, worsening bool
		want                 position.Value
	}{
		{3, false, false, 240}, {3, true, false, 205}, {3, false, true, 213}, {3, true, true, 178}, {1, false, true, 53},
	} {
		if got := w.futilityMargin(c.depth, c.improving, c.worsening); got != c.want {
			t.Errorf("futilityMargin(%d, %v, %v) = %d, want %d", c.depth, c.improving, c.worsening, got, c.want)
		}
	}
}

// Stockfish 15.1's internal iterative reduction (iirDepth, Params.IIRStrong).
func TestIIRDepth(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		depth                          int
		pvNode, cutNode, inCheck, deep bool
		want                           int
	}{
		{10, true, false, false, false, 8},
		{10, true, false, false, true, 6},
		{2, true, false, false, false, 1}, // at least one ply at a PV node
		{3, true, false, false, true, 1},
		{5, true, false, false, true, 1},
		{6, true, false, false, true, 2},
		{8, false, true, false, false, 6},
		{8, false, true, false, true, 6},
		{7, false, true, false, false, 7},
		{12, false, false, false, true, 12}, // an all node keeps its depth
		{10, true, false, true, true, 10},   // none in check
		{10, false, true, true, false, 10},
	} {
		if got := w.iirDepth(c.depth, c.pvNode, c.cutNode, c.inCheck, c.deep); got != c.want {
			t.Errorf("%+v: iirDepth %d, want %d", c, got, c.want)
		}
	}
}

// The singular search's verdicts (singularVerdict, Params.SENegExt).
func TestSingularVerdict(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	w.prm = DefaultParams(position.Chess)
	w.prm.SEDoubleMargin, w.prm.SEMaxDoubleExts = 20, 6
	const sb, beta = 100, 150
	for _, c := range []struct {
		v, ttValue      position.Value
		pvNode, cutNode bool
		doubleExts      int
		neg             int
		ext             int
		cut             bool
	}{
		{99, 200, false, false, 0, 0, 1, false},
		{79, 200, false, false, 0, 0, 2, false},
		{79, 200, false, false, 6, 0, 1, false}, // no double extension left
		{79, 200, true, false, 0, 0, 1, false},  // none at a PV node
		{150, 200, false, false, 0, 2, 0, true}, // multi-cut
		{position.ValueKnownWin, 200, false, false, 0, 0, -1, false},
		{120, 200, false, false, 0, 0, -1, false},
		{120, 200, false, false, 0, 2, -2, false},
		{120, 200, false, true, 0, 2, -2, false},
		{120, 140, false, true, 0, 2, -1, false}, // a cut node below beta
		{120, 140, false, false, 0, 2, 0, false},
		{120, 200, false, false, 0, 3, -3, false},
		{100, 200, false, false, 0, 0, -1, false}, // v = singularBeta: not singular
		{80, 200, false, false, 0, 0, 1, false},   // v = singularBeta − margin: single
		{120, 150, false, false, 0, 2, -2, false}, // ttValue = beta
		{149, 200, false, false, 0, 0, -1, false}, // v just below beta: no multi-cut
	} {
		w.prm.SENegExt = c.neg
		ext, cut := w.singularVerdict(c.v, sb, beta, c.ttValue, c.pvNode, c.cutNode, c.doubleExts)
		if ext != c.ext || cut != c.cut {
			t.Errorf("%+v: ext %d cut %v, want %d %v", c, ext, cut, c.ext, c.cut)
		}
	}
}
