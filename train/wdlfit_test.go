package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/eval"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// TestFitWDL recovers the model that drew the outcomes: 60,000 positions
// with scores over ±1,200 cp and 4–32 pieces, results drawn from a known
// model's win/draw/loss probabilities.
func TestFitWDL(t *testing.T) {
	truth := eval.WDLModel{A0: 320, A1: -120, B0: 90, B1: 60}
	rng := rand.New(rand.NewPCG(3, 4))
	d := NewMemory()
	for range 60_000 {
		n := 4 + rng.IntN(29)
		pieces := make([]uint16, n)
		for i := range pieces {
			pieces[i] = features.PackPiece(position.MakePiece(position.White, 1), position.Square(i))
		}
		v := math.Round(rng.Float64()*2400 - 1200)
		w, l := truth.Probabilities(v, n)
		r := float32(0.5)
		switch u := rng.Float64(); {
		case u < w:
			r = 1
		case u < w+l:
			r = 0
		}
		_ = d.Add(pieces, position.White, float32(v), r)
	}
	m, nll := FitWDL(d)
	for _, c := range []struct{ got, want, tol float64 }{{m.A0, truth.A0, 25}, {m.A1, truth.A1, 45}, {m.B0, truth.B0, 12}, {m.B1, truth.B1, 20}} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Fatalf("fitted %+v, want %+v (nll %.4f)", m, truth, nll)
		}
	}
	// Per mille, summing to 1000; mates are certain.
	if w, dr, l := m.WDL(0, 32); w+dr+l != 1000 || w != l {
		t.Fatalf("WDL(0) = %d %d %d", w, dr, l)
	}
	if w, _, _ := m.WDL(position.ValueMate-3, 10); w != 1000 {
		t.Fatal("a mate score is not a certain win")
	}
}
