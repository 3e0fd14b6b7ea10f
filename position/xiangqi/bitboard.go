// Bitboard: a 90-point set as two 64-bit words split at the river.
package xiangqi

import (
	"math/bits"

	"dualnnue/position"
)

// Bitboard is a set of board points. lo holds squares 0..44 (ranks 0–4,
// Red's half) in bits 0..44, hi holds squares 45..89 (ranks 5–9) in bits
// 0..44. Bits 45..63 of both words are always zero. Splitting at the river
// makes "own half" masks one-word operations and keeps every rank inside
// one word.
type Bitboard struct{ lo, hi uint64 }

const (
	halfBits = 45
	halfMask = 1<<halfBits - 1
)

// NewBitboard builds a Bitboard from its two words (as stored in
// position.State.Checkers: [0] = lo, [1] = hi).
func NewBitboard(lo, hi uint64) Bitboard { return Bitboard{lo & halfMask, hi & halfMask} }

// Words returns the lo and hi words.
func (b Bitboard) Words() (lo, hi uint64) { return b.lo, b.hi }

// SquareBB returns the set holding only sq (sq < 90).
func SquareBB(sq position.Square) Bitboard { return squareBB[sq] }

// Has reports whether sq (< 90) is in b.
func (b Bitboard) Has(sq position.Square) bool {
	if sq < halfBits {
		return b.lo>>sq&1 != 0
	}
	return b.hi>>(sq-halfBits)&1 != 0
}

// IsEmpty reports whether b has no square.
func (b Bitboard) IsEmpty() bool { return b.lo|b.hi == 0 }

// Any reports whether b has at least one square.
func (b Bitboard) Any() bool { return b.lo|b.hi != 0 }

// And returns b ∩ c.
func (b Bitboard) And(c Bitboard) Bitboard { return Bitboard{b.lo & c.lo, b.hi & c.hi} }

// Or returns b ∪ c.
func (b Bitboard) Or(c Bitboard) Bitboard { return Bitboard{b.lo | c.lo, b.hi | c.hi} }

// Xor returns the symmetric difference of b and c.
func (b Bitboard) Xor(c Bitboard) Bitboard { return Bitboard{b.lo ^ c.lo, b.hi ^ c.hi} }

// AndNot returns b \ c.
func (b Bitboard) AndNot(c Bitboard) Bitboard { return Bitboard{b.lo &^ c.lo, b.hi &^ c.hi} }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// MoreThanOne reports whether b has two or more squares.
func (b Bitboard) MoreThanOne() bool {
	return b.lo&(b.lo-1) != 0 || b.hi&(b.hi-1) != 0 || (b.lo != 0 && b.hi != 0)
}

// LSB returns the lowest square of non-empty b.
func (b Bitboard) LSB() position.Square {
	if b.lo != 0 {
		return position.Square(bits.TrailingZeros64(b.lo))
	}
	return position.Square(bits.TrailingZeros64(b.hi) + halfBits)
}

// PopLSB removes and returns the lowest square of non-empty b.
func (b *Bitboard) PopLSB() position.Square {
	if b.lo != 0 {
		s := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return position.Square(s)
	}
	s := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return position.Square(s + halfBits)
}

// String renders b as a 10x9 diagram, rank 9 first ('x' = member).
func (b Bitboard) String() string {
	out := make([]byte, 0, Ranks*(Files+1))
	for r := Ranks - 1; r >= 0; r-- {
		for f := 0; f < Files; f++ {
			if b.Has(MakeSquare(f, r)) {
				out = append(out, 'x')
			} else {
				out = append(out, '.')
			}
		}
		out = append(out, '\n')
	}
	return string(out)
}
