package position

import "testing"

// TestSquareSet: Add and Has agree on both words (square i is bit i%64 of
// word i/64), Count counts, and Has is false beyond the board numbering.
func TestSquareSet(t *testing.T) {
	var s SquareSet
	for _, sq := range []Square{0, 44, 45, 63, 64, 89} {
		s.Add(sq)
	}
	if want := (SquareSet{1 | 1<<44 | 1<<45 | 1<<63, 1 | 1<<25}); s != want {
		t.Fatalf("set %x, want %x", s, want)
	}
	for sq := Square(0); sq < 255; sq++ {
		want := sq == 0 || sq == 44 || sq == 45 || sq == 63 || sq == 64 || sq == 89
		if s.Has(sq) != want {
			t.Errorf("Has(%d) = %v, want %v", sq, !want, want)
		}
	}
	if s.Has(SquareNone) {
		t.Error("Has(SquareNone)")
	}
	if n := s.Count(); n != 6 {
		t.Errorf("Count = %d, want 6", n)
	}
}
