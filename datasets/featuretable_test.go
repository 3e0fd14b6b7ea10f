package datasets

import (
	"slices"
	"testing"

	"dualnnue/internal/splitmix"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// TestPieceTableMatchesFromPieces checks the table road against
// features.Set.FromPieces on every registered set: random piece lists with
// kings of both colours on every square (every view), pieces off the board
// and of no type, repeated kings, and entries outside the packed range
// (which take FromPieces itself).
func TestPieceTableMatchesFromPieces(t *testing.T) {
	sets := 0
	for id := features.SetID(1); ; id++ {
		s, err := features.Lookup(id)
		if err != nil {
			break
		}
		sets++
		tab := tableOf(s)
		if tab == nil || tableOf(s) != tab {
			t.Fatalf("%s: no cached table", s.Name)
		}
		rng := uint64(id)
		var list [MaxPieces]uint16
		var w1, b1, w2, b2 [MaxPieces]uint16
		for i := 0; i < 20000; i++ {
			n := int(splitmix.Next(&rng) % (MaxPieces + 1))
			for j := 0; j < n; j++ {
				r := splitmix.Next(&rng)
				p := position.Piece(r % 16)
				if r>>8%4 == 0 {
					p = position.MakePiece(position.Color(r>>12%2), s.King)
				}
				sq := position.Square(r >> 16 % uint64(s.Squares+4))
				if r>>24%16 == 0 {
					sq = position.Square(r >> 28 % 256)
				}
				list[j] = features.PackPiece(p, sq)
				if i%500 == 0 && j == n-1 {
					list[j] = uint16(r>>32) | 0x1000 // beyond the packed range
				}
			}
			k1 := s.FromPieces(list[:n], w1[:n], b1[:n])
			k2 := tab.fromPieces(list[:n], w2[:n], b2[:n])
			if k1 != k2 || !slices.Equal(w1[:k1], w2[:k2]) || !slices.Equal(b1[:k1], b2[:k2]) {
				t.Fatalf("%s, pieces %x: table gives %d %v %v, FromPieces %d %v %v", s.Name, list[:n], k2, w2[:k2], b2[:k2], k1, w1[:k1], b1[:k1])
			}
		}
	}
	if sets < 10 {
		t.Fatalf("%d feature sets registered, want at least 10", sets)
	}
}
