// Tests of the feature index formulas, the refresh and the move deltas.
package features

import (
	"testing"

	"dualnnue/position"
)

type board [MaxSquares]position.Piece

func (b *board) PieceOn(sq position.Square) position.Piece { return b[sq] }

func TestIndexValues(t *testing.T) {
	cs, xs := Default(position.Chess), Default(position.Xiangqi)
	wp, bk := position.MakePiece(position.White, 1), position.MakePiece(position.Black, 6)
	rk, bp := position.MakePiece(position.Red, 1), position.MakePiece(position.Black, 7)
	cases := []struct {
		s     *Set
		persp position.Color
		p     position.Piece
		sq    position.Square
		want  int
	}{
		{cs, position.White, wp, 12, 12},                      // white pawn e2, own
		{cs, position.Black, wp, 12, (6+0)*64 + 52},           // seen by Black: theirs, e7
		{cs, position.Black, bk, 60, (0+5)*64 + 4},            // black king e8 seen by Black: own, e1
		{cs, position.White, bk, 60, (6+5)*64 + 60},           // black king seen by White
		{xs, position.Red, rk, 4, 4},                          // red king e0
		{xs, position.Black, rk, 4, 7*90 + 85},                // seen by Black: theirs, e9
		{xs, position.Black, bp, 54, 6*90 + 27},               // black pawn a6 seen by Black: own, a3
		{xs, position.Red, bp, 54, (7+6)*90 + 54},             // black pawn a6 seen by Red
		{xs, position.Red, position.NoPiece, 4, -1},           // empty
		{cs, position.White, position.MakePiece(0, 7), 0, -1}, // no chess type 7
		{cs, position.White, wp, 64, -1},                      // off board
	}
	for i, c := range cases {
		if got := c.s.Index(c.persp, c.p, c.sq); got != c.want {
			t.Errorf("case %d: %s Index(%d,%d,%d) = %d, want %d", i, c.s.Name, c.persp, c.p, c.sq, got, c.want)
		}
	}
	if cs.Size != 768 || xs.Size != 1260 {
		t.Fatalf("sizes %d %d", cs.Size, xs.Size)
	}
}

// Every feature is hit exactly once per perspective, and Black's view of a
// piece is White's view of the colour-swapped, rank-flipped piece.
func TestIndexBijectionAndMirror(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		s := Default(g)
		for persp := position.Color(0); persp <= 1; persp++ {
			seen := make([]bool, s.Size)
			for c := position.Color(0); c <= 1; c++ {
				for ty := 1; ty <= s.Types; ty++ {
					p := position.MakePiece(c, position.PieceType(ty))
					for sq := 0; sq < s.Squares; sq++ {
						i := s.Index(persp, p, position.Square(sq))
						if i < 0 || i >= s.Size || seen[i] {
							t.Fatalf("%s persp %d piece %d sq %d: index %d bad or repeated", s.Name, persp, p, sq, i)
						}
						seen[i] = true
						m := s.Index(persp^1, p^8, RelativeSquare(g, position.Black, position.Square(sq)))
						if m != i {
							t.Fatalf("%s mirror: %d vs %d", s.Name, i, m)
						}
					}
				}
			}
		}
	}
}

func TestLookup(t *testing.T) {
	for _, id := range []SetID{ChessPS768, XiangqiPS1260} {
		s, err := Lookup(id)
		if err != nil || s.ID != id {
			t.Fatalf("Lookup(%d) = %v, %v", id, s, err)
		}
	}
	if _, err := Lookup(99); err == nil {
		t.Fatal("Lookup(99) succeeded")
	}
}

// Applying a Delta to the active set of the position before a move gives the
// active set after it (castling with four changes, a capture-promotion).
func TestDeltaMatchesRefresh(t *testing.T) {
	s := Default(position.Chess)
	W := func(ty int) position.Piece { return position.MakePiece(position.White, position.PieceType(ty)) }
	B := func(ty int) position.Piece { return position.MakePiece(position.Black, position.PieceType(ty)) }
	var before board
	before[4], before[7], before[60] = W(6), W(4), B(6) // Ke1 Rh1 ke8
	before[49], before[56] = W(1), B(4)                 // Pb7 ra8
	// 1. O-O: king e1-g1, rook h1-f1.
	after1 := before
	after1[4], after1[7], after1[6], after1[5] = 0, 0, W(6), W(4)
	var d1 position.Dirty
	d1.Add(W(6), 4, 6)
	d1.Add(W(4), 7, 5)
	// 2. bxa8=Q: pawn removed, rook captured, queen added.
	after2 := before
	after2[49], after2[56] = 0, W(5)
	var d2 position.Dirty
	d2.Add(W(1), 49, position.SquareNone)
	d2.Add(B(4), 56, position.SquareNone)
	d2.Add(W(5), position.SquareNone, 56)
	for _, c := range []struct {
		b, a *board
		d    *position.Dirty
		add  int
		sub  int
	}{{&before, &after1, &d1, 2, 2}, {&before, &after2, &d2, 1, 2}} {
		var dl Delta
		s.Delta(c.d, &dl)
		if dl.NAdd != c.add || dl.NSub != c.sub {
			t.Fatalf("delta counts %d/%d, want %d/%d", dl.NAdd, dl.NSub, c.add, c.sub)
		}
		for persp := 0; persp < 2; persp++ {
			set := activeSet(s, c.b, persp)
			for _, i := range dl.Sub[persp][:dl.NSub] {
				if !set[i] {
					t.Fatalf("sub of inactive %d", i)
				}
				delete(set, i)
			}
			for _, i := range dl.Add[persp][:dl.NAdd] {
				set[i] = true
			}
			want := activeSet(s, c.a, persp)
			if len(set) != len(want) {
				t.Fatalf("persp %d: %d features after delta, want %d", persp, len(set), len(want))
			}
			for i := range want {
				if !set[i] {
					t.Fatalf("persp %d: feature %d missing", persp, i)
				}
			}
		}
	}
	var null position.Dirty
	var dl Delta
	s.Delta(&null, &dl)
	if dl.NAdd != 0 || dl.NSub != 0 {
		t.Fatal("null move delta not empty")
	}
}

func activeSet(s *Set, b *board, persp int) map[uint16]bool {
	var w, bl [MaxActive]uint16
	n := s.Active(b, w[:], bl[:])
	m := map[uint16]bool{}
	for _, i := range [2][]uint16{w[:n], bl[:n]}[persp] {
		m[i] = true
	}
	return m
}

func TestCompactXiangqi(t *testing.T) {
	s, err := Lookup(XiangqiCompact692)
	if err != nil || s.Size != 692 || s.Game != position.Xiangqi {
		t.Fatalf("compact set: %v %v", s, err)
	}
	rk := position.MakePiece(position.Red, 1)
	re := position.MakePiece(position.Red, 3)
	bp := position.MakePiece(position.Black, 7)
	cases := []struct {
		persp position.Color
		p     position.Piece
		sq    position.Square
		want  int
	}{
		{position.Red, rk, 4, 1},               // e0: second palace point
		{position.Black, rk, 4, 346 + 7},       // seen by Black: opponent king on e9, 8th of d7..f9
		{position.Red, re, 4, -1},              // an elephant never stands on e0
		{position.Red, re, 2, 9 + 5},           // elephant c0: after 9 king and 5 advisor points
		{position.Red, bp, 89, -1},             // a black pawn never stands on its own back rank
		{position.Red, bp, 36, 346 + 291 + 36}, // black pawn a4 (crossed), opponent pawn block
		{position.Black, bp, 36, 291 + 10},     // seen by Black: own pawn on relative a5, after its 10 points on ranks 3-4
	}
	for i, c := range cases {
		if got := s.Index(c.persp, c.p, c.sq); got != c.want {
			t.Errorf("case %d: Index = %d, want %d", i, got, c.want)
		}
	}
	// Exact checks of reachable counts per type and side.
	counts := map[int]int{1: 9, 2: 5, 3: 7, 4: 90, 5: 90, 6: 90, 7: 55}
	for persp := position.Color(0); persp <= 1; persp++ {
		seen := make([]bool, s.Size)
		for c := position.Color(0); c <= 1; c++ {
			for ty := 1; ty <= 7; ty++ {
				p := position.MakePiece(c, position.PieceType(ty))
				k := 0
				for sq := 0; sq < 90; sq++ {
					i := s.Index(persp, p, position.Square(sq))
					if i < 0 {
						continue
					}
					k++
					if i >= s.Size || seen[i] {
						t.Fatalf("index %d repeated or out of range", i)
					}
					seen[i] = true
					if m := s.Index(persp^1, p^8, RelativeSquare(position.Xiangqi, position.Black, position.Square(sq))); m != i {
						t.Fatalf("mirror %d vs %d", i, m)
					}
				}
				if k != counts[ty] {
					t.Fatalf("colour %d type %d: %d points, want %d", c, ty, k, counts[ty])
				}
			}
		}
		for i, ok := range seen {
			if !ok {
				t.Fatalf("feature %d never used", i)
			}
		}
	}
}
