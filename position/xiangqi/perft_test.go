// Perft suites: the random-game positions, the published counts, the
// other engines' bug-report cases, and the naive cross-check.
package xiangqi

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"

	"dualnnue/position"
)

type perftRecord struct {
	FEN     string   `json:"fen"`
	InCheck bool     `json:"in_check"`
	Perft   []uint64 `json:"perft"`
	Moves   []string `json:"moves"`
}

// TestPerftSuite checks every position of perft/xiangqi.jsonl: in-check
// flag, sorted legal moves and perft at every listed depth (depth 4 only
// with -long: those take a while).
func TestPerftSuite(t *testing.T) {
	recs := readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "xiangqi.jsonl"))
	if len(recs) != 150 {
		t.Fatalf("xiangqi.jsonl has %d positions, want 150", len(recs))
	}
	for i, r := range recs {
		p := mustFEN(t, r.FEN)
		if p.InCheck() != r.InCheck {
			t.Errorf("#%d %s: in_check %v, want %v", i, r.FEN, p.InCheck(), r.InCheck)
		}
		if got := legalStrings(p); !equalStrings(got, r.Moves) {
			t.Errorf("#%d %s: moves\n got %v\nwant %v", i, r.FEN, got, r.Moves)
		}
		for d, want := range r.Perft {
			if d+1 >= 4 && !*long {
				continue
			}
			if got := Perft(p, d+1); got != want {
				t.Errorf("#%d %s: perft(%d) = %d, want %d", i, r.FEN, d+1, got, want)
			}
		}
	}
}

type publishedRecord struct {
	Game   string    `json:"game"`
	FEN    string    `json:"fen"`
	Perft  []*uint64 `json:"perft"`
	Source string    `json:"source"`
}

// TestPerftPublished checks the published suites up to depth 4 (every depth
// with -long).
func TestPerftPublished(t *testing.T) {
	recs := readJSONL[publishedRecord](t, filepath.Join(testdataDir(t), "perft", "published.jsonl"))
	n := 0
	for _, r := range recs {
		if r.Game != "xiangqi" {
			continue
		}
		n++
		p := mustFEN(t, r.FEN)
		for d, want := range r.Perft {
			depth := d + 1
			if want == nil || (depth > 4 && !*long) {
				continue
			}
			t.Run(fmt.Sprintf("%s/depth%d", r.FEN, depth), func(t *testing.T) {
				if got := Perft(p, depth); got != *want {
					t.Errorf("perft(%d) = %d, want %d (%s)", depth, got, *want, r.Source)
				}
			})
		}
	}
	if n != 4 {
		t.Fatalf("published.jsonl has %d xiangqi positions, want 4", n)
	}
}

type caseRecord struct {
	ID       string         `json:"id"`
	Game     string         `json:"game"`
	Kind     string         `json:"kind"`
	FEN      string         `json:"fen"`
	Moves    []string       `json:"moves"`
	Expected map[string]any `json:"expected"`
}

func loadCases(t *testing.T) map[string]caseRecord {
	recs := readJSONL[caseRecord](t, filepath.Join(testdataDir(t), "cases", "cases.jsonl"))
	out := map[string]caseRecord{}
	for _, r := range recs {
		if r.Game == "xiangqi" {
			out[r.ID] = r
		}
	}
	return out
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// checkExpectation checks count, legal_pikafish, must_not_contain_pikafish,
// in_check and perft entries of one expectation object against fen.
func checkExpectation(t *testing.T, fen string, exp map[string]any) {
	t.Helper()
	p := mustFEN(t, fen)
	got := legalStrings(p)
	if c, ok := exp["count"]; ok && len(got) != int(c.(float64)) {
		t.Errorf("%s: %d legal moves %v, want %v", fen, len(got), got, c)
	}
	if l, ok := exp["legal_pikafish"]; ok {
		if want := strs(l); !equalStrings(got, want) {
			t.Errorf("%s: legal moves %v, want %v", fen, got, want)
		}
	}
	if l, ok := exp["must_not_contain_pikafish"]; ok {
		for _, bad := range strs(l) {
			for _, g := range got {
				if g == bad {
					t.Errorf("%s: %s must not be legal", fen, bad)
				}
			}
		}
	}
	if c, ok := exp["in_check"]; ok && p.InCheck() != c.(bool) {
		t.Errorf("%s: in check %v, want %v", fen, p.InCheck(), c)
	}
	if pm, ok := exp["perft"]; ok {
		for k, v := range pm.(map[string]any) {
			d, _ := strconv.Atoi(k)
			if d > 4 && !*long {
				continue
			}
			if got := Perft(p, d); got != uint64(v.(float64)) {
				t.Errorf("%s: perft(%d) = %d, want %v", fen, d, got, v)
			}
		}
	}
}

// TestCasesPerftAndLegalMoves runs the xiangqi cases of kinds perft and
// legal_moves (and their variants) from cases.jsonl.
func TestCasesPerftAndLegalMoves(t *testing.T) {
	cases := loadCases(t)
	want := []string{
		"XQ-01-perft-midgame-cannon-in-enemy-camp",
		"XQ-02-legal-soldier-pinned-by-facing-generals",
		"XQ-04-legal-horse-leg-is-next-to-the-horse",
		"XQ-05-legal-elephant-eye-and-river",
	}
	for _, id := range want {
		c, ok := cases[id]
		if !ok {
			t.Errorf("case %s missing from cases.jsonl", id)
			continue
		}
		t.Run(id, func(t *testing.T) {
			checkExpectation(t, c.FEN, c.Expected)
			for k, v := range c.Expected {
				if len(k) > 8 && k[:8] == "variant_" {
					vm := v.(map[string]any)
					checkExpectation(t, vm["fen"].(string), vm)
				}
			}
		})
	}
	for id, c := range cases {
		if c.Kind == "perft" || c.Kind == "legal_moves" {
			found := false
			for _, w := range want {
				found = found || w == id
			}
			if !found {
				t.Errorf("case %s (kind %s) has no test", id, c.Kind)
			}
		}
	}
}

// TestCasesProtocolPositions checks the positions of protocol and notation
// cases that this package alone can answer: fullmove 0, the mate-in-one
// position's moves and perft (XQ-15), and the FENs after ICCS move lists
// (XQ-17, XQ-22).
func TestCasesProtocolPositions(t *testing.T) {
	cases := loadCases(t)
	c15 := cases["XQ-15-protocol-fullmove-zero-and-mate-in-one"]
	p := mustFEN(t, c15.FEN)
	if got := legalStrings(p); !equalStrings(got, []string{"f0f1"}) {
		t.Errorf("XQ-15 legal %v, want [f0f1]", got)
	}
	for d, want := range map[int]uint64{1: 1, 2: 22, 3: 39} {
		if got := Perft(p, d); got != want {
			t.Errorf("XQ-15 perft(%d) = %d, want %d", d, got, want)
		}
	}
	if p.FEN() != "4k1rr1/9/9/9/9/9/9/9/9/5K3 w - - 0 1" {
		t.Errorf("XQ-15 FEN written back as %q (fullmove 0 must read as 1)", p.FEN())
	}
	for _, id := range []string{"XQ-17-protocol-rank-numbering-depends-on-dialect", "XQ-22-notation-wxf-opening-both-directions"} {
		c := cases[id]
		p := mustFEN(t, StartFEN)
		states := make([]position.State, len(c.Moves))
		for i, s := range c.Moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			p.DoMove(m, &states[i])
		}
		if got, want := p.FEN(), c.Expected["fen_after"].(string); got != want {
			t.Errorf("%s: FEN after moves %q, want %q", id, got, want)
		}
		if pa, ok := c.Expected["perft_after"]; ok {
			for k, v := range pa.(map[string]any) {
				d, _ := strconv.Atoi(k)
				if got := Perft(p, d); got != uint64(v.(float64)) {
					t.Errorf("%s: perft(%d) after moves = %d, want %v", id, d, got, v)
				}
			}
		}
	}
	// Fairy-Stockfish's 1-10 ranks are not ICCS: h3e3 is legal by accident
	// of geometry? No: h3 is empty at the start, so it must be rejected.
	if _, err := mustFEN(t, StartFEN).ParseMove("h10g8"); err == nil {
		t.Error("ParseMove accepted Fairy-Stockfish rank 10")
	}
}

// TestNaiveCrossCheck compares GenerateLegal with a mailbox-only reference
// generator on every position of the suite and on positions along random
// games from them.
func TestNaiveCrossCheck(t *testing.T) {
	recs := readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "xiangqi.jsonl"))
	checked := 0
	for i, r := range recs {
		p := mustFEN(t, r.FEN)
		rng := newRand(uint64(i))
		var states [60]position.State
		for ply := 0; ply < len(states); ply++ {
			got, want := legalStrings(p), naiveLegal(p)
			checked++
			if !equalStrings(got, want) {
				t.Fatalf("%s: legal\n got %v\nwant %v", p.FEN(), got, want)
			}
			if len(got) == 0 {
				break
			}
			m, _ := p.ParseMove(got[rng.IntN(len(got))])
			p.DoMove(m, &states[ply])
		}
	}
	t.Logf("%d positions cross-checked", checked)
}

// TestDivide: one entry per legal move in ICCS order, counts summing to
// perft, each equal to perft after the move.
func TestDivide(t *testing.T) {
	p := mustFEN(t, StartFEN)
	div := Divide(p, 3)
	if len(div) != 44 {
		t.Fatalf("%d entries, want 44", len(div))
	}
	var sum uint64
	var st position.State
	for i, e := range div {
		if i > 0 && MoveString(div[i-1].Move) >= MoveString(e.Move) {
			t.Errorf("entries out of order at %s", MoveString(e.Move))
		}
		p.DoMove(e.Move, &st)
		if want := Perft(p, 2); e.Nodes != want {
			t.Errorf("%s: %d, want %d", MoveString(e.Move), e.Nodes, want)
		}
		p.UndoMove(e.Move)
		sum += e.Nodes
	}
	if sum != 79666 {
		t.Errorf("divide sums to %d, want 79666", sum)
	}
	if d := Divide(p, 1); len(d) != 44 || d[0].Nodes != 1 || MoveString(d[0].Move) != "a0a1" {
		t.Errorf("Divide(1) = %v", d[:1])
	}
	if Divide(p, 0) != nil || Perft(p, 0) != 1 {
		t.Error("depth 0")
	}
	if p.FEN() != StartFEN {
		t.Error("Divide changed the position")
	}
}
