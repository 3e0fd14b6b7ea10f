package position

import "testing"

func TestValueString(t *testing.T) {
	cases := []struct {
		v    Value
		want string
	}{
		{0, "cp 0"}, {-31, "cp -31"}, {MateIn(1), "mate 1"}, {MateIn(3), "mate 2"},
		{MatedIn(0), "mate 0"}, {MatedIn(2), "mate -1"}, {MatedIn(4), "mate -2"},
	}
	for _, c := range cases {
		if got := c.v.String(); got != c.want {
			t.Errorf("Value(%d).String() = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestPieceRoundTrip(t *testing.T) {
	for c := White; c <= Black; c++ {
		for pt := PieceType(1); pt <= 7; pt++ {
			p := MakePiece(c, pt)
			if p.Color() != c || p.Type() != pt || int(p) >= PieceNB {
				t.Fatalf("MakePiece(%d,%d) = %d: colour %d type %d", c, pt, p, p.Color(), p.Type())
			}
		}
	}
}

func TestMoveList(t *testing.T) {
	var l MoveList
	l.Add(5)
	l.Add(7)
	if l.Len != 2 || !l.Contains(7) || l.Contains(6) || len(l.Slice()) != 2 {
		t.Fatalf("bad list %v", l.Slice())
	}
	if MoveNull.ButterflyIndex() != 0x3FFF {
		t.Fatalf("null butterfly %d", MoveNull.ButterflyIndex())
	}
}
