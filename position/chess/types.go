// Chess piece types, pieces, named squares and the 16-bit move layout.
package chess

import "dualnnue/position"

// Piece types (position.PieceType values for chess).
const (
	Pawn   position.PieceType = 1
	Knight position.PieceType = 2
	Bishop position.PieceType = 3
	Rook   position.PieceType = 4
	Queen  position.PieceType = 5
	King   position.PieceType = 6
)

// Pieces: colour<<3 | type.
const (
	WhitePawn   position.Piece = 1
	WhiteKnight position.Piece = 2
	WhiteBishop position.Piece = 3
	WhiteRook   position.Piece = 4
	WhiteQueen  position.Piece = 5
	WhiteKing   position.Piece = 6
	BlackPawn   position.Piece = 9
	BlackKnight position.Piece = 10
	BlackBishop position.Piece = 11
	BlackRook   position.Piece = 12
	BlackQueen  position.Piece = 13
	BlackKing   position.Piece = 14
)

// Named squares, a1 = 0 .. h8 = 63.
const (
	A1 position.Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// MoveKind is the two-bit kind field of a chess move (bits 14-15).
type MoveKind uint16

const (
	KindNormal    MoveKind = 0 << 14
	KindPromotion MoveKind = 1 << 14
	KindEnPassant MoveKind = 2 << 14
	KindCastling  MoveKind = 3 << 14
)

// NewMove returns a normal move from → to.
func NewMove(from, to position.Square) position.Move {
	return position.Move(uint16(from) | uint16(to)<<6)
}

// NewPromotion returns a promotion from → to becoming pt (Knight..Queen).
func NewPromotion(from, to position.Square, pt position.PieceType) position.Move {
	return position.Move(uint16(from) | uint16(to)<<6 | uint16(pt-Knight)<<12 | uint16(KindPromotion))
}

// NewEnPassant returns the en-passant capture from → to (to is the empty
// target square, not the captured pawn's square).
func NewEnPassant(from, to position.Square) position.Move {
	return position.Move(uint16(from) | uint16(to)<<6 | uint16(KindEnPassant))
}

// NewCastling returns castling encoded as the king on kingFrom taking its own
// rook on rookFrom.
func NewCastling(kingFrom, rookFrom position.Square) position.Move {
	return position.Move(uint16(kingFrom) | uint16(rookFrom)<<6 | uint16(KindCastling))
}

// From returns the origin square of m.
func From(m position.Move) position.Square { return position.Square(m & 63) }

// To returns the destination square of m (the rook's square for castling).
func To(m position.Move) position.Square { return position.Square(m >> 6 & 63) }

// Kind returns the kind of m.
func Kind(m position.Move) MoveKind { return MoveKind(m) & (3 << 14) }

// PromotionType returns the piece type a promotion m becomes (Knight..Queen);
// meaningful only when Kind(m) == KindPromotion.
func PromotionType(m position.Move) position.PieceType {
	return position.PieceType(m>>12&3) + Knight
}

func fileOf(s position.Square) int { return int(s) & 7 }
func rankOf(s position.Square) int { return int(s) >> 3 }

func makeSquare(file, rank int) position.Square { return position.Square(rank*8 + file) }

// relativeRank returns the rank of s seen from c's side (0 = own back rank).
func relativeRank(c position.Color, s position.Square) int { return rankOf(s) ^ int(c)*7 }

// squareName returns "e4" for a valid square and "-" for SquareNone.
func squareName(s position.Square) string {
	if s >= 64 {
		return "-"
	}
	return string([]byte{byte('a' + fileOf(s)), byte('1' + rankOf(s))})
}

// pieceLetters maps a piece to its FEN letter.
const pieceLetters = " PNBRQK  pnbrqk "
