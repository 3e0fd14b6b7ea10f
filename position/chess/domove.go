// DoMove, UndoMove and the null move: incremental updates of the position and its State.
package chess

import "dualnnue/position"

// DoMove plays the legal move m, filling st, which the caller owns and must
// keep alive until the matching UndoMove. st.Prev is linked to the current
// state. Copied forward: Castling (then updated), Rule50, PliesFromNull and
// GamePly (incremented). Recomputed: Key, Move, Captured, Checkers, InCheck,
// EpSquare (set only after a double push that allows a legal en-passant
// reply) and Dirty:
//   - entry 0 is the moving piece (a promoting pawn goes from → SquareNone,
//     a castling king from → its destination);
//   - a captured piece follows as (piece, its square, SquareNone);
//   - a promoted piece is (new piece, SquareNone, to);
//   - castling adds the rook's move.
//
// DoMove never allocates. Playing an illegal move corrupts the position.
func (p *Position) DoMove(m position.Move, st *position.State) {
	prev := p.st
	us := p.side
	them := us ^ 1
	from, to := From(m), To(m)
	pc := p.board[from]
	kind := Kind(m)

	st.Prev = prev
	st.Move = m
	st.Castling = prev.Castling
	st.Rule50 = prev.Rule50 + 1
	st.PliesFromNull = prev.PliesFromNull + 1
	st.GamePly = prev.GamePly + 1
	st.EpSquare = position.SquareNone
	st.Captured = position.NoPiece
	st.Chase = [2]uint64{}
	d := &st.Dirty
	d.N = 1

	key := prev.Key ^ zobSide
	if prev.EpSquare != position.SquareNone {
		key ^= zobEp[prev.EpSquare&7]
	}

	if kind == KindCastling {
		i := 2*int(us) + 1
		if to > from {
			i--
		}
		kto, rto := castlingTargets(i)
		rook := p.board[to]
		// Remove both first: in Chess960 the destinations may overlap the origins.
		p.removePiece(from)
		p.removePiece(to)
		p.putPiece(pc, kto)
		p.putPiece(rook, rto)
		p.kingSq[us] = kto
		key ^= zobPiece[pc][from] ^ zobPiece[pc][kto] ^ zobPiece[rook][to] ^ zobPiece[rook][rto]
		d.Pieces[0] = position.DirtyPiece{Piece: pc, From: from, To: kto}
		d.Pieces[1] = position.DirtyPiece{Piece: rook, From: to, To: rto}
		d.N = 2
	} else {
		capsq := to
		if kind == KindEnPassant {
			capsq = to ^ 8
		}
		captured := p.board[capsq]
		d.Pieces[0] = position.DirtyPiece{Piece: pc, From: from, To: to}
		if captured != position.NoPiece {
			p.removePiece(capsq)
			key ^= zobPiece[captured][capsq]
			st.Captured = captured
			st.Rule50 = 0
			d.Pieces[1] = position.DirtyPiece{Piece: captured, From: capsq, To: position.SquareNone}
			d.N = 2
		}
		p.movePiece(from, to)
		key ^= zobPiece[pc][from] ^ zobPiece[pc][to]
		switch pc.Type() {
		case Pawn:
			st.Rule50 = 0
			if kind == KindPromotion {
				np := position.MakePiece(us, PromotionType(m))
				p.removePiece(to)
				p.putPiece(np, to)
				key ^= zobPiece[pc][to] ^ zobPiece[np][to]
				d.Pieces[0].To = position.SquareNone
				d.Pieces[d.N] = position.DirtyPiece{Piece: np, From: position.SquareNone, To: to}
				d.N++
			} else if int(to)^int(from) == 16 {
				// Double push: the en-passant square enters the key only
				// if the opponent has a legal en-passant capture.
				ep := (from + to) / 2
				if pawnAttacks[us][ep]&p.byType[Pawn]&p.byColor[them] != 0 {
					p.side = them
					if p.epCaptureExists(ep) {
						st.EpSquare = ep
						key ^= zobEp[ep&7]
					}
					p.side = us
				}
			}
		case King:
			p.kingSq[us] = to
		}
	}

	if st.Castling != 0 {
		if lost := p.castlingMask[from] | p.castlingMask[to]; st.Castling&lost != 0 {
			key ^= zobCastling[st.Castling]
			st.Castling &^= lost
			key ^= zobCastling[st.Castling]
		}
	}

	p.side = them
	st.Key = key
	ks := p.kingSq[them]
	occ := p.byType[0]
	checkers := (pawnAttacks[them][ks]&p.byType[Pawn] | knightAttacks[ks]&p.byType[Knight] |
		bishopAttacks(ks, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		rookAttacks(ks, occ)&(p.byType[Rook]|p.byType[Queen])) & p.byColor[us]
	st.Checkers[0] = uint64(checkers)
	st.Checkers[1] = 0
	st.InCheck = checkers != 0
	p.st = st
	p.ciValid = false
	if debugValidate {
		p.debugCheck("DoMove", m)
	}
}

// UndoMove takes back m, which must be the last move played.
func (p *Position) UndoMove(m position.Move) {
	st := p.st
	them := p.side
	us := them ^ 1
	p.side = us
	from, to := From(m), To(m)
	switch Kind(m) {
	case KindCastling:
		i := 2*int(us) + 1
		if to > from {
			i--
		}
		kto, rto := castlingTargets(i)
		king := p.board[kto]
		rook := p.board[rto]
		p.removePiece(kto)
		p.removePiece(rto)
		p.putPiece(king, from)
		p.putPiece(rook, to)
		p.kingSq[us] = from
	case KindPromotion:
		p.removePiece(to)
		p.putPiece(position.MakePiece(us, Pawn), from)
		if st.Captured != position.NoPiece {
			p.putPiece(st.Captured, to)
		}
	case KindEnPassant:
		p.movePiece(to, from)
		p.putPiece(st.Captured, to^8)
	default:
		p.movePiece(to, from)
		if st.Captured != position.NoPiece {
			p.putPiece(st.Captured, to)
		}
		if p.board[from].Type() == King {
			p.kingSq[us] = from
		}
	}
	p.st = st.Prev
	p.ciValid = false
	if debugValidate {
		p.debugCheck("UndoMove", m)
	}
}

// DoNullMove passes the turn, filling st. It must not be called in check.
func (p *Position) DoNullMove(st *position.State) {
	prev := p.st
	*st = position.State{
		Key:           prev.Key ^ zobSide,
		Move:          position.MoveNull,
		Captured:      position.NoPiece,
		Rule50:        prev.Rule50 + 1,
		PliesFromNull: 0,
		GamePly:       prev.GamePly + 1,
		Castling:      prev.Castling,
		EpSquare:      position.SquareNone,
		Prev:          prev,
	}
	if prev.EpSquare != position.SquareNone {
		st.Key ^= zobEp[prev.EpSquare&7]
	}
	p.side ^= 1
	p.st = st
	p.ciValid = false
}

// UndoNullMove takes back the last null move.
func (p *Position) UndoNullMove() {
	p.side ^= 1
	p.st = p.st.Prev
	p.ciValid = false
}
