package eval

import (
	"testing"

	"dualnnue/position"
)

// The fitted models' exact per-mille values (the figures eval/wdl.go quotes),
// their sums, their symmetry and their monotonicity in the score.
func TestWDLModels(t *testing.T) {
	for _, c := range []struct {
		name          string
		m             WDLModel
		v             position.Value
		pieces        int
		win, dr, loss int
	}{
		{"chess", ChessWDL, 0, 32, 380, 240, 380},
		{"chess", ChessWDL, 25, 32, 452, 235, 313},
		{"chess", ChessWDL, 300, 32, 956, 27, 17},
		{"chess", ChessWDL, 100, 10, 222, 734, 44},
		{"xiangqi", XiangqiWDL, 0, 32, 359, 282, 359},
		{"xiangqi", XiangqiWDL, 300, 32, 688, 187, 125},
	} {
		w, d, l := c.m.WDL(c.v, c.pieces)
		if w != c.win || d != c.dr || l != c.loss {
			t.Errorf("%s WDL(%d, %d pieces) = %d %d %d, want %d %d %d", c.name, c.v, c.pieces, w, d, l, c.win, c.dr, c.loss)
		}
	}
	for _, m := range []WDLModel{ChessWDL, XiangqiWDL} {
		for pieces := 2; pieces <= 32; pieces += 5 {
			pw := -1
			for v := position.Value(-2000); v <= 2000; v += 10 {
				w, d, l := m.WDL(v, pieces)
				if w+d+l != 1000 || w < 0 || d < 0 || l < 0 {
					t.Fatalf("%+v WDL(%d, %d) = %d %d %d", m, v, pieces, w, d, l)
				}
				if w < pw {
					t.Fatalf("%+v: win falls from %d to %d at %d cp, %d pieces", m, pw, w, v, pieces)
				}
				if lw, _, _ := m.WDL(-v, pieces); lw != l {
					t.Fatalf("%+v: loss at %d (%d) is not win at %d (%d)", m, v, l, -v, lw)
				}
				pw = w
			}
		}
	}
	// The chess start position (about +25 cp) is at least 20 % drawn, as
	// play at a clock shows.
	if _, d, _ := ChessWDL.WDL(25, 32); d < 200 {
		t.Errorf("chess start draw %d‰, want at least 200", d)
	}
}
