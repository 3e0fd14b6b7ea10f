// SEE tests with exact exchange values.
package xiangqi

import (
	"testing"

	"dualnnue/position"
)

func TestSEE(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		value     position.Value // exact exchange result
	}{
		// Cannon takes the horse, the rook retakes: 520 - 600.
		{StartFEN, "h2h9", -80},
		// A quiet move to an unattacked point.
		{StartFEN, "h2e2", 0},
		// An undefended pawn.
		{"4k4/9/9/9/4p4/9/9/9/4R4/3K5 w - - 0 1", "e1e5", 90},
		// Rook takes rook; the black cannon on e9 recaptures over the
		// elephant screen on e7.
		{"4ck3/9/4b4/9/4r4/9/9/9/4R4/3K5 w - - 0 1", "e1e5", 0},
		// A red cannon on e0 behind the rook: once the rook has captured on
		// e5, the rook itself is no screen for it (it stands on the target),
		// and after the black cannon recaptures the file e1..e4 is empty, so
		// the red cannon has no screen either. The value stays 0.
		{"4ck3/9/4b4/9/4r4/9/9/9/4R4/3KC4 w - - 0 1", "e1e5", 0},
		// With a red pawn screen on e3 the red cannon on e0 recaptures the black
		// cannon: +1300 -1300 +600.
		{"4ck3/9/4b4/9/R3r4/9/4P4/9/9/3KC4 w - - 0 1", "a5e5", 600},
		// A rook taking a pawn defended by a pawn loses the rook.
		{"3k5/9/9/9/9/3pp4/9/9/4R4/3K5 w - - 0 1", "e1e4", 90 - 1300},
		// The general taking a defended rook is illegal; SEE, which sees
		// pseudo-legal moves, scores the general as 0 (as Stockfish scores
		// the king), so the capture counts +1300 and legality rejects it.
		{"3k5/9/9/9/4r4/9/9/4r4/4K4/9 w - - 0 1", "e1e2", 1300},
		// The general recaptures, and only when nothing defends: rook takes
		// rook (+1300), the black general takes back (-1300).
		{"4k4/4r4/9/9/9/9/9/4R4/9/3K5 w - - 0 1", "e2e8", 0},
		// A second red rook behind defends e8, so the general cannot take
		// back: +1300.
		{"4k4/4r4/9/9/9/9/9/4R4/4R4/3K5 w - - 0 1", "e2e8", 1300},
	} {
		p := mustFEN(t, c.fen)
		from, _ := parseSquare(c.move[:2])
		to, _ := parseSquare(c.move[2:])
		m := NewMove(from, to)
		if !p.PseudoLegal(m) {
			t.Fatalf("%s: %s not pseudo-legal", c.fen, c.move)
		}
		if !p.SEE(m, c.value) || p.SEE(m, c.value+1) {
			t.Errorf("%s %s: SEE(%d) = %v, SEE(%d) = %v; want exact value %d",
				c.fen, c.move, c.value, p.SEE(m, c.value), c.value+1, p.SEE(m, c.value+1), c.value)
		}
	}
}
