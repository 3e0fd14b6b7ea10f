// Tests of ViewChanges against a square-by-square diff through IndexView.
package features

import (
	"math/rand/v2"
	"slices"
	"testing"

	"dualnnue/position"
)

// For every king-relative set, view and perspective, ViewChanges between
// two random boards (from identical to unrelated, pieces of every type
// including ones a compact set cannot place) gives exactly the features
// IndexView gives for each differing square, in square order.
func TestViewChangesMatchesIndexView(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, s := range sets {
		if !s.KingRelative() {
			continue
		}
		for trial := 0; trial < 200; trial++ {
			var cur, old [MaxSquares]position.Piece
			for sq := 0; sq < s.Squares; sq++ {
				if rng.IntN(3) == 0 {
					old[sq] = position.MakePiece(position.Color(rng.IntN(2)), position.PieceType(1+rng.IntN(s.Types)))
				}
			}
			cur = old
			for k := rng.IntN(4) * rng.IntN(s.Squares); k > 0; k-- { // 0 changes a quarter of the time
				sq := rng.IntN(s.Squares)
				cur[sq] = position.NoPiece
				if rng.IntN(2) == 0 {
					cur[sq] = position.MakePiece(position.Color(rng.IntN(2)), position.PieceType(1+rng.IntN(s.Types)))
				}
			}
			v := View(rng.IntN(s.Views()))
			persp := position.Color(rng.IntN(2))
			var wantAdd, wantSub []uint16
			for sq := 0; sq < s.Squares; sq++ {
				if cur[sq] == old[sq] {
					continue
				}
				if old[sq] != position.NoPiece {
					if f := s.IndexView(persp, v, old[sq], position.Square(sq)); f >= 0 {
						wantSub = append(wantSub, uint16(f))
					}
				}
				if cur[sq] != position.NoPiece {
					if f := s.IndexView(persp, v, cur[sq], position.Square(sq)); f >= 0 {
						wantAdd = append(wantAdd, uint16(f))
					}
				}
			}
			var add, sub [MaxSquares]uint16
			na, ns := s.ViewChanges(persp, v, &cur, &old, add[:], sub[:])
			if !slices.Equal(add[:na], wantAdd) || !slices.Equal(sub[:ns], wantSub) {
				t.Fatalf("%s view %d persp %v: add %v sub %v, IndexView gives %v %v", s.Name, v, persp, add[:na], sub[:ns], wantAdd, wantSub)
			}
		}
	}
}
