// Staged move picker: TT move, good captures, killers, counter move, quiets, bad captures.
package search

import "dualnnue/position"

// Picker stages. Moves are generated lazily so that a cutoff on the TT
// move or a capture never pays for quiet-move generation.
const (
	stMainTT = iota
	stGenCaptures
	stGoodCaptures
	stKiller1
	stKiller2
	stCounter
	stGenQuiets
	stQuiets
	stBadCaptures

	stEvasionTT
	stGenEvasions
	stEvasions

	stQsTT
	stQsGenCaptures
	stQsCaptures
	stQsGenChecks
	stQsChecks

	stDone
)

// picker is the per-ply move-ordering state. It lives in the worker's
// stack, so picking never allocates.
type picker struct {
	stage                    int
	ttMove, killer1, killer2 position.Move
	counter                  position.Move
	list                     position.MoveList
	scores                   [position.MaxMoves]int32
	cur, end, badEnd         int
	skipQuiets               bool
	quietStage               bool            // the last returned move came from the quiet stages
	qsChecks                 bool            // a quiescence picker goes on with the quiet checks
	cont1, cont2             *pieceToHistory // continuation histories of the last two moves
	// cont4 and cont6 are the continuation histories of the moves four and
	// six plies back (nil: not used, or no move there; Params.ContHistDeep).
	cont4, cont6 *pieceToHistory
	// lowPly is the ply's low-ply history (nil: none) and lowPlyNum /
	// lowPlyDen its weight in the quiet scores (Params.LowPlyHistory).
	lowPly               *[position.ButterflySize]int16
	lowPlyNum, lowPlyDen int32
}

// initMain prepares a picker for a main-search node not in check.
func (mp *picker) initMain(tt, k1, k2, counter position.Move, cont1, cont2 *pieceToHistory) {
	mp.stage = stMainTT
	mp.cont1, mp.cont2 = cont1, cont2
	mp.ttMove, mp.killer1, mp.killer2, mp.counter = tt, k1, k2, counter
	mp.list.Len, mp.cur, mp.end, mp.badEnd = 0, 0, 0, 0
	mp.skipQuiets = false
	mp.lowPly = nil
	mp.cont4, mp.cont6 = nil, nil
}

// initEvasion prepares a picker for a node in check (main or quiescence).
func (mp *picker) initEvasion(tt position.Move, cont1, cont2 *pieceToHistory) {
	mp.stage = stEvasionTT
	mp.cont1, mp.cont2 = cont1, cont2
	mp.ttMove = tt
	mp.killer1, mp.killer2, mp.counter = position.MoveNone, position.MoveNone, position.MoveNone
	mp.list.Len, mp.cur, mp.end, mp.badEnd = 0, 0, 0, 0
	mp.skipQuiets = false
}

// initQsearch prepares a picker for a quiescence node not in check:
// captures, then the quiet checks if checks is set.
func (mp *picker) initQsearch(tt position.Move, checks bool) {
	mp.stage = stQsTT
	mp.ttMove = tt
	mp.qsChecks = checks
	mp.list.Len, mp.cur, mp.end, mp.badEnd = 0, 0, 0, 0
	mp.skipQuiets = true
}

// pickBest moves the best-scored move of [cur, end) to cur and returns it.
func (mp *picker) pickBest() position.Move {
	best := mp.cur
	for i := mp.cur + 1; i < mp.end; i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	mp.list.Moves[mp.cur], mp.list.Moves[best] = mp.list.Moves[best], mp.list.Moves[mp.cur]
	mp.scores[mp.cur], mp.scores[best] = mp.scores[best], mp.scores[mp.cur]
	m := mp.list.Moves[mp.cur]
	mp.cur++
	return m
}

// sortQuiets orders [cur, end) by descending score, moves of equal score
// in their generated order (a stable sort: the order of an insertion sort
// on the scores). It sorts one packed key per move in keys (scratch): the
// score with its sign bit flipped (so unsigned order is signed order) in
// the high 32 bits, 0xFFFF minus the move's index next (the earlier move
// first among equal scores), the move in the low 16 bits. Keys are
// distinct, so the order is the stable one whatever the sort; an
// insertion sort it is (quiet lists are short and mostly cut off early).
func (mp *picker) sortQuiets(keys *[position.MaxMoves]uint64) {
	n := mp.end - mp.cur
	if n < 2 {
		return
	}
	moves := mp.list.Moves[mp.cur:mp.end]
	scores := mp.scores[mp.cur:mp.end]
	k := keys[:len(moves)]
	for i, m := range moves {
		k[i] = uint64(uint32(scores[i])^1<<31)<<32 | uint64(0xFFFF-i)<<16 | uint64(m)
	}
	for i := 1; i < len(k); i++ {
		x := k[i]
		j := i
		for ; j > 0 && k[j-1] < x; j-- {
			k[j] = k[j-1]
		}
		k[j] = x
	}
	for i, x := range k {
		moves[i] = position.Move(x)
		scores[i] = int32(uint32(x>>32) ^ 1<<31)
	}
}

// scoreCaptures scores [cur, end) by MVV-LVA, or with
// Params.CaptureHistDiv by the victim's value and the capture history.
func (w *Worker[T, P]) scoreCaptures(mp *picker) {
	pos := P(&w.pos)
	if div := w.prm.CaptureHistDiv; div != 0 {
		for i := mp.cur; i < mp.end; i++ {
			m := mp.list.Moves[i]
			pc, victim, to := w.captureKey(m)
			mp.scores[i] = 6*int32(w.rules.PieceValue[victim]) + int32(w.hist.capture[pc][to][victim])/int32(div)
		}
		return
	}
	for i := mp.cur; i < mp.end; i++ {
		m := mp.list.Moves[i]
		victim := w.victimOn(w.rules.to(m))
		attacker := pos.MovedPiece(m).Type()
		mp.scores[i] = int32(w.rules.PieceValue[victim])*16 - int32(w.rules.PieceValue[attacker])/16
	}
}

// goodCaptureThreshold is the SEE a capture of ordering score needs to be
// tried among the good captures: 0, or with Params.CaptureGoodSEE (and
// CaptureHistDiv) −CaptureGoodSEE·score/1024 for a positive score.
func (w *Worker[T, P]) goodCaptureThreshold(score int32) position.Value {
	if w.prm.CaptureGoodSEE == 0 || w.prm.CaptureHistDiv == 0 || score <= 0 {
		return 0
	}
	return -position.Value(int(score) * w.prm.CaptureGoodSEE / 1024)
}

// captureKey is capture m's index in the capture history: the moving
// piece, the victim's type (Rules.NoPieceCaptureType onto an empty square)
// and the destination, in the position before m.
func (w *Worker[T, P]) captureKey(m position.Move) (position.Piece, position.PieceType, position.Square) {
	to := w.rules.to(m)
	return P(&w.pos).MovedPiece(m), w.victimOn(to), to
}

// victimOn is the type of the piece a capture onto square to takes:
// Rules.NoPieceCaptureType where the square is empty (en passant, a
// promotion).
func (w *Worker[T, P]) victimOn(to position.Square) position.PieceType {
	if victim := P(&w.pos).PieceOn(to).Type(); victim != 0 {
		return victim
	}
	return w.rules.NoPieceCaptureType
}

// captureHistory adds bonus to capture m's entry (position before m).
func (w *Worker[T, P]) captureHistory(m position.Move, bonus int) {
	pc, victim, to := w.captureKey(m)
	gravity(&w.hist.capture[pc][to][victim], bonus)
}

// scoreQuiets scores [cur, end) by butterfly and continuation history (of
// the last two moves, and with Params.ContHistDeep of the moves four and six
// plies back), near the root by the low-ply history, and with
// Params.ThreatOrder by the threats of lesser enemy pieces the move escapes
// (computed once here, for the whole list).
func (w *Worker[T, P]) scoreQuiets(mp *picker, us position.Color) {
	pos := P(&w.pos)
	h := &w.hist.butterfly[us]
	c1, c2 := mp.cont1, mp.cont2
	// With Params.QuietOrderSF the weights of Stockfish 15.1 and Pikafish,
	// 2·main + 2·cont1 + cont2 + cont4 + cont6 over tables bounded at 7183
	// and 29952, at the ratio those bounds give on our single bound.
	k1, k2 := int32(1), int32(1)
	if w.prm.QuietOrderSF != 0 {
		k1, k2 = 4, 2
	}
	if mp.cont4 == nil && mp.cont6 == nil {
		for i := mp.cur; i < mp.end; i++ {
			m := mp.list.Moves[i]
			pc, to := pos.MovedPiece(m), w.rules.to(m)
			mp.scores[i] = int32(h[m.ButterflyIndex()]) + k1*int32(c1[pc][to]) + k2*int32(c2[pc][to])
		}
	} else {
		c4, c6 := mp.cont4, mp.cont6
		if c4 == nil {
			c4 = &zeroCont
		}
		if c6 == nil {
			c6 = &zeroCont
		}
		for i := mp.cur; i < mp.end; i++ {
			m := mp.list.Moves[i]
			pc, to := pos.MovedPiece(m), w.rules.to(m)
			mp.scores[i] = int32(h[m.ButterflyIndex()]) + k1*int32(c1[pc][to]) + k2*(int32(c2[pc][to])+int32(c4[pc][to])+int32(c6[pc][to]))
		}
	}
	if lp := mp.lowPly; lp != nil {
		for i := mp.cur; i < mp.end; i++ {
			mp.scores[i] += int32(lp[mp.list.Moves[i].ButterflyIndex()]) * mp.lowPlyNum / mp.lowPlyDen
		}
	}
	if top := int32(w.prm.ThreatOrder); top != 0 {
		th := &w.threats
		pos.Threats(th)
		if th.Threatened[0] == (position.SquareSet{}) && th.Threatened[1] == (position.SquareSet{}) && th.Threatened[2] == (position.SquareSet{}) {
			return
		}
		for i := mp.cur; i < mp.end; i++ {
			m := mp.list.Moves[i]
			mp.scores[i] += threatBonus(th, w.rules.from(m), w.rules.to(m), top)
		}
	}
}

// threatBonus is the ordering bonus of a quiet move from → to
// (Params.ThreatOrder, top its value; Stockfish 15.1's): top when from
// holds a top-class piece attacked by a lesser one and to is attacked by
// no lesser piece, top/2 for the middle class, else 3/10 of top when from
// holds a piece attacked by a lesser one and no enemy pawn attacks to.
func threatBonus(th *position.Threats, from, to position.Square, top int32) int32 {
	switch {
	case th.Threatened[2].Has(from) && !th.By[2].Has(to):
		return top
	case th.Threatened[1].Has(from) && !th.By[1].Has(to):
		return top / 2
	case (th.Threatened[0].Has(from) || th.Threatened[1].Has(from) || th.Threatened[2].Has(from)) && !th.By[0].Has(to):
		return top * 3 / 10
	}
	return 0
}

// scoreEvasions scores [cur, end): captures first by MVV-LVA, then quiets by history.
func (w *Worker[T, P]) scoreEvasions(mp *picker, us position.Color) {
	pos := P(&w.pos)
	h := &w.hist.butterfly[us]
	for i := mp.cur; i < mp.end; i++ {
		m := mp.list.Moves[i]
		if pos.IsCapture(m) {
			victim := pos.PieceOn(w.rules.to(m)).Type()
			if victim == 0 {
				victim = w.rules.NoPieceCaptureType
			}
			mp.scores[i] = 1<<24 + int32(w.rules.PieceValue[victim])*16 - int32(pos.MovedPiece(m).Type())
		} else {
			pc, to := pos.MovedPiece(m), w.rules.to(m)
			mp.scores[i] = int32(h[m.ButterflyIndex()]) + int32(mp.cont1[pc][to]) + int32(mp.cont2[pc][to])
		}
	}
}

// nextMove returns the next pseudo-legal move to try, or MoveNone when the
// picker is exhausted. The caller still checks Legal.
func (w *Worker[T, P]) nextMove(mp *picker, us position.Color) position.Move {
	pos := P(&w.pos)
	for {
		switch mp.stage {
		case stMainTT, stEvasionTT:
			mp.stage++
			if mp.ttMove != position.MoveNone && pos.PseudoLegal(mp.ttMove) {
				mp.quietStage = !pos.CaptureStage(mp.ttMove)
				return mp.ttMove
			}
			mp.ttMove = position.MoveNone
		case stQsTT:
			mp.stage++
			if mp.ttMove != position.MoveNone && pos.PseudoLegal(mp.ttMove) && pos.CaptureStage(mp.ttMove) {
				return mp.ttMove
			}
			mp.ttMove = position.MoveNone
		case stGenCaptures, stQsGenCaptures:
			pos.GenerateCaptures(&mp.list)
			mp.end = mp.list.Len
			w.scoreCaptures(mp)
			mp.stage++
		case stGoodCaptures:
			for mp.cur < mp.end {
				m := mp.pickBest()
				if m == mp.ttMove {
					continue
				}
				// Losing captures wait until after the quiet moves.
				if !pos.SEE(m, w.goodCaptureThreshold(mp.scores[mp.cur-1])) {
					mp.list.Moves[mp.badEnd] = m
					mp.badEnd++
					continue
				}
				mp.quietStage = false
				return m
			}
			mp.stage++
		case stKiller1:
			mp.stage++
			if k := mp.killer1; !mp.skipQuiets && k != position.MoveNone && k != mp.ttMove && pos.PseudoLegal(k) && !pos.CaptureStage(k) {
				mp.quietStage = true
				return k
			}
			mp.killer1 = position.MoveNone
		case stKiller2:
			mp.stage++
			if k := mp.killer2; !mp.skipQuiets && k != position.MoveNone && k != mp.ttMove && k != mp.killer1 && pos.PseudoLegal(k) && !pos.CaptureStage(k) {
				mp.quietStage = true
				return k
			}
			mp.killer2 = position.MoveNone
		case stCounter:
			mp.stage++
			if k := mp.counter; !mp.skipQuiets && k != position.MoveNone && k != mp.ttMove && k != mp.killer1 && k != mp.killer2 && pos.PseudoLegal(k) && !pos.CaptureStage(k) {
				mp.quietStage = true
				return k
			}
			mp.counter = position.MoveNone
		case stGenQuiets:
			mp.stage++
			if !mp.skipQuiets {
				mp.cur = mp.end
				mp.list.Len = mp.end
				pos.GenerateQuiets(&mp.list)
				mp.end = mp.list.Len
				w.scoreQuiets(mp, us)
				mp.sortQuiets(&w.sortKeys)
			}
		case stQuiets:
			for !mp.skipQuiets && mp.cur < mp.end {
				m := mp.list.Moves[mp.cur]
				mp.cur++
				if m == mp.ttMove || m == mp.killer1 || m == mp.killer2 || m == mp.counter {
					continue
				}
				mp.quietStage = true
				return m
			}
			mp.stage++
			mp.cur = 0
		case stBadCaptures:
			if mp.cur < mp.badEnd {
				m := mp.list.Moves[mp.cur]
				mp.cur++
				mp.quietStage = false
				return m
			}
			mp.stage = stDone
		case stGenEvasions:
			pos.GenerateEvasions(&mp.list)
			mp.end = mp.list.Len
			w.scoreEvasions(mp, us)
			mp.stage++
		case stEvasions:
			for mp.cur < mp.end {
				m := mp.pickBest()
				if m == mp.ttMove {
					continue
				}
				mp.quietStage = mp.scores[mp.cur-1] < 1<<24
				return m
			}
			mp.stage = stDone
		case stQsCaptures:
			for mp.cur < mp.end {
				m := mp.pickBest()
				if m == mp.ttMove {
					continue
				}
				return m
			}
			mp.stage = stDone
			if mp.qsChecks {
				mp.stage = stQsGenChecks
			}
		case stQsGenChecks:
			// The quiet moves that give check, in generation order, kept
			// in place of the captures already tried.
			mp.list.Len = 0
			pos.GenerateQuiets(&mp.list)
			n := 0
			for _, m := range mp.list.Moves[:mp.list.Len] {
				if m != mp.ttMove && pos.GivesCheck(m) {
					mp.list.Moves[n] = m
					n++
				}
			}
			mp.cur, mp.end = 0, n
			mp.stage++
		case stQsChecks:
			if mp.cur < mp.end {
				m := mp.list.Moves[mp.cur]
				mp.cur++
				return m
			}
			mp.stage = stDone
		default:
			return position.MoveNone
		}
	}
}
