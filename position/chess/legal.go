// Move tests: PseudoLegal (robust to garbage), Legal, IsCapture, GivesCheck.
package chess

import "dualnnue/position"

// attacksFrom returns the attacks of a piece of type pt on s (pawns: of
// colour c) given the occupancy occ.
func attacksFrom(pt position.PieceType, c position.Color, s position.Square, occ Bitboard) Bitboard {
	switch pt {
	case Pawn:
		return pawnAttacks[c][s]
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return bishopAttacks(s, occ)
	case Rook:
		return rookAttacks(s, occ)
	case Queen:
		return queenAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}

// reaches reports whether a knight, bishop, rook, queen or king on from
// attacks to given the occupancy occ: attacksFrom(pt, _, from, occ) holds
// to, with a slider's line and the squares between (no magic lookup).
func reaches(pt position.PieceType, from, to position.Square, occ Bitboard) bool {
	switch pt {
	case Knight:
		return knightAttacks[from]&sqBB(to) != 0
	case Bishop:
		return bishopPseudo[from]&sqBB(to) != 0 && betweenBB[from][to]&occ == 0
	case Rook:
		return rookPseudo[from]&sqBB(to) != 0 && betweenBB[from][to]&occ == 0
	case Queen:
		return (rookPseudo[from]|bishopPseudo[from])&sqBB(to) != 0 && betweenBB[from][to]&occ == 0
	case King:
		return kingAttacks[from]&sqBB(to) != 0
	}
	return false
}

// PseudoLegal reports whether m is a move the generators could produce in
// this position (GenerateCaptures/GenerateQuiets when not in check,
// GenerateEvasions in check). Any 16-bit value is accepted: garbage from a
// TT entry or a killer slot of another position returns false.
func (p *Position) PseudoLegal(m position.Move) bool {
	us := p.side
	from, to := From(m), To(m)
	pc := p.board[from]
	if pc == position.NoPiece || pc.Color() != us || from == to {
		return false
	}
	occ := p.byType[0]
	ours := p.byColor[us]
	theirs := p.byColor[us^1]
	checkers := Bitboard(p.st.Checkers[0])
	kind := Kind(m)
	if kind != KindPromotion && m>>12&3 != 0 {
		return false // promotion bits on a move that does not promote
	}

	switch kind {
	case KindCastling:
		if pc.Type() != King || checkers != 0 {
			return false
		}
		i := 2*int(us) + 1
		if to > from {
			i--
		}
		return p.st.Castling&(1<<i) != 0 && p.castlingRookSq[i] == to && p.castlingPath[i]&occ == 0
	case KindEnPassant:
		// EpSquare is set only when some legal en-passant capture exists.
		return pc.Type() == Pawn && to == p.st.EpSquare && pawnAttacks[us][from]&sqBB(to) != 0 &&
			(checkers == 0 || checkers&sqBB(to^8) != 0)
	case KindPromotion:
		if pc.Type() != Pawn || promoRankBB[us]&sqBB(to) == 0 {
			return false
		}
		if !(int(to) == int(from)+pawnUp[us] && occ&sqBB(to) == 0) &&
			pawnAttacks[us][from]&theirs&sqBB(to) == 0 {
			return false
		}
	default:
		if ours&sqBB(to) != 0 {
			return false
		}
		if pc.Type() == Pawn {
			if promoRankBB[us]&sqBB(to) != 0 {
				return false
			}
			single := int(to) == int(from)+pawnUp[us] && occ&sqBB(to) == 0
			double := int(to) == int(from)+2*pawnUp[us] && relativeRank(us, from) == 1 &&
				occ&sqBB(to) == 0 && occ&sqBB(position.Square(int(from)+pawnUp[us])) == 0
			capture := pawnAttacks[us][from]&theirs&sqBB(to) != 0
			if !single && !double && !capture {
				return false
			}
		} else if !reaches(pc.Type(), from, to, occ) {
			return false
		}
	}

	// In check, a non-king move must take the single checker or block it;
	// a king move must leave the checking lines.
	if checkers != 0 {
		if pc.Type() != King {
			if moreThanOne(checkers) {
				return false
			}
			if (betweenBB[p.kingSq[us]][lsb(checkers)]|checkers)&sqBB(to) == 0 {
				return false
			}
		} else if p.attackedBy(us^1, to, occ^sqBB(from)) {
			return false
		}
	}
	return true
}

// Legal reports whether the pseudo-legal move m leaves the mover's king
// safe: pins, king destinations, en passant (by simulating the capture) and
// castling through attacked squares. It is exact for any pseudo-legal m,
// also one taken from a non-evasion stage while in check.
func (p *Position) Legal(m position.Move) bool {
	us := p.side
	from, to := From(m), To(m)
	ksq := p.kingSq[us]
	switch Kind(m) {
	case KindEnPassant:
		return p.epLegal(from, to)
	case KindCastling:
		i := 2*int(us) + 1
		if to > from {
			i--
		}
		return p.castlingLegal(i)
	}
	if from == ksq {
		return !p.attackedBy(us^1, to, p.byType[0]^sqBB(from))
	}
	checkers := Bitboard(p.st.Checkers[0])
	if checkers != 0 {
		if moreThanOne(checkers) || (betweenBB[ksq][lsb(checkers)]|checkers)&sqBB(to) == 0 {
			return false
		}
	} else if !p.ciValid {
		// Without the check information (a replay asks once per
		// position), test the one line the move can open: a piece off
		// every line through its king, or moving along that line, is never
		// pinned; otherwise it is pinned when a slider of theirs sees the
		// king along the line once the piece has left (not in check, no
		// slider of theirs sees it from the other side).
		line := lineBB[ksq][from]
		if line == 0 || line&sqBB(to) != 0 {
			return true
		}
		occ := p.byType[0] ^ sqBB(from)
		var snipers Bitboard
		if rookPseudo[ksq]&sqBB(from) != 0 {
			snipers = rookAttacks(ksq, occ) & (p.byType[Rook] | p.byType[Queen])
		} else {
			snipers = bishopAttacks(ksq, occ) & (p.byType[Bishop] | p.byType[Queen])
		}
		return snipers&p.byColor[us^1]&line == 0
	}
	p.ensureCheckInfo()
	return p.blockers[us]&sqBB(from) == 0 || aligned(from, to, ksq)
}

// IsCapture reports whether m captures (en passant included; castling never does).
func (p *Position) IsCapture(m position.Move) bool {
	switch Kind(m) {
	case KindEnPassant:
		return true
	case KindCastling:
		return false
	}
	return p.board[To(m)] != position.NoPiece
}

// CaptureStage reports whether GenerateCaptures produces m: a capture that
// is not an under-promotion, or a queen promotion.
func (p *Position) CaptureStage(m position.Move) bool {
	if Kind(m) == KindPromotion {
		return PromotionType(m) == Queen
	}
	return p.IsCapture(m)
}

// GivesCheck reports whether the legal move m checks the opponent, directly
// or by discovery (en passant, castling and promotions included).
func (p *Position) GivesCheck(m position.Move) bool {
	p.ensureCheckInfo()
	us := p.side
	from, to := From(m), To(m)
	kind := Kind(m)
	theirKing := p.kingSq[us^1]
	pt := p.board[from].Type()
	if kind != KindCastling {
		if p.checkSq[pt]&sqBB(to) != 0 {
			return true
		}
		// Discovered check: a blocker of the enemy king's lines leaves them.
		if p.blockers[us^1]&sqBB(from) != 0 && !aligned(from, to, theirKing) {
			return true
		}
	}
	switch kind {
	case KindPromotion:
		return attacksFrom(PromotionType(m), us, to, p.byType[0]^sqBB(from))&sqBB(theirKing) != 0
	case KindEnPassant:
		capsq := to ^ 8
		occ := p.byType[0] ^ sqBB(from) ^ sqBB(capsq) | sqBB(to)
		ours := p.byColor[us]
		return (rookAttacks(theirKing, occ)&(p.byType[Rook]|p.byType[Queen])|
			bishopAttacks(theirKing, occ)&(p.byType[Bishop]|p.byType[Queen]))&ours != 0
	case KindCastling:
		i := 2*int(us) + 1
		if to > from {
			i--
		}
		kto, rto := castlingTargets(i)
		occ := p.byType[0] ^ sqBB(from) ^ sqBB(to) | sqBB(kto) | sqBB(rto)
		ours := p.byColor[us]
		rq := (p.byType[Rook]|p.byType[Queen])&ours ^ sqBB(to) | sqBB(rto)
		bq := (p.byType[Bishop] | p.byType[Queen]) & ours
		return rookAttacks(theirKing, occ)&rq|bishopAttacks(theirKing, occ)&bq != 0
	}
	return false
}
