// Position: the board, DoMove/UndoMove/null move, attack queries and Validate.
package xiangqi

import (
	"errors"
	"fmt"

	"dualnnue/position"
)

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

// HasNonPawnMaterial reports whether c has a piece other than its king and
// pawns.
func (p *Position) HasNonPawnMaterial(c position.Color) bool {
	c &= 1
	rest := p.byColor[c].AndNot(p.byPiece[position.MakePiece(c, King)]).AndNot(p.byPiece[position.MakePiece(c, Pawn)])
	return rest.Any()
}

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

// DoMove plays the legal move m, filling st (owned by the caller, alive
// until the matching UndoMove). It never allocates.
func (p *Position) DoMove(m position.Move, st *position.State) {
	from, to := MoveFrom(m), MoveTo(m)
	prev := p.st
	us := p.side
	them := us ^ 1
	pc := p.board[from]
	captured := p.board[to]

	p.filter[prev.Key&filterMask]++

	st.Key = prev.Key ^ zobristSide ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	st.Move = m
	st.Captured = captured
	st.Rule50 = prev.Rule50 + 1
	st.PliesFromNull = prev.PliesFromNull + 1
	st.GamePly = prev.GamePly + 1
	st.Castling = 0
	st.EpSquare = position.SquareNone
	st.Chase = [2]uint64{}
	st.Dirty.N = 1
	st.Dirty.Pieces[0] = position.DirtyPiece{Piece: pc, From: from, To: to}
	st.Prev = prev

	fromBB, toBB := squareBB[from], squareBB[to]
	moveBB := fromBB.Or(toBB)
	if captured != position.NoPiece {
		st.Key ^= zobristPiece[captured][to]
		st.Rule50 = 0
		st.Dirty.N = 2
		st.Dirty.Pieces[1] = position.DirtyPiece{Piece: captured, From: to, To: position.SquareNone}
		p.byPiece[captured] = p.byPiece[captured].Xor(toBB)
		p.byColor[them] = p.byColor[them].Xor(toBB)
		p.occ = p.occ.Xor(fromBB)
	} else {
		p.occ = p.occ.Xor(moveBB)
	}
	p.byPiece[pc] = p.byPiece[pc].Xor(moveBB)
	p.byColor[us] = p.byColor[us].Xor(moveBB)
	p.board[from] = position.NoPiece
	p.board[to] = pc
	if pc.Type() == King {
		p.kingSq[us] = to
	}
	p.side = them
	p.st = st
	p.setCheckers(st)
	if debugValidate {
		p.debugCheck("DoMove", m)
	}
}

// UndoMove takes back m, the last move played.
func (p *Position) UndoMove(m position.Move) {
	st := p.st
	from, to := MoveFrom(m), MoveTo(m)
	them := p.side
	us := them ^ 1
	pc := p.board[to]
	fromBB, toBB := squareBB[from], squareBB[to]
	moveBB := fromBB.Or(toBB)
	p.byPiece[pc] = p.byPiece[pc].Xor(moveBB)
	p.byColor[us] = p.byColor[us].Xor(moveBB)
	p.board[from] = pc
	if captured := st.Captured; captured != position.NoPiece {
		p.board[to] = captured
		p.byPiece[captured] = p.byPiece[captured].Xor(toBB)
		p.byColor[them] = p.byColor[them].Xor(toBB)
		p.occ = p.occ.Xor(fromBB)
	} else {
		p.board[to] = position.NoPiece
		p.occ = p.occ.Xor(moveBB)
	}
	if pc.Type() == King {
		p.kingSq[us] = from
	}
	p.side = us
	p.st = st.Prev
	p.filter[p.st.Key&filterMask]--
	if debugValidate {
		p.debugCheck("UndoMove", m)
	}
}

// DoNullMove passes the turn (never in check), filling st.
func (p *Position) DoNullMove(st *position.State) {
	prev := p.st
	p.filter[prev.Key&filterMask]++
	*st = position.State{
		Key:           prev.Key ^ zobristSide,
		Move:          position.MoveNull,
		Rule50:        prev.Rule50 + 1,
		PliesFromNull: 0,
		GamePly:       prev.GamePly,
		EpSquare:      position.SquareNone,
		Prev:          prev,
	}
	p.side ^= 1
	p.st = st
}

// UndoNullMove takes back the last null move.
func (p *Position) UndoNullMove() {
	p.side ^= 1
	p.st = p.st.Prev
	p.filter[p.st.Key&filterMask]--
}

// computeKey returns the Zobrist key of the board and side from scratch.
func (p *Position) computeKey() position.Key {
	var k position.Key
	for sq, pc := range p.board {
		if pc != position.NoPiece {
			k ^= zobristPiece[pc][sq]
		}
	}
	if p.side == position.Black {
		k ^= zobristSide
	}
	return k
}

// Validate recomputes everything derivable from the mailbox and the side to
// move (bitboards, king squares, Zobrist key, checkers) and compares it with
// the incremental state. It also checks the rules every reachable position
// obeys (one king per side inside its palace, pieces on reachable points,
// piece counts, the side not to move not in check). It returns nil or an
// error naming the first difference; it is a debugging aid, not a hot path.
func (p *Position) Validate() error {
	if p.st == nil {
		return errors.New("xiangqi: position not set up")
	}
	var byPiece [position.PieceNB]Bitboard
	var byColor [2]Bitboard
	var occ Bitboard
	for s, pc := range p.board {
		if pc == position.NoPiece {
			continue
		}
		if pc.Type() == 0 || int(pc) >= position.PieceNB {
			return fmt.Errorf("xiangqi: invalid piece %d on %s", pc, SquareString(position.Square(s)))
		}
		b := squareBB[s]
		byPiece[pc] = byPiece[pc].Or(b)
		byColor[pc.Color()] = byColor[pc.Color()].Or(b)
		occ = occ.Or(b)
	}
	if byPiece != p.byPiece || byColor != p.byColor || occ != p.occ {
		return errors.New("xiangqi: bitboards disagree with the mailbox")
	}
	if err := checkPlacement(&p.board); err != nil {
		return err
	}
	for c := position.Red; c <= position.Black; c++ {
		if p.board[p.kingSq[c]] != position.MakePiece(c, King) {
			return fmt.Errorf("xiangqi: cached king square %s of %v is wrong", SquareString(p.kingSq[c]), c)
		}
	}
	if k := p.computeKey(); k != p.st.Key {
		return fmt.Errorf("xiangqi: key %016x, from scratch %016x", p.st.Key, k)
	}
	ch := p.attackersTo(p.kingSq[p.side], p.occ, p.side^1)
	if [2]uint64{ch.lo, ch.hi} != p.st.Checkers || ch.Any() != p.st.InCheck {
		return errors.New("xiangqi: checkers disagree with a recomputation")
	}
	if p.attackersTo(p.kingSq[p.side^1], p.occ, p.side).Any() {
		return errors.New("xiangqi: the side not to move is in check")
	}
	if p.st.Rule50 < 0 || p.st.PliesFromNull < 0 || p.st.GamePly < 0 {
		return errors.New("xiangqi: negative counter")
	}
	return nil
}

// checkPlacement checks piece counts (exactly one general per side, no
// more of a type than a side starts with), then that generals stay in their
// palace and advisors, elephants and pawns stand on points they can reach.
func checkPlacement(board *[NumSquares]position.Piece) error {
	var counts [position.PieceNB]int
	for _, pc := range board {
		counts[pc&15]++
	}
	for c := position.Red; c <= position.Black; c++ {
		if n := counts[position.MakePiece(c, King)]; n != 1 {
			return fmt.Errorf("xiangqi: %s has %d generals (exactly one required)", colorName(c), n)
		}
		for pt := Advisor; pt <= Pawn; pt++ {
			if n := counts[position.MakePiece(c, pt)]; n > MaxPieceCount[pt] {
				return fmt.Errorf("xiangqi: %s has %d %ss (at most %d)", colorName(c), n, typeName[pt], MaxPieceCount[pt])
			}
		}
	}
	for s, pc := range board {
		if pc == position.NoPiece {
			continue
		}
		sq := position.Square(s)
		c := pc.Color()
		var region Bitboard
		var what string
		switch pc.Type() {
		case King:
			region, what = palaceBB[c], "outside its palace"
		case Advisor:
			region, what = advisorBB[c], "off its palace diagonals"
		case Elephant:
			region, what = elephantBB[c], "a point it can never reach (elephants stay on seven points of their own half)"
		case Pawn:
			region, what = pawnBB[c], "a point it can never reach (behind its starting rank, or off the five pawn files on its own side)"
		default:
			continue
		}
		if !region.Has(sq) {
			return fmt.Errorf("xiangqi: %s %s on %s: %s", colorName(c), typeName[pc.Type()], SquareString(sq), what)
		}
	}
	return nil
}

var typeName = [8]string{"", "general", "advisor", "elephant", "horse", "rook", "cannon", "pawn"}

func colorName(c position.Color) string {
	if c == position.Red {
		return "red"
	}
	return "black"
}
