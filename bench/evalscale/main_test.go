package main

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// With soft results r = σ(v/400) the log loss is lowest at K = 400 exactly.
func TestFitK(t *testing.T) {
	var ss []sample
	for v := -900.0; v <= 900; v += 30 {
		ss = append(ss, sample{v: v, m: 100, r: 1 / (1 + math.Exp(-v/400))})
	}
	if k, _ := fitK(ss, factors{full: 180}); k != 400 {
		t.Fatalf("K = %v, want 400", k)
	}
	// Scaled by (80+100)/(80+180) = 0.6923: the fit's K shrinks by that factor.
	if k, _ := fitK(ss, factors{base: 80, full: 180}); k != 280 {
		t.Fatalf("K with scaling = %v, want 280 (400·180/260 = 276.9, the grid's nearest)", k)
	}
}

func TestLogLoss(t *testing.T) {
	ss := []sample{{v: 200, m: 20, r: 1}, {v: -100, m: 20, r: 0.5}}
	// Base 80, full 180: the factor is 100/260.
	want := 0.0
	for _, s := range ss {
		q := 1 / (1 + math.Exp(-s.v*100/260/300))
		want -= s.r*math.Log(q) + (1-s.r)*math.Log(1-q)
	}
	want /= 2
	if got := logLoss(ss, factors{base: 80, full: 180}, 300); math.Abs(got-want) > 1e-12 {
		t.Fatalf("logLoss = %v, want %v", got, want)
	}
	// Damping 100 at counters 30 and 120: factors 70/100 and 0 (never below 0).
	ss[0].r50, ss[1].r50 = 30, 120
	q := 1 / (1 + math.Exp(-200.0*100/260*70/100/300))
	want = -math.Log(q) - 0.5*math.Log(0.5) - 0.5*math.Log(0.5)
	want /= 2
	if got := logLoss(ss, factors{base: 80, damp: 100, full: 180}, 300); math.Abs(got-want) > 1e-12 {
		t.Fatalf("logLoss with damping = %v, want %v", got, want)
	}
}

// The winnable scale takes the side the evaluation favours: Black's lone
// cannon (9 < WinnableLone 10) scales −200 by 16/64; Red's rook against a
// horse (18 − 8 = 10 > WinnableEdge 8, 18 < WinnableMinor 20) stays 64/64;
// above WinnableMaterial nothing changes.
func TestLogLossWinnable(t *testing.T) {
	prm := search.DefaultParams(position.Xiangqi)
	prm.WinnableMaterial = 60
	prm.WinnableLone, prm.WinnableLoneScale, prm.WinnableMinor, prm.WinnableMinorScale = 10, 16, 20, 16
	prm.WinnableEvenScale, prm.WinnableEdge, prm.WinnableEdgeScale = 48, 8, 80
	ss := []sample{
		{v: -200, mw: 18, mb: 9, r: 0.5},
		{v: 300, mw: 18, mb: 8, r: 1},
		{v: 100, mw: 40, mb: 30, r: 0},
	}
	q := func(x float64) float64 { return 1 / (1 + math.Exp(-x/300)) }
	want := -(0.5*math.Log(q(-50)) + 0.5*math.Log(1-q(-50))) - math.Log(q(300)) - math.Log(1-q(100))
	want /= 3
	f := factors{full: 180, win: prm}
	if got := logLoss(ss, f, 300); math.Abs(got-want) > 1e-12 {
		t.Fatalf("logLoss with the winnable scale = %v, want %v", got, want)
	}
	f.win.WinnableMaterial = 0
	plain := -(0.5*math.Log(q(-200)) + 0.5*math.Log(1-q(-200))) - math.Log(q(300)) - math.Log(1-q(100))
	if got := logLoss(ss, f, 300); math.Abs(got-plain/3) > 1e-12 {
		t.Fatalf("logLoss with WinnableMaterial 0 = %v, want %v", got, plain/3)
	}
}

// Two short games: the sampled plies, the result from Red's view and the
// material of each position.
func TestCollect(t *testing.T) {
	pgn := `[Event "t"]
[Variant "xiangqi"]
[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0

[Event "t"]
[Variant "xiangqi"]
[Result "1/2-1/2"]

1. c3c4 c6c5 2. b2c2 1/2-1/2
`
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	ss, full, err := collect(variants.Xiangqi, variants.EvalChoice{Kind: variants.EvalHand}, []string{path}, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Game 1: plies 2 and 4 (6 moves); game 2: ply 2 (3 moves).
	if len(ss) != 3 || full != 180 {
		t.Fatalf("%d samples, full %d; want 3 and 180", len(ss), full)
	}
	want := []struct {
		r    float64
		game int
		r50  int
	}{{1, 0, 2}, {1, 0, 4}, {0.5, 1, 2}}
	for i, s := range ss {
		if s.sw != 64 || s.sb != 64 {
			t.Errorf("sample %d: endgame factors %d/%d, want 64/64 (xiangqi)", i, s.sw, s.sb)
		}
		if s.mw != 90 || s.mb != 90 {
			t.Errorf("sample %d: side material %d/%d, want 90/90", i, s.mw, s.mb)
		}
		if s.r != want[i].r || s.game != want[i].game || s.m != 180 || s.r50 != want[i].r50 {
			t.Errorf("sample %d: r %v game %d m %d r50 %d, want r %v game %d m 180 r50 %d", i, s.r, s.game, s.m, s.r50, want[i].r, want[i].game, want[i].r50)
		}
	}
}

// Two classes of synthetic endgames: a lone horse ahead (a 8, o 0) whose
// games are all drawn wants s = 0; a rook against a horse (edge 10, own 18)
// whose results are σ(v/300) exactly wants s = 1. A class under 100
// positions and positions above the material limit are left out.
func TestClasses(t *testing.T) {
	var ss []sample
	for v := -600.0; v <= 600; v += 10 {
		if v == 0 {
			continue
		}
		lone := sample{v: v, mw: 8, r: 0.5}
		if v < 0 {
			lone.mw, lone.mb = 0, 8
		}
		rook := sample{v: v, mw: 18, mb: 8, r: 1 / (1 + math.Exp(-v/300))}
		if v < 0 {
			rook.mw, rook.mb = 8, 18
		}
		ss = append(ss, lone, rook, sample{v: v, mw: 90, mb: 90, r: 1})
	}
	ss = append(ss, sample{v: 100, mw: 40, mb: 0, r: 1}) // edge ≥ 18, own 30+: one position
	got := classes(ss, 60, 300, false)
	if len(got) != 2 {
		t.Fatalf("%d classes, want 2: %+v", len(got), got)
	}
	// Sorted by edge: the lone horse (edge 8: "1…8", own 0) before the rook (edge 10: "9…17", own 10).
	if c := got[0]; c.edge != 3 || c.own != 0 || c.n != 118 || c.scale != 0 {
		t.Errorf("lone horse class %+v, want edge 3 own 0 n 118 scale 0", c)
	}
	if c := got[1]; c.edge != 4 || c.own != 1 || c.n != 118 || c.scale != 1 {
		t.Errorf("rook class %+v, want edge 4 own 1 n 118 scale 1", c)
	}
}

// A lone horse ahead is drawn against a full set of defenders (s = 0) and
// wins by σ(v/300) against none (s = 1): one class without the split, two
// with it; the defenders counted are the other side's, by the sign of v.
func TestClassesDefenders(t *testing.T) {
	var ss []sample
	for v := -600.0; v <= 600; v += 10 {
		if v == 0 {
			continue
		}
		drawn := sample{v: v, mw: 8, db: 4, dw: 0, r: 0.5}
		won := sample{v: v, mw: 8, db: 0, dw: 4, r: 1 / (1 + math.Exp(-v/300))}
		if v < 0 {
			drawn = sample{v: v, mb: 8, dw: 4, db: 0, r: 0.5}
			won = sample{v: v, mb: 8, dw: 0, db: 4, r: 1 / (1 + math.Exp(-v/300))}
		}
		ss = append(ss, drawn, won)
	}
	if got := classes(ss, 60, 300, false); len(got) != 1 || got[0].n != 236 || got[0].def != 0 {
		t.Fatalf("unsplit: %+v, want one class of 236", got)
	}
	got := classes(ss, 60, 300, true)
	if len(got) != 2 {
		t.Fatalf("%d classes, want 2: %+v", len(got), got)
	}
	if c := got[0]; c.edge != 3 || c.own != 0 || c.def != 0 || c.n != 118 || c.scale != 1 {
		t.Errorf("no defenders: %+v, want edge 3 own 0 def 0 n 118 scale 1", c)
	}
	if c := got[1]; c.def != 2 || c.n != 118 || c.scale != 0 {
		t.Errorf("four defenders: %+v, want def 2 n 118 scale 0", c)
	}
}

func TestDefenders(t *testing.T) {
	if w, b := defenders(position.Xiangqi, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"); w != 4 || b != 4 {
		t.Errorf("start position: %d %d defenders, want 4 4", w, b)
	}
	if w, b := defenders(position.Xiangqi, "3ak4/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1"); w != 3 || b != 2 {
		t.Errorf("%d %d defenders, want 3 2", w, b)
	}
	if w, b := defenders(position.Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); w != 0 || b != 0 {
		t.Errorf("chess: %d %d, want 0 0", w, b)
	}
}

// The known-endgame factor of the side the evaluation favours: White's
// +400 in KR v KB (White's factor 8) counts 50, Black's −300 with Black's
// factor 64 stays; EndgameScale 0 leaves both.
func TestLogLossEndgame(t *testing.T) {
	ss := []sample{{v: 400, sw: 8, sb: 8, r: 0.5}, {v: -300, sw: 8, sb: 64, r: 0}}
	q := func(x float64) float64 { return 1 / (1 + math.Exp(-x/200)) }
	want := (-(0.5*math.Log(q(50)) + 0.5*math.Log(1-q(50))) - math.Log(1-q(-300))) / 2
	if got := logLoss(ss, factors{endgame: 1}, 200); math.Abs(got-want) > 1e-12 {
		t.Fatalf("logLoss with EndgameScale = %v, want %v", got, want)
	}
	plain := (-(0.5*math.Log(q(400)) + 0.5*math.Log(1-q(400))) - math.Log(1-q(-300))) / 2
	if got := logLoss(ss, factors{}, 200); math.Abs(got-plain) > 1e-12 {
		t.Fatalf("logLoss without = %v, want %v", got, plain)
	}
}
