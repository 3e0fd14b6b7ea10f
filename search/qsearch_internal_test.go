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
		{0, -win, 0, 0}, // beta a known loss: no made-up loss from the average
		{-win + 10, -win - 200, -win + 10, -win + 10},
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

// TestQSMoveCountPrunes: which moves move-count pruning skips, on a
// position holding one capture of each kind (Params.QSMoveCount).
func TestQSMoveCountPrunes(t *testing.T) {
	// White to move after a black knight landed on d5: c4xd5 recaptures,
	// b7xa8=Q promotes, Re2xe5 gives check, Rh3xh6 is a plain capture,
	// b7-b8=Q a promotion without a capture.
	w, root := constWorker(t, "r3k3/1P6/7b/3nr3/2P5/7R/4R3/7K w - - 0 1", 0)
	w.setup(root, 1)
	nxd5 := chess.NewMove(42, 35) // the black knight's last move, c6xd5
	move := func(s string) position.Move {
		m, err := root.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, c := range []struct {
		mc, moveCount int
		best          position.Value
		last          position.Move
		move          string
		want          bool
	}{
		{2, 3, 0, nxd5, "h3h6", true},                        // a plain capture past the count
		{2, 3, 0, nxd5, "c4d5", false},                       // the recapture
		{2, 3, 0, position.MoveNull, "c4d5", true},           // the same capture after a null move: plain
		{2, 3, 0, nxd5, "b7a8q", false},                      // a capture that promotes
		{2, 3, 0, nxd5, "e2e5", false},                       // a capture that gives check
		{2, 3, 0, nxd5, "b7b8q", false},                      // no capture
		{2, 2, 0, nxd5, "h3h6", false},                       // within the count
		{2, 3, -position.ValueKnownWin, nxd5, "h3h6", false}, // nothing yet keeps the node from a known loss
		{0, 9, 0, nxd5, "h3h6", false},                       // off
	} {
		w.prm.QSMoveCount = c.mc
		if got := w.qsMoveCountPrunes(move(c.move), c.moveCount, c.best, c.last); got != c.want {
			t.Errorf("QSMoveCount %d, move %d %s, best %d, last move %#x: prunes %v, want %v",
				c.mc, c.moveCount, c.move, c.best, uint16(c.last), got, c.want)
		}
	}
}
