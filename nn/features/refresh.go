// The board diff a refresh cache line applies: features a view gains and loses between two boards.
package features

import (
	"math/bits"

	"dualnnue/position"
)

// ViewChanges compares two boards of the set's game (a piece per square,
// NoPiece for empty), old as a refresh cache line last saw it and cur as
// it is now, and fills add with the features of perspective persp seeing
// through view v that cur has and old has not, sub with the reverse: at
// most one of each per square whose piece differs, in square order, so an
// accumulator of old's features becomes cur's by adding add and
// subtracting sub. It returns their counts; add and sub need room for
// s.Squares entries each (MaxSquares always suffices), else it panics.
//
// It compares eight squares at a time, so a refresh that finds a few
// pieces moved since the line was last used costs a few word compares and
// a feature lookup per changed square, not IndexView for every square.
func (s *Set) ViewChanges(persp position.Color, v View, cur, old *[MaxSquares]position.Piece, add, sub []uint16) (na, ns int) {
	_ = add[s.Squares-1]
	_ = sub[s.Squares-1]
	idx := &s.index[persp&1]
	off := v.Bucket() * s.BaseSize
	mirror := v.Mirrored()
	sq := 0
	for ; sq+8 <= s.Squares; sq += 8 {
		diff := word(cur, sq) ^ word(old, sq)
		for diff != 0 {
			j := sq + bits.TrailingZeros64(diff)/8
			diff &^= 0xff << (uint(j-sq) * 8)
			na, ns = s.squareChange(idx, off, mirror, j, cur[j], old[j], add, sub, na, ns)
		}
	}
	for ; sq < s.Squares; sq++ {
		if cur[sq] != old[sq] {
			na, ns = s.squareChange(idx, off, mirror, sq, cur[sq], old[sq], add, sub, na, ns)
		}
	}
	return na, ns
}

// word returns the eight pieces of b from square i on as one word (the
// compiler makes it one load).
func word(b *[MaxSquares]position.Piece, i int) uint64 {
	w := b[i : i+8 : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// squareChange appends the features of square sq's old piece p0 (to sub)
// and new piece p (to add) as ViewChanges sees them.
func (s *Set) squareChange(idx *[position.PieceNB][MaxSquares]int16, off int, mirror bool, sq int, p, p0 position.Piece, add, sub []uint16, na, ns int) (int, int) {
	if mirror {
		sq = int(s.mirrorSq[sq])
	}
	if p0 != position.NoPiece {
		if f := idx[p0&15][sq]; f >= 0 {
			sub[ns] = uint16(off + int(f))
			ns++
		}
	}
	if p != position.NoPiece {
		if f := idx[p&15][sq]; f >= 0 {
			add[na] = uint16(off + int(f))
			na++
		}
	}
	return na, ns
}
