// Move generation: legal moves directly, and the pseudo-legal stages (captures, quiets, evasions).
package chess

import "dualnnue/position"

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

// GenerateLegal appends exactly the legal moves to list.
func (p *Position) GenerateLegal(list *position.MoveList) {
	us := p.side
	them := us ^ 1
	ksq := p.kingSq[us]
	occ := p.byType[0]
	ours := p.byColor[us]
	theirs := p.byColor[them]
	checkers := Bitboard(p.st.Checkers[0])

	// King moves: the destination must not be attacked once the king has
	// left its square (so it cannot retreat along a checking line).
	occNoKing := occ ^ sqBB(ksq)
	for b := kingAttacks[ksq] &^ ours; b != 0; b &= b - 1 {
		to := lsb(b)
		if !p.attackedBy(them, to, occNoKing) {
			list.Add(NewMove(ksq, to))
		}
	}
	if moreThanOne(checkers) {
		return
	}
	target := ^ours
	if checkers != 0 {
		target = betweenBB[ksq][lsb(checkers)] | checkers
	}
	pinned := p.pinned(us)

	// Knights (a pinned knight never moves).
	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, knightAttacks[from]&target)
	}
	qs := p.byType[Queen]
	for b := (p.byType[Bishop] | qs) & ours &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, bishopAttacks(from, occ)&target)
	}
	for b := (p.byType[Rook] | qs) & ours &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(list, from, rookAttacks(from, occ)&target)
	}
	// A pinned piece can never resolve a check; otherwise it moves along the pin line.
	if checkers == 0 {
		for b := pinned &^ p.byType[Pawn] &^ p.byType[Knight]; b != 0; b &= b - 1 {
			from := lsb(b)
			var a Bitboard
			switch p.board[from].Type() {
			case Bishop:
				a = bishopAttacks(from, occ)
			case Rook:
				a = rookAttacks(from, occ)
			case Queen:
				a = queenAttacks(from, occ)
			}
			addMoves(list, from, a&target&lineBB[ksq][from])
		}
	}

	// Pawns that are not pinned, by whole-board shifts.
	pawns := p.byType[Pawn] & ours
	up, left, right := pawnUp[us], pawnLeft[us], pawnRight[us]
	empty := ^occ
	free := pawns &^ pinned
	low := free &^ pawnRank7[us]
	b1 := shift(low, up) & empty
	b2 := shift(b1&pawnRank3[us], up) & empty & target
	addPawnMoves(list, b1&target, up)
	addPawnMoves(list, b2, 2*up)
	addPawnMoves(list, shift(low&^FileA, left)&theirs&target, left)
	addPawnMoves(list, shift(low&^FileH, right)&theirs&target, right)
	if high := free & pawnRank7[us]; high != 0 {
		addPromotions(list, shift(high, up)&empty&target, up, promoAll)
		addPromotions(list, shift(high&^FileA, left)&theirs&target, left, promoAll)
		addPromotions(list, shift(high&^FileH, right)&theirs&target, right, promoAll)
	}
	// Pinned pawns (never when in check): one by one, along the pin line.
	if pp := pawns & pinned; pp != 0 && checkers == 0 {
		for ; pp != 0; pp &= pp - 1 {
			from := lsb(pp)
			line := lineBB[ksq][from]
			fb := sqBB(from)
			pushes := shift(fb, up) & empty
			dbl := shift(pushes&pawnRank3[us], up) & empty
			caps := pawnAttacks[us][from] & theirs
			if fb&pawnRank7[us] != 0 {
				addPromotions(list, pushes&line, up, promoAll)
				for c := caps & line; c != 0; c &= c - 1 {
					to := lsb(c)
					addPromotions(list, sqBB(to), int(to)-int(from), promoAll)
				}
				continue
			}
			addMoves(list, from, (pushes|dbl|caps)&line)
		}
	}
	// En passant: legality by simulating the capture.
	if ep := p.st.EpSquare; ep != position.SquareNone {
		for b := pawnAttacks[them][ep] & pawns; b != 0; b &= b - 1 {
			from := lsb(b)
			if p.epLegal(from, ep) {
				list.Add(NewEnPassant(from, ep))
			}
		}
	}
	// Castling.
	if checkers == 0 && p.st.Castling&(3<<(2*us)) != 0 {
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			if p.castlingLegal(i) {
				list.Add(NewCastling(ksq, p.castlingRookSq[i]))
			}
		}
	}
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

// countLegal returns the number of legal moves without listing them: the
// same logic as GenerateLegal, counting whole target sets at once. Perft
// uses it at the last ply.
func (p *Position) countLegal() int {
	us := p.side
	them := us ^ 1
	ksq := p.kingSq[us]
	occ := p.byType[0]
	ours := p.byColor[us]
	theirs := p.byColor[them]
	checkers := Bitboard(p.st.Checkers[0])

	n := 0
	occNoKing := occ ^ sqBB(ksq)
	for b := kingAttacks[ksq] &^ ours; b != 0; b &= b - 1 {
		if !p.attackedBy(them, lsb(b), occNoKing) {
			n++
		}
	}
	if moreThanOne(checkers) {
		return n
	}
	target := ^ours
	if checkers != 0 {
		target = betweenBB[ksq][lsb(checkers)] | checkers
	}
	pinned := p.pinned(us)

	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		n += (knightAttacks[lsb(b)] & target).Count()
	}
	qs := p.byType[Queen]
	for b := (p.byType[Bishop] | qs) & ours &^ pinned; b != 0; b &= b - 1 {
		n += (bishopAttacks(lsb(b), occ) & target).Count()
	}
	for b := (p.byType[Rook] | qs) & ours &^ pinned; b != 0; b &= b - 1 {
		n += (rookAttacks(lsb(b), occ) & target).Count()
	}
	if checkers == 0 {
		for b := pinned &^ p.byType[Pawn] &^ p.byType[Knight]; b != 0; b &= b - 1 {
			from := lsb(b)
			var a Bitboard
			switch p.board[from].Type() {
			case Bishop:
				a = bishopAttacks(from, occ)
			case Rook:
				a = rookAttacks(from, occ)
			case Queen:
				a = queenAttacks(from, occ)
			}
			n += (a & target & lineBB[ksq][from]).Count()
		}
	}

	pawns := p.byType[Pawn] & ours
	up, left, right := pawnUp[us], pawnLeft[us], pawnRight[us]
	empty := ^occ
	free := pawns &^ pinned
	low := free &^ pawnRank7[us]
	b1 := shift(low, up) & empty
	b2 := shift(b1&pawnRank3[us], up) & empty & target
	n += (b1 & target).Count() + b2.Count() +
		(shift(low&^FileA, left) & theirs & target).Count() +
		(shift(low&^FileH, right) & theirs & target).Count()
	if high := free & pawnRank7[us]; high != 0 {
		n += 4 * ((shift(high, up) & empty & target).Count() +
			(shift(high&^FileA, left) & theirs & target).Count() +
			(shift(high&^FileH, right) & theirs & target).Count())
	}
	if pp := pawns & pinned; pp != 0 && checkers == 0 {
		for ; pp != 0; pp &= pp - 1 {
			from := lsb(pp)
			line := lineBB[ksq][from]
			fb := sqBB(from)
			pushes := shift(fb, up) & empty
			dbl := shift(pushes&pawnRank3[us], up) & empty
			caps := pawnAttacks[us][from] & theirs
			c := ((pushes | dbl | caps) & line).Count()
			if fb&pawnRank7[us] != 0 {
				c *= 4
			}
			n += c
		}
	}
	if ep := p.st.EpSquare; ep != position.SquareNone {
		for b := pawnAttacks[them][ep] & pawns; b != 0; b &= b - 1 {
			if p.epLegal(lsb(b), ep) {
				n++
			}
		}
	}
	if checkers == 0 && p.st.Castling&(3<<(2*us)) != 0 {
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			if p.castlingLegal(i) {
				n++
			}
		}
	}
	return n
}
