// Params.QSFailHighDamp (internal): the exact values a quiescence fail high returns.
package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
)

func TestDampFailHigh(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	win := position.ValueKnownWin
	cases := []struct{ v, beta, off, on position.Value }{
		{300, 100, 300, 200},   // the average of value and beta
		{101, 100, 101, 100},   // rounds towards beta: still ≥ beta
		{100, 100, 100, 100},   // at beta: unchanged
		{-40, -100, -40, -70},  // below zero too
		{-99, -100, -99, -100}, // rounds towards beta from below zero
		{win, 0, win, win},     // a known win comes back whole
		{win + 500, 100, win + 500, win + 500},
		{win - 1, win - 301, win - 1, win - 151},
	}
	for _, c := range cases {
		w.prm.QSFailHighDamp = 0
		if got := w.dampFailHigh(c.v, c.beta); got != c.off {
			t.Errorf("off: dampFailHigh(%d, %d) = %d, want %d", c.v, c.beta, got, c.off)
		}
		w.prm.QSFailHighDamp = 1
		got := w.dampFailHigh(c.v, c.beta)
		if got != c.on {
			t.Errorf("on: dampFailHigh(%d, %d) = %d, want %d", c.v, c.beta, got, c.on)
		}
		if got < c.beta || got > c.v {
			t.Errorf("on: dampFailHigh(%d, %d) = %d lies outside [beta, v]", c.v, c.beta, got)
		}
	}
}
