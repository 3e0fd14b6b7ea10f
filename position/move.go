// Moves and caller-owned fixed-size move lists.
package position

// Move is an opaque 16-bit move. Its layout belongs to the game package
// (xiangqi: from | to<<7; chess: from | to<<6 | promotion<<12 | kind<<14).
// Both layouts keep the origin and destination in the low 14 bits, so
// Move&0x3FFF is a "butterfly" index usable by history tables for either game.
// MoveNone (0) is "no move"; MoveNull (0xFFFF) is the null move: in both
// layouts its origin equals its destination, so it is never pseudo-legal.
type Move uint16

const (
	MoveNone Move = 0
	MoveNull Move = 0xFFFF
)

// ButterflyIndex returns the move's low 14 bits, < ButterflySize.
func (m Move) ButterflyIndex() int { return int(m & 0x3FFF) }

// ButterflySize bounds ButterflyIndex.
const ButterflySize = 1 << 14

// MaxMoves bounds the number of moves in any position of either game
// (chess has at most 218 legal moves, xiangqi fewer than 128).
const MaxMoves = 256

// MoveList is a fixed-size, caller-owned list of moves. Generators append to
// it; it never allocates. The zero value is an empty list.
type MoveList struct {
	Moves [MaxMoves]Move
	Len   int
}

// Add appends m. It assumes the list is not full (MaxMoves bounds every position).
func (l *MoveList) Add(m Move) {
	l.Moves[l.Len] = m
	l.Len++
}

// Clear empties the list.
func (l *MoveList) Clear() { l.Len = 0 }

// Slice returns the moves as a slice aliasing the list's array.
func (l *MoveList) Slice() []Move { return l.Moves[:l.Len] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.Len] {
		if x == m {
			return true
		}
	}
	return false
}
