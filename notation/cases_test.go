// The notation cases of cases.jsonl (XQ-22, XQ-24) and the SAN parts of CH-05.
package notation

import (
	"encoding/json"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// TestCaseXQ22: the WXF of an opening for both sides, with "=" and "."
// forms, parsing back to the Pikafish moves, and the FEN after it.
func TestCaseXQ22(t *testing.T) {
	c, ok := loadCases(t)["XQ-22-notation-wxf-opening-both-directions"]
	if !ok {
		t.Fatal("case XQ-22 missing")
	}
	var e struct {
		WXF      []string `json:"wxf"`
		Dot      []string `json:"wxf_dot_variant"`
		Pikafish []string `json:"parse_must_give_pikafish"`
		FENAfter string   `json:"fen_after"`
	}
	if err := json.Unmarshal(c.Expected, &e); err != nil {
		t.Fatal(err)
	}
	p, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	states := make([]position.State, len(c.Moves))
	for i, s := range c.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := WXF(p, m); got != e.WXF[i] {
			t.Errorf("ply %d %s: WXF %q, want %q", i+1, s, got, e.WXF[i])
		}
		for _, form := range []string{e.WXF[i], e.Dot[i], strings.ToLower(e.WXF[i])} {
			if got, err := ParseWXF(p, form); err != nil || xiangqi.MoveString(got) != e.Pikafish[i] {
				t.Errorf("ply %d: ParseWXF(%q) = %s, %v; want %s", i+1, form, xiangqi.MoveString(got), err, e.Pikafish[i])
			}
		}
		p.DoMove(m, &states[i])
	}
	if p.FEN() != e.FENAfter {
		t.Errorf("FEN after: %s, want %s", p.FEN(), e.FENAfter)
	}
}

// TestCaseXQ24: front/rear markers for two horses and two pawns on a file,
// none for advisors and elephants; the prefix form is accepted; the plain
// file form is rejected as ambiguous.
func TestCaseXQ24(t *testing.T) {
	c, ok := loadCases(t)["XQ-24-notation-front-rear-markers"]
	if !ok {
		t.Fatal("case XQ-24 missing")
	}
	var e struct {
		WXF    map[string]string `json:"wxf_pikafish_moves"`
		Prefix map[string]string `json:"prefix_form_if_supported"`
		Reject map[string]string `json:"must_reject"`
	}
	if err := json.Unmarshal(c.Expected, &e); err != nil {
		t.Fatal(err)
	}
	p, err := xiangqi.NewFromFEN(c.FEN)
	if err != nil {
		t.Fatal(err)
	}
	for iccs, want := range e.WXF {
		m, err := p.ParseMove(iccs)
		if err != nil {
			t.Fatal(err)
		}
		if got := WXF(p, m); got != want {
			t.Errorf("%s: WXF %q, want %q", iccs, got, want)
		}
		if got, err := ParseWXF(p, want); err != nil || got != m {
			t.Errorf("ParseWXF(%q) = %s, %v; want %s", want, xiangqi.MoveString(got), err, iccs)
		}
	}
	for suffix, prefix := range e.Prefix {
		if suffix == "note" {
			continue
		}
		a, err1 := ParseWXF(p, suffix)
		b, err2 := ParseWXF(p, prefix)
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("%q and %q: %s %v / %s %v", suffix, prefix, xiangqi.MoveString(a), err1, xiangqi.MoveString(b), err2)
		}
	}
	for bad := range e.Reject {
		if _, err := ParseWXF(p, bad); err == nil || !strings.Contains(err.Error(), "ambiguous") {
			t.Errorf("ParseWXF(%q): %v, want an ambiguity error", bad, err)
		}
	}
}

// TestCaseCH05SAN: the SAN of the CH-05 game and of each promotion on d8,
// and of promotions with and without check.
func TestCaseCH05SAN(t *testing.T) {
	c, ok := loadCases(t)["CH-05-result-capture-promotion-mates"]
	if !ok {
		t.Fatal("case CH-05 missing")
	}
	var e struct {
		PGN   string `json:"pgn"`
		Promo map[string]struct {
			SAN string `json:"san"`
		} `json:"each_promotion_on_d8"`
		Suffix struct {
			FEN string            `json:"fen"`
			SAN map[string]string `json:"san"`
		} `json:"variant_san_check_suffix"`
	}
	if err := json.Unmarshal(c.Expected, &e); err != nil {
		t.Fatal(err)
	}
	p, _ := chess.NewFromFEN(chess.StartFEN)
	states := make([]position.State, len(c.Moves))
	var text []string
	for i, s := range c.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if i == len(c.Moves)-1 {
			for uci, w := range e.Promo {
				pm, err := p.ParseMove(uci)
				if err != nil {
					t.Fatal(err)
				}
				if got := SAN(p, pm); got != w.SAN {
					t.Errorf("%s: SAN %q, want %q", uci, got, w.SAN)
				}
			}
		}
		if i%2 == 0 {
			text = append(text, string(rune('1'+i/2))+".")
		}
		text = append(text, SAN(p, m))
		p.DoMove(m, &states[i])
	}
	if got := strings.Join(text, " "); got != e.PGN {
		t.Errorf("movetext %q, want %q", got, e.PGN)
	}
	q, _ := chess.NewFromFEN(e.Suffix.FEN)
	for uci, want := range e.Suffix.SAN {
		m, _ := q.ParseMove(uci)
		if got := SAN(q, m); got != want {
			t.Errorf("%s: SAN %q, want %q", uci, got, want)
		}
	}
}

// TestSANBadInput: unknown letters, impossible and ambiguous moves give
// errors naming the problem.
func TestSANBadInput(t *testing.T) {
	p, _ := chess.NewFromFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for s, want := range map[string]string{
		"Xe4": "unknown piece letter", "Ze9": "unknown piece letter", "": "empty",
		"Rb8": "no legal rook move", "e4": "no legal pawn move",
		"Rh8x": "no destination", "Raxb1": "marked as a capture", "Kd2d3": "no legal king move",
		"a8=Q": "no legal pawn move", "R1d1": "", "Rad1": "", "O-O-O": "", "0-0": "",
		"Qh4": "no legal queen move", "Ra1a9": "no destination", "Re1=Z": "unknown promotion",
	} {
		_, err := ParseSAN(p, s)
		if want == "" {
			if err != nil {
				t.Errorf("%q: %v", s, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error containing %q", s, err, want)
		}
	}
	a, _ := chess.NewFromFEN("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1")
	if _, err := ParseSAN(a, "Ra3"); err == nil || !strings.Contains(err.Error(), "ambiguous, it could be a1a3 or a5a3") {
		t.Errorf("Ra3: %v", err)
	}
	if m, err := ParseSAN(a, "R5a3"); err != nil || a.MoveString(m) != "a5a3" {
		t.Errorf("R5a3: %v", err)
	}
	q, _ := chess.NewFromFEN("k7/4P3/8/8/8/8/8/K7 w - - 0 1")
	if _, err := ParseSAN(q, "e8"); err == nil || !strings.Contains(err.Error(), "must promote") {
		t.Errorf("e8 without promotion: %v", err)
	}
	if m, err := ParseSAN(q, "e8=N"); err != nil || chess.PromotionType(m) != chess.Knight {
		t.Errorf("e8=N: %v", err)
	}
}

// TestWXFBadInput: malformed, unknown and impossible WXF.
func TestWXFBadInput(t *testing.T) {
	p, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	for s, want := range map[string]string{
		"X2=5": "unknown piece letter", "C2=": "4 characters", "C2*5": "direction",
		"C0=5": "neither a file", "C2=0": "file or a number", "H2=3": "never moves sideways",
		"R1+9": "no legal", "C5=4": "no legal", "+Q+7": "unknown piece letter", "K5+5": "no legal",
		"H++7": "no legal", "65+1": "count 1-5 from the front", "+-.4": "neither ++",
		"3+.4": "no legal", "33.4": "no legal", "++.4": "no legal",
	} {
		_, err := ParseWXF(p, s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error containing %q", s, err, want)
		}
	}
}
