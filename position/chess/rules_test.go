// Draw rules, SEE and zero-allocation tests.
package chess

import (
	"testing"

	"dualnnue/position"
)

// CH-11: insufficient material table.
func TestCaseCH11InsufficientMaterial(t *testing.T) {
	c := loadCase(t, "CH-11")
	var e struct {
		Table map[string]string `json:"table"`
	}
	c.expected(t, &e)
	if len(e.Table) != 4 {
		t.Fatalf("CH-11: %d table entries", len(e.Table))
	}
	for fen, verdict := range e.Table {
		p := mustFEN(t, fen)
		want := verdict == "draw"
		if got := p.InsufficientMaterial(); got != want {
			t.Errorf("%s: insufficient %v, want %v (%s)", fen, got, want, verdict)
		}
		if v, ok := p.RuleVerdict(1); ok != want || v != position.ValueDraw {
			t.Errorf("%s: RuleVerdict %v %v", fen, v, ok)
		}
	}
	for fen, want := range map[string]bool{
		"8/8/8/4k3/8/8/8/4K3 w - - 0 1":      true,  // K v K
		"8/8/8/4k3/8/8/8/4KB2 w - - 0 1":     true,  // K+B v K
		"8/8/8/4k3/8/8/8/4KN2 b - - 0 1":     true,  // K+N v K
		"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1":    false, // two knights: mate can be helped
		"8/8/8/4kn2/8/8/8/4KB2 w - - 0 1":    false, // K+B v K+N
		"8/8/8/4k3/8/8/6P1/4K3 w - - 0 1":    false,
		"8/8/8/4k3/8/8/8/R3K3 w - - 0 1":     false,
		"8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1":   false, // c5 dark, f1 light
		"8/8/8/1b2k3/8/8/8/4KB2 w - - 0 1":   true,  // b5 light, f1 light
		"8/8/8/4k3/8/8/8/4KQ2 w - - 0 1":     false,
		"4k3/8/8/8/8/8/8/B1B1K1B1 w - - 0 1": true, // all bishops dark
	} {
		if got := mustFEN(t, fen).InsufficientMaterial(); got != want {
			t.Errorf("%s: insufficient %v, want %v", fen, got, want)
		}
	}
}

func TestFiftyMoveRule(t *testing.T) {
	if _, ok := mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80").RuleVerdict(0); ok {
		t.Errorf("Rule50 99 decided")
	}
	if v, ok := mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80").RuleVerdict(0); !ok || v != position.ValueDraw {
		t.Errorf("Rule50 100 not a draw")
	}
	// Checkmate on the 100th ply stands.
	if _, ok := mustFEN(t, "R3k3/8/4K3/8/8/8/8/8 b - - 100 80").RuleVerdict(0); ok {
		t.Errorf("checkmate with Rule50 100 scored as a draw")
	}
	// In check but with a legal move: draw.
	if _, ok := mustFEN(t, "R3k3/8/8/8/8/8/8/4K3 b - - 100 80").RuleVerdict(0); !ok {
		t.Errorf("check with escape, Rule50 100 not a draw")
	}
}

func TestRepetition(t *testing.T) {
	p := mustFEN(t, StartFEN)
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	var sts [16]position.State
	i := 0
	do := func(s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m, &sts[i])
		i++
	}
	for k, s := range shuffle[:3] {
		do(s)
		if _, ok := p.RuleVerdict(k + 1); ok {
			t.Fatalf("decided after %d plies", k+1)
		}
	}
	do(shuffle[3]) // the start position again, 4 plies later
	// Repeating a position after the root: draw at once.
	if v, ok := p.RuleVerdict(5); !ok || v != position.ValueDraw {
		t.Errorf("twofold after the root not a draw")
	}
	// Repeating the root itself or a position before it: needs threefold.
	if _, ok := p.RuleVerdict(4); ok {
		t.Errorf("repetition of the root scored as a draw")
	}
	if _, ok := p.RuleVerdict(0); ok {
		t.Errorf("twofold before the root scored as a draw")
	}
	for _, s := range shuffle {
		do(s)
	}
	if _, ok := p.RuleVerdict(0); !ok {
		t.Errorf("threefold not a draw")
	}
	// A null move cuts the history.
	p2 := mustFEN(t, StartFEN)
	var s2 [8]position.State
	for k, s := range shuffle {
		m, _ := p2.ParseMove(s)
		p2.DoMove(m, &s2[k])
		if k == 1 {
			p2.DoNullMove(&s2[7])
			p2.UndoNullMove()
		}
	}
	// An irreversible move cuts the history too.
	p3 := mustFEN(t, StartFEN)
	var s3 [8]position.State
	for k, s := range []string{"g1f3", "g8f6", "e2e3", "f6g8", "f3g1"} {
		m, _ := p3.ParseMove(s)
		p3.DoMove(m, &s3[k])
	}
	if _, ok := p3.RuleVerdict(10); ok {
		t.Errorf("repetition across a pawn move")
	}
	// En-passant rights distinguish positions: after 1.e4 (no black pawn
	// can take) the key ignores the ep square.
	a := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	b := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if a.Key() != b.Key() {
		t.Errorf("unplayable ep square changes the key")
	}
	c := mustFEN(t, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	d := mustFEN(t, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if c.Key() == d.Key() || c.State().EpSquare != E3 {
		t.Errorf("playable ep square missing from the key")
	}
}

func TestSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		value     position.Value // exact exchange value: SEE(v) true, SEE(v+1) false
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},           // pawn, undefended
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220}, // NxP, loses N for P
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},          // PxP, PxP
		{"4k3/8/8/3p4/8/8/3N4/4K3 w - - 0 1", "d2c4", -320},         // knight to a square a pawn attacks
		{"3r2k1/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},       // RxP, RxR, RxR
		{"3r2k1/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400},    // RxP, RxR, RxR, RxR
		{"7k/8/8/3q4/8/8/3R4/3KR3 w - - 0 1", "d2d5", 950},          // undefended queen
		{"3k4/8/8/8/4r3/8/4B3/4K3 b - - 0 1", "e4e2", 330 - 500},    // RxB, KxR
		{"1k6/8/1n6/3p4/8/8/8/1R1RK3 w - - 0 1", "d1d5", 100},       // the defending knight is pinned
		{"2k5/8/1n6/3p4/8/8/8/1R1RK3 w - - 0 1", "d1d5", 100 - 500}, // same, not pinned
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		if !p.SEE(m, c.value) || p.SEE(m, c.value+1) {
			t.Errorf("%s %s: SEE(%d)=%v SEE(%d)=%v, want exchange value %d", c.fen, c.move,
				c.value, p.SEE(m, c.value), c.value+1, p.SEE(m, c.value+1), c.value)
		}
	}
	// Non-normal moves count 0.
	p := mustFEN(t, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	m, _ := p.ParseMove("b7b8q")
	if !p.SEE(m, 0) || p.SEE(m, 1) {
		t.Errorf("promotion SEE not 0")
	}
}

// The hot paths never allocate.
func TestNoAllocations(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var l, caps, quiets position.MoveList
	var st, nst position.State
	m := NewMove(E5, F7)
	allocs := testing.AllocsPerRun(100, func() {
		l.Len, caps.Len, quiets.Len = 0, 0, 0
		p.GenerateLegal(&l)
		p.GenerateCaptures(&caps)
		p.GenerateQuiets(&quiets)
		for _, x := range l.Slice() {
			if p.PseudoLegal(x) && p.Legal(x) {
				p.GivesCheck(x)
				p.SEE(x, 0)
				p.IsCapture(x)
				p.DoMove(x, &st)
				p.RuleVerdict(3)
				p.UndoMove(x)
			}
		}
		p.DoNullMove(&nst)
		p.UndoNullMove()
		p.DoMove(m, &st)
		var ev position.MoveList
		p.GenerateEvasions(&ev)
		p.UndoMove(m)
		_ = Perft(p, 2)
	})
	if allocs != 0 {
		t.Errorf("hot paths allocate %v times per run", allocs)
	}
}
