// Move generation: the pseudo-legal stages and legal generation (single-move checks in legal.go).
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
	// A cannon's captures and quiet moves are looked up only when the
	// target holds enemy pieces or empty points (captures and quiets each
	// need one of the two).
	for b := p.byPiece[base|position.Piece(Cannon)]; b.Any(); {
		from := b.PopLSB()
		t := tgt(from)
		var m Bitboard
		if tc := t.And(theirs); tc.Any() {
			m = cannonCaptures(from, occ).And(tc)
		}
		if te := t.And(empty); te.Any() {
			m = m.Or(rookAttacks(from, occ).And(te))
		}
		if m.Any() {
			addMoves(list, from, m)
		}
	}
	// Leapers: the legs and eyes are read only when a point the piece
	// could reach on an empty board is in its target.
	for b := p.byPiece[base|position.Piece(Horse)]; b.Any(); {
		from := b.PopLSB()
		if t := tgt(from); horseReach[from].And(t).Any() {
			if m := horseAttacks(from, occ).And(t); m.Any() {
				addMoves(list, from, m)
			}
		}
	}
	for b := p.byPiece[base|position.Piece(Pawn)]; b.Any(); {
		from := b.PopLSB()
		if m := pawnAttacks[us][from].And(tgt(from)); m.Any() {
			addMoves(list, from, m)
		}
	}
	for b := p.byPiece[base|position.Piece(Elephant)]; b.Any(); {
		from := b.PopLSB()
		if t := tgt(from); elephantReach[from].And(t).Any() {
			if m := elephantAttacks(from, occ).And(t); m.Any() {
				addMoves(list, from, m)
			}
		}
	}
	for b := p.byPiece[base|position.Piece(Advisor)]; b.Any(); {
		from := b.PopLSB()
		if m := advisorAttacks[from].And(tgt(from)); m.Any() {
			addMoves(list, from, m)
		}
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

// emit writes from -> every point of b into mv from index n and returns the
// new length.
func emit(mv *[position.MaxMoves]position.Move, n int, from position.Square, b Bitboard) int {
	base := position.Move(from)
	for lo := b.lo; lo != 0; lo &= lo - 1 {
		mv[uint8(n)] = base | position.Move(bits.TrailingZeros64(lo))<<7
		n++
	}
	for hi := b.hi; hi != 0; hi &= hi - 1 {
		mv[uint8(n)] = base | position.Move(bits.TrailingZeros64(hi)+halfBits)<<7
		n++
	}
	return n
}

// horseMoves returns the points a horse on sq reaches, reading its legs
// from the mailbox.
func (p *Position) horseMoves(sq position.Square) Bitboard {
	var b Bitboard
	legs, dirs := &horseLeg[sq], &horseDir[sq]
	for d := 0; d < 4; d++ {
		if p.board[legs[d]] == position.NoPiece {
			b.lo |= dirs[d].lo
			b.hi |= dirs[d].hi
		}
	}
	return b
}

// elephantMoves returns the points an elephant on sq reaches, reading its
// eyes from the mailbox.
func (p *Position) elephantMoves(sq position.Square) Bitboard {
	var b Bitboard
	eyes, dirs := &elephantEye[sq], &elephantDir[sq]
	for d := 0; d < 4; d++ {
		if p.board[eyes[d]] == position.NoPiece {
			b.lo |= dirs[d].lo
			b.hi |= dirs[d].hi
		}
	}
	return b
}

// emitShifted writes (to - delta) -> to for every point to of b: the moves
// of pawns shifted in bulk by delta points.
func emitShifted(mv *[position.MaxMoves]position.Move, n int, delta int, b Bitboard) int {
	for lo := b.lo; lo != 0; lo &= lo - 1 {
		to := bits.TrailingZeros64(lo)
		mv[uint8(n)] = position.Move(to-delta) | position.Move(to)<<7
		n++
	}
	for hi := b.hi; hi != 0; hi &= hi - 1 {
		to := bits.TrailingZeros64(hi) + halfBits
		mv[uint8(n)] = position.Move(to-delta) | position.Move(to)<<7
		n++
	}
	return n
}

// Masks of the files a and i in both words.
const (
	fileAMask = fileAHalf
	fileIMask = fileAHalf << 8
)

// pawnPushes returns the forward moves' destinations of pawns of colour us.
func pawnPushes(us position.Color, pawns Bitboard) Bitboard {
	if us == position.Red {
		return Bitboard{pawns.lo << 9 & halfMask, (pawns.hi<<9 | pawns.lo>>36) & halfMask}
	}
	return Bitboard{(pawns.lo>>9 | pawns.hi<<36) & halfMask, pawns.hi >> 9}
}

// pawnSideways returns the sideways moves' destinations of pawns of colour
// us, towards the a-file and towards the i-file: only pawns across the
// river move sideways (Red's in the hi word, Black's in the lo word).
// Shifting by one point never leaves the word a crossed pawn stands in;
// the file masks stop wrapping around the board's edge.
func pawnSideways(us position.Color, pawns Bitboard) (left, right Bitboard) {
	if us == position.Red {
		left.hi = pawns.hi >> 1 &^ fileIMask
		right.hi = pawns.hi << 1 &^ fileAMask & halfMask
	} else {
		left.lo = pawns.lo >> 1 &^ fileIMask
		right.lo = pawns.lo << 1 &^ fileAMask & halfMask
	}
	return left, right
}

// GenerateLegal appends exactly the legal moves.
//
// Out of check, a move needs the full "king attacked after the move" test
// only when it moves the general or a piece in kingDanger's blockers; every
// other move is legal unless it lands on a hollow point in front of an
// enemy cannon. Pawns that are not blockers move in bulk (shifted
// bitboards). In check, the evasion candidates all get the full test.
//
// countLegal (perft's last ply) walks the same sets, counting them whole;
// the rules that make a move legal live in the helpers both call
// (legalMasks, checkedTargets, pawnPushes, pawnSideways), so a fix reaches
// both. One body with a "count only" switch cost perft 5-6 % more
// instructions (Go keeps the values of both modes live across calls and
// spills them); these helpers cost about 2 %.
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
	blockers, allowed, quiet, notOurs := p.legalMasks()
	mv := &list.Moves
	n := list.Len

	for b := p.byPiece[base|position.Piece(Rook)].AndNot(blockers); b.Any(); {
		from := b.PopLSB()
		n = emit(mv, n, from, rookAttacks(from, occ).And(allowed))
	}
	if c := p.byPiece[base|position.Piece(Cannon)].AndNot(blockers); c.Any() {
		theirs := p.byColor[us^1]
		for b := c; b.Any(); {
			from := b.PopLSB()
			r, c := sliderBoth(from, occ)
			n = emit(mv, n, from, r.And(quiet).Or(c.And(theirs)))
		}
	}
	for b := p.byPiece[base|position.Piece(Horse)].AndNot(blockers); b.Any(); {
		from := b.PopLSB()
		n = emit(mv, n, from, p.horseMoves(from).And(allowed))
	}
	if pawns := p.byPiece[base|position.Piece(Pawn)].AndNot(blockers); pawns.Any() {
		fwd := 9
		if us == position.Black {
			fwd = -9
		}
		n = emitShifted(mv, n, fwd, pawnPushes(us, pawns).And(allowed))
		left, right := pawnSideways(us, pawns)
		n = emitShifted(mv, n, -1, left.And(allowed))
		n = emitShifted(mv, n, 1, right.And(allowed))
	}
	for b := p.byPiece[base|position.Piece(Elephant)].AndNot(blockers); b.Any(); {
		from := b.PopLSB()
		n = emit(mv, n, from, p.elephantMoves(from).And(allowed))
	}
	for b := p.byPiece[base|position.Piece(Advisor)].AndNot(blockers); b.Any(); {
		from := b.PopLSB()
		n = emit(mv, n, from, advisorAttacks[from].And(allowed))
	}
	for b := blockers; b.Any(); {
		from := b.PopLSB()
		n = emit(mv, n, from, p.checkedTargets(from, p.pieceMoves(from).And(notOurs)))
	}
	ksq := p.kingSq[us]
	n = emit(mv, n, ksq, p.checkedTargets(ksq, kingAttacks[ksq].And(notOurs)))
	list.Len = n
}

// countLegal returns the number of legal moves without listing them: the
// sets GenerateLegal walks, counted whole (scratch holds the evasions in
// check). Perft uses it at the last ply.
func (p *Position) countLegal(scratch *position.MoveList) int {
	if p.st.InCheck {
		scratch.Len = 0
		p.GenerateLegal(scratch)
		return scratch.Len
	}
	us := p.side
	base := position.Piece(us) << 3
	occ := p.occ
	blockers, allowed, quiet, notOurs := p.legalMasks()
	n := 0
	for b := p.byPiece[base|position.Piece(Rook)].AndNot(blockers); b.Any(); {
		n += rookAttacks(b.PopLSB(), occ).And(allowed).Count()
	}
	if c := p.byPiece[base|position.Piece(Cannon)].AndNot(blockers); c.Any() {
		theirs := p.byColor[us^1]
		for b := c; b.Any(); {
			r, c := sliderBoth(b.PopLSB(), occ)
			n += r.And(quiet).Or(c.And(theirs)).Count()
		}
	}
	for b := p.byPiece[base|position.Piece(Horse)].AndNot(blockers); b.Any(); {
		n += p.horseMoves(b.PopLSB()).And(allowed).Count()
	}
	if pawns := p.byPiece[base|position.Piece(Pawn)].AndNot(blockers); pawns.Any() {
		// Two sideways moves can share a destination: count left and
		// right apart.
		left, right := pawnSideways(us, pawns)
		n += pawnPushes(us, pawns).And(allowed).Count() + left.And(allowed).Count() + right.And(allowed).Count()
	}
	for b := p.byPiece[base|position.Piece(Elephant)].AndNot(blockers); b.Any(); {
		n += p.elephantMoves(b.PopLSB()).And(allowed).Count()
	}
	for b := p.byPiece[base|position.Piece(Advisor)].AndNot(blockers); b.Any(); {
		n += advisorAttacks[b.PopLSB()].And(allowed).Count()
	}
	for b := blockers; b.Any(); {
		from := b.PopLSB()
		n += p.checkedTargets(from, p.pieceMoves(from).And(notOurs)).Count()
	}
	ksq := p.kingSq[us]
	return n + p.checkedTargets(ksq, kingAttacks[ksq].And(notOurs)).Count()
}

// legalMasks returns, for the side to move out of check, the own pieces
// whose departure could expose the general (blockers: their moves get the
// full test, checkedTargets), where any other piece may move (allowed: no
// own piece, no hollow point in front of an enemy cannon), where a cannon
// may move without capturing (quiet: empty and not hollow) and notOurs.
func (p *Position) legalMasks() (blockers, allowed, quiet, notOurs Bitboard) {
	ours, occ := p.byColor[p.side], p.occ
	notOurs = Bitboard{^ours.lo & halfMask, ^ours.hi & halfMask}
	blockers, hollow := p.kingDanger(p.side)
	quiet = Bitboard{^occ.lo & halfMask &^ hollow.lo, ^occ.hi & halfMask &^ hollow.hi}
	return blockers, notOurs.AndNot(hollow), quiet, notOurs
}

// checkedTargets returns the points of b, destinations of the piece on
// from (a blocker or the general), that pass the full legality test.
func (p *Position) checkedTargets(from position.Square, b Bitboard) Bitboard {
	var t Bitboard
	for b.Any() {
		if to := b.PopLSB(); p.legalFull(from, to) {
			t = t.Or(squareBB[to])
		}
	}
	return t
}

// pieceMoves returns the pseudo-legal destinations of the piece on from
// (own pieces not removed), cannon captures restricted to enemy pieces.
func (p *Position) pieceMoves(from position.Square) Bitboard {
	pc := p.board[from]
	occ := p.occ
	switch pc.Type() {
	case King:
		return kingAttacks[from]
	case Advisor:
		return advisorAttacks[from]
	case Elephant:
		return p.elephantMoves(from)
	case Horse:
		return p.horseMoves(from)
	case Rook:
		return rookAttacks(from, occ)
	case Cannon:
		r, c := sliderBoth(from, occ)
		return r.AndNot(occ).Or(c.And(p.byColor[pc.Color()^1]))
	case Pawn:
		return pawnAttacks[pc.Color()][from]
	}
	return Bitboard{}
}
