// The quiescence search's helpers (internal): the values a fail high returns
// (Params.QSFailHighDamp) and which moves are promotions (Params.QSMoveCount).
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

func TestIsPromotion(t *testing.T) {
	c := chessTestRules
	for _, m := range []struct {
		m    position.Move
		want bool
	}{
		{chess.NewMove(52, 60), false},             // e7e8, no promotion
		{chess.NewPromotion(52, 60, 5), true},      // e7e8q
		{chess.NewPromotion(52, 61, 2), true},      // e7xf8n
		{chess.NewEnPassant(36, 43), false},        // e5xd6 e.p.
		{chess.NewCastling(4, 7), false},           // e1g1
		{position.Move(63 | 62<<6 | 3<<12), false}, // a promotion piece without the kind is not one
	} {
		if got := c.isPromotion(m.m); got != m.want {
			t.Errorf("chess isPromotion(%#x) = %v, want %v", uint16(m.m), got, m.want)
		}
	}
	// Xiangqi has no promotions: no move reads as one, whatever its high bits.
	x := xiangqiTestRules
	for _, m := range []position.Move{1, 89 | 80<<7, 0x3FFF, 0xC000 | 5} {
		if x.isPromotion(m) {
			t.Errorf("xiangqi isPromotion(%#x) = true", uint16(m))
		}
	}
}
