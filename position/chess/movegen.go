// Move generation: legal moves directly, and the pseudo-legal stages (captures, quiets, evasions).
package chess

import (
	"math/bits"

	"dualnnue/position"
)

// Pawn geometry per colour: push direction, the two capture directions,
// the rank a double push starts from (relative rank 2 after one push = 3),
// and the last rank.
var (
	pawnUp       = [2]int{8, -8}
	pawnLeft     = [2]int{7, -9} // towards the a-file
	pawnRight    = [2]int{9, -7} // towards the h-file
	pawnRank3    = [2]Bitboard{Rank3, Rank6}
	pawnRank7    = [2]Bitboard{Rank7, Rank2}
	promoRankBB  = [2]Bitboard{Rank8, Rank1}
	backRankBase = [2]position.Square{0, 56}
)

func shift(b Bitboard, d int) Bitboard {
	if d > 0 {
		return b << uint(d)
	}
	return b >> uint(-d)
}

// epLegal reports whether the en-passant capture from → ep leaves the
// mover's king safe. It simulates the occupancy after the capture, which
// covers a pin along the rank through both pawns (CH-01), diagonal
// discoveries through the captured pawn, and checks the capture does not
// resolve.
func (p *Position) epLegal(from, ep position.Square) bool {
	us := p.board[from].Color()
	them := us ^ 1
	capsq := ep ^ 8
	occ := p.byType[0] ^ sqBB(from) ^ sqBB(capsq) | sqBB(ep)
	ksq := p.kingSq[us]
	enemy := p.byColor[them] &^ sqBB(capsq)
	return (rookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])|
		bishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])|
		knightAttacks[ksq]&p.byType[Knight]|
		pawnAttacks[us][ksq]&p.byType[Pawn])&enemy == 0
}

// epCaptureExists reports whether the side to move has a legal en-passant
// capture onto ep (the pawn to capture stands on ep^8).
func (p *Position) epCaptureExists(ep position.Square) bool {
	us := p.side
	for b := pawnAttacks[us^1][ep] & p.byType[Pawn] & p.byColor[us]; b != 0; b &= b - 1 {
		if p.epLegal(lsb(b), ep) {
			return true
		}
	}
	return false
}

// castlingLegal reports whether castling right i is playable: right held,
// path empty, not in check, and no square the king crosses or lands on
// attacked once king and rook have left their squares (this also catches a
// Chess960 rook that was shielding the king on the back rank).
func (p *Position) castlingLegal(i int) bool {
	if p.st.Castling&(1<<i) == 0 || p.st.Checkers[0] != 0 {
		return false
	}
	rsq := p.castlingRookSq[i]
	us := position.Color(i >> 1)
	ksq := p.kingSq[us]
	if p.castlingPath[i]&p.byType[0] != 0 {
		return false
	}
	occ := p.byType[0] ^ sqBB(ksq) ^ sqBB(rsq)
	for b := p.castlingKingPath[i]; b != 0; b &= b - 1 {
		if p.attackedBy(us^1, lsb(b), occ) {
			return false
		}
	}
	return true
}

// addPawnMoves appends a move to every square of b, coming from to-delta;
// promotions become all four pieces (or only the queen / only the
// under-promotions, per which).
func addPawnMoves(list *position.MoveList, b Bitboard, delta int) {
	n := list.Len
	for ; b != 0; b &= b - 1 {
		to := lsb(b)
		list.Moves[n] = NewMove(position.Square(int(to)-delta), to)
		n++
	}
	list.Len = n
}

const (
	promoAll = iota
	promoQueen
	promoUnder
)

func addPromotions(list *position.MoveList, b Bitboard, delta int, which int) {
	for ; b != 0; b &= b - 1 {
		to := lsb(b)
		from := position.Square(int(to) - delta)
		if which != promoUnder {
			list.Add(NewPromotion(from, to, Queen))
		}
		if which != promoQueen {
			list.Add(NewPromotion(from, to, Rook))
			list.Add(NewPromotion(from, to, Bishop))
			list.Add(NewPromotion(from, to, Knight))
		}
	}
}

func addMoves(list *position.MoveList, from position.Square, b Bitboard) {
	n := list.Len
	for ; b != 0; b &= b - 1 {
		list.Moves[n] = NewMove(from, lsb(b))
		n++
	}
	list.Len = n
}

// GenerateLegal and countLegal (perft's last ply) walk the same sets of
// destinations, one listing the moves and one counting whole sets at once;
// the rules that make a move legal live in the helpers both call
// (kingTargets, moveTarget, pinnedTargets, pawnPushes, pawnCaptures,
// epCapturers, castlings), so a fix reaches both. One body with a "count
// only" switch cost perft 9-11 % more instructions, the sets handed over
// in a struct 7-10 % (Go keeps the values of both modes live across calls
// and spills them); these helpers cost about 1 %, and the ones on the hot
// path inline.

// GenerateLegal appends exactly the legal moves to list.
func (p *Position) GenerateLegal(list *position.MoveList) {
	us := p.side
	ksq := p.kingSq[us]
	occ := p.byType[0]
	ours := p.byColor[us]
	checkers := Bitboard(p.st.Checkers[0])

	addMoves(list, ksq, p.kingTargets(ksq))
	target := moveTarget(ours, checkers, ksq)
	if target == 0 {
		return // double check: only the king moves
	}
	pinned := p.pinned(us)
	free := ours &^ pinned // a pinned knight never moves

	for b := p.byType[Knight] & free; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, knightAttacks[from]&target)
	}
	qs := p.byType[Queen]
	for b := (p.byType[Bishop] | qs) & free; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, bishopAttacks(from, occ)&target)
	}
	for b := (p.byType[Rook] | qs) & free; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, rookAttacks(from, occ)&target)
	}
	if checkers == 0 { // pinnedTargets is empty in check
		for b := pinned &^ p.byType[Pawn] &^ p.byType[Knight]; b != 0; b &= b - 1 {
			from := lsb(b)
			to, _ := p.pinnedTargets(from, target)
			addMoves(list, from, to)
		}
	}

	// Pawns that are not pinned, by whole-board shifts.
	up, left, right := pawnUp[us], pawnLeft[us], pawnRight[us]
	pawns := p.byType[Pawn] & free
	low := pawns &^ pawnRank7[us]
	single, double := p.pawnPushes(low, target)
	addPawnMoves(list, single, up)
	addPawnMoves(list, double, 2*up)
	capl, capr := p.pawnCaptures(low, target)
	addPawnMoves(list, capl, left)
	addPawnMoves(list, capr, right)
	if high := pawns & pawnRank7[us]; high != 0 {
		single, _ := p.pawnPushes(high, target)
		capl, capr := p.pawnCaptures(high, target)
		addPromotions(list, single, up, promoAll)
		addPromotions(list, capl, left, promoAll)
		addPromotions(list, capr, right, promoAll)
	}
	// Pinned pawns, one by one along the pin line.
	if pp := p.byType[Pawn] & pinned; pp != 0 && checkers == 0 {
		for ; pp != 0; pp &= pp - 1 {
			from := lsb(pp)
			to, promo := p.pinnedTargets(from, target)
			if !promo {
				addMoves(list, from, to)
				continue
			}
			for ; to != 0; to &= to - 1 {
				t := lsb(to)
				addPromotions(list, sqBB(t), int(t)-int(from), promoAll)
			}
		}
	}
	if ep := p.st.EpSquare; ep != position.SquareNone {
		for b := p.epCapturers(ep); b != 0; b &= b - 1 {
			list.Add(NewEnPassant(lsb(b), ep))
		}
	}
	if checkers == 0 && p.st.Castling&(3<<(2*us)) != 0 {
		c := p.castlings(us)
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			if c&(1<<i) != 0 {
				list.Add(NewCastling(ksq, p.castlingRookSq[i]))
			}
		}
	}
}

// countLegal returns the number of legal moves without listing them: the
// sets GenerateLegal walks, counted whole. Perft uses it at the last ply.
func (p *Position) countLegal() int {
	us := p.side
	ksq := p.kingSq[us]
	occ := p.byType[0]
	ours := p.byColor[us]
	checkers := Bitboard(p.st.Checkers[0])

	n := p.kingTargets(ksq).Count()
	target := moveTarget(ours, checkers, ksq)
	if target == 0 {
		return n
	}
	pinned := p.pinned(us)
	free := ours &^ pinned

	for b := p.byType[Knight] & free; b != 0; b &= b - 1 {
		n += (knightAttacks[lsb(b)] & target).Count()
	}
	qs := p.byType[Queen]
	for b := (p.byType[Bishop] | qs) & free; b != 0; b &= b - 1 {
		n += (bishopAttacks(lsb(b), occ) & target).Count()
	}
	for b := (p.byType[Rook] | qs) & free; b != 0; b &= b - 1 {
		n += (rookAttacks(lsb(b), occ) & target).Count()
	}
	if checkers == 0 {
		for b := pinned; b != 0; b &= b - 1 {
			to, promo := p.pinnedTargets(lsb(b), target)
			if promo {
				n += 4 * to.Count()
			} else {
				n += to.Count()
			}
		}
	}

	pawns := p.byType[Pawn] & free
	low := pawns &^ pawnRank7[us]
	single, double := p.pawnPushes(low, target)
	capl, capr := p.pawnCaptures(low, target)
	n += single.Count() + double.Count() + capl.Count() + capr.Count()
	if high := pawns & pawnRank7[us]; high != 0 {
		single, _ := p.pawnPushes(high, target)
		capl, capr := p.pawnCaptures(high, target)
		n += 4 * (single.Count() + capl.Count() + capr.Count())
	}
	if ep := p.st.EpSquare; ep != position.SquareNone {
		n += p.epCapturers(ep).Count()
	}
	if checkers == 0 && p.st.Castling&(3<<(2*us)) != 0 {
		n += bits.OnesCount8(p.castlings(us))
	}
	return n
}

// kingTargets returns the legal destinations of the side to move's king on
// ksq, castling apart: squares not attacked once the king has left ksq (so
// it cannot retreat along a checking line).
func (p *Position) kingTargets(ksq position.Square) Bitboard {
	them := p.side ^ 1
	occ := p.byType[0] ^ sqBB(ksq)
	var t Bitboard
	for b := kingAttacks[ksq] &^ p.byColor[p.side]; b != 0; b &= b - 1 {
		if to := lsb(b); !p.attackedBy(them, to, occ) {
			t |= sqBB(to)
		}
	}
	return t
}

// moveTarget returns where a piece other than the king on ksq may move:
// not onto its own side (ours), in check only onto the checker or between
// it and the king, and nowhere in double check (0).
func moveTarget(ours, checkers Bitboard, ksq position.Square) Bitboard {
	if checkers == 0 {
		return ^ours
	}
	if moreThanOne(checkers) {
		return 0
	}
	return betweenBB[ksq][lsb(checkers)] | checkers
}

// pinnedTargets returns the destinations of the piece on from, pinned to
// its king: along the pin line, within target (nothing for a knight; a
// pinned piece cannot resolve a check). A pinned pawn on the seventh rank
// promotes (promo).
func (p *Position) pinnedTargets(from position.Square, target Bitboard) (to Bitboard, promo bool) {
	us := p.side
	occ := p.byType[0]
	var a Bitboard
	switch p.board[from].Type() {
	case Pawn:
		pushes := shift(sqBB(from), pawnUp[us]) &^ occ
		a = pushes | shift(pushes&pawnRank3[us], pawnUp[us])&^occ | pawnAttacks[us][from]&p.byColor[us^1]
		promo = sqBB(from)&pawnRank7[us] != 0
	case Bishop:
		a = bishopAttacks(from, occ)
	case Rook:
		a = rookAttacks(from, occ)
	case Queen:
		a = queenAttacks(from, occ)
	}
	return a & target & lineBB[p.kingSq[us]][from], promo
}

// pawnPushes returns the destinations of the side to move's pawns moving
// one and two squares forward, within target.
func (p *Position) pawnPushes(pawns, target Bitboard) (single, double Bitboard) {
	up, empty := pawnUp[p.side], ^p.byType[0]
	b1 := shift(pawns, up) & empty
	return b1 & target, shift(b1&pawnRank3[p.side], up) & empty & target
}

// pawnCaptures returns the destinations of the side to move's pawns
// capturing towards the a-file and towards the h-file, within target.
func (p *Position) pawnCaptures(pawns, target Bitboard) (left, right Bitboard) {
	us := p.side
	theirs := p.byColor[us^1] & target
	return shift(pawns&^FileA, pawnLeft[us]) & theirs, shift(pawns&^FileH, pawnRight[us]) & theirs
}

// epCapturers returns the side to move's pawns that may capture en passant
// onto ep (legality by simulating the capture).
func (p *Position) epCapturers(ep position.Square) Bitboard {
	us := p.side
	var c Bitboard
	for b := pawnAttacks[us^1][ep] & p.byType[Pawn] & p.byColor[us]; b != 0; b &= b - 1 {
		if from := lsb(b); p.epLegal(from, ep) {
			c |= sqBB(from)
		}
	}
	return c
}

// castlings returns bit i set for every castling right i of us playable now.
func (p *Position) castlings(us position.Color) uint8 {
	var c uint8
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		if p.castlingLegal(i) {
			c |= 1 << i
		}
	}
	return c
}

// Stage kinds for generatePseudo.
const (
	stageCaptures = iota
	stageQuiets
	stageEvasions
)

// GenerateCaptures appends the pseudo-legal captures that are not
// under-promotions (en passant included) and every queen promotion,
// capturing or not. Use it when not in check.
func (p *Position) GenerateCaptures(list *position.MoveList) {
	p.generatePseudo(list, stageCaptures)
}

// GenerateQuiets appends the pseudo-legal non-captures that are not queen
// promotions, every under-promotion (capturing or not) and the castling
// moves whose right is held and path empty. Use it when not in check.
func (p *Position) GenerateQuiets(list *position.MoveList) {
	p.generatePseudo(list, stageQuiets)
}

// GenerateEvasions appends pseudo-legal check evasions: king moves off the
// checking lines, and against a single checker its capture (en passant
// included) and interpositions, with all four promotions. Use it in check.
func (p *Position) GenerateEvasions(list *position.MoveList) {
	p.generatePseudo(list, stageEvasions)
}

func (p *Position) generatePseudo(list *position.MoveList, stage int) {
	us := p.side
	them := us ^ 1
	ksq := p.kingSq[us]
	occ := p.byType[0]
	ours := p.byColor[us]
	theirs := p.byColor[them]
	empty := ^occ

	var target Bitboard
	switch stage {
	case stageCaptures:
		target = theirs
	case stageQuiets:
		target = empty
	case stageEvasions:
		checkers := Bitboard(p.st.Checkers[0])
		// King moves, excluding squares further along a slider's checking line.
		var lines Bitboard
		for b := checkers &^ p.byType[Pawn] &^ p.byType[Knight]; b != 0; b &= b - 1 {
			c := lsb(b)
			lines |= lineBB[ksq][c] ^ sqBB(c)
		}
		addMoves(list, ksq, kingAttacks[ksq]&^ours&^lines)
		if moreThanOne(checkers) || checkers == 0 {
			return
		}
		target = betweenBB[ksq][lsb(checkers)] | checkers
	}

	// Pieces.
	for b := p.byType[Knight] & ours; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, knightAttacks[from]&target)
	}
	qs := p.byType[Queen]
	for b := (p.byType[Bishop] | qs) & ours; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, bishopAttacks(from, occ)&target)
	}
	for b := (p.byType[Rook] | qs) & ours; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, rookAttacks(from, occ)&target)
	}
	if stage != stageEvasions {
		addMoves(list, ksq, kingAttacks[ksq]&target)
	}

	// Pawns.
	pawns := p.byType[Pawn] & ours
	up, left, right := pawnUp[us], pawnLeft[us], pawnRight[us]
	low := pawns &^ pawnRank7[us]
	high := pawns & pawnRank7[us]
	if stage != stageCaptures {
		pushTarget := target & empty
		b1 := shift(low, up) & empty
		b2 := shift(b1&pawnRank3[us], up) & pushTarget
		addPawnMoves(list, b1&pushTarget, up)
		addPawnMoves(list, b2, 2*up)
	}
	if stage != stageQuiets {
		capTarget := target & theirs
		addPawnMoves(list, shift(low&^FileA, left)&capTarget, left)
		addPawnMoves(list, shift(low&^FileH, right)&capTarget, right)
		if ep := p.st.EpSquare; ep != position.SquareNone {
			// In check, en passant helps only by taking the checking pawn
			// (Legal settles every other case exactly).
			if stage != stageEvasions || target&sqBB(ep^8) != 0 {
				for b := pawnAttacks[them][ep] & pawns; b != 0; b &= b - 1 {
					list.Add(NewEnPassant(lsb(b), ep))
				}
			}
		}
	}
	if high != 0 {
		which := promoAll
		switch stage {
		case stageCaptures:
			which = promoQueen
		case stageQuiets:
			which = promoUnder
		}
		// Promotions: captures only onto enemy pieces; pushes onto empty
		// squares. In evasions they must also hit the target.
		t := target
		if stage != stageEvasions {
			t = ^Bitboard(0)
		}
		addPromotions(list, shift(high, up)&empty&t, up, which)
		addPromotions(list, shift(high&^FileA, left)&theirs&t, left, which)
		addPromotions(list, shift(high&^FileH, right)&theirs&t, right, which)
	}

	// Castling (quiet stage only, never in check): right held and path
	// empty; Legal checks the attacked squares.
	if stage == stageQuiets && p.st.Checkers[0] == 0 {
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			if p.st.Castling&(1<<i) != 0 && p.castlingPath[i]&occ == 0 {
				list.Add(NewCastling(ksq, p.castlingRookSq[i]))
			}
		}
	}
}

// pinned returns us's pieces pinned to us's king, from the cache when it is
// valid (computing only what the generator needs otherwise).
func (p *Position) pinned(us position.Color) Bitboard {
	if p.ciValid {
		return p.blockers[us] & p.byColor[us]
	}
	ksq := p.kingSq[us]
	occ := p.byType[0]
	snipers := (rookPseudo[ksq]&(p.byType[Rook]|p.byType[Queen]) |
		bishopPseudo[ksq]&(p.byType[Bishop]|p.byType[Queen])) & p.byColor[us^1]
	var pinned Bitboard
	for ; snipers != 0; snipers &= snipers - 1 {
		b := betweenBB[ksq][lsb(snipers)] & occ
		if b != 0 && !moreThanOne(b) {
			pinned |= b
		}
	}
	return pinned & p.byColor[us]
}
