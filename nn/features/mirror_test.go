// Tests of the horizontally mirrored sets: the mirror rule, symmetry, FromPieces and DeltaView.
package features

import (
	"math/rand/v2"
	"slices"
	"testing"

	"dualnnue/position"
)

func TestMirroredRule(t *testing.T) {
	chess, _ := Lookup(ChessPS768HM)
	xq, _ := Lookup(XiangqiCompact692HM)
	// Chess: files e–h (4..7) mirror, a–d do not, on every rank.
	for sq := position.Square(0); sq < 64; sq++ {
		if got, want := chess.Mirrored(sq), sq%8 >= 4; got != want {
			t.Fatalf("chess Mirrored(%d) = %v", sq, got)
		}
	}
	// Xiangqi: files f–i (5..8) mirror; the centre file e (4) does not.
	for sq := position.Square(0); sq < 90; sq++ {
		if got, want := xq.Mirrored(sq), sq%9 >= 5; got != want {
			t.Fatalf("xiangqi Mirrored(%d) = %v", sq, got)
		}
	}
	if chess.Mirrored(position.SquareNone) || Default(position.Chess).Mirrored(7) {
		t.Fatal("no king, or an unmirrored set, must not mirror")
	}
	// MirrorSquare: e1 ↔ d1 (chess), file a ↔ i keeping the rank (xiangqi).
	if chess.MirrorSquare(4) != 3 || chess.MirrorSquare(63) != 56 || xq.MirrorSquare(0) != 8 || xq.MirrorSquare(13) != 13 || xq.MirrorSquare(84) != 86 || xq.MirrorSquare(85) != 85 {
		t.Fatal("MirrorSquare")
	}
	for _, name := range []string{"chess-ps768-hm", "xiangqi-ps1260-hm", "xiangqi-compact692-hm", "chess-ps768"} {
		if s, err := ByName(name); err != nil || s.Name != name {
			t.Fatalf("ByName(%q) = %v, %v", name, s, err)
		}
	}
	if _, err := ByName("halfkp"); err == nil {
		t.Fatal("ByName of an unknown set succeeded")
	}
}

// randomList returns a random piece list of set's game with one king per
// side and n other pieces on distinct squares the set can place them on.
func randomList(rng *rand.Rand, s *Set, n int) []uint16 {
	var used [MaxSquares]bool
	var out []uint16
	put := func(p position.Piece) {
		for range 1000 { // a piece with few points (advisor, elephant) may find them all taken
			sq := position.Square(rng.IntN(s.Squares))
			if !used[sq] && s.Index(position.White, p, sq) >= 0 {
				used[sq] = true
				out = append(out, PackPiece(p, sq))
				return
			}
		}
	}
	put(position.MakePiece(position.White, s.King))
	put(position.MakePiece(position.Black, s.King))
	for range n {
		for {
			t := position.PieceType(1 + rng.IntN(s.Types))
			if t != s.King {
				put(position.MakePiece(position.Color(rng.IntN(2)), t))
				break
			}
		}
	}
	return out
}

// The features of a position and of its left-right mirror image agree for
// every perspective whose king is off the centre file; FromPieces equals
// Active on the same board; the unmirrored set gives the mirrored set's
// features on the mirrored board exactly when the king mirrors.
func TestMirrorSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, id := range []SetID{ChessPS768HM, XiangqiPS1260HM, XiangqiCompact692HM} {
		s, _ := Lookup(id)
		base, _ := Lookup(id - 3)
		checked := [2]int{}
		for range 2000 {
			list := randomList(rng, s, rng.IntN(20))
			var b, mb board
			mirror := make([]uint16, len(list))
			for i, v := range list {
				p, sq := UnpackPiece(v)
				b[sq] = p
				mb[s.MirrorSquare(sq)] = p
				mirror[i] = PackPiece(p, s.MirrorSquare(sq))
			}
			var w, bl, mw, mbl, aw, abl [MaxActive]uint16
			n := s.FromPieces(list, w[:], bl[:])
			if m := s.FromPieces(mirror, mw[:], mbl[:]); m != n {
				t.Fatalf("%s: %d features, mirror image %d", s.Name, n, m)
			}
			if a := s.Active(&b, aw[:], abl[:]); a != n || !sameSet(aw[:a], w[:n]) || !sameSet(abl[:a], bl[:n]) {
				t.Fatalf("%s: Active differs from FromPieces", s.Name)
			}
			k := s.KingSquares(list)
			for c, feats := range [2][2][]uint16{{w[:n], mw[:n]}, {bl[:n], mbl[:n]}} {
				if s.Squares == 90 && int(k[c])%9 == 4 {
					continue // the centre file is its own mirror: nothing to compare
				}
				if !sameSet(feats[0], feats[1]) {
					t.Fatalf("%s: perspective %d sees a position and its mirror image differently", s.Name, c)
				}
				checked[c]++
				// Against the unmirrored set on the board the perspective sees.
				var bw, bb [MaxActive]uint16
				src := &b
				if s.Mirrored(k[c]) {
					src = &mb
				}
				bn := base.Active(src, bw[:], bb[:])
				if got := [2][]uint16{bw[:bn], bb[:bn]}[c]; !sameSet(got, feats[0]) {
					t.Fatalf("%s: perspective %d differs from %s on its view of the board", s.Name, c, base.Name)
				}
			}
		}
		if checked[0] < 1000 || checked[1] < 1000 {
			t.Fatalf("%s: only %v perspectives checked", s.Name, checked)
		}
	}
}

// DeltaView with the perspectives' mirror states turns the features before
// a move that crosses no king over the centre into those after it.
func TestDeltaViewMatchesFromPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, id := range []SetID{ChessPS768HM, XiangqiCompact692HM, ChessKB4HM, ChessKB16HM, XiangqiKB6HM, XiangqiCompact692KB6, XiangqiKB6D3HM} {
		s, _ := Lookup(id)
		moves := 0
		for moves < 2000 {
			list := randomList(rng, s, 1+rng.IntN(20))
			i := rng.IntN(len(list))
			p, from := UnpackPiece(list[i])
			to := position.Square(rng.IntN(s.Squares))
			if s.Index(position.White, p, to) < 0 || to == from {
				continue
			}
			after := slices.Clone(list)
			var d position.Dirty
			d.Add(p, from, to)
			after[i] = PackPiece(p, to)
			for j, v := range after { // a capture on to
				if q, sq := UnpackPiece(v); j != i && sq == to {
					d.Add(q, to, position.SquareNone)
					after = slices.Delete(after, j, j+1)
					break
				}
			}
			k0, c0 := s.Census(list)
			k1, c1 := s.Census(after)
			if k1[0] == position.SquareNone || k1[1] == position.SquareNone {
				continue // a king captured
			}
			m := [2]View{s.ViewAt(0, k0[0], c0[0]), s.ViewAt(1, k0[1], c0[1])}
			if m != [2]View{s.ViewAt(0, k1[0], c1[0]), s.ViewAt(1, k1[1], c1[1])} {
				continue // a crossing or a bucket change: the stack refreshes instead
			}
			var w, bl, aw, abl [MaxActive]uint16
			n := s.FromPieces(list, w[:], bl[:])
			an := s.FromPieces(after, aw[:], abl[:])
			var dl Delta
			s.DeltaView(&d, m, &dl)
			for c, pair := range [2][2][]uint16{{w[:n], aw[:an]}, {bl[:n], abl[:an]}} {
				got := slices.Clone(pair[0])
				for _, f := range dl.Sub[c][:dl.NSub] {
					j := slices.Index(got, f)
					if j < 0 {
						t.Fatalf("%s: DeltaView removes inactive feature %d", s.Name, f)
					}
					got = slices.Delete(got, j, j+1)
				}
				got = append(got, dl.Add[c][:dl.NAdd]...)
				if !sameSet(got, pair[1]) {
					t.Fatalf("%s: perspective %d after the delta differs from the position after the move", s.Name, c)
				}
			}
			moves++
		}
	}
}

func sameSet(a, b []uint16) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
