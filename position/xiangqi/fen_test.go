// FEN tests: round trips, defaults, every bad-input case, and the fuzzer.
package xiangqi

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{StartFEN}
	for _, r := range readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "xiangqi.jsonl")) {
		fens = append(fens, r.FEN)
	}
	for _, fen := range fens {
		p := mustFEN(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip: %q -> %q", fen, got)
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", fen, err)
		}
	}
}

func TestFENDefaultsAndAliases(t *testing.T) {
	board := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
	for in, want := range map[string]string{
		board + " w":                    StartFEN,
		board + " r":                    StartFEN,
		board + " w - -":                StartFEN,
		board + " w - - 0":              StartFEN,
		board + " w - - 0 0":            StartFEN,
		board + " b - - 7 12":           board + " b - - 7 12",
		"  " + board + "   w  - - 0 1 ": StartFEN,
		// E and H (WXF letters) are read as elephant and horse.
		"rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1": "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
	} {
		p, err := NewFromFEN(in)
		if err != nil {
			t.Errorf("NewFromFEN(%q): %v", in, err)
			continue
		}
		if got := p.FEN(); got != want {
			t.Errorf("NewFromFEN(%q).FEN() = %q, want %q", in, got, want)
		}
	}
	p := mustFEN(t, board+" b - - 7 12")
	if st := p.State(); st.Rule50 != 7 || st.GamePly != 23 || st.PliesFromNull != 0 {
		t.Errorf("counters %d %d %d, want Rule50 7, GamePly 23, PliesFromNull 0", st.Rule50, st.GamePly, st.PliesFromNull)
	}
}

// badFENs maps a malformed FEN to a fragment its error must contain.
var badFENs = map[string]string{
	"":         "empty",
	"foobar":   "side to move is missing",
	"foobar w": "ranks",
	// XQ-20 and its variants.
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1": "11 ranks",
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAKNR w - - 0 1":   "red has 2 generals",
	"rnbakabnr/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1":     "9 ranks",
	"rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1":  "rank 8 is 10 points wide",
	// XQ-19: missing generals.
	"9/9/9/9/9/9/9/9/9/4K4 w - - 0 1": "black has 0 generals",
	"4k4/9/9/9/9/9/9/9/9/9 w - - 0 1": "red has 0 generals",
	// XQ-21: generals facing, and the side not to move in check.
	"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1":   "generals face each other",
	"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1":   "generals face each other",
	"4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1": "black is in check but it is red to move",
	"3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1":   "face",
	// XQ-25: board only.
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR": "side to move is missing",
	// Fields.
	StartFEN + " 9": "7 fields",
	strings.Replace(StartFEN, " w ", " x ", 1):                      `side to move "x"`,
	strings.Replace(StartFEN, " w - -", " w KQ -", 1):               "castling",
	strings.Replace(StartFEN, " w - -", " w - e3", 1):               "en-passant",
	strings.Replace(StartFEN, " 0 1", " -1 1", 1):                   "halfmove",
	strings.Replace(StartFEN, " 0 1", " 0 x", 1):                    "fullmove",
	strings.Replace(StartFEN, " 0 1", " 0 99999999999999999999", 1): "fullmove",
	// Letters and widths.
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w - - 0 1":  "unknown piece letter 'Q' in FEN rank 0",
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1":   "rank 0 is 8 points wide",
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1": "rank 0 is 10 points wide",
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/0/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1":  "count of 0",
	"rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1":   "rank 8 is 0 points wide",
	// Placement.
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1": "red has 0 generals",
	"4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1":                                      "red general on a0: outside its palace",
	"3k5/9/9/9/9/9/9/9/A8/4K4 w - - 0 1":                                    "red advisor on a1: off its palace diagonals",
	"3k5/9/9/9/9/9/B8/9/9/4K4 w - - 0 1":                                    "red elephant on a3: a point it can never reach",
	"3k5/9/9/9/9/1B7/9/9/9/4K4 w - - 0 1":                                   "red elephant on b4: a point it can never reach",
	"3k5/9/9/9/9/9/9/9/P8/4K4 w - - 0 1":                                    "red pawn on a1: a point it can never reach",
	"3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1":                                   "red pawn on b3: a point it can never reach",
	"3k5/9/9/1p7/9/9/9/9/9/4K4 w - - 0 1":                                   "black pawn on b6: a point it can never reach",
	"3k5/p8/9/9/9/9/9/9/9/4K4 w - - 0 1":                                    "black pawn on a8: a point it can never reach",
	"3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1":                                   "",
	"3k5/9/9/9/9/9/9/9/RRR6/4K4 w - - 0 1":                                  "red has 3 rooks (at most 2)",
	"3k5/9/9/9/PPPPPP3/9/9/9/9/4K4 w - - 0 1":                               "red has 6 pawns (at most 5)",
}

func TestBadFEN(t *testing.T) {
	for fen, frag := range badFENs {
		if frag == "" {
			if _, err := NewFromFEN(fen); err != nil {
				t.Errorf("NewFromFEN(%q) unexpectedly failed: %v", fen, err)
			}
			continue
		}
		p, err := NewFromFEN(fen)
		if err == nil {
			t.Errorf("NewFromFEN(%q) accepted: %s", fen, p.FEN())
			continue
		}
		if !strings.Contains(err.Error(), frag) {
			t.Errorf("NewFromFEN(%q) error %q does not mention %q", fen, err, frag)
		}
	}
}

// TestSetFENKeepsPositionOnError: a bad FEN leaves the previous position.
func TestSetFENKeepsPositionOnError(t *testing.T) {
	p := mustFEN(t, StartFEN)
	before := p.FEN()
	if err := p.SetFEN("foobar"); err == nil {
		t.Fatal("SetFEN(foobar) accepted")
	}
	if p.FEN() != before || p.Validate() != nil {
		t.Fatalf("position changed after a rejected FEN: %s", p.FEN())
	}
}

// TestCasesBadInput runs the FEN cases of kind bad_input from cases.jsonl.
func TestCasesBadInput(t *testing.T) {
	cases := loadCases(t)
	for _, id := range []string{
		"XQ-18-bad-input-garbage-fen",
		"XQ-19-bad-input-missing-general",
		"XQ-20-bad-input-eleven-ranks-and-two-generals",
		"XQ-21-bad-input-generals-already-facing",
		"XQ-25-bad-input-missing-side-to-move",
	} {
		c, ok := cases[id]
		if !ok {
			t.Errorf("case %s missing", id)
			continue
		}
		if _, err := NewFromFEN(c.FEN); err == nil {
			t.Errorf("%s: %q accepted", id, c.FEN)
		} else {
			t.Logf("%s: %v", id, err)
		}
		if also, ok := c.Expected["also_test"].(string); ok {
			fen := strings.TrimSuffix(also, " (no red general)")
			if _, err := NewFromFEN(fen); err == nil {
				t.Errorf("%s: also_test %q accepted", id, fen)
			}
		}
		if vs, ok := c.Expected["variants"].([]any); ok {
			for _, v := range vs {
				vm := v.(map[string]any)
				fen := vm["fen"].(string)
				_, err := NewFromFEN(fen)
				switch vm["error"] {
				case true:
					if err == nil {
						t.Errorf("%s variant %q accepted (%v)", id, fen, vm["reason"])
					}
				case "policy": // 'r' for Red: accepted as an alias of 'w'
					if err != nil {
						t.Errorf("%s variant %q: %v (policy: accept r)", id, fen, err)
					}
				}
			}
		}
		if tv, ok := c.Expected["truncated_but_valid"].(map[string]any); ok {
			p, err := NewFromFEN(tv["fen"].(string))
			if err != nil {
				t.Errorf("%s: truncated FEN rejected: %v", id, err)
			} else if p.State().Rule50 != 0 || p.FEN() != StartFEN {
				t.Errorf("%s: truncated FEN read as %q", id, p.FEN())
			}
		}
	}
}

func FuzzFEN(f *testing.F) {
	f.Add(StartFEN)
	for fen := range badFENs {
		f.Add(fen)
	}
	f.Add("4k1rr1/9/9/9/9/9/9/9/9/5K3 w - - 0 0")
	f.Add("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := NewFromFEN(fen)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted %q but invalid: %v", fen, err)
		}
		out := p.FEN()
		q, err := NewFromFEN(out)
		if err != nil {
			t.Fatalf("FEN() output %q rejected: %v", out, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("round trip %q -> %q", out, q.FEN())
		}
		var l [2]int
		for i, pos := range []*Position{p, q} {
			l[i] = len(legalStrings(pos))
		}
		if l[0] != l[1] || Perft(p, 2) != Perft(q, 2) {
			t.Fatal("round trip changed the moves")
		}
	})
}
