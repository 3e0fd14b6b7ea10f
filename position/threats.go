// SquareSet and Threats: the attacks of the lesser enemy pieces, for threat-aware move ordering.
package position

import "math/bits"

// SquareSet is a set of squares of either board (chess 64, xiangqi 90):
// bit i%64 of word i/64 is square i, in the game's own numbering (Square).
// The zero value is the empty set.
type SquareSet [2]uint64

// Has reports whether sq is in s (false for sq ≥ 128, e.g. SquareNone).
func (s SquareSet) Has(sq Square) bool {
	return sq < 128 && s[sq>>6&1]>>(sq&63)&1 != 0
}

// Add puts sq (< 128) into s.
func (s *SquareSet) Add(sq Square) { s[sq>>6&1] |= 1 << (sq & 63) }

// Count returns the number of squares in s.
func (s SquareSet) Count() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Threats describes, for the side to move, the squares the enemy's lesser
// pieces attack and which of its own pieces stand attacked by an enemy piece
// of lower value (Stockfish 15.1's and Pikafish's threatenedPieces, in
// MovePicker::score<QUIETS>). The pieces fall in classes by value: chess 0
// pawns, 1 knights and bishops, 2 rooks, 3 queens; xiangqi 0 soldiers, 1
// advisors and elephants, 2 horses and cannons, 3 rooks. The king is in no
// class: it threatens nothing here and is never threatened.
//
// An attacked square is one where an enemy piece could capture a piece of
// the side to move standing there, in the current occupancy: empty or not,
// whatever stands on it (the enemy's own pieces included); pins and checks
// are ignored. A chess pawn attacks its two forward diagonals (not en
// passant), sliders up to and including the first piece on each ray. A
// xiangqi cannon attacks every point behind exactly one screen, up to and
// including the first piece there (Pikafish's attacks_bb<CANNON>: the points
// it could capture on if a piece stood there); a horse the points its
// unblocked legs reach, an elephant the points of its own half whose eye is
// empty, an advisor its palace diagonals, a soldier the point ahead and,
// across the river, the points beside it.
type Threats struct {
	// By[k]: the squares attacked by an enemy piece of class ≤ k (each set
	// contains the ones before it). Chess: 0 pawns, 1 also knights and
	// bishops, 2 also rooks. Xiangqi: 0 soldiers, 1 also advisors and
	// elephants, 2 also horses and cannons.
	By [3]SquareSet
	// Threatened[k]: the squares of the side to move's class-(k+1) pieces
	// that stand in By[k], attacked by a lesser enemy piece (chess: 0
	// knights and bishops, 1 rooks, 2 queens; xiangqi: 0 advisors and
	// elephants, 1 horses and cannons, 2 rooks). The three sets are
	// disjoint.
	Threatened [3]SquareSet
}
