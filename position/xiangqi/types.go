// Piece types, pieces, squares and the move layout of xiangqi.
package xiangqi

import "dualnnue/position"

// Piece types (position.PieceType values of this game).
const (
	King     position.PieceType = 1
	Advisor  position.PieceType = 2
	Elephant position.PieceType = 3
	Horse    position.PieceType = 4
	Rook     position.PieceType = 5
	Cannon   position.PieceType = 6
	Pawn     position.PieceType = 7
)

// Pieces (colour<<3 | type).
const (
	RedKing       position.Piece = 1
	RedAdvisor    position.Piece = 2
	RedElephant   position.Piece = 3
	RedHorse      position.Piece = 4
	RedRook       position.Piece = 5
	RedCannon     position.Piece = 6
	RedPawn       position.Piece = 7
	BlackKing     position.Piece = 9
	BlackAdvisor  position.Piece = 10
	BlackElephant position.Piece = 11
	BlackHorse    position.Piece = 12
	BlackRook     position.Piece = 13
	BlackCannon   position.Piece = 14
	BlackPawn     position.Piece = 15
)

// Board geometry.
const (
	Files      = 9
	Ranks      = 10
	NumSquares = Files * Ranks
)

// MaxPieceCount is the number of pieces of each type one side starts with;
// xiangqi has no promotion, so a legal position never holds more.
var MaxPieceCount = [8]int{King: 1, Advisor: 2, Elephant: 2, Horse: 2, Rook: 2, Cannon: 2, Pawn: 5}

// MakeSquare returns the square at file 0..8 (a..i) and rank 0..9.
func MakeSquare(file, rank int) position.Square { return position.Square(rank*Files + file) }

// FileOf returns the file 0..8 (a..i) of sq.
func FileOf(sq position.Square) int { return int(sq) % Files }

// RankOf returns the rank 0..9 of sq (0 = Red's back rank).
func RankOf(sq position.Square) int { return int(sq) / Files }

// SquareString renders sq in ICCS coordinates ("e0"), or "-" for an
// off-board value.
func SquareString(sq position.Square) string {
	if int(sq) >= NumSquares {
		return "-"
	}
	return string([]byte{byte('a' + FileOf(sq)), byte('0' + RankOf(sq))})
}

// NewMove returns the move from -> to (layout from | to<<7).
func NewMove(from, to position.Square) position.Move {
	return position.Move(from) | position.Move(to)<<7
}

// MoveFrom returns m's origin square (up to 127 for garbage moves).
func MoveFrom(m position.Move) position.Square { return position.Square(m & 0x7F) }

// MoveTo returns m's destination square (up to 127 for garbage moves).
func MoveTo(m position.Move) position.Square { return position.Square(m >> 7 & 0x7F) }

// pieceLetters maps a piece to its FEN letter (Pikafish / Fairy-Stockfish:
// K A B N R C P for Red, lower case for Black).
var pieceLetters = [position.PieceNB]byte{
	RedKing: 'K', RedAdvisor: 'A', RedElephant: 'B', RedHorse: 'N', RedRook: 'R', RedCannon: 'C', RedPawn: 'P',
	BlackKing: 'k', BlackAdvisor: 'a', BlackElephant: 'b', BlackHorse: 'n', BlackRook: 'r', BlackCannon: 'c', BlackPawn: 'p',
}

// PieceLetter returns p's FEN letter, or '.' for NoPiece and invalid values.
func PieceLetter(p position.Piece) byte {
	if int(p) >= position.PieceNB || pieceLetters[p] == 0 {
		return '.'
	}
	return pieceLetters[p]
}
