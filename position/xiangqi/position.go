// Position: the board, its accessors and attack queries (DoMove in domove.go, Validate in validate.go).
package xiangqi

import "dualnnue/position"

// StartFEN is the initial position (Pikafish / Fairy-Stockfish notation).
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// filterBits sizes the repetition filter: a counting Bloom filter of the
// keys of all earlier positions in the State chain (as Pikafish keeps), so
// that RuleVerdict walks back only when the current key may repeat.
const (
	filterBits = 12
	filterMask = 1<<filterBits - 1
)

// Position is a xiangqi position with its history of States. The zero value
// is not usable: build one with NewFromFEN or SetFEN. A Position is not safe
// for concurrent use; copy it with CopyFrom.
type Position struct {
	board   [NumSquares]position.Piece
	byPiece [position.PieceNB]Bitboard
	byColor [2]Bitboard
	occ     Bitboard
	kingSq  [2]position.Square
	side    position.Color
	st      *position.State
	root    position.State
	filter  [1 << filterBits]uint16
	rules   RuleOptions // see SetRules
}

var _ position.Game = (*Position)(nil)

// NewFromFEN returns the position described by fen, or an error naming what
// is wrong with it (see SetFEN).
func NewFromFEN(fen string) (*Position, error) {
	p := new(Position)
	if err := p.SetFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// CopyFrom makes p an independent copy of q. The current State is copied
// into p's own root State (keeping its Prev link into q's history, which the
// repetition rules may read and which must stay alive and unchanged).
func (p *Position) CopyFrom(q *Position) {
	*p = *q
	p.root = *q.st
	p.st = &p.root
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() position.Color { return p.side }

// State returns the current state (never nil for a set-up position).
func (p *Position) State() *position.State { return p.st }

// Key returns the Zobrist key of the position.
func (p *Position) Key() position.Key { return p.st.Key }

// PieceOn returns the piece on sq, or NoPiece (also for sq >= 90).
func (p *Position) PieceOn(sq position.Square) position.Piece {
	if int(sq) >= NumSquares {
		return position.NoPiece
	}
	return p.board[sq]
}

// Pieces returns the points of colour c's pieces of type pt.
func (p *Position) Pieces(c position.Color, pt position.PieceType) Bitboard {
	return p.byPiece[position.MakePiece(c, pt)&15]
}

// ColorPieces returns the points of all pieces of colour c.
func (p *Position) ColorPieces(c position.Color) Bitboard { return p.byColor[c&1] }

// Occupied returns the points of all pieces.
func (p *Position) Occupied() Bitboard { return p.occ }

// KingSquare returns the square of colour c's king.
func (p *Position) KingSquare(c position.Color) position.Square { return p.kingSq[c&1] }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return NewBitboard(p.st.Checkers[0], p.st.Checkers[1]) }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st.InCheck }

// MovedPiece returns the piece on m's origin (NoPiece for garbage).
func (p *Position) MovedPiece(m position.Move) position.Piece { return p.PieceOn(MoveFrom(m)) }

// IsCapture reports whether m's destination holds a piece.
func (p *Position) IsCapture(m position.Move) bool { return p.PieceOn(MoveTo(m)) != position.NoPiece }

// CaptureStage reports whether GenerateCaptures produces m: in xiangqi,
// whether m captures.
func (p *Position) CaptureStage(m position.Move) bool { return p.IsCapture(m) }

// HasMajorMaterial reports whether c has a rook, horse or cannon (the
// pieces Pikafish's major_material counts).
func (p *Position) HasMajorMaterial(c position.Color) bool {
	c &= 1
	return p.byPiece[position.MakePiece(c, Rook)].Or(p.byPiece[position.MakePiece(c, Horse)]).Or(p.byPiece[position.MakePiece(c, Cannon)]).Any()
}

// HasNonPawnMaterial reports whether c has a piece other than its king and
// pawns.
func (p *Position) HasNonPawnMaterial(c position.Color) bool {
	c &= 1
	rest := p.byColor[c].AndNot(p.byPiece[position.MakePiece(c, King)]).AndNot(p.byPiece[position.MakePiece(c, Pawn)])
	return rest.Any()
}

// ScaleMaterial returns the attacking material of both sides (rook 18,
// horse 8, cannon 9, pawn 4; advisors and elephants 0) and its start value
// 180 (see position.Game).
func (p *Position) ScaleMaterial() (m, full int) {
	rooks := p.byPiece[RedRook].Or(p.byPiece[BlackRook]).Count()
	horses := p.byPiece[RedHorse].Or(p.byPiece[BlackHorse]).Count()
	cannons := p.byPiece[RedCannon].Or(p.byPiece[BlackCannon]).Count()
	pawns := p.byPiece[RedPawn].Or(p.byPiece[BlackPawn]).Count()
	return 18*rooks + 8*horses + 9*cannons + 4*pawns, 180
}

// SideMaterial returns side c's part of ScaleMaterial's m (rook 18, horse 8,
// cannon 9, pawn 4).
func (p *Position) SideMaterial(c position.Color) int {
	base := position.Piece(c&1) << 3
	return 18*p.byPiece[base|position.Piece(Rook)].Count() + 8*p.byPiece[base|position.Piece(Horse)].Count() +
		9*p.byPiece[base|position.Piece(Cannon)].Count() + 4*p.byPiece[base|position.Piece(Pawn)].Count()
}

// ScaleFactor returns 16 (of 64) when side strong has less than 20
// attacking material (SideMaterial: a lone rook 18, a horse and a cannon
// 17, up to four pawns; two horses and a pawn make 20) and the other side keeps both advisors
// and both elephants: such an edge rarely breaks a full defence (the
// results of 6,170 self-play games fit 0.00–0.40 of the evaluation there,
// whatever the edge, against 0.5–1.45 with fewer defenders left;
// Pikafish-HCE's material rules scale the same endings). 64 otherwise.
// The rest of xiangqi's endgames are scaled by the attacking material of
// the two sides (search.Params.WinnableMaterial).
func (p *Position) ScaleFactor(strong position.Color) int {
	weak := position.Piece(strong^1) << 3
	if p.SideMaterial(strong) < 20 &&
		p.byPiece[weak|position.Piece(Advisor)].Count() == 2 && p.byPiece[weak|position.Piece(Elephant)].Count() == 2 {
		return 16
	}
	return 64
}

// EndgameEval reports no specialised endgame evaluation: xiangqi's
// endgames are left to the evaluator, scaled by ScaleFactor and the
// search's winnable scale (position.Game).
func (p *Position) EndgameEval() (position.Value, bool) { return 0, false }

// putPiece places pc on empty sq (no key update).
func (p *Position) putPiece(pc position.Piece, sq position.Square) {
	b := squareBB[sq]
	p.board[sq] = pc
	p.byPiece[pc] = p.byPiece[pc].Or(b)
	p.byColor[pc.Color()] = p.byColor[pc.Color()].Or(b)
	p.occ = p.occ.Or(b)
	if pc.Type() == King {
		p.kingSq[pc.Color()] = sq
	}
}

// attackersTo returns the pieces of colour c attacking sq with occupancy occ
// (the flying general counts: the enemy general attacks along an open file).
func (p *Position) attackersTo(sq position.Square, occ Bitboard, c position.Color) Bitboard {
	base := position.Piece(c) << 3
	var att Bitboard
	rooks := p.byPiece[base|position.Piece(Rook)]
	cannons := p.byPiece[base|position.Piece(Cannon)]
	king := p.byPiece[base|position.Piece(King)]
	// The rank and the file apart: the enemy general often shares the
	// file (the flying-general rule makes it a rook there) and nothing else.
	// Kings sit in opposite palaces, so a general never shares sq's rank.
	if fileLine[sq].And(rooks.Or(cannons).Or(king)).Any() {
		r, c := fileSliders(sq, occ)
		att = r.And(rooks.Or(king)).Or(c.And(cannons))
	}
	if rankLine[sq].And(rooks.Or(cannons)).Any() {
		r, c := rankSliders(sq, occ)
		att = att.Or(r.And(rooks).Or(c.And(cannons)))
	}
	att = att.Or(horseAttackersTo(sq, occ, p.byPiece[base|position.Piece(Horse)]))
	att = att.Or(pawnAttackersTo[c][sq].And(p.byPiece[base|position.Piece(Pawn)]))
	return att
}

// attacked reports whether colour c attacks sq with occupancy occ, ignoring
// c's pieces on excl (a piece just captured there).
func (p *Position) attacked(sq position.Square, occ Bitboard, c position.Color, excl Bitboard) bool {
	base := position.Piece(c) << 3
	if pawnAttackersTo[c][sq].And(p.byPiece[base|position.Piece(Pawn)]).AndNot(excl).Any() {
		return true
	}
	rooks := p.byPiece[base|position.Piece(Rook)].AndNot(excl)
	cannons := p.byPiece[base|position.Piece(Cannon)].AndNot(excl)
	king := p.byPiece[base|position.Piece(King)]
	if fileLine[sq].And(rooks.Or(cannons).Or(king)).Any() {
		r, c := fileSliders(sq, occ)
		if r.And(rooks.Or(king)).Or(c.And(cannons)).Any() {
			return true
		}
	}
	if rankLine[sq].And(rooks.Or(cannons)).Any() {
		r, c := rankSliders(sq, occ)
		if r.And(rooks).Or(c.And(cannons)).Any() {
			return true
		}
	}
	horses := p.byPiece[base|position.Piece(Horse)].AndNot(excl)
	return horseAttackersTo(sq, occ, horses).Any()
}

// setCheckers stores the checkers of the side to move in st.
func (p *Position) setCheckers(st *position.State) {
	ch := p.attackersTo(p.kingSq[p.side], p.occ, p.side^1)
	st.Checkers = [2]uint64{ch.lo, ch.hi}
	st.InCheck = ch.Any()
}
