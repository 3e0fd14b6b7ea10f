// The Position type: bitboards, mailbox, castling geometry and check information.
package chess

import (
	"math/bits"

	"dualnnue/position"
)

// Castling rights bits (position.State.Castling).
const (
	WhiteOO     uint8 = 1 << 0
	WhiteOOO    uint8 = 1 << 1
	BlackOO     uint8 = 1 << 2
	BlackOOO    uint8 = 1 << 3
	AllCastling       = WhiteOO | WhiteOOO | BlackOO | BlackOOO
)

// StartFEN is the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Position is a chess position with its history of States. The zero value is
// not usable: build one with NewFromFEN or SetFEN.
//
// A Position links to States the caller owns (DoMove's st argument) and holds
// its own root State, so copying a Position by value shares its history and
// its root with the original: use Clone for an independent copy.
type Position struct {
	board   [64]position.Piece
	byType  [7]Bitboard // index 0: every occupied square
	byColor [2]Bitboard
	kingSq  [2]position.Square
	side    position.Color
	st      *position.State
	root    position.State

	// Chess960 selects Chess960 move coordinates (king takes own rook,
	// e.g. "e1h1") in MoveString/ParseMove, Shredder letters in FEN, and
	// the castling fields SetFEN accepts: X-FEN and Shredder-FEN when set,
	// only standard K/Q/k/q rights (king on e1/e8, rook in the corner) when
	// not. SetFEN keeps its value and never switches it by itself. It is
	// UCI_Chess960.
	Chess960 bool

	// Castling geometry, indexed by right (0 WhiteOO, 1 WhiteOOO, 2 BlackOO,
	// 3 BlackOOO), set by SetFEN.
	castlingRookSq   [4]position.Square
	castlingPath     [4]Bitboard // squares that must be empty (king and rook excluded)
	castlingKingPath [4]Bitboard // squares the king crosses or lands on (must not be attacked)
	castlingMask     [64]uint8   // rights lost when a move leaves or enters a square

	// Check information, computed lazily (ensureCheckInfo) and invalidated
	// by every move.
	ciValid bool
	// blockers[c]: pieces of either colour that alone shield c's king from
	// an enemy slider. pinners[c]: c's sliders that pin a piece to the
	// enemy king.
	blockers [2]Bitboard
	pinners  [2]Bitboard
	// checkSq[pt]: squares from which a piece of type pt of the side to move
	// would check the enemy king.
	checkSq [7]Bitboard
}

// Clone returns a copy of p that can move independently: its current state
// is copied into the clone's own root, whose Prev still points at p's
// earlier states (read only, for repetition detection).
func (p *Position) Clone() *Position {
	q := new(Position)
	*q = *p
	q.root = *p.st
	q.st = &q.root
	return q
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() position.Color { return p.side }

// State returns the current per-ply state (never nil: a zero Position
// returns its empty root state).
func (p *Position) State() *position.State {
	if p.st == nil {
		return &p.root
	}
	return p.st
}

// *Position is the chess implementation of the search's contract.
var _ position.Game = (*Position)(nil)

// Key returns the Zobrist key of the position.
func (p *Position) Key() position.Key { return p.st.Key }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st.Checkers[0] != 0 }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return Bitboard(p.st.Checkers[0]) }

// PieceOn returns the piece on sq, or NoPiece (also for sq >= 64).
func (p *Position) PieceOn(sq position.Square) position.Piece {
	if sq >= 64 {
		return position.NoPiece
	}
	return p.board[sq]
}

// MovedPiece returns the piece on m's origin.
func (p *Position) MovedPiece(m position.Move) position.Piece { return p.board[From(m)] }

// Pieces returns the squares of colour c's pieces of type pt (pt 0: all of c's pieces).
func (p *Position) Pieces(c position.Color, pt position.PieceType) Bitboard {
	if pt == 0 {
		return p.byColor[c&1]
	}
	return p.byType[pt%7] & p.byColor[c&1]
}

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// KingSquare returns c's king square.
func (p *Position) KingSquare(c position.Color) position.Square { return p.kingSq[c&1] }

// HasMajorMaterial is HasNonPawnMaterial in chess, where every piece but
// the king and the pawns attacks on its own.
func (p *Position) HasMajorMaterial(c position.Color) bool { return p.HasNonPawnMaterial(c) }

// HasNonPawnMaterial reports whether c has a knight, bishop, rook or queen.
func (p *Position) HasNonPawnMaterial(c position.Color) bool {
	return p.byColor[c&1]&^(p.byType[Pawn]|p.byType[King]) != 0
}

// ScaleMaterial returns the material of both sides (queen 18, rook 10,
// bishop and knight 6, pawn 2) and its start value 156 (see position.Game).
func (p *Position) ScaleMaterial() (m, full int) {
	return 18*bits.OnesCount64(uint64(p.byType[Queen])) + 10*bits.OnesCount64(uint64(p.byType[Rook])) +
		6*bits.OnesCount64(uint64(p.byType[Bishop]|p.byType[Knight])) + 2*bits.OnesCount64(uint64(p.byType[Pawn])), 156
}

// SideMaterial returns side c's part of ScaleMaterial's m (queen 18, rook
// 10, bishop and knight 6, pawn 2).
func (p *Position) SideMaterial(c position.Color) int {
	own := p.byColor[c&1]
	return 18*bits.OnesCount64(uint64(p.byType[Queen]&own)) + 10*bits.OnesCount64(uint64(p.byType[Rook]&own)) +
		6*bits.OnesCount64(uint64((p.byType[Bishop]|p.byType[Knight])&own)) + 2*bits.OnesCount64(uint64(p.byType[Pawn]&own))
}

// CastlingRookSquare returns the rook square of castling right index i
// (0 WhiteOO, 1 WhiteOOO, 2 BlackOO, 3 BlackOOO) as set by the FEN, or
// SquareNone when the right was never present.
func (p *Position) CastlingRookSquare(i int) position.Square {
	if i < 0 || i > 3 {
		return position.SquareNone
	}
	return p.castlingRookSq[i]
}

func (p *Position) putPiece(pc position.Piece, s position.Square) {
	b := sqBB(s)
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
}

func (p *Position) removePiece(s position.Square) {
	pc := p.board[s]
	b := sqBB(s)
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
	p.board[s] = position.NoPiece
}

func (p *Position) movePiece(from, to position.Square) {
	pc := p.board[from]
	b := sqBB(from) | sqBB(to)
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
	p.board[from] = position.NoPiece
	p.board[to] = pc
}

// attackersTo returns the pieces of both colours attacking s given the
// occupancy occ.
func (p *Position) attackersTo(s position.Square, occ Bitboard) Bitboard {
	return pawnAttacks[position.Black][s]&p.byColor[position.White]&p.byType[Pawn] |
		pawnAttacks[position.White][s]&p.byColor[position.Black]&p.byType[Pawn] |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		rookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen]) |
		bishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])
}

// attackedBy reports whether colour c attacks s given the occupancy occ.
func (p *Position) attackedBy(c position.Color, s position.Square, occ Bitboard) bool {
	them := p.byColor[c]
	if (pawnAttacks[c^1][s]&p.byType[Pawn]|knightAttacks[s]&p.byType[Knight]|kingAttacks[s]&p.byType[King])&them != 0 {
		return true
	}
	qs := p.byType[Queen]
	if rq := (p.byType[Rook] | qs) & them; rookPseudo[s]&rq != 0 && rookAttacks(s, occ)&rq != 0 {
		return true
	}
	bq := (p.byType[Bishop] | qs) & them
	return bishopPseudo[s]&bq != 0 && bishopAttacks(s, occ)&bq != 0
}

// sliderBlockers returns the pieces (either colour) that alone stand between
// s and a slider among sliders; pinners receives those sliders.
func (p *Position) sliderBlockers(sliders Bitboard, s position.Square) (blockers, pinners Bitboard) {
	snipers := (rookPseudo[s]&(p.byType[Rook]|p.byType[Queen]) |
		bishopPseudo[s]&(p.byType[Bishop]|p.byType[Queen])) & sliders
	occ := p.byType[0]
	for snipers != 0 {
		sn := lsb(snipers)
		snipers &= snipers - 1
		b := betweenBB[s][sn] & occ
		if b != 0 && !moreThanOne(b) {
			blockers |= b
			if b&p.byColor[p.board[s].Color()] != 0 {
				pinners |= sqBB(sn)
			}
		}
	}
	return blockers, pinners
}

// ensureCheckInfo computes blockers, pinners and check squares if a move
// invalidated them.
func (p *Position) ensureCheckInfo() {
	if p.ciValid {
		return
	}
	p.ciValid = true
	w, b := position.White, position.Black
	p.blockers[w], p.pinners[b] = p.sliderBlockers(p.byColor[b], p.kingSq[w])
	p.blockers[b], p.pinners[w] = p.sliderBlockers(p.byColor[w], p.kingSq[b])
	them := p.side ^ 1
	ks := p.kingSq[them]
	occ := p.byType[0]
	p.checkSq[Pawn] = pawnAttacks[them][ks]
	p.checkSq[Knight] = knightAttacks[ks]
	p.checkSq[Bishop] = bishopAttacks(ks, occ)
	p.checkSq[Rook] = rookAttacks(ks, occ)
	p.checkSq[Queen] = p.checkSq[Bishop] | p.checkSq[Rook]
	p.checkSq[King] = 0
}

// pinnedPieces returns c's pieces pinned to c's king.
func (p *Position) pinnedPieces(c position.Color) Bitboard {
	p.ensureCheckInfo()
	return p.blockers[c] & p.byColor[c]
}
