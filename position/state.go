// The per-ply State record and the piece diff the network consumes.
package position

// DirtyPiece is one piece that changed place in a move. From == SquareNone
// means the piece appeared (a promotion); To == SquareNone means it left the
// board (a capture, or the pawn of a promotion).
type DirtyPiece struct {
	Piece    Piece
	From, To Square
}

// Dirty is the piece diff of one move: at most 3 entries (chess: a capture
// with promotion is pawn removed, captured piece removed, new piece added;
// castling is king and rook moved). The moved piece is always entry 0.
// A null move has N == 0.
type Dirty struct {
	N      int
	Pieces [3]DirtyPiece
}

// Add appends one changed piece.
func (d *Dirty) Add(p Piece, from, to Square) {
	d.Pieces[d.N] = DirtyPiece{p, from, to}
	d.N++
}

// State is the per-ply record of a position. The search owns an array of
// them (one per ply); DoMove fills the next one and links it to the previous,
// so that UndoMove and repetition detection need no allocation.
//
// Fields marked "copied" are carried forward from the previous state by
// DoMove; the others are recomputed for every move.
type State struct {
	// Key is the Zobrist key of the position after the move.
	Key Key
	// Move is the move that led here (MoveNone at the root of a game,
	// MoveNull after a null move).
	Move Move
	// Captured is the piece the move captured, or NoPiece.
	Captured Piece
	// InCheck is true when the side to move (after the move) is in check.
	InCheck bool
	// Rule50 counts plies since the last irreversible move (chess: capture
	// or pawn move; xiangqi: capture). Copied and incremented.
	Rule50 int
	// PliesFromNull counts plies since the last null move (or the start of
	// the game): repetition detection never looks further back.
	PliesFromNull int
	// GamePly is the number of plies since the game's initial FEN position
	// plus the plies implied by its fullmove number.
	GamePly int
	// Castling holds the chess castling rights (game-specific bits). Copied.
	Castling uint8
	// EpSquare is the chess en-passant target square, or SquareNone. It is
	// set only when a legal en-passant capture exists, so that it can enter
	// the key and repetition compares like positions.
	EpSquare Square
	// Checkers is the game's set of checking pieces (chess: a bitboard of
	// squares; xiangqi: lo/hi words of its 90-point bitboard).
	Checkers [2]uint64
	// Chase is xiangqi's repetition bookkeeping: the opponent pieces the move
	// newly attacks (lo/hi of a 90-point bitboard), filled by the rules code.
	Chase [2]uint64
	// Dirty is the piece diff of the move, for the network.
	Dirty Dirty
	// Prev is the state before the move (nil at the start of the history).
	Prev *State
}
