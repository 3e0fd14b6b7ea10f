// Move generation: the pseudo-legal stages, legal generation and move checks.
package xiangqi

import (
	"math/bits"

	"dualnnue/position"
)

// addMoves appends from -> every point of b.
func addMoves(list *position.MoveList, from position.Square, b Bitboard) {
	n := list.Len
	base := position.Move(from)
	for lo := b.lo; lo != 0; lo &= lo - 1 {
		list.Moves[uint8(n)] = base | position.Move(bits.TrailingZeros64(lo))<<7
		n++
	}
	for hi := b.hi; hi != 0; hi &= hi - 1 {
		list.Moves[uint8(n)] = base | position.Move(bits.TrailingZeros64(hi)+halfBits)<<7
		n++
	}
	list.Len = n
}

// emptyPoints returns the empty points of the board.
func (p *Position) emptyPoints() Bitboard {
	return Bitboard{^p.occ.lo & halfMask, ^p.occ.hi & halfMask}
}

// genPseudo appends the pseudo-legal moves of the side to move whose
// destination is in target (never containing own pieces); pieces on free
// may go to any point not holding an own piece (the screens of a checking
// cannon during evasions). Cannons capture only enemy pieces in target and
// move quietly only to empty points in target.
func (p *Position) genPseudo(list *position.MoveList, target, free Bitboard) {
	us := p.side
	base := position.Piece(us) << 3
	occ := p.occ
	notOurs := Bitboard{^p.byColor[us].lo & halfMask, ^p.byColor[us].hi & halfMask}
	theirs := p.byColor[us^1]
	empty := p.emptyPoints()
	tgt := func(from position.Square) Bitboard {
		if free.Has(from) {
			return notOurs
		}
		return target
	}
	for b := p.byPiece[base|position.Piece(Rook)]; b.Any(); {
		from := b.PopLSB()
		addMoves(list, from, rookAttacks(from, occ).And(tgt(from)))
	}
	for b := p.byPiece[base|position.Piece(Cannon)]; b.Any(); {
		from := b.PopLSB()
		t := tgt(from)
		addMoves(list, from, cannonCaptures(from, occ).And(theirs).And(t).Or(rookAttacks(from, occ).And(empty).And(t)))
	}
	for b := p.byPiece[base|position.Piece(Horse)]; b.Any(); {
		from := b.PopLSB()
		addMoves(list, from, horseAttacks(from, occ).And(tgt(from)))
	}
	for b := p.byPiece[base|position.Piece(Pawn)]; b.Any(); {
		from := b.PopLSB()
		addMoves(list, from, pawnAttacks[us][from].And(tgt(from)))
	}
	for b := p.byPiece[base|position.Piece(Elephant)]; b.Any(); {
		from := b.PopLSB()
		addMoves(list, from, elephantAttacks(from, occ).And(tgt(from)))
	}
	for b := p.byPiece[base|position.Piece(Advisor)]; b.Any(); {
		from := b.PopLSB()
		addMoves(list, from, advisorAttacks[from].And(tgt(from)))
	}
}

// GenerateCaptures appends the pseudo-legal captures. Not for use in check.
func (p *Position) GenerateCaptures(list *position.MoveList) {
	theirs := p.byColor[p.side^1]
	p.genPseudo(list, theirs, Bitboard{})
	ksq := p.kingSq[p.side]
	addMoves(list, ksq, kingAttacks[ksq].And(theirs))
}

// GenerateQuiets appends the pseudo-legal non-captures. Not for use in check.
func (p *Position) GenerateQuiets(list *position.MoveList) {
	empty := p.emptyPoints()
	p.genPseudo(list, empty, Bitboard{})
	ksq := p.kingSq[p.side]
	addMoves(list, ksq, kingAttacks[ksq].And(empty))
}

// GenerateEvasions appends, when in check, every king move and the
// pseudo-legal moves that might resolve the check: captures of a checker,
// blocks on the points between a rook or cannon and the king (a second
// screen for a cannon), a piece on a checking horse's leg, and any move of a
// checking cannon's own-piece screen. It is a superset of the legal
// evasions; Legal sorts them out.
func (p *Position) GenerateEvasions(list *position.MoveList) {
	us := p.side
	ksq := p.kingSq[us]
	notOurs := Bitboard{^p.byColor[us].lo & halfMask, ^p.byColor[us].hi & halfMask}
	evTo, evFrom := p.evasionMasks()
	p.genPseudo(list, evTo.And(notOurs), evFrom)
	addMoves(list, ksq, kingAttacks[ksq].And(notOurs))
}

// evasionMasks returns the destinations that may resolve the current
// checks and the own screens of checking cannons.
func (p *Position) evasionMasks() (evTo, evFrom Bitboard) {
	us := p.side
	ksq := p.kingSq[us]
	for ch := p.Checkers(); ch.Any(); {
		s := ch.PopLSB()
		switch p.board[s].Type() {
		case Rook, King:
			evTo = evTo.Or(between(ksq, s)).Or(squareBB[s])
		case Cannon:
			btw := between(ksq, s)
			evTo = evTo.Or(btw).Or(squareBB[s])
			evFrom = evFrom.Or(btw.And(p.byColor[us]))
		case Horse:
			evTo = evTo.Or(squareBB[s]).Or(squareBB[horseLegTo(s, ksq)])
		default:
			evTo = evTo.Or(squareBB[s])
		}
	}
	return evTo, evFrom
}

// kingDanger returns the own pieces whose departure could expose the king
// of us (the single piece between it and an enemy rook or general on a
// line, both pieces when exactly two stand between it and an enemy cannon,
// a piece on the leg of a horse aimed at it) and the hollow points: empty
// points between an enemy cannon and the king with nothing between them,
// where any arriving piece would become the cannon's screen.
func (p *Position) kingDanger(us position.Color) (blockers, hollow Bitboard) {
	ksq := p.kingSq[us]
	base := position.Piece(us^1) << 3
	occ := p.occ
	sliders := lineMask[ksq].And(p.byPiece[base|position.Piece(Rook)].Or(p.byPiece[base|position.Piece(Cannon)]).Or(p.byPiece[base|position.Piece(King)]))
	for sliders.Any() {
		s := sliders.PopLSB()
		btw := between(ksq, s)
		on := btw.And(occ)
		if p.board[s].Type() == Cannon {
			switch on.Count() {
			case 0:
				hollow = hollow.Or(btw)
			case 2:
				blockers = blockers.Or(on)
			}
		} else if on.Any() && !on.MoreThanOne() {
			blockers = blockers.Or(on)
		}
	}
	for h := p.byPiece[base|position.Piece(Horse)].And(horseReach[ksq]); h.Any(); {
		leg := horseLegTo(h.PopLSB(), ksq)
		if occ.Has(leg) {
			blockers = blockers.Or(squareBB[leg])
		}
	}
	return blockers.And(p.byColor[us]), hollow
}

// legalFull reports whether the pseudo-legal move from -> to leaves the
// mover's king unattacked (flying general included), by recomputing the
// attacks with the occupancy after the move.
func (p *Position) legalFull(from, to position.Square) bool {
	us := p.side
	toBB := squareBB[to]
	occ := p.occ.Xor(squareBB[from]).Or(toBB)
	ksq := p.kingSq[us]
	if from == ksq {
		ksq = to
	}
	return !p.attacked(ksq, occ, us^1, toBB)
}

// GenerateLegal appends exactly the legal moves.
func (p *Position) GenerateLegal(list *position.MoveList) {
	if p.st.InCheck {
		start := list.Len
		p.GenerateEvasions(list)
		n := start
		for _, m := range list.Moves[start:list.Len] {
			if p.legalFull(MoveFrom(m), MoveTo(m)) {
				list.Moves[n] = m
				n++
			}
		}
		list.Len = n
		return
	}
	us := p.side
	base := position.Piece(us) << 3
	occ := p.occ
	notOurs := Bitboard{^p.byColor[us].lo & halfMask, ^p.byColor[us].hi & halfMask}
	theirs := p.byColor[us^1]
	empty := p.emptyPoints()
	blockers, hollow := p.kingDanger(us)
	allowed := notOurs.AndNot(hollow)

	add := func(from position.Square, t Bitboard) {
		if blockers.Has(from) {
			for t.Any() {
				to := t.PopLSB()
				if p.legalFull(from, to) {
					list.Add(NewMove(from, to))
				}
			}
			return
		}
		addMoves(list, from, t.And(allowed))
	}
	for b := p.byPiece[base|position.Piece(Rook)]; b.Any(); {
		from := b.PopLSB()
		add(from, rookAttacks(from, occ).And(notOurs))
	}
	for b := p.byPiece[base|position.Piece(Cannon)]; b.Any(); {
		from := b.PopLSB()
		add(from, cannonCaptures(from, occ).And(theirs).Or(rookAttacks(from, occ).And(empty)))
	}
	for b := p.byPiece[base|position.Piece(Horse)]; b.Any(); {
		from := b.PopLSB()
		add(from, horseAttacks(from, occ).And(notOurs))
	}
	for b := p.byPiece[base|position.Piece(Pawn)]; b.Any(); {
		from := b.PopLSB()
		add(from, pawnAttacks[us][from].And(notOurs))
	}
	for b := p.byPiece[base|position.Piece(Elephant)]; b.Any(); {
		from := b.PopLSB()
		add(from, elephantAttacks(from, occ).And(notOurs))
	}
	for b := p.byPiece[base|position.Piece(Advisor)]; b.Any(); {
		from := b.PopLSB()
		add(from, advisorAttacks[from].And(notOurs))
	}
	ksq := p.kingSq[us]
	for t := kingAttacks[ksq].And(notOurs); t.Any(); {
		to := t.PopLSB()
		if p.legalFull(ksq, to) {
			list.Add(NewMove(ksq, to))
		}
	}
}

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
// safe: not attacked, and the generals not facing on an open file.
func (p *Position) Legal(m position.Move) bool {
	return p.legalFull(MoveFrom(m), MoveTo(m))
}

// GivesCheck reports whether the legal move m checks the opponent, directly
// or by discovery (a rook or horse line opened, a cannon screen added or
// removed).
func (p *Position) GivesCheck(m position.Move) bool {
	from, to := MoveFrom(m), MoveTo(m)
	us := p.side
	ksq := p.kingSq[us^1]
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
	return p.attackersTo(ksq, occ, us).AndNot(fromBB).Any()
}
