package setup

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

func TestNew(t *testing.T) {
	for _, c := range []struct {
		v     position.Variant
		start string
		legal int
		other string // a valid FEN of the game
	}{
		{position.Xiangqi, xiangqi.StartFEN, 44, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"},
		{position.Chess, chess.StartFEN, 20, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
	} {
		if StartFEN(c.v) != c.start {
			t.Fatalf("StartFEN(%v) = %q", c.v, StartFEN(c.v))
		}
		p, err := New(c.v, "")
		if err != nil {
			t.Fatal(err)
		}
		var list position.MoveList
		p.GenerateLegal(&list)
		if p.FEN() != c.start || list.Len != c.legal {
			t.Fatalf("%v start: %s with %d moves", c.v, p.FEN(), list.Len)
		}
		if err := p.SetFEN(c.other); err != nil || p.FEN() != c.other {
			t.Fatalf("%v SetFEN: %v, %s", c.v, err, p.FEN())
		}
		q, err := New(c.v, c.other)
		if err != nil || q.FEN() != c.other {
			t.Fatalf("%v New(%q): %v", c.v, c.other, err)
		}
	}
	// The other game's FEN and an invalid variant are errors.
	if _, err := New(position.Chess, xiangqi.StartFEN); err == nil {
		t.Fatal("chess accepted the xiangqi start")
	}
	if _, err := New(position.Xiangqi, chess.StartFEN); err == nil {
		t.Fatal("xiangqi accepted the chess start")
	}
	if _, err := New(0, ""); err == nil || StartFEN(0) != "" {
		t.Fatal("variant 0 accepted")
	}
}
