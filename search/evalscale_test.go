// The material scaling of the static evaluation (Params.EvalScaleBase) and
// the self-play labels undone from it (Params.TrainingScore).
package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// constEval scores every position v from the side to move's view.
type constEval[P position.Game] struct{ v position.Value }

func (constEval[P]) Reset(P)                     {}
func (constEval[P]) Push(*position.Dirty)        {}
func (constEval[P]) Pop()                        {}
func (e constEval[P]) Evaluate(P) position.Value { return e.v }

func TestScaleMaterial(t *testing.T) {
	for _, c := range []struct {
		fen     string
		m, full int
	}{
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 180, 180},
		{"3aka3/9/8b/9/2b6/9/9/4n4/9/2B1K4 w - - 0 1", 8, 180},            // a horse; elephants and advisors count 0
		{"4k4/9/9/9/2p6/9/P5p2/4C4/4R4/4K4 w - - 0 1", 18 + 9 + 3*4, 180}, // rook, cannon, three pawns
		{"2b1k4/9/9/9/9/9/9/9/3K5/7c1 w - - 0 1", 9, 180},                 // a cannon and an elephant
	} {
		p, err := xiangqi.NewFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if m, full := p.ScaleMaterial(); m != c.m || full != c.full {
			t.Errorf("%s: %d/%d, want %d/%d", c.fen, m, full, c.m, c.full)
		}
		if r, b := p.SideMaterial(position.Red), p.SideMaterial(position.Black); r+b != c.m {
			t.Errorf("%s: SideMaterial %d + %d, want the sum %d", c.fen, r, b, c.m)
		}
	}
	for _, c := range []struct {
		fen     string
		m, full int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 156, 156},
		{"8/8/4k3/8/8/3QK3/8/8 w - - 0 1", 18, 156},
		{"4k3/pp6/8/8/8/8/5P2/R3KB2 w Q - 0 1", 10 + 6 + 3*2, 156},
	} {
		p, err := chess.NewFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if m, full := p.ScaleMaterial(); m != c.m || full != c.full {
			t.Errorf("%s: %d/%d, want %d/%d", c.fen, m, full, c.m, c.full)
		}
		if w, b := p.SideMaterial(position.White), p.SideMaterial(position.Black); w+b != c.m {
			t.Errorf("%s: SideMaterial %d + %d, want the sum %d", c.fen, w, b, c.m)
		}
	}
	// Each side's own share.
	for _, c := range []struct {
		fen  string
		r, b int
	}{
		{"3aka3/9/8b/9/2b6/9/9/4n4/9/2B1K4 w - - 0 1", 0, 8},
		{"4k4/9/9/9/2p6/9/P5p2/4C4/4R4/4K4 w - - 0 1", 18 + 9 + 4, 8},
	} {
		p, err := xiangqi.NewFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r, b := p.SideMaterial(position.Red), p.SideMaterial(position.Black); r != c.r || b != c.b {
			t.Errorf("%s: SideMaterial %d/%d, want %d/%d", c.fen, r, b, c.r, c.b)
		}
	}
	q := mustChess(t, "4k3/pp6/8/8/8/8/5P2/R3KB2 w Q - 0 1")
	if w, b := q.SideMaterial(position.White), q.SideMaterial(position.Black); w != 10+6+2 || b != 2*2 {
		t.Errorf("chess: SideMaterial %d/%d, want 18/4", w, b)
	}
}

// winnableParams are the xiangqi constants of the scale with the rule on
// from 60 material down (params.toml turns it on from 80).
func winnableParams() Params {
	return Params{WinnableMaterial: 60, WinnableLone: 10, WinnableLoneScale: 16, WinnableMinor: 20,
		WinnableMinorScale: 16, WinnableEvenScale: 48, WinnableEdge: 8, WinnableEdgeScale: 80}
}

func TestWinnableScale(t *testing.T) {
	prm := winnableParams()
	for _, c := range []struct {
		v          position.Value
		a, o, want int
	}{
		{100, 8, 0, 16},   // a lone horse
		{-100, 9, 18, 16}, // a lone cannon (v's sign does not matter, a is the favoured side's)
		{100, 18, 22, 16}, // a rook against rook and pawn: no edge, below WinnableMinor
		{100, 18, 18, 16},
		{100, 26, 30, 48}, // rook and horse against rook, horse and pawn
		{100, 26, 17, 80}, // an attacking edge of 9 with 26
		{100, 26, 18, 64}, // an edge of 8 is not more than WinnableEdge
		{100, 18, 8, 64},  // an edge of 10 but below WinnableMinor
		{100, 40, 21, 64}, // 61 is above WinnableMaterial
		{0, 8, 0, 64},     // a zero score
	} {
		if got := prm.WinnableScale(c.v, c.a, c.o); got != c.want {
			t.Errorf("WinnableScale(%d, %d, %d) = %d, want %d", c.v, c.a, c.o, got, c.want)
		}
	}
	prm.WinnableMaterial = 0
	if got := prm.WinnableScale(100, 8, 0); got != 64 {
		t.Errorf("off: %d, want 64", got)
	}
}

// The search's static evaluation takes the favoured side from the
// evaluator's sign and the side to move: Black to move with a horse
// against Red's rook scores +300 for Black (a lone horse: 16/64), −300 for
// Red (an edge of 10, but the rook's 18 is below WinnableMinor: 64/64).
func TestEvalWinnable(t *testing.T) {
	p, err := xiangqi.NewFromFEN("3aka3/9/9/9/4n4/9/9/9/4R4/3K5 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ v, want position.Value }{{300, 300 * 16 / 64}, {-300, -300}} {
		w := &Worker[xiangqi.Position, *xiangqi.Position]{eval: constEval[*xiangqi.Position]{v: c.v}}
		w.pos = *p
		w.prm = winnableParams()
		if got := w.evaluate(); got != c.want {
			t.Errorf("evaluator %d: %d, want %d", c.v, got, c.want)
		}
		// Self-play labels undo it at the root.
		if got := w.prm.TrainingScore(c.want, p); got != c.v {
			t.Errorf("TrainingScore(%d) = %d, want %d", c.want, got, c.v)
		}
		w.prm.WinnableMaterial = 0
		if got := w.evaluate(); got != c.v {
			t.Errorf("off: %d, want %d", got, c.v)
		}
	}
}

func TestEvalScale(t *testing.T) {
	p, err := xiangqi.NewFromFEN("3aka3/9/8b/9/2b6/9/9/4n4/9/2B1K4 w - - 0 1") // m = 8
	if err != nil {
		t.Fatal(err)
	}
	w := &Worker[xiangqi.Position, *xiangqi.Position]{eval: constEval[*xiangqi.Position]{v: -300}}
	w.pos = *p
	if got := w.evaluate(); got != -300 {
		t.Fatalf("EvalScaleBase 0: %d, want the evaluator's -300", got)
	}
	w.prm.EvalScaleBase = 80
	if got := w.evaluate(); got != -300*88/260 {
		t.Fatalf("EvalScaleBase 80: %d, want -300·88/260 = %d", got, -300*88/260)
	}
	s, _ := xiangqi.NewFromFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	w.pos = *s
	if got := w.evaluate(); got != -300 {
		t.Fatalf("start position: %d, want -300 (factor 1)", got)
	}
}

func TestTrainingScore(t *testing.T) {
	p, err := xiangqi.NewFromFEN("3aka3/9/8b/9/2b6/9/9/4n4/9/2B1K4 w - - 0 1") // m = 8, full 180
	if err != nil {
		t.Fatal(err)
	}
	var prm Params
	if got := prm.TrainingScore(100, p); got != 100 {
		t.Fatalf("EvalScaleBase 0: %d, want 100", got)
	}
	prm.EvalScaleBase = 80
	for _, c := range []struct{ v, want position.Value }{
		{100, 100 * 260 / 88}, // 295
		{-100, -295},
		{0, 0},
		{9000, position.ValueKnownWin - 1},   // capped below a known win
		{-9000, -position.ValueKnownWin + 1}, // and a known loss
		{position.ValueKnownWin, position.ValueKnownWin},
		{position.MateIn(7), position.MateIn(7)},
		{position.MatedIn(4), position.MatedIn(4)},
	} {
		if got := prm.TrainingScore(c.v, p); got != c.want {
			t.Errorf("TrainingScore(%d) = %d, want %d", c.v, got, c.want)
		}
	}
}

func TestRule50Damp(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{eval: constEval[*chess.Position]{v: -300}}
	w.prm.Rule50Damp = 200
	for _, c := range []struct {
		fen  string
		want position.Value
	}{
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", -300},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 40 30", -300 * 160 / 200},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 99 80", -300 * 101 / 200},
	} {
		w.pos = *mustChess(t, c.fen)
		if got := w.evaluate(); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
	// The counter runs during the search: a quiet king move adds one ply.
	w.pos = *mustChess(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 40 30")
	m, err := w.pos.ParseMove("e1d2")
	if err != nil {
		t.Fatal(err)
	}
	var st position.State
	w.pos.DoMove(m, &st)
	if got, want := w.evaluate(), position.Value(-300*159/200); got != want {
		t.Errorf("after e1d2: %d, want %d", got, want)
	}
	// A counter at or past D damps to a draw, never past it.
	w.prm.Rule50Damp = 50
	w.pos = *mustChess(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 99 80")
	if got := w.evaluate(); got != 0 {
		t.Errorf("Rule50Damp 50 at rule50 99: %d, want 0", got)
	}
	w.prm.Rule50Damp = 0
	if got := w.evaluate(); got != -300 {
		t.Errorf("Rule50Damp 0: %d, want the evaluator's -300", got)
	}
}

// TestTrainingScoreRule50 checks that self-play labels undo the damping
// at the root (the next net cannot see the counter).
func TestTrainingScoreRule50(t *testing.T) {
	p := mustChess(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 40 30")
	prm := Params{Rule50Damp: 200}
	for _, c := range []struct{ v, want position.Value }{
		{-240, -300}, // -300·160/200 at rule50 40, undone
		{160, 200},
		{0, 0},
		{position.MateIn(3), position.MateIn(3)},
	} {
		if got := prm.TrainingScore(c.v, p); got != c.want {
			t.Errorf("TrainingScore(%d) at rule50 40 = %d, want %d", c.v, got, c.want)
		}
	}
	// Both factors: the material scale, then the damping.
	prm.EvalScaleBase = 100
	m, full := p.ScaleMaterial() // a rook: 10 of 156
	want := position.Value(int64(-240) * int64(100+full) / int64(100+m) * 200 / 160)
	if got := prm.TrainingScore(-240, p); got != want {
		t.Errorf("both factors: %d, want %d", got, want)
	}
	// Past D the divisor stays 1, and the result is capped.
	prm = Params{Rule50Damp: 50}
	q := mustChess(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 99 80")
	if got := prm.TrainingScore(100, q); got != 5000 {
		t.Errorf("rule50 past D: %d, want 100·50/1 = 5000", got)
	}
	if got := prm.TrainingScore(300, q); got != position.ValueKnownWin-1 {
		t.Errorf("rule50 past D: %d, want the cap %d", got, position.ValueKnownWin-1)
	}
}

// mustChess is the chess position of fen, or the test's end.
func mustChess(t *testing.T, fen string) *chess.Position {
	t.Helper()
	p, err := chess.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The known drawn chess endgames of position.Game.ScaleFactor, for the
// side named and the other.
func TestScaleFactor(t *testing.T) {
	for _, c := range []struct {
		fen          string
		white, black int
	}{
		{"4k3/8/8/8/2b5/8/8/R3K3 w - - 0 1", 8, 8},          // KR v KB: edge 4, and the bishop side cannot win either
		{"4k3/8/8/8/2b5/8/7P/R3K3 w - - 0 1", 64, 8},        // with a white pawn: only the bishop side keeps 8
		{"4k3/8/8/8/2r5/8/8/RB2K3 w - - 0 1", 8, 8},         // KRB v KR: edge 6 (and the rook side's −6)
		{"4k3/8/8/8/2n5/8/8/RB2K3 w - - 0 1", 64, 8},        // KRB v KN: edge 10
		{"3qk3/8/8/8/8/8/8/RB2K3 w - - 0 1", 8, 8},          // KQ v KRB: 16 against 18
		{"3rk3/8/8/8/8/8/8/RR2K3 w - - 0 1", 64, 8},         // two rooks against a rook: edge 1276 > 825
		{"4k3/8/8/8/2n5/8/8/BB2K3 w - - 0 1", 64, 8},        // KBB v KN: the bishop pair wins (edge 869 > 825)
		{"4k3/8/8/8/2b5/8/8/NN2K3 w - - 0 1", 8, 8},         // KNN v KB: edge 737
		{"3qk3/8/8/8/8/8/8/BN2K3 w - - 0 1", 8, 64},         // KQ v KBN: the queen wins (edge 932)
		{"4k3/8/8/8/8/8/8/RN2K3 w - - 0 1", 64, 8},          // KRN v K: edge 2057 (Stockfish's values)
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 8, 8},             // bare kings: edge 0
		{"4k3/pp6/8/4b3/8/3B4/PPP5/4K3 w - - 0 1", 24, 24},  // bishops of opposite colours (d3 light, e5 dark), 3 v 2 pawns
		{"4k3/p7/8/4b3/8/3B4/PPPP4/4K3 w - - 0 1", 64, 64},  // 4 v 1 pawns: the difference is 3
		{"4k3/pp6/8/3b4/8/3B4/PPP5/4K3 w - - 0 1", 64, 64},  // the same colour (d3 and d5 light)
		{"4k3/pp6/8/4b3/8/3N4/PPP5/4K3 w - - 0 1", 64, 64},  // a knight, not a bishop
		{"4k3/pp6/8/4b3/8/2BB4/PPP5/4K3 w - - 0 1", 64, 64}, // two bishops against one
		// Stockfish's scaling functions (position/chess/scale.go).
		{"1k6/8/8/8/8/8/P7/B3K3 w - - 0 1", 0, 8},        // KBPsK: a-pawn, dark bishop, the king next to a8
		{"1k6/8/8/8/8/8/P7/1B2K3 w - - 0 1", 64, 8},      // the right bishop
		{"8/8/8/8/8/3k4/P7/B3K3 w - - 0 1", 64, 8},       // the king not yet next to a8 (Stockfish's rule; it gets there)
		{"k7/P1K5/8/8/8/8/5B2/8 b - - 96 179", 0, 8},     // the field game 32.1, stalemate after +5.61
		{"1k6/8/8/8/8/8/P7/B3K2r w - - 0 1", 0, 8},       // the rule holds against a rook too (and KR v KBP is 8)
		{"7k/6p1/6P1/8/8/8/4B3/4K3 w - - 0 1", 0, 64},    // KBPsK: the g-pawns blocked on g7, the king on h8
		{"7k/6p1/6P1/6P1/3B4/8/8/4K3 w - - 0 1", 64, 64}, // two pawns and the bishop of g7's colour
		{"4k3/8/8/4b3/8/3B4/3P4/4K3 w - - 0 1", 0, 8},    // KBPKB, opposite bishops (24 before)
		{"8/8/8/4b3/2B5/1K2p3/5k2/8 w - - 33 205", 8, 0}, // the field game 12.2, drawn at +5.22
		{"8/8/2bk4/8/8/3B4/3P4/4K3 w - - 0 1", 0, 8},     // KBPKB, same colours, the king on d6 (dark) blocks
		{"8/8/2b5/8/8/3B4/3P4/k3K3 w - - 0 1", 64, 8},    // the same without the blockade
		{"3k4/8/8/3P4/3P4/3B4/7b/4K3 w - - 0 1", 0, 8},   // KBPPKB: the king on d8 holds the d-file
		{"4k3/8/8/3P4/3P4/3B4/7b/4K3 w - - 0 1", 24, 8},  // e8, the bishop's colour: opposite bishops' 24
		{"8/8/3k4/8/8/3B4/3P4/n3K3 w - - 0 1", 0, 8},     // KBPKN: the king on d6, not the bishop's colour
		{"8/3k4/8/8/8/3B4/3P4/n3K3 w - - 0 1", 64, 8},    // d7, the bishop's colour, on the seventh rank
		{"3k4/8/r7/3P4/8/8/8/3RK3 w - - 0 1", 0, 8},      // KRPKR: the third-rank defence
		{"8/8/3k4/8/3P4/8/8/r2RK3 w - - 0 1", 10, 8},     // a pawn on the fourth rank, the king in its path
		{"8/8/4k3/8/3P4/8/8/r2RK3 w - - 0 1", 14, 8},     // beside it: 24 − 2·(king distance 5)
		{"8/8/5k2/3P4/8/8/8/r2RK3 w - - 0 1", 64, 8},     // the pawn on the fifth rank: no rule
		{"4k3/4p3/3r4/8/8/8/8/4K2Q w - - 0 1", 0, 64},    // KQKRPs: the rook on the third rank held by the pawn
		{"4k3/4p3/8/3r4/8/8/8/4K2Q w - - 0 1", 64, 64},   // the rook off it
		{"k7/8/8/8/8/P7/P7/4K3 w - - 0 1", 0, 8},         // KPsK: the king in front of the a-pawns
		{"8/8/8/8/8/P7/P7/k3K3 w - - 0 1", 64, 8},        // the king behind them
		{"7k/8/8/8/8/7P/P7/4K3 w - - 0 1", 64, 8},        // a- and h-pawn
	} {
		p := mustChess(t, c.fen)
		if w, b := p.ScaleFactor(position.White), p.ScaleFactor(position.Black); w != c.white || b != c.black {
			t.Errorf("%s: ScaleFactor %d/%d, want %d/%d", c.fen, w, b, c.white, c.black)
		}
		// The rules hold with the colours exchanged (the board turned
		// over) and with the files mirrored.
		f := mustChess(t, sharedtest.FlipChessFEN(c.fen))
		if w, b := f.ScaleFactor(position.White), f.ScaleFactor(position.Black); w != c.black || b != c.white {
			t.Errorf("%s with the colours exchanged: ScaleFactor %d/%d, want %d/%d", c.fen, w, b, c.black, c.white)
		}
		m := mustChess(t, sharedtest.MirrorChessFiles(c.fen))
		if w, b := m.ScaleFactor(position.White), m.ScaleFactor(position.Black); w != c.white || b != c.black {
			t.Errorf("%s mirrored a–h: ScaleFactor %d/%d, want %d/%d", c.fen, w, b, c.white, c.black)
		}
	}
	// Xiangqi: an attacker below 20 (rook 18, horse 8, cannon 9, pawn 4)
	// against both advisors and both elephants is 16.
	for _, c := range []struct {
		fen        string
		red, black int
	}{
		{"3aka3/9/8b/9/2b6/9/9/4n4/9/2B1K4 w - - 0 1", 16, 64},      // Red, no attacker, against Black's four; Black's horse against one elephant
		{"3aka3/9/4b4/9/2b6/9/9/9/9/2BAKAB1R w - - 0 1", 16, 16},    // a lone rook (18) against full defences, and none against Red's
		{"3aka3/9/4b4/9/2b6/9/4P4/9/9/2BAKAB1R w - - 0 1", 64, 16},  // a rook and a pawn: 22
		{"3ak4/9/4b4/9/2b6/9/9/9/9/2BAKAB1R w - - 0 1", 64, 16},     // one black advisor gone
		{"2bakab2/9/9/9/9/9/9/4C4/4A4/2BAK1BH1 w - - 0 1", 16, 16},  // horse and cannon, 17
		{"2bak1b2/9/9/9/9/9/9/4C4/4A4/2BAK1BH1 w - - 0 1", 64, 16},  // the same against one advisor
		{"2bakab2/9/9/9/9/9/4P4/9/4A4/2BAK1BHH w - - 0 1", 64, 16},  // two horses and a pawn: 20
		{"2bakab2/9/9/9/9/9/4P4/C8/4A4/2BAK1BH1 w - - 0 1", 64, 16}, // horse, cannon and a pawn: 21
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 64, 64},
	} {
		x, err := xiangqi.NewFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r, b := x.ScaleFactor(position.Red), x.ScaleFactor(position.Black); r != c.red || b != c.black {
			t.Errorf("xiangqi %s: %d/%d, want %d/%d", c.fen, r, b, c.red, c.black)
		}
	}
}

// The search scales by the favoured side's factor (from the evaluator's
// sign and the side to move), and self-play labels undo it.
func TestEvalEndgameScale(t *testing.T) {
	p := mustChess(t, "4k3/8/8/8/2b5/8/7P/R3K3 b - - 0 1") // KRP v KB, Black to move
	for _, c := range []struct{ v, want position.Value }{
		{-400, -400},        // good for White, who has a pawn: 64/64
		{400, 400 * 8 / 64}, // good for Black, the bishop side: 8/64
	} {
		w := &Worker[chess.Position, *chess.Position]{eval: constEval[*chess.Position]{v: c.v}}
		w.pos = *p
		w.prm.EndgameScale = 1
		if got := w.evaluate(); got != c.want {
			t.Errorf("evaluator %d: %d, want %d", c.v, got, c.want)
		}
		if got := w.prm.TrainingScore(c.want, p); got != c.v {
			t.Errorf("TrainingScore(%d) = %d, want %d", c.want, got, c.v)
		}
		w.prm.EndgameScale = 0
		if got := w.evaluate(); got != c.v {
			t.Errorf("off: %d, want %d", got, c.v)
		}
	}
}

// An attacking edge scales up (80/64), never into the known-win band, and
// TrainingScore undoes it together with the move-count damping.
func TestEvalWinnableUp(t *testing.T) {
	p, err := xiangqi.NewFromFEN("3k5/9/9/9/9/9/9/4n4/9/RNC1K4 w - - 10 20") // R+N+C (35) v N (8), rule counter 10
	if err != nil {
		t.Fatal(err)
	}
	w := &Worker[xiangqi.Position, *xiangqi.Position]{eval: constEval[*xiangqi.Position]{v: 400}}
	w.pos = *p
	w.prm = winnableParams()
	w.prm.WinnableMaterial = 80
	if got := w.evaluate(); got != 500 {
		t.Errorf("+400 with an edge of 27: %d, want 400·80/64 = 500", got)
	}
	w.eval = constEval[*xiangqi.Position]{v: 8000}
	if got := w.evaluate(); got != position.ValueKnownWin-1 {
		t.Errorf("+8000 scaled up: %d, want the cap %d", got, position.ValueKnownWin-1)
	}
	w.prm.Rule50Damp = 110 // 100/110 at counter 10
	w.eval = constEval[*xiangqi.Position]{v: 440}
	if got := w.evaluate(); got != 440*80/64*100/110 {
		t.Errorf("with the damping: %d, want %d", got, 440*80/64*100/110)
	}
	if got := w.prm.TrainingScore(500, p); got != 500*64/80*110/100 {
		t.Errorf("TrainingScore(500) = %d, want %d", got, 500*64/80*110/100)
	}
}

// TestScaleFactorSymmetry: on 20,000 random positions of the endgames the
// scaling rules know (KBPsK with and without the other side's pawns, KBPKB,
// KBPPKB, KBPKN, KRPKR, KQKRPs, KPsK) and of random small material,
// ScaleFactor is within 0–64 and gives each side the same factor with the
// board turned over (colours exchanged) and with the files mirrored; the
// draws (0), the material rules (8, 24), KRPKR's drawish scales and 64 all
// occur.
func TestScaleFactorSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	signatures := [][2]string{{"BP", ""}, {"BPP", "pp"}, {"BP", "b"}, {"BPP", "b"}, {"BP", "n"},
		{"RP", "r"}, {"Q", "rp"}, {"Q", "rpp"}, {"PP", ""}, {"PPP", ""}, {"", ""}}
	seen := map[int]int{}
	for n := 0; n < 20000; {
		var board [64]byte
		put := func(c byte) {
			lo, hi := 0, 64
			if c == 'P' || c == 'p' {
				lo, hi = 8, 56
				if rng.IntN(2) == 0 { // rook pawns, where the rules look
					for {
						s := 8 + 8*rng.IntN(6) + 7*rng.IntN(2)
						if board[s] == 0 {
							board[s] = c
							return
						}
					}
				}
			}
			for {
				s := lo + rng.IntN(hi-lo)
				if board[s] == 0 {
					board[s] = c
					return
				}
			}
		}
		put('K')
		put('k')
		sig := signatures[rng.IntN(len(signatures))]
		if sig[0] == "" { // random small material
			for i := rng.IntN(5); i > 0; i-- {
				put("NBRQPnbrqp"[rng.IntN(10)])
			}
		}
		for _, c := range []byte(sig[0]) {
			put(c)
		}
		for _, c := range []byte(sig[1]) {
			put(c)
		}
		var sb strings.Builder
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				if c := board[8*r+f]; c == 0 {
					empty++
				} else {
					if empty > 0 {
						sb.WriteByte(byte('0' + empty))
						empty = 0
					}
					sb.WriteByte(c)
				}
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
			}
			if r > 0 {
				sb.WriteByte('/')
			}
		}
		fen := sb.String() + []string{" w - - 0 1", " b - - 0 1"}[rng.IntN(2)]
		p, err := chess.NewFromFEN(fen)
		if err != nil {
			continue // the side not to move in check, kings side by side
		}
		n++
		w, b := p.ScaleFactor(position.White), p.ScaleFactor(position.Black)
		if w < 0 || w > 64 || b < 0 || b > 64 {
			t.Fatalf("%s: ScaleFactor %d/%d outside 0–64", fen, w, b)
		}
		seen[w]++
		f := mustChess(t, sharedtest.FlipChessFEN(fen))
		if fw, fb := f.ScaleFactor(position.White), f.ScaleFactor(position.Black); fw != b || fb != w {
			t.Fatalf("%s: ScaleFactor %d/%d, with the colours exchanged %d/%d", fen, w, b, fw, fb)
		}
		m := mustChess(t, sharedtest.MirrorChessFiles(fen))
		if mw, mb := m.ScaleFactor(position.White), m.ScaleFactor(position.Black); mw != w || mb != b {
			t.Fatalf("%s: ScaleFactor %d/%d, mirrored %d/%d", fen, w, b, mw, mb)
		}
	}
	t.Logf("ScaleFactor (White) counts: %v", seen)
	krpkr := seen[10] + seen[12] + seen[14] + seen[16] + seen[18] + seen[20]
	if seen[0] < 100 || seen[8] == 0 || seen[24] == 0 || krpkr == 0 || seen[64] == 0 {
		t.Errorf("the rules fired too rarely to be checked: %v", seen)
	}
}
