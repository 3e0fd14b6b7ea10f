package chess

import (
	"testing"

	"dualnnue/position"
)

// TestEndgameEval checks EndgameEval's value and coverage, term by term:
// known win 10000, king closeness 20 per step below distance 7, the bare
// king's edge 30 per step from the centre and material (or, against bishop
// and knight, 40 per step of Manhattan distance nearer a corner of the
// bishop's colour).
func TestEndgameEval(t *testing.T) {
	for _, c := range []struct {
		fen  string
		v    position.Value
		ok   bool
		note string
	}{
		{"8/8/8/8/8/8/8/K6k w - - 0 1", 0, false, "bare kings: the rules decide"},
		{"8/8/8/4k3/8/8/8/KNN5 w - - 0 1", 0, true, "two knights: no forced mate"},
		{"8/8/8/4k3/8/8/8/KNN5 b - - 0 1", 0, true, "two knights, the bare king to move"},
		{"8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", 0, true, "two dark bishops"},
		{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 0, false, "king and pawn: the evaluator's"},
		{"8/8/8/4k3/8/8/4P3/4KN2 w - - 0 1", 0, false, "a knight and a pawn: the evaluator's"},
		{"8/8/8/4k3/8/8/4p3/1NN1K3 w - - 0 1", 0, false, "two knights against a pawn: the evaluator's"},
		{"7k/8/8/8/8/8/8/KBN5 w - - 0 1", 10000 + 40*(14-7), true, "light bishop, the bare king in a dark corner: 7 from h1 and a8, kings 7 apart"},
		{"7K/8/8/8/8/8/8/kbn5 w - - 0 1", -(10000 + 40*(14-7)), true, "the same with colours reversed, the bare king to move"},
		{"8/8/8/8/8/8/2K5/k1B3N1 b - - 0 1", -(10000 + 20*5 + 40*14), true, "dark bishop, the bare king in a1: corner distance 0, kings 2 apart"},
		{"8/8/8/4k3/8/8/8/1BN1K3 w - - 0 1", 10000 + 20*3 + 40*(14-7), true, "light bishop, the bare king on e5: 7 from h1 and from a8, kings 4 apart"},
		{"4k3/8/8/8/8/8/8/4K2Q w - - 0 1", 10000 + 30*3 + 900, true, "queen: e8 is 3 steps from the centre, kings 7 apart"},
		{"8/8/8/4k3/8/8/P7/R3K3 w - - 0 1", 10000 + 20*3 + 500 + 100, true, "rook and pawn: e5 in the centre, kings 4 apart"},
		{"8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", 10000 + 20*3 + 600, true, "bishops of both colours"},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 0, true, "the bare king stalemated"},
		{"k7/2Q5/1K6/8/8/8/8/8 w - - 0 1", 10000 + 20*5 + 30*6 + 900, true, "the same, the queen to move: a8 is a corner, kings 2 apart"},
	} {
		p, err := NewFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := p.EndgameEval()
		if v != c.v || ok != c.ok {
			t.Errorf("%s (%s): %d %v, want %d %v", c.fen, c.note, v, ok, c.v, c.ok)
		}
	}
}

// TestEndgameEvalAllocs: the evaluation (and its stalemate check) allocates nothing.
func TestEndgameEvalAllocs(t *testing.T) {
	p, _ := NewFromFEN("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
	if n := testing.AllocsPerRun(100, func() { p.EndgameEval() }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}
