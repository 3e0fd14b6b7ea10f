// ICCS move text tests and the move-parser fuzzer.
package xiangqi

import (
	"strings"
	"testing"

	"dualnnue/position"
)

func TestMoveString(t *testing.T) {
	for m, want := range map[position.Move]string{
		NewMove(MakeSquare(7, 2), MakeSquare(4, 2)): "h2e2",
		NewMove(0, 89):    "a0i9",
		position.MoveNone: "(none)",
		position.MoveNull: "0000",
		NewMove(100, 3):   "-d0",
	} {
		if got := MoveString(m); got != want {
			t.Errorf("MoveString(%d) = %q, want %q", m, got, want)
		}
	}
}

func TestParseMove(t *testing.T) {
	p := mustFEN(t, StartFEN)
	for _, s := range []string{"h2e2", "H2E2", "h2-e2", "H2-E2"} {
		m, err := p.ParseMove(s)
		if err != nil || MoveString(m) != "h2e2" {
			t.Errorf("ParseMove(%q) = %s, %v", s, MoveString(m), err)
		}
	}
	for s, frag := range map[string]string{
		"":      "want ICCS",
		"h2":    "want ICCS",
		"h2e2x": "want ICCS",
		"j2e2":  "want ICCS",
		"h2e":   "want ICCS",
		"h10g8": "want ICCS",
		"h3e3":  "no red piece on h3",
		"h7e7":  "no red piece on h7",
		"h2h8":  "not legal", // a quiet cannon move cannot jump
		"h2h9":  "",          // but it captures over one screen
		"h2e3":  "not legal",
		"e0e0":  "not legal",
		"a3a2":  "not legal", // pawns never go back
		"a3b3":  "not legal", // nor sideways before the river
		"c0e2":  "",          // elephant
		"b0c2":  "",          // horse
		"b0d1":  "not legal", // horse to its own advisor's point
	} {
		_, err := p.ParseMove(s)
		if frag == "" {
			if err != nil {
				t.Errorf("ParseMove(%q): %v", s, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), frag) || !strings.Contains(err.Error(), s) {
			t.Errorf("ParseMove(%q) error %v, want it to name the move and say %q", s, err, frag)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"h2e2", "H2-E2", "b0c2", "e0e1", "a0a9", "0000", "(none)", "h10g8", "i9i9", "e3e4", "\xff\xfe\x00\x01"} {
		f.Add(StartFEN, s)
	}
	f.Add("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", "b6c8")
	f.Add("4k4/4a4/3N5/9/9/9/9/9/9/3K5 b - - 0 1", "e8d7")
	f.Fuzz(func(t *testing.T, fen, s string) {
		p, err := NewFromFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(s)
		if err != nil {
			if !strings.Contains(err.Error(), "xiangqi: move") {
				t.Fatalf("error %q does not name the move", err)
			}
			return
		}
		legal := legalStrings(p)
		found := false
		for _, l := range legal {
			found = found || l == MoveString(m)
		}
		if !found {
			t.Fatalf("ParseMove(%q) = %s, not among the legal moves %v", s, MoveString(m), legal)
		}
		back, err := p.ParseMove(MoveString(m))
		if err != nil || back != m {
			t.Fatalf("MoveString/ParseMove round trip of %s: %s, %v", MoveString(m), MoveString(back), err)
		}
		var st position.State
		p.DoMove(m, &st)
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}
