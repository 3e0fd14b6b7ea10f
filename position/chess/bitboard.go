// Bitboards and the precomputed leaper, line and between tables.
package chess

import (
	"math/bits"

	"dualnnue/position"
)

// Bitboard is a set of squares, bit i = square i (a1 = bit 0).
type Bitboard uint64

// Board masks.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56

	darkSquares Bitboard = 0xAA55AA55AA55AA55
)

func sqBB(s position.Square) Bitboard { return 1 << (s & 63) }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// lsb returns the lowest square of a non-empty b.
func lsb(b Bitboard) position.Square { return position.Square(bits.TrailingZeros64(uint64(b))) }

// moreThanOne reports whether b has at least two squares.
func moreThanOne(b Bitboard) bool { return b&(b-1) != 0 }

// shiftUp moves every square of b one rank forward for colour c.
func shiftUp(b Bitboard, c position.Color) Bitboard {
	if c == position.White {
		return b << 8
	}
	return b >> 8
}

var (
	pawnAttacks   [2][64]Bitboard
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	// betweenBB[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal, else 0.
	betweenBB [64][64]Bitboard
	// lineBB[a][b] is the whole line (edge to edge) through a and b when they
	// are aligned, else 0.
	lineBB [64][64]Bitboard
	// rookPseudo and bishopPseudo are slider attacks on an empty board.
	rookPseudo   [64]Bitboard
	bishopPseudo [64]Bitboard
)

// stepAttacks returns the squares reached from s by the given (file, rank)
// steps, staying on the board.
func stepAttacks(s position.Square, steps [][2]int) Bitboard {
	var b Bitboard
	f, r := fileOf(s), rankOf(s)
	for _, d := range steps {
		nf, nr := f+d[0], r+d[1]
		if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
			b |= sqBB(makeSquare(nf, nr))
		}
	}
	return b
}

// slideAttacks walks rays from s until the edge or the first occupied square
// (included). It is the reference the magic tables are built from.
func slideAttacks(s position.Square, occ Bitboard, dirs [][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := fileOf(s)+d[0], rankOf(s)+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			sq := makeSquare(f, r)
			b |= sqBB(sq)
			if occ&sqBB(sq) != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

var (
	rookDirs   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func initBitboards() {
	knightSteps := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := position.Square(0); s < 64; s++ {
		pawnAttacks[position.White][s] = stepAttacks(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[position.Black][s] = stepAttacks(s, [][2]int{{-1, -1}, {1, -1}})
		knightAttacks[s] = stepAttacks(s, knightSteps)
		kingAttacks[s] = stepAttacks(s, kingSteps)
		rookPseudo[s] = slideAttacks(s, 0, rookDirs)
		bishopPseudo[s] = slideAttacks(s, 0, bishopDirs)
	}
	for a := position.Square(0); a < 64; a++ {
		for b := position.Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			var dirs [][2]int
			if rookPseudo[a]&sqBB(b) != 0 {
				dirs = rookDirs
			} else if bishopPseudo[a]&sqBB(b) != 0 {
				dirs = bishopDirs
			} else {
				continue
			}
			pa := slideAttacks(a, 0, dirs)
			pb := slideAttacks(b, 0, dirs)
			lineBB[a][b] = (pa&pb | sqBB(a) | sqBB(b))
			betweenBB[a][b] = slideAttacks(a, sqBB(b), dirs) & slideAttacks(b, sqBB(a), dirs)
		}
	}
}

// aligned reports whether a, b and c lie on one rank, file or diagonal.
func aligned(a, b, c position.Square) bool { return lineBB[a][b]&sqBB(c) != 0 }
