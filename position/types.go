// Colours, squares, pieces, keys and scores shared by both games.
package position

import "strconv"

// Color is the side: White (chess) or Red (xiangqi) is 0, Black is 1.
type Color uint8

const (
	White Color = 0
	Red   Color = 0
	Black Color = 1
)

// Flip returns the other colour.
func (c Color) Flip() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// Square indexes a point of the board. The numbering is the game's own:
// chess a1=0 .. h8=63 (index = rank*8+file); xiangqi a0=0 .. i9=89
// (index = rank*9+file, rank 0 on Red's side, files a–i from Red's left).
type Square uint8

// SquareNone marks "no square" (an added or removed piece in a DirtyPiece,
// no en-passant square).
const SquareNone Square = 255

// PieceType numbers the kinds of piece of one game, starting at 1. Each game
// package defines its own constants; 0 is "no piece type".
type PieceType uint8

// Piece is a coloured piece: colour<<3 | type. NoPiece is 0.
type Piece uint8

// NoPiece is the empty point.
const NoPiece Piece = 0

// MakePiece combines a colour and a piece type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the piece's type (0 for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// PieceNB bounds Piece values: every piece is < PieceNB.
const PieceNB = 16

// Key is a 64-bit Zobrist key.
type Key uint64

// Value is a score in centipawns from the side to move's view, or a mate score.
// A mate in n plies from the root is ValueMate-n; being mated is -(ValueMate-n).
type Value int32

// Score constants. Mate scores lie in [ValueMateInMaxPly, ValueMate].
const (
	ValueZero         Value = 0
	ValueDraw         Value = 0
	ValueMate         Value = 32000
	ValueInfinite     Value = 32001
	ValueNone         Value = 32002
	ValueMateInMaxPly Value = ValueMate - MaxPly
	ValueKnownWin     Value = 10000
)

// MaxPly is the deepest ply the search ever reaches from its root.
const MaxPly = 246

// MateIn is the score of giving mate in ply plies.
func MateIn(ply int) Value { return ValueMate - Value(ply) }

// MatedIn is the score of being mated in ply plies.
func MatedIn(ply int) Value { return -ValueMate + Value(ply) }

// IsMate reports whether v is a mate score (for either side).
func (v Value) IsMate() bool { return v >= ValueMateInMaxPly || v <= -ValueMateInMaxPly }

// String renders a score the way UCI does: "cp 31" or "mate -3" (moves, not plies).
func (v Value) String() string {
	switch {
	case v >= ValueMateInMaxPly && v <= ValueMate:
		return "mate " + strconv.Itoa(int(ValueMate-v+1)/2)
	case v == -ValueMate:
		return "mate 0"
	case v <= -ValueMateInMaxPly && v > -ValueMate:
		return "mate -" + strconv.Itoa(int(ValueMate+v)/2)
	}
	return "cp " + strconv.Itoa(int(v))
}
