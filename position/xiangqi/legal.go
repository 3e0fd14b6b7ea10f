// Legality of a single move: PseudoLegal, Legal, GivesCheck.
package xiangqi

import "dualnnue/position"

// PseudoLegal reports whether m (from the TT or a killer slot, possibly
// garbage) moves a piece of the side to move along its movement rules to a
// point not holding an own piece. Legal must still be checked.
func (p *Position) PseudoLegal(m position.Move) bool {
	if m>>14 != 0 {
		return false
	}
	from, to := MoveFrom(m), MoveTo(m)
	if from >= NumSquares || to >= NumSquares || from == to {
		return false
	}
	pc := p.board[from]
	us := p.side
	if pc == position.NoPiece || pc.Color() != us || p.byColor[us].Has(to) {
		return false
	}
	occ := p.occ
	var att Bitboard
	switch pc.Type() {
	case King:
		att = kingAttacks[from]
	case Advisor:
		att = advisorAttacks[from]
	case Elephant:
		att = elephantAttacks(from, occ)
	case Horse:
		att = horseAttacks(from, occ)
	case Rook:
		att = rookAttacks(from, occ)
	case Cannon:
		if p.board[to] != position.NoPiece {
			att = cannonCaptures(from, occ)
		} else {
			att = rookAttacks(from, occ)
		}
	case Pawn:
		att = pawnAttacks[us][from]
	}
	return att.Has(to)
}

// Legal reports whether the pseudo-legal move m leaves the mover's king
// safe: not attacked, and the generals not facing on an open file. It
// returns false for off-board squares, so garbage never panics.
//
// Out of check, a move of another piece that neither leaves a point of
// checkZone (the general's rank and file, its horse legs) nor lands on
// the general's rank or file is legal without the attack test: no enemy
// piece attacked the general before it, and only vacating such a point or
// adding a cannon screen on a line could make one attack it (landing on a
// horse leg only blocks; a capture only removes an attacker).
func (p *Position) Legal(m position.Move) bool {
	from, to := MoveFrom(m), MoveTo(m)
	if from >= NumSquares || to >= NumSquares {
		return false
	}
	if ksq := p.kingSq[p.side]; !p.st.InCheck && from != ksq && !checkZone[ksq].Has(from) && !lineMask[ksq].Has(to) {
		return true
	}
	return p.legalFull(from, to)
}

// GivesCheck reports whether the legal move m checks the opponent, directly
// or by discovery (a rook or horse line opened, a cannon screen added or
// removed).
func (p *Position) GivesCheck(m position.Move) bool {
	from, to := MoveFrom(m), MoveTo(m)
	if from >= NumSquares || to >= NumSquares {
		return false
	}
	us := p.side
	ksq := p.kingSq[us^1]
	// The test DoMove makes before its checker scan: off the general's
	// check zone, horse reach and pawn attacks, a move gives no check.
	if !checkZone[ksq].Has(from) && !checkZone[ksq].Has(to) &&
		!horseReach[ksq].Has(to) && !pawnAttackersTo[us][ksq].Has(to) {
		return false
	}
	fromBB := squareBB[from]
	occ := p.occ.Xor(fromBB).Or(squareBB[to])
	switch p.board[from].Type() {
	case Rook:
		if rookAttacks(to, occ).Has(ksq) {
			return true
		}
	case Cannon:
		if cannonCaptures(to, occ).Has(ksq) {
			return true
		}
	case Horse:
		if horseAttacks(to, occ).Has(ksq) {
			return true
		}
	case Pawn:
		if pawnAttacks[us][to].Has(ksq) {
			return true
		}
	}
	// A discovered check needs the move to vacate or fill a point whose
	// occupancy decides an attack of a piece that stays put; none of those
	// attacked the general before the move (the position is legal).
	if zone := checkZone[ksq]; !zone.Has(from) && !zone.Has(to) {
		return false
	}
	return p.attackersTo(ksq, occ, us).AndNot(fromBB).Any()
}
