package variants

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/setup"
	"dualnnue/rules"
	"dualnnue/search"
)

// check tests one bundle against the facts it must agree with elsewhere.
func check[T any, P search.GamePtr[T]](t *testing.T, d *Def[T, P], perft3 uint64, coord, readable, checkFEN string, checkers []position.Square) {
	t.Helper()
	if d.Name != d.Variant.String() || d.StartFEN != setup.StartFEN(d.Variant) || d.Rules.Variant != d.Variant ||
		d.Files*d.Ranks != d.Variant.Squares() || len(d.BenchFENs) == 0 || d.BenchDepth <= 0 || d.EloAnchorNodes < 16 || d.EloPerDoubling < 50 {
		t.Fatalf("%s: inconsistent bundle", d.Name)
	}
	p, err := d.NewFromFEN(d.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Perft(p, 3); n != perft3 {
		t.Fatalf("%s: perft 3 = %d, want %d", d.Name, n, perft3)
	}
	if v := d.Judge(p); v != rules.Ongoing {
		t.Fatalf("%s: start judged %+v", d.Name, v)
	}
	m, err := p.ParseMove(coord)
	if err != nil {
		t.Fatal(err)
	}
	if s := d.Notate(p, m); s != readable {
		t.Fatalf("%s: %s written %q, want %q", d.Name, coord, s, readable)
	}
	if back, err := d.ParseNotation(p, readable); err != nil || back != m {
		t.Fatalf("%s: %q read as %v, %v", d.Name, readable, back, err)
	}
	if e := d.HCE(); e == nil {
		t.Fatalf("%s: no evaluator", d.Name)
	}
	q, err := d.NewFromFEN(checkFEN)
	if err != nil {
		t.Fatal(err)
	}
	got := d.Checkers(q)
	if len(got) != len(checkers) {
		t.Fatalf("%s: checkers %v, want %v", d.Name, got, checkers)
	}
	for i := range got {
		if got[i] != checkers[i] {
			t.Fatalf("%s: checkers %v, want %v", d.Name, got, checkers)
		}
	}
}

func TestBundles(t *testing.T) {
	// Xiangqi: the rook on e5 (square 5*9+4 = 49) checks the general on e9.
	check(t, Xiangqi, 79666, "h2e2", "C2=5", "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1", []position.Square{49})
	// Chess: the bishop on b5 (33) checks the king on e8.
	check(t, Chess, 8902, "e2e4", "e4", "4k3/8/8/1B6/8/8/8/4K3 b - - 0 1", []position.Square{33})
	if Xiangqi.NewFromFEN960 != nil || Xiangqi.SetChess960 != nil || Chess.NewFromFEN960 == nil {
		t.Fatal("Chess960 hooks")
	}
	// A castling move shows the king's destination, not the rook's square.
	p, err := Chess.NewFromFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		san      string
		from, to position.Square
	}{{"O-O", 4, 6}, {"O-O-O", 4, 2}} {
		m, err := Chess.ParseNotation(p, c.san)
		if err != nil {
			t.Fatal(err)
		}
		if from, to := Chess.MoveSquares(m); from != c.from || to != c.to {
			t.Fatalf("%s: squares %d-%d, want %d-%d", c.san, from, to, c.from, c.to)
		}
	}
}
