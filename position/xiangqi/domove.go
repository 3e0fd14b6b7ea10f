// DoMove, UndoMove and the null move: the incremental update of the board, bitboards, key and checkers.
package xiangqi

import "dualnnue/position"

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
	// No piece of us attacked the enemy general before the move (the
	// position was legal). A check now needs the move to leave or enter a
	// point of its checkZone (a discovered check, or a rook, cannon or the
	// general arriving on its lines) or the mover to land where a horse or
	// a pawn attacks it from; else there are no checkers to look for.
	if ksq := p.kingSq[them]; checkZone[ksq].Has(from) || checkZone[ksq].Has(to) ||
		horseReach[ksq].Has(to) || pawnAttackersTo[us][ksq].Has(to) {
		p.setCheckers(st)
	} else {
		st.Checkers = [2]uint64{}
		st.InCheck = false
	}
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
