// The alpha-beta search of one worker: iterative deepening, aspiration windows, PVS, quiescence.
package search

import (
	"dualnnue/position"
)

const (
	valueInf  = position.ValueInfinite
	valueNone = position.ValueNone
	mateBound = position.ValueMateInMaxPly
)

func (w *Worker[T, P]) reduction(depth, moveCount int) int {
	return int(w.lmr[min(depth, 63)][min(moveCount, 63)])
}

// futilityMargin is the reverse-futility margin at depth, smaller by
// Params.RFPImproving where the static evaluation improves on the one two
// plies up and by Params.RFPWorsening where the opponent's got worse
// (worsening: our static evaluation plus the parent's above 2).
func (w *Worker[T, P]) futilityMargin(depth int, improving, worsening bool) position.Value {
	m := position.Value(w.prm.RFPMargin * depth)
	if improving {
		m -= position.Value(w.prm.RFPImproving)
	}
	if worsening {
		m -= position.Value(w.prm.RFPWorsening)
	}
	return m
}

// opponentWorsening reports whether the opponent's last move left it worse
// off by the static evaluations: ours plus the parent's (from its side)
// above 2, Stockfish 17's test; false where either is unknown.
func opponentWorsening(staticEval, parent position.Value) bool {
	return staticEval != valueNone && parent != valueNone && staticEval+parent > 2
}

// worseningAt is opponentWorsening at ply (false at 0) with the static
// evaluation staticEval: the parent's is its frame's, or where the parent
// was in check (no evaluation of its own) the one two plies above it, from
// the same side, as Stockfish 17 gives a node in check.
func (w *Worker[T, P]) worseningAt(ply int, staticEval position.Value) bool {
	if ply < 1 {
		return false
	}
	parent := w.stack[ply-1].staticEval
	if parent == valueNone && ply >= 3 {
		parent = w.stack[ply-3].staticEval
	}
	return opponentWorsening(staticEval, parent)
}

// singularQuietReduction is how many plies less the late moves of a node
// are reduced when its TT move was extended as singular (ttExt > 0) and is
// not a capture (Params.LMRSingularQuiet; Stockfish 15.1's
// singularQuietLMR).
func (w *Worker[T, P]) singularQuietReduction(ttExt int, ttMoveCapture bool) int {
	if ttExt > 0 && !ttMoveCapture {
		return w.prm.LMRSingularQuiet
	}
	return 0
}

// lmpCount is the number of quiet moves searched at depth before the rest are pruned.
func (w *Worker[T, P]) lmpCount(depth int, improving bool) int {
	if improving {
		return w.prm.LMPBase + depth*depth
	}
	return (w.prm.LMPBase + depth*depth) / 2
}

// evaluate returns the game's specialised endgame evaluation where it has
// one and Params.EndgameEval is set, else the evaluator's score, scaled by material when
// Params.EvalScaleBase is set, by how winnable the endgame is when
// Params.WinnableMaterial is and by the known drawn endgames when
// Params.EndgameScale is, damped by Params.Rule50Damp, clamped strictly
// inside the mate bounds.
func (w *Worker[T, P]) evaluate() position.Value {
	if w.prm.EndgameEval != 0 {
		if v, ok := P(&w.pos).EndgameEval(); ok {
			return v
		}
	}
	v := w.eval.Evaluate(P(&w.pos))
	if b := w.prm.EvalScaleBase; b > 0 {
		m, full := P(&w.pos).ScaleMaterial()
		v = v * position.Value(b+m) / position.Value(b+full)
	}
	if w.prm.WinnableMaterial > 0 {
		if f := w.prm.winnableScale(v, P(&w.pos)); f != 64 {
			// Scaled up, a static evaluation stays below a known win (the
			// pruning that trusts the static evaluation stops there).
			v = max(min(v*position.Value(f)/64, position.ValueKnownWin-1), -position.ValueKnownWin+1)
		}
	}
	if w.prm.EndgameScale > 0 {
		v = v * position.Value(w.prm.endgameScale(v, P(&w.pos))) / 64
	}
	if d := w.prm.Rule50Damp; d > 0 {
		v = v * position.Value(max(d-P(&w.pos).State().Rule50, 0)) / position.Value(d)
	}
	return max(min(v, mateBound-1), -mateBound+1)
}

// contAt returns the continuation-history table of the move made from ply
// (the sentinel table before the root).
func (w *Worker[T, P]) contAt(ply int) *pieceToHistory {
	if ply < 0 {
		return &w.hist.cont[0][0]
	}
	return w.stack[ply].cont
}

// sideAt is the side to move at ply (null moves flip the side too).
func (w *Worker[T, P]) sideAt(ply int) position.Color {
	return w.s.rootSide ^ position.Color(ply&1)
}

// checkInterval is how many nodes pass between checkpoints (a power of
// two): a clock read every 256 nodes costs nothing measurable and keeps
// Stop latency and time overruns far below a millisecond at full speed.
const checkInterval = 256

// checkpoint runs every checkInterval nodes: it publishes the node count, notices
// Stop, and (main thread) enforces the time limit. Every thread enforces a
// hard node limit over all threads, so a main thread the OS does not run
// for a while cannot let the helpers overshoot it (by more than a
// checkpoint each).
func (w *Worker[T, P]) checkpoint() {
	w.published.Store(w.nodes)
	s := w.s
	if s.stop.Load() {
		w.abort = true
		return
	}
	if w.id == 0 {
		s.checkLimits(w)
	} else if s.lim.Nodes > 0 && s.totalNodes() >= s.lim.Nodes {
		s.stop.Store(true)
		w.abort = true
	}
}

// doMove makes m in the position at ply: the child's State is
// w.states[ply+1]; its TT entry is touched (fetched into the cache while
// the evaluator and the move loop work) and the evaluator is pushed the
// move's piece diff. Every move the search makes goes through it, paired
// with undoMove.
func (w *Worker[T, P]) doMove(m position.Move, ply int) *position.State {
	child := &w.states[ply+1]
	P(&w.pos).DoMove(m, child)
	w.sink += w.tt.touch(child.Key)
	w.eval.Push(&child.Dirty)
	if w.prm.CorrectionDiv != 0 { // the keys are read only by the correction history
		w.ckeys[ply+1] = w.ckeys[ply]
		w.applyDirty(&w.ckeys[ply+1], &child.Dirty)
	}
	return child
}

// undoMove takes back doMove(m, …).
func (w *Worker[T, P]) undoMove(m position.Move) {
	w.eval.Pop()
	P(&w.pos).UndoMove(m)
}

// doNullMove passes the move at ply (null-move pruning); the evaluator
// gets an empty diff.
func (w *Worker[T, P]) doNullMove(ply int) {
	child := &w.states[ply+1]
	P(&w.pos).DoNullMove(child)
	child.Dirty.N = 0
	w.eval.Push(&child.Dirty)
	w.ckeys[ply+1] = w.ckeys[ply]
}

// undoNullMove takes back doNullMove.
func (w *Worker[T, P]) undoNullMove() {
	w.eval.Pop()
	P(&w.pos).UndoNullMove()
}

// countNode counts a node and reports whether the worker must unwind.
func (w *Worker[T, P]) countNode() bool {
	if w.abort {
		return true
	}
	w.nodes++
	if w.nodes&(checkInterval-1) == 0 {
		w.checkpoint()
	}
	if w.nodes >= w.nodeLimit {
		w.abort = true
		if w.id == 0 {
			w.s.stop.Store(true)
		}
	}
	return w.abort
}

// iterate is the iterative-deepening loop of one worker.
func (w *Worker[T, P]) iterate() {
	s := w.s
	main := w.id == 0
	start := 1
	if !main && w.id%2 == 1 {
		start = 2 // helpers desynchronise their depths (Lazy SMP)
	}
	for depth := start; depth <= s.maxDepth; depth++ {
		w.rootDepth = depth
		w.totBestMoveChanges /= 2
		for i := 0; i < w.nRoot; i++ {
			w.rootMoves[i].prevScore = w.rootMoves[i].score
		}
		for w.pvIdx = 0; w.pvIdx < w.multiPV; w.pvIdx++ {
			w.selDepth = 0
			prev := w.rootMoves[w.pvIdx].prevScore
			alpha, beta := -valueInf, valueInf
			delta := position.Value(w.prm.AspirationDelta)
			if depth >= 4 && prev > -mateBound && prev < mateBound {
				alpha = max(prev-delta, -valueInf)
				beta = min(prev+delta, valueInf)
			}
			failedHigh := 0 // consecutive fail highs of this iteration (Params.AspFailHighDepth)
			for {
				v := w.rootSearch(alpha, beta, max(1, depth-failedHigh))
				sortRootMoves(w.rootMoves[w.pvIdx:w.nRoot])
				if w.abort {
					break
				}
				if v <= alpha {
					beta = (alpha + beta) / 2
					alpha = max(v-delta, -valueInf)
					failedHigh = 0
				} else if v >= beta {
					beta = min(v+delta, valueInf)
					failedHigh += w.prm.AspFailHighDepth
				} else {
					break
				}
				delta += delta/2 + 5
			}
			sortRootMoves(w.rootMoves[:w.pvIdx+1])
			if w.abort {
				break
			}
		}
		if w.abort {
			break
		}
		w.completedDepth = depth
		if w.rootMoves[0].move != w.bestMove {
			w.lastBestMoveDepth = depth
		}
		w.totBestMoveChanges += float64(w.bestMoveChanges)
		w.bestMoveChanges = 0
		w.bestMove = w.rootMoves[0].move
		w.bestScore = w.rootMoves[0].score
		if main {
			s.report(w, depth)
			if s.iterationDone(w) {
				break
			}
		}
	}
	w.published.Store(w.nodes)
}

// sortRootMoves is a stable insertion sort by descending score.
func sortRootMoves(rm []rootMove) {
	for i := 1; i < len(rm); i++ {
		for j := i; j > 0 && rm[j].score > rm[j-1].score; j-- {
			rm[j], rm[j-1] = rm[j-1], rm[j]
		}
	}
}

// rootSearch searches the root moves from pvIdx on with window (alpha, beta),
// recording each move's score and line in rootMoves.
func (w *Worker[T, P]) rootSearch(alpha, beta position.Value, depth int) position.Value {
	bestValue := -valueInf
	if w.countNode() {
		return bestValue
	}
	w.stack[2].cutoffCnt = 0
	for i := w.pvIdx; i < w.nRoot; i++ {
		rm := &w.rootMoves[i]
		m := rm.move
		moveCount := i - w.pvIdx + 1
		w.stack[0].move = m
		w.stack[0].moveCount = moveCount
		nodesBefore := w.nodes
		child := w.doMove(m, 0)
		w.stack[1].pvLen = 0
		w.stack[1].doubleExts = 0
		w.stack[0].cont = &w.hist.cont[child.Dirty.Pieces[0].Piece][w.rules.to(m)]
		newDepth := depth - 1
		if child.InCheck {
			newDepth++
		}
		var v position.Value
		if moveCount == 1 {
			v = -w.search(-beta, -alpha, newDepth, 1, true, false)
		} else {
			r := 0
			if depth >= 3 && moveCount > 3 && child.Captured == position.NoPiece && !child.InCheck {
				r = w.reduction(depth, moveCount) / 2
			}
			v = -w.search(-alpha-1, -alpha, newDepth-r, 1, false, true)
			if v > alpha && r > 0 {
				v = -w.search(-alpha-1, -alpha, newDepth, 1, false, true)
			}
			if w.rootResearch(v, alpha, beta) {
				w.stack[1].pvLen = 0
				v = -w.search(-beta, -alpha, newDepth, 1, true, false)
			}
		}
		w.undoMove(m)
		rm.effort += w.nodes - nodesBefore
		if w.abort {
			return bestValue
		}
		if moveCount == 1 || v > alpha {
			if moveCount > 1 && w.pvIdx == 0 {
				w.bestMoveChanges++
			}
			rm.score = v
			rm.depth = depth
			rm.selDepth = w.selDepth
			rm.bound = BoundExact
			if v >= beta {
				rm.bound = BoundLower
			} else if v <= alpha {
				rm.bound = BoundUpper
			}
			rm.pv[0] = m
			n := copy(rm.pv[1:], w.stack[1].pv[:w.stack[1].pvLen])
			rm.pvLen = 1 + n
		} else {
			rm.score = -valueInf
		}
		if v > bestValue {
			bestValue = v
			if v > alpha {
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	return bestValue
}

// ttRepXor sets apart, with Params.TTRepKey, the table entries of a
// position that occurred before from those of the same position met fresh.
// Its low 40 bits are 0, so both fall in the same bucket (the table's index
// is the key's low bits): the prefetch of a child's bucket by its plain key
// is right either way, and the check word tells the two entries apart.
const ttRepXor position.Key = 0x9e3779b97f4a7c15 &^ (1<<40 - 1)

// ttKey is the node's transposition-table key: its Zobrist key, xor-ed with
// ttRepXor when Params.TTRepKey is on and the position occurred before
// (repeated, from position.Game.RuleVerdictRepeated). Such a node's subtree
// meets the repetition rules with a history that a fresh occurrence lacks,
// so its bounds need not be the fresh position's (graph history
// interaction; Pikafish b8fd955c keys them apart the same way).
func (w *Worker[T, P]) ttKey(st *position.State, repeated bool) position.Key {
	if repeated && w.prm.TTRepKey != 0 {
		return st.Key ^ ttRepXor
	}
	return st.Key
}

// search is the principal-variation search of a node at ply ≥ 1.
func (w *Worker[T, P]) search(alpha, beta position.Value, depth, ply int, pvNode, cutNode bool) position.Value {
	if depth <= 0 {
		return w.qsearch(alpha, beta, 0, ply, pvNode)
	}
	if w.countNode() {
		return 0
	}
	pos := P(&w.pos)
	st := &w.states[ply]
	fr := &w.stack[ply]
	if pvNode {
		fr.pvLen = 0
		w.selDepth = max(w.selDepth, ply)
	}
	inCheck := st.InCheck
	fr.moveCount = 0 // a null move's child reads 0, not an earlier node's count

	// Step 1. Rule verdicts (repetition, move-count rules, material) and the ply limit.
	v0, decided, repeated := pos.RuleVerdictRepeated(ply)
	if decided {
		return w.drawValue(v0)
	}
	if ply >= position.MaxPly-1 {
		if inCheck {
			return position.ValueDraw
		}
		return w.evaluate()
	}
	// Step 1b. Upcoming repetition: a line that can be drawn by repeating
	// is worth at least a draw (Params.UpcomingRepetition).
	if w.prm.UpcomingRepetition != 0 && alpha < position.ValueDraw && pos.UpcomingRepetition(ply) {
		alpha = position.ValueDraw
		if alpha >= beta {
			return alpha
		}
	}

	// Step 2. Mate distance pruning: no line from here beats a mate already found nearer the root.
	alpha = max(position.MatedIn(ply), alpha)
	beta = min(position.MateIn(ply+1), beta)
	if alpha >= beta {
		return alpha
	}

	// Step 3. Transposition table. A singular-extension search (a move
	// excluded) uses only the stored static eval: its result is not the
	// node's, so it neither cuts on nor writes the entry.
	excluded := fr.excluded
	key := w.ttKey(st, repeated)
	te, hit := w.tt.probe(key)
	ttMove := position.MoveNone
	ttValue := valueNone
	if hit && excluded == position.MoveNone {
		ttMove = te.move
		ttValue = valueFromTT(te.value, ply)
		if !pvNode && te.depth >= depth && te.bound&boundFor(ttValue >= beta) != 0 {
			if w.prm.TTCutHistory != 0 && ttMove != position.MoveNone {
				w.ttCutHistory(ply, depth, ttMove, ttValue >= beta)
			}
			return ttValue
		}
	}

	// Step 3b. The PV flag (Params.TTPv): a singular search keeps the
	// one its node set.
	if excluded == position.MoveNone {
		fr.ttPv = w.prm.TTPv != 0 && (pvNode || hit && te.pv)
	}
	ttPv := fr.ttPv

	// Step 4. Static evaluation: the evaluator's (rawEval, what the TT
	// keeps) moved by the correction history.
	var rawEval, staticEval, eval position.Value
	improving := false
	us := w.sideAt(ply)
	if inCheck {
		rawEval, staticEval, eval = valueNone, valueNone, valueNone
	} else {
		if hit && te.eval != valueNone {
			rawEval = te.eval
		} else {
			rawEval = w.evaluate()
			if !hit && excluded == position.MoveNone && w.prm.TTEvalStore != 0 {
				w.tt.store(key, position.MoveNone, valueNone, rawEval, ttDepthUnsearched, BoundNone, ttPv)
			}
		}
		staticEval = w.corrected(rawEval, ply, us)
		eval = staticEval
		if ttValue != valueNone && te.bound&boundFor(ttValue > eval) != 0 {
			eval = ttValue
		}
		if ply >= 2 && w.stack[ply-2].staticEval != valueNone {
			improving = staticEval > w.stack[ply-2].staticEval
		} else if w.prm.ImprovingFallback != 0 {
			improving = ply < 4 || w.stack[ply-4].staticEval == valueNone || staticEval > w.stack[ply-4].staticEval
		}
	}
	fr.staticEval = staticEval
	if w.prm.HindsightMargin != 0 && fr.reduction >= 2 && !inCheck && excluded == position.MoveNone {
		if parent := w.stack[ply-1].staticEval; parent != valueNone {
			if fr.reduction >= 3 && staticEval <= -parent {
				depth++
			} else if depth >= 2 && int(staticEval+parent) > w.prm.HindsightMargin {
				depth--
			}
		}
	}
	w.stack[ply+2].killers = [2]position.Move{}
	w.stack[ply+2].cutoffCnt = 0
	prevMove := st.Move

	if !pvNode && !inCheck && excluded == position.MoveNone {
		// Step 4b. Razoring: far below alpha, a quiescence search that
		// stays below alpha too fails the node low (Params.RazorMargin).
		// Not when alpha is a known win or a mate score: every eval is far
		// below it, and a quiescence search cannot see the quiet moves of
		// the mate (or of a shorter one).
		if m := w.prm.RazorMargin; m > 0 && alpha < position.ValueKnownWin && (w.prm.RazorNotImproving == 0 || !improving) &&
			int(eval) < int(alpha)-m-w.prm.RazorPerDepth2*depth*depth {
			if v := w.qsearch(alpha-1, alpha, 0, ply, false); w.abort {
				return 0
			} else if v < alpha {
				return v
			}
		}

		// Step 5. Reverse futility pruning: far above beta at low depth, stand pat.
		worsening := w.prm.RFPWorsening != 0 && w.worseningAt(ply, staticEval)
		if depth <= w.prm.RFPMaxDepth && !ttPv && eval-w.futilityMargin(depth, improving, worsening) >= beta && eval < position.ValueKnownWin {
			if d := w.prm.RFPReturnDiv; d > 0 && beta > -position.ValueKnownWin && eval >= beta {
				return beta + (eval-beta)/position.Value(d)
			}
			return eval
		}

		// Step 6. Null move pruning, guarded against zugzwang (pawn-only
		// endings), against two nulls in a row and against mate scores.
		if depth >= w.prm.NMPMinDepth && eval >= beta && staticEval >= beta-position.Value(w.prm.NMPStaticMargin*depth) &&
			prevMove != position.MoveNull && beta > -mateBound && pos.HasNonPawnMaterial(us) {
			r := w.prm.NMPBase + depth/w.prm.NMPDepthDiv + min(int(eval-beta)/w.prm.NMPEvalDiv, w.prm.NMPEvalMax)
			fr.move = position.MoveNull
			fr.cont = &w.hist.cont[0][0]
			w.stack[ply+1].doubleExts = fr.doubleExts
			w.doNullMove(ply)
			v := -w.search(-beta, -beta+1, depth-r, ply+1, false, !cutNode)
			w.undoNullMove()
			if w.abort {
				return 0
			}
			if v >= beta {
				if v >= mateBound {
					v = beta
				}
				return v
			}
		}
	}

	// Step 6b. ProbCut (before the internal iterative reduction, as in
	// Stockfish 15.1): a capture that wins enough by SEE and still holds
	// probCutBeta in a quiescence search and then in a search 4 plies
	// shallower cuts the node (Params.ProbCutMargin).
	if margin := w.prm.ProbCutMargin; margin > 0 && !pvNode && !inCheck && excluded == position.MoveNone && depth > 4 &&
		beta > -position.ValueKnownWin && beta < position.ValueKnownWin {
		pcBeta := beta + position.Value(max(margin-w.prm.ProbCutImproving*b2i(improving), 1))
		if !(hit && te.depth >= depth-3 && ttValue != valueNone && ttValue < pcBeta) {
			if v, m := w.probCut(ply, depth, pcBeta, staticEval, ttMove, cutNode); m != position.MoveNone {
				w.tt.store(key, m, valueToTT(v, ply), rawEval, depth-3, BoundLower, ttPv)
				return v
			} else if w.abort {
				return 0
			}
		}
	}

	// Step 6c. Small ProbCut: a TT lower bound far above beta from a
	// search a few plies shallower cuts without a search, in check too
	// (Params.SmallProbCutMargin).
	if m := w.prm.SmallProbCutMargin; m > 0 && !pvNode && excluded == position.MoveNone && hit && te.bound&BoundLower != 0 &&
		te.depth >= depth-4 && ttValue != valueNone && ttValue >= beta+position.Value(m) &&
		ttValue < position.ValueKnownWin && beta > -position.ValueKnownWin && beta < position.ValueKnownWin {
		return beta + position.Value(m)
	}

	// Step 7. Internal iterative reduction: without a TT move this node is
	// probably less important than its depth says.
	if ttMove == position.MoveNone && excluded == position.MoveNone {
		if w.prm.IIRStrong != 0 {
			depth = w.iirDepth(depth, pvNode, cutNode, inCheck, hit && te.depth >= depth)
		} else if depth >= w.prm.IIRMinDepth && (pvNode || cutNode) {
			depth--
		}
	}

	// Step 8. Singular extension search: when the TT says the TT move
	// fails high at nearly this depth, search every other move at half
	// depth against a bound a little below its value. If all fail low, the
	// TT move is singular and is extended (twice when far below, a bounded
	// number of times per line); if the bound alone already reaches beta,
	// two moves beat beta and the node is cut (multi-cut); if the TT move
	// is probably not the only good one, it is reduced (negative
	// extension). Run before the move picker starts, because the search
	// reuses this ply's picker and frame.
	ttExt := 0
	singularLess := 0 // plies less for the late moves (Params.LMRSingularQuiet)
	if depth >= w.prm.SEMinDepth+b2i(pvNode)*w.prm.SEPVExtraDepth && (!pvNode || w.prm.SEPVNode != 0) && !inCheck && excluded == position.MoveNone && ttMove != position.MoveNone &&
		te.bound&BoundLower != 0 && te.depth >= depth-3 && ply < 2*w.rootDepth &&
		ttValue > -position.ValueKnownWin && ttValue < position.ValueKnownWin &&
		pos.PseudoLegal(ttMove) && pos.Legal(ttMove) {
		singularBeta := ttValue - position.Value(w.prm.SEMarginPerDepth*depth)
		fr.excluded = ttMove
		v := w.search(singularBeta-1, singularBeta, (depth-1)/2, ply, false, cutNode)
		fr.excluded = position.MoveNone
		if w.abort {
			return 0
		}
		var cut bool
		if ttExt, cut = w.singularVerdict(v, singularBeta, beta, ttValue, pvNode, cutNode, fr.doubleExts); cut {
			return v // multi-cut
		}
		if w.prm.LMRSingularQuiet != 0 {
			singularLess = w.singularQuietReduction(ttExt, pos.IsCapture(ttMove))
		}
	}

	// Step 9. The move loop.
	mp := &w.pickers[ply]
	cont1, cont2 := w.contAt(ply-1), w.contAt(ply-2)
	var cont4, cont6 *pieceToHistory // the moves four and six plies back (Params.ContHistDeep)
	if d := w.prm.ContHistDeep; d != 0 {
		cont4 = w.deepCont(ply - 4)
		if d >= 2 {
			cont6 = w.deepCont(ply - 6)
		}
	}
	if inCheck {
		mp.initEvasion(ttMove, cont1, cont2)
	} else {
		counter := position.MoveNone
		if prevMove != position.MoveNone && prevMove != position.MoveNull {
			counter = w.hist.counter[us][prevMove.ButterflyIndex()]
		}
		mp.initMain(ttMove, fr.killers[0], fr.killers[1], counter, cont1, cont2)
		mp.cont4, mp.cont6 = cont4, cont6
		if w.prm.LowPlyHistory != 0 && ply < lowPlySize {
			mp.lowPly = &w.hist.lowPly[ply]
			mp.lowPlyNum, mp.lowPlyDen = int32(w.prm.LowPlyHistory), int32(1+ply)
		}
	}
	bestValue := -valueInf
	bestMove := position.MoveNone
	bestQuiet := false
	bestPc := position.NoPiece
	moveCount := 0
	fr.nQuiets = 0
	fr.nCaptures = 0
	ttCapture := w.prm.LMRTTCapture != 0 && ttMove != position.MoveNone && pos.PseudoLegal(ttMove) && pos.IsCapture(ttMove)
	// A PV node whose TT entry is an upper bound from at least this depth
	// is likely to fail low again: its late moves keep their reduction
	// (Params.TTPv).
	likelyFailLow := pvNode && ttMove != position.MoveNone && hit && te.bound&BoundUpper != 0 && te.depth >= depth
	hist := &w.hist.butterfly[us]
	majors := w.prm.PruneMaterial == 0 || pos.HasMajorMaterial(us) // asked once: the loop undoes its moves
	for {
		m := w.nextMove(mp, us)
		if m == position.MoveNone {
			break
		}
		if m == excluded || !pos.Legal(m) {
			continue
		}
		moveCount++
		fr.moveCount = moveCount
		quiet := mp.quietStage
		newDepth := depth - 1

		// Step 10. Shallow-depth pruning, once a move has saved us from being
		// mated: late quiet moves, quiets that cannot lift the static eval
		// to alpha, and moves losing material by SEE. Checking moves are
		// kept (they may mate); GivesCheck is asked only of prune candidates.
		if w.prunable(bestValue, majors) {
			if quiet {
				lmrDepth := max(newDepth-w.reduction(depth, moveCount), 0)
				futility := w.prm.FutilityBase + w.prm.FutilityPerDepth*lmrDepth
				contHist := 0
				if w.prm.HistPruneMargin != 0 || w.prm.FutilityHistDiv != 0 {
					mpc, mto := pos.MovedPiece(m), w.rules.to(m)
					contHist = int(cont1[mpc][mto]) + int(cont2[mpc][mto])
					if cont4 != nil {
						contHist += int(cont4[mpc][mto])
					}
					if d := w.prm.FutilityHistDiv; d != 0 {
						futility += (2*int(hist[m.ButterflyIndex()]) + contHist) / d
					}
				}
				if !inCheck && moveCount >= w.lmpCount(depth, improving) {
					if !pos.GivesCheck(m) {
						continue
					}
				} else if hm := w.prm.HistPruneMargin; hm != 0 && lmrDepth < w.prm.HistPruneMaxDepth && contHist < -hm*(depth-1) && !pos.GivesCheck(m) {
					continue
				} else if !inCheck && lmrDepth < w.prm.FutilityMaxDepth && staticEval+position.Value(futility) <= alpha && !pos.GivesCheck(m) {
					continue
				} else if lmrDepth < w.prm.FutilityMaxDepth && !pos.SEE(m, position.Value(-w.prm.SEEQuietMargin*lmrDepth*lmrDepth)) && !pos.GivesCheck(m) {
					continue
				}
			} else if mp.stage == stBadCaptures && depth < w.prm.SEECaptureDepth && !pos.SEE(m, position.Value(-w.prm.SEECaptureMargin*depth)) && !pos.GivesCheck(m) {
				continue
			}
		}

		// A check that loses material by SEE is not extended (a quiet move or
		// a losing capture; winning captures passed SEE in the picker).
		safeCheck := true
		if quiet || mp.stage == stBadCaptures {
			safeCheck = !pos.GivesCheck(m) || pos.SEE(m, 0)
		}

		fr.move = m
		child := w.doMove(m, ply)
		w.stack[ply+1].pvLen = 0
		givesCheck := child.InCheck
		pc, to := child.Dirty.Pieces[0].Piece, w.rules.to(m)
		fr.cont = &w.hist.cont[pc][to]

		// Step 11. Extensions: the singular extension's verdict for the TT
		// move, else a check extension (bounded so checks cannot run away
		// with the depth, and from Params.CheckExtMinDepth on).
		ext := 0
		if m == ttMove && ttExt != 0 {
			ext = ttExt
		} else if givesCheck && safeCheck && ply < 2*w.rootDepth && depth >= w.prm.CheckExtMinDepth {
			ext = 1
		}
		newDepth += ext
		w.stack[ply+1].doubleExts = fr.doubleExts + b2i(ext >= 2)

		// Step 12. Late move reductions, then the PVS re-searches.
		var v position.Value
		if w.reducible(depth, moveCount, ply, pvNode, cutNode, ttPv, quiet) {
			in := lmrIn{
				depth: depth, moveCount: moveCount,
				pvNode: pvNode, cutNode: cutNode, improving: improving, givesCheck: givesCheck,
				childCutoffs: w.stack[ply+1].cutoffCnt, ttCapture: ttCapture, ttPv: ttPv && !likelyFailLow,
				quiet: quiet, singularLess: singularLess,
			}
			if w.prm.LMRParentMoves > 0 { // read only where it counts, as before lmrReduction
				in.parentMoves = w.stack[ply-1].moveCount
			}
			if quiet {
				in.killer = m == fr.killers[0] || m == fr.killers[1]
				in.stat = int(hist[m.ButterflyIndex()]) + int(cont1[pc][to]) + int(cont2[pc][to])
				if cont4 != nil {
					in.stat += int(cont4[pc][to])
				}
			}
			r := w.lmrReduction(&in)
			d := w.lmrDepth(newDepth, r)
			w.stack[ply+1].reduction = newDepth - d
			v = -w.search(-alpha-1, -alpha, d, ply+1, false, true)
			w.stack[ply+1].reduction = 0
			if v > alpha && d < newDepth {
				if b := w.prm.LMRDeeperBase; b > 0 {
					if v > bestValue+position.Value(b+w.prm.LMRDeeperPerDepth*newDepth) {
						newDepth++
					} else if v < bestValue+position.Value(newDepth/2) {
						newDepth--
					}
				}
				if newDepth > d {
					v = -w.search(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
				}
				if w.prm.PostLMRBonus != 0 && !w.abort {
					w.postLMRHistory(ply, pc, to, newDepth, v > alpha, quiet)
				}
			}
		} else if !pvNode || moveCount > 1 {
			v = -w.search(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
		}
		if pvNode && (moveCount == 1 || v > alpha && v < beta) {
			v = -w.search(-beta, -alpha, newDepth, ply+1, true, false)
		}
		w.undoMove(m)
		if w.abort {
			return 0
		}

		if v > bestValue {
			bestValue = v
			if v > alpha {
				bestMove = m
				bestQuiet = quiet
				bestPc = pc
				if pvNode {
					child := &w.stack[ply+1]
					fr.pv[0] = m
					fr.pvLen = 1 + copy(fr.pv[1:], child.pv[:child.pvLen])
				}
				if v >= beta {
					fr.cutoffCnt += 1 + b2i(ttMove == position.MoveNone)
					break
				}
				alpha = v
			}
		}
		if m != bestMove && quiet && fr.nQuiets < len(fr.quiets) {
			fr.quiets[fr.nQuiets] = m
			fr.quietPcs[fr.nQuiets] = pc
			fr.nQuiets++
		} else if m != bestMove && !quiet && w.prm.CaptureHistDiv != 0 && fr.nCaptures < len(fr.captures) {
			fr.captures[fr.nCaptures] = m
			fr.nCaptures++
		}
	}

	// Step 13. No legal move: mate, or stalemate (a loss in xiangqi, a draw
	// in chess); in a singular search, only the excluded move (fail low).
	if moveCount == 0 {
		if excluded != position.MoveNone {
			return alpha
		}
		if inCheck || w.rules.NoMovesIsLoss {
			return position.MatedIn(ply)
		}
		return position.ValueDraw
	}

	// Step 14. The best move's history updates (cutStats): after a cutoff,
	// with Params.PVBestStats also after an exact score.
	if w.updatesStats(bestValue, beta, bestMove, bestQuiet) {
		w.cutStats(ply, depth, bestMove, bestPc, bestQuiet, bestValue-beta)
	}

	// Step 15. Store the result (not of a singular search: a move was left
	// out), with the raw static eval, and move the correction history
	// towards the search's verdict where it says the static eval was off:
	// not in check, not when a capture was best (the gap is material, not
	// a misjudged position), not from a won or lost score (a mating line
	// says nothing about the pawn structure and would move the entries by
	// the most a bonus can), and only in the direction the bound proves
	// (Stockfish's condition).
	if excluded != position.MoveNone {
		return bestValue
	}
	if margin := w.prm.PriorFailLowMargin; margin > 0 && bestMove == position.MoveNone &&
		st.Move != position.MoveNone && st.Move != position.MoveNull && st.Captured == position.NoPiece {
		if depth >= 5 || pvNode {
			deep := bestValue < alpha-position.Value(margin*depth)
			w.priorContHistory(ply, w.statBonus(depth)*(1+b2i(pvNode || cutNode || deep)))
		}
	}
	bound := BoundUpper
	if bestValue >= beta {
		bound = BoundLower
	} else if pvNode && bestMove != position.MoveNone {
		bound = BoundExact
	}
	if bestValue <= alpha && !ttPv && ply > 0 && depth > 3 && w.stack[ply-1].ttPv {
		ttPv = true // a fail low below a PV node keeps its parent's flag
		fr.ttPv = true
	}
	w.tt.store(key, bestMove, valueToTT(bestValue, ply), rawEval, depth, bound, ttPv)
	if w.prm.CorrectionDiv != 0 && !inCheck && (bestMove == position.MoveNone || bestQuiet) &&
		bestValue > -position.ValueKnownWin && bestValue < position.ValueKnownWin &&
		(bestValue < staticEval && bestValue < beta || bestValue > staticEval && bestMove != position.MoveNone) {
		w.updateCorrection(ply, us, bestValue, staticEval, depth)
	}
	return bestValue
}

// qsearch resolves captures (the evasions when in check, the quiet ones
// up to Params.QSEvasions) until the position is quiet. depth is 0 at the
// first quiescence ply (called by a main-search node of depth 0 or less)
// and falls by one a ply below it.
func (w *Worker[T, P]) qsearch(alpha, beta position.Value, depth, ply int, pvNode bool) position.Value {
	if w.countNode() {
		return 0
	}
	pos := P(&w.pos)
	st := &w.states[ply]
	fr := &w.stack[ply]
	if pvNode {
		fr.pvLen = 0
		w.selDepth = max(w.selDepth, ply)
	}
	// Step 1. Rule verdicts (repetition, perpetual check or chase, move
	// rules) and the ply limit.
	inCheck := st.InCheck
	v0, decided, repeated := pos.RuleVerdictRepeated(ply)
	if decided {
		return v0
	}
	if ply >= position.MaxPly-1 {
		if inCheck {
			return position.ValueDraw
		}
		return w.evaluate()
	}
	if w.prm.UpcomingRepetition != 0 && alpha < position.ValueDraw && pos.UpcomingRepetition(ply) {
		alpha = position.ValueDraw
		if alpha >= beta {
			return alpha
		}
	}

	// Step 2. Transposition table: a usable bound cuts at once. With
	// Params.QSChecks a node that searches quiet checks (depth 0, or in
	// check) stores and trusts entries of depth 0 only, so that a bound
	// found without the checks does not stand in for one with them
	// (Stockfish's DEPTH_QS_CHECKS and DEPTH_QS_NO_CHECKS); otherwise
	// every quiescence entry is of depth −1 and any bound cuts.
	qsDepth := -1
	if w.prm.QSChecks != 0 && (inCheck || depth >= 0) {
		qsDepth = 0
	}
	key := w.ttKey(st, repeated)
	te, hit := w.tt.probe(key)
	pvHit := hit && te.pv // the entry keeps its PV flag (Params.TTPv)
	ttMove := position.MoveNone
	ttValue := valueNone
	if hit {
		ttMove = te.move
		ttValue = valueFromTT(te.value, ply)
		if !pvNode && te.depth >= qsDepth && te.bound&boundFor(ttValue >= beta) != 0 {
			return ttValue
		}
	}

	// Step 3. Static evaluation and stand pat (not in check: the side to
	// move may decline every capture).
	var bestValue, rawEval, staticEval, futilityBase position.Value
	us := w.sideAt(ply)
	if inCheck {
		bestValue, rawEval, staticEval, futilityBase = -valueInf, valueNone, valueNone, -valueInf
	} else {
		if hit && te.eval != valueNone {
			rawEval = te.eval
		} else {
			rawEval = w.evaluate()
		}
		staticEval = w.corrected(rawEval, ply, us)
		bestValue = staticEval
		if hit && te.bound&boundFor(ttValue > bestValue) != 0 {
			bestValue = ttValue
		}
		// Stand pat.
		if bestValue >= beta {
			bestValue = w.dampFailHigh(bestValue, beta)
			if !hit || te.bound == BoundNone {
				w.tt.store(key, position.MoveNone, valueToTT(bestValue, ply), rawEval, qsDepth, BoundLower, pvHit)
			}
			return bestValue
		}
		alpha = max(alpha, bestValue)
		futilityBase = bestValue + position.Value(w.prm.QSFutilityMargin)
	}

	// Step 4. The moves: every evasion in check (the quiet ones up to
	// Params.QSEvasions), else captures (and promotions) that survive
	// delta pruning and SEE, and at the first ply (depth 0) with
	// Params.QSChecks the quiet checks that pass SEE.
	mp := &w.pickers[ply]
	if inCheck {
		mp.initEvasion(ttMove, w.contAt(ply-1), w.contAt(ply-2))
	} else {
		mp.initQsearch(ttMove, qsDepth == 0) // not in check here: 0 means checks
	}
	bestMove := position.MoveNone
	moveCount := 0
	quietEvasions := 0 // quiet evasions searched (Params.QSEvasions)
	for {
		m := w.nextMove(mp, us)
		if m == position.MoveNone {
			break
		}
		if !pos.Legal(m) {
			continue
		}
		if inCheck && w.prm.QSEvasions != 0 && !pos.IsCapture(m) { // the captures come first
			if w.qsEvasionsDone(quietEvasions, bestValue) {
				break
			}
			quietEvasions++
		}
		moveCount++
		if !inCheck {
			if w.qsMoveCountPrunes(m, moveCount, bestValue, st.Move) {
				continue
			}
			// Delta pruning: even winning the victim for free cannot reach
			// alpha. Not from a known loss (Stockfish's guard): a bare king
			// that takes the last attacker undoes it (Params.EndgameEval);
			// with Params.QSDeltaExempt not a check, a recapture or a
			// promotion either.
			if victim := pos.PieceOn(w.rules.to(m)); victim != position.NoPiece && futilityBase > -position.ValueKnownWin &&
				futilityBase+w.rules.PieceValue[victim.Type()] <= alpha && !w.qsDeltaExempt(m, st.Move) {
				bestValue = max(bestValue, futilityBase+w.rules.PieceValue[victim.Type()])
				continue
			}
			if !pos.SEE(m, 0) {
				continue
			}
		}
		child := w.doMove(m, ply)
		fr.cont = &w.hist.cont[child.Dirty.Pieces[0].Piece][w.rules.to(m)]
		v := -w.qsearch(-beta, -alpha, depth-1, ply+1, pvNode)
		w.undoMove(m)
		if w.abort {
			return 0
		}
		if v > bestValue {
			bestValue = v
			if v > alpha {
				bestMove = m
				if pvNode {
					child := &w.stack[ply+1]
					fr.pv[0] = m
					fr.pvLen = 1 + copy(fr.pv[1:], child.pv[:child.pvLen])
				}
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	// Step 5. Checkmate, and the result into the table.
	if inCheck && moveCount == 0 {
		return position.MatedIn(ply)
	}
	bound := BoundUpper
	if bestValue >= beta {
		bound = BoundLower
		bestValue = w.dampFailHigh(bestValue, beta)
	} else if pvNode && bestMove != position.MoveNone {
		bound = BoundExact
	}
	w.tt.store(key, bestMove, valueToTT(bestValue, ply), rawEval, qsDepth, bound, pvHit)
	return bestValue
}

// qsEvasionsDone reports whether a quiescence node in check that has
// searched the given number of quiet evasions, with the best value
// bestValue so far, stops before its next quiet evasion
// (Params.QSEvasions): once QSEvasions of them are searched and the node
// is no longer mated.
func (w *Worker[T, P]) qsEvasionsDone(searched int, bestValue position.Value) bool {
	n := w.prm.QSEvasions
	return n > 0 && searched >= n && bestValue > -mateBound
}

// qsMoveCountPrunes reports whether the quiescence search (not in check)
// skips m, its moveCount-th legal move, by move-count pruning
// (Params.QSMoveCount): past the first QSMoveCount moves, once bestValue
// is above a known loss, a capture is skipped unless it recaptures on the
// destination of last (the move that led here; none after a null move),
// promotes or gives check.
func (w *Worker[T, P]) qsMoveCountPrunes(m position.Move, moveCount int, bestValue position.Value, last position.Move) bool {
	mc := w.prm.QSMoveCount
	if mc == 0 || moveCount <= mc || bestValue <= -position.ValueKnownWin {
		return false
	}
	if P(&w.pos).PieceOn(w.rules.to(m)) == position.NoPiece {
		return false
	}
	return !w.qsSpared(m, last)
}

// qsSpared reports whether a capture m, made after the move last, is one
// the quiescence search's prunings spare as Stockfish's do: a promotion,
// a recapture on the square of the last move (not after a null move), or
// a check. GivesCheck is asked last, as it costs most.
func (w *Worker[T, P]) qsSpared(m, last position.Move) bool {
	if w.rules.isPromotion(m) {
		return true
	}
	if last != position.MoveNone && last != position.MoveNull && w.rules.to(m) == w.rules.to(last) {
		return true
	}
	return P(&w.pos).GivesCheck(m)
}

// drawValue returns a rule verdict v of the main search: with
// Params.DrawJitter a draw scores −1 or +1 by the node count's second bit
// (Stockfish's value_draw, against three-fold blindness: a drawn line is
// not worth exactly the same everywhere, so the search keeps looking for
// a better one), anything else as it is.
func (w *Worker[T, P]) drawValue(v position.Value) position.Value {
	if v != position.ValueDraw || w.prm.DrawJitter == 0 {
		return v
	}
	return position.ValueDraw - 1 + position.Value(w.nodes&2)
}

// qsDeltaExempt reports whether a capture m, which delta pruning would
// skip, is searched all the same (Params.QSDeltaExempt): one qsSpared
// spares (Stockfish's quiescence futility skips none of them). Asked only
// of prune candidates; false with the switch off.
func (w *Worker[T, P]) qsDeltaExempt(m, last position.Move) bool {
	return w.prm.QSDeltaExempt != 0 && w.qsSpared(m, last)
}

// dampFailHigh returns a quiescence search's fail-high value v (≥ beta):
// with Params.QSFailHighDamp the average of v and beta, unless v is a
// known win (a mate must come back whole) or beta a known loss (the
// average would be a made-up one); else v. Either lies in
// [beta, v], so a lower bound stored from it stays true.
func (w *Worker[T, P]) dampFailHigh(v, beta position.Value) position.Value {
	if w.prm.QSFailHighDamp == 0 || v >= position.ValueKnownWin || beta <= -position.ValueKnownWin {
		return v
	}
	return beta + (v-beta)/2
}

// boundFor returns the bound that makes a TT value usable: a lower bound
// when the value is high (fail-high side), an upper bound otherwise.
func boundFor(high bool) Bound {
	if high {
		return BoundLower
	}
	return BoundUpper
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// probCut tries the captures of the node at ply that win at least
// pcBeta − staticEval by SEE, each with a quiescence search against pcBeta
// and, if that holds, a search at depth − 4 (Params.ProbCutMargin). It
// returns the first value that holds with its move, or MoveNone (and
// w.abort may be set). It uses the ply's picker and frame before the move
// loop does.
func (w *Worker[T, P]) probCut(ply, depth int, pcBeta, staticEval position.Value, ttMove position.Move, cutNode bool) (position.Value, position.Move) {
	pos := P(&w.pos)
	fr := &w.stack[ply]
	us := w.sideAt(ply)
	mp := &w.pickers[ply]
	mp.initQsearch(ttMove, false)
	for {
		m := w.nextMove(mp, us)
		if m == position.MoveNone {
			return 0, position.MoveNone
		}
		if !pos.SEE(m, pcBeta-staticEval) || !pos.Legal(m) {
			continue
		}
		fr.move = m
		child := w.doMove(m, ply)
		w.stack[ply+1].pvLen = 0
		fr.cont = &w.hist.cont[child.Dirty.Pieces[0].Piece][w.rules.to(m)]
		w.stack[ply+1].doubleExts = fr.doubleExts
		v := -w.qsearch(-pcBeta, -pcBeta+1, 0, ply+1, false)
		if v >= pcBeta && !w.abort {
			v = -w.search(-pcBeta, -pcBeta+1, depth-4, ply+1, false, !cutNode)
		}
		w.undoMove(m)
		if w.abort {
			return 0, position.MoveNone
		}
		if v >= pcBeta {
			return v, m
		}
	}
}

// ttCutHistory updates the move ordering at a TT cutoff of the node at ply
// (Params.TTCutHistory): failHigh says the TT value reached beta.
func (w *Worker[T, P]) ttCutHistory(ply, depth int, ttMove position.Move, failHigh bool) {
	pos := P(&w.pos)
	st := &w.states[ply]
	quiet := pos.PseudoLegal(ttMove) && !pos.CaptureStage(ttMove)
	bonus := w.statBonus(depth)
	if failHigh {
		if quiet {
			w.quietCutStats(ply, ttMove, pos.MovedPiece(ttMove), bonus)
		}
		if w.stack[ply-1].moveCount <= 2 && st.Move != position.MoveNone && st.Move != position.MoveNull && st.Captured == position.NoPiece {
			w.priorContHistory(ply, -w.statBonus(depth+1))
		}
	} else if quiet {
		w.quietHistory(ply, ttMove, pos.MovedPiece(ttMove), -bonus)
	}
}

// quietHistory adds bonus to the history of the quiet move m of piece pc
// at ply: its butterfly entry, its entries in the continuation tables of
// the two moves before it (and of the moves four and six plies back,
// Params.ContHistDeep) and, near the root, its low-ply entry.
func (w *Worker[T, P]) quietHistory(ply int, m position.Move, pc position.Piece, bonus int) {
	to := w.rules.to(m)
	gravity(&w.hist.butterfly[w.sideAt(ply)][m.ButterflyIndex()], bonus)
	w.contHistory(ply, pc, to, bonus)
	if w.prm.LowPlyHistory != 0 && ply < lowPlySize {
		gravity(&w.hist.lowPly[ply][m.ButterflyIndex()], bonus)
	}
}

// quietCutStats rewards the quiet move m (of piece pc) that cut off at ply
// with bonus (quietHistory) and makes it the ply's first killer and the
// counter move of the move before it.
func (w *Worker[T, P]) quietCutStats(ply int, m position.Move, pc position.Piece, bonus int) {
	w.quietHistory(ply, m, pc, bonus)
	fr := &w.stack[ply]
	if fr.killers[0] != m {
		fr.killers[1] = fr.killers[0]
		fr.killers[0] = m
	}
	if prev := w.states[ply].Move; prev != position.MoveNone && prev != position.MoveNull {
		w.hist.counter[w.sideAt(ply)][prev.ButterflyIndex()] = m
	}
}

// priorContHistory adds bonus to the continuation history of the move that
// led to the node at ply (the tables of the two moves before it). The
// caller makes sure it was a move, not a null move.
func (w *Worker[T, P]) priorContHistory(ply, bonus int) {
	st := &w.states[ply]
	w.contHistory(ply-1, st.Dirty.Pieces[0].Piece, w.rules.to(st.Move), bonus)
}

// contHistory adds bonus to the continuation-history entries of a move of
// piece pc to square to made at ply: in the tables of the moves one and two
// plies before it (with Params.ContHistIsOK only where those were moves,
// as for the deeper tables) and, with Params.ContHistDeep, four (and at 2 six) plies
// before it unless the node at ply is in check (Stockfish 15.1's
// update_continuation_histories: the moves before a check are not what the
// reply answers).
func (w *Worker[T, P]) contHistory(ply int, pc position.Piece, to position.Square, bonus int) {
	if w.prm.ContHistIsOK != 0 {
		if c := w.deepCont(ply - 1); c != nil {
			gravity(&c[pc][to], bonus)
		}
		if c := w.deepCont(ply - 2); c != nil {
			gravity(&c[pc][to], bonus)
		}
	} else {
		gravity(&w.contAt(ply - 1)[pc][to], bonus)
		gravity(&w.contAt(ply - 2)[pc][to], bonus)
	}
	if d := w.prm.ContHistDeep; d != 0 && !w.states[ply].InCheck {
		if c := w.deepCont(ply - 4); c != nil {
			gravity(&c[pc][to], bonus)
		}
		if d >= 2 {
			if c := w.deepCont(ply - 6); c != nil {
				gravity(&c[pc][to], bonus)
			}
		}
	}
}

// cutStats rewards the best move m (of piece pc) at ply, a node of depth,
// that cut off by over beta (≥ 0) or, with Params.PVBestStats, raised
// alpha only (over < 0), and punishes the other moves searched there
// that were never best when searched: a quiet m gains the quiet bonus (one
// ply deeper when over exceeds Params.HistBigCutMargin) and those quiets
// lose it; with Params.CaptureHistDiv a capture m gains the capture
// history bonus of depth+1, and those captures (recorded only with the
// switch on) lose it whatever m is (Stockfish 15.1's update_all_stats).
func (w *Worker[T, P]) cutStats(ply, depth int, m position.Move, pc position.Piece, quiet bool, over position.Value) {
	fr := &w.stack[ply]
	if quiet {
		bd := depth
		if hm := w.prm.HistBigCutMargin; hm > 0 && over > position.Value(hm) {
			bd++
		}
		bonus := w.statBonus(bd)
		w.quietCutStats(ply, m, pc, bonus)
		for i := 0; i < fr.nQuiets; i++ {
			w.quietHistory(ply, fr.quiets[i], fr.quietPcs[i], -bonus)
		}
	}
	if w.prm.CaptureHistDiv == 0 {
		return
	}
	bonus := w.statBonus(depth + 1)
	if !quiet {
		w.captureHistory(m, bonus)
	}
	for i := 0; i < fr.nCaptures; i++ {
		w.captureHistory(fr.captures[i], -bonus)
	}
}

// updatesStats reports whether a node's move loop ends in the history
// updates (cutStats): where its best move cut off, a quiet move, or any
// move with Params.CaptureHistDiv; with Params.PVBestStats also where the
// best move only raised alpha (a PV node's exact score: Stockfish's
// update_all_stats runs wherever a best move exists).
func (w *Worker[T, P]) updatesStats(bestValue, beta position.Value, bestMove position.Move, bestQuiet bool) bool {
	if bestMove == position.MoveNone || !bestQuiet && w.prm.CaptureHistDiv == 0 {
		return false
	}
	return bestValue >= beta || w.prm.PVBestStats != 0
}

// singularVerdict turns the singular search's value v (against
// singularBeta) into the TT move's extension: 1 when every other move
// fails low, 2 when far below at a non-PV node with double extensions
// left; cut (multi-cut) when v alone reaches beta; else a negative
// extension, −SENegExt (Params.SENegExt, else −1) when the TT value
// reaches beta, −1 at a cut node, 0 otherwise.
func (w *Worker[T, P]) singularVerdict(v, singularBeta, beta, ttValue position.Value, pvNode, cutNode bool, doubleExts int) (ext int, cut bool) {
	switch {
	case v < singularBeta:
		if !pvNode && v < singularBeta-position.Value(w.prm.SEDoubleMargin) && doubleExts < w.prm.SEMaxDoubleExts {
			return 2, false
		}
		return 1, false
	case v >= beta && v < position.ValueKnownWin:
		return 0, true
	case ttValue >= beta && w.prm.SENegExt != 0:
		return -w.prm.SENegExt, false
	case ttValue >= beta || cutNode:
		return -1, false
	}
	return 0, false
}

// iirDepth is the depth of a node without a TT move after Stockfish
// 16's internal iterative reduction (Params.IIRStrong): a PV node loses
// 2 plies, 4 when its TT entry (deep is true) was searched at least as
// deep, but keeps at least one (Stockfish drops into the quiescence
// search there, which cuts the mating move off the PV of a quiet mate);
// a cut node from depth 8 on loses 2; a node in check loses nothing.
func (w *Worker[T, P]) iirDepth(depth int, pvNode, cutNode, inCheck, deep bool) int {
	if inCheck {
		return depth
	}
	if pvNode {
		return max(depth-2-2*b2i(deep), min(depth, 1))
	}
	if cutNode && depth >= 8 {
		return depth - 2
	}
	return depth
}

// nodeTypeReduction is the part of a late move's reduction, in plies, that
// the node's type gives, in two shares: base, which a capture's halving
// scales, one ply less at a PV node and one more at an expected cut node;
// extra, which every reduced move takes whole, Params.LMRPVDepth/(3 +
// depth) less again at a PV node and Params.LMRCutNodeExtra more again at a
// cut node (Stockfish 15.1's −1 − 11/(3 + depth) and +2, with nothing
// halved there); both 0 at an all node.
func (w *Worker[T, P]) nodeTypeReduction(depth int, pvNode, cutNode bool) (base, extra int) {
	switch {
	case pvNode:
		return -1, -w.prm.LMRPVDepth / (3 + depth)
	case cutNode:
		return 1, w.prm.LMRCutNodeExtra
	}
	return 0, 0
}

// lmrIn are what a late move's reduction depends on besides the
// constants (lmrReduction).
type lmrIn struct {
	depth, moveCount                       int
	pvNode, cutNode, improving, givesCheck bool
	childCutoffs                           int  // the child's cutoff count so far (Stockfish's (ss+1)->cutoffCnt)
	ttCapture                              bool // the TT move is a capture and Params.LMRTTCapture is set
	ttPv                                   bool // the PV flag, at a node not likely to fail low
	parentMoves                            int  // the parent's move count (Params.LMRParentMoves)
	quiet, killer                          bool
	stat                                   int // a quiet move's butterfly plus continuation histories
	singularLess                           int // plies less after a quiet singular TT move (singularQuietReduction)
}

// lmrReduction is a late move's reduction in plies (it may be negative:
// the caller clamps the depth): the table's, the node type's base share,
// one more when not improving and when the child failed high more than
// three times, one less for a check, Params.LMRTTCapture more after a
// capturing TT move, Params.TTPvLMR less with the PV flag, one less after
// a parent with many moves (Params.LMRParentMoves); then a quiet move one
// less as a killer and its history over Params.LMRHistoryDiv less, a
// capture half of it all; then, for every move whole, the node type's
// extra share and the singular quiet's plies less.
func (w *Worker[T, P]) lmrReduction(in *lmrIn) int {
	r := w.reduction(in.depth, in.moveCount)
	base, extra := w.nodeTypeReduction(in.depth, in.pvNode, in.cutNode)
	r += base
	if !in.improving {
		r++
	}
	if in.givesCheck {
		r--
	}
	if in.childCutoffs > 3 {
		r++
	}
	if in.ttCapture {
		r += w.prm.LMRTTCapture
	}
	if in.ttPv {
		r -= w.prm.TTPvLMR
	}
	if pm := w.prm.LMRParentMoves; pm > 0 && in.parentMoves > pm {
		r--
	}
	if in.quiet {
		if in.killer {
			r--
		}
		r -= in.stat / w.prm.LMRHistoryDiv
	} else {
		r /= 2
	}
	return r + extra - in.singularLess
}

// reducible reports whether the move moveCount at a node of depth gets a
// late-move reduction: from the second move (from the third at a PV
// node; with Params.LMRPVSecond only at ply ≤ 1), a quiet move anywhere,
// a capture at a cut node, and with Params.LMRCaptures also at a non-PV
// node without the PV flag.
func (w *Worker[T, P]) reducible(depth, moveCount, ply int, pvNode, cutNode, ttPv, quiet bool) bool {
	spared := pvNode && (w.prm.LMRPVSecond == 0 || ply <= 1)
	return depth >= 2 && moveCount > 1+b2i(spared) && (quiet || cutNode || w.prm.LMRCaptures != 0 && !pvNode && !ttPv)
}

// lmrDepth is the depth a late move is searched to with reduction r:
// newDepth − r clamped to [1, newDepth], or to [1, newDepth + 1] with
// Params.LMRExtend (Stockfish's clamp, which lets a negative reduction
// extend by a ply).
func (w *Worker[T, P]) lmrDepth(newDepth, r int) int {
	return max(min(newDepth-r, newDepth+w.prm.LMRExtend), 1)
}

// prunable reports whether the shallow-depth pruning of the move loop may
// skip moves at a node whose best score so far is bestValue: once a move
// has saved the side to move from being mated, and with
// Params.PruneMaterial only where it has major material (majors:
// position.Game.HasMajorMaterial).
func (w *Worker[T, P]) prunable(bestValue position.Value, majors bool) bool {
	return bestValue > -mateBound && (w.prm.PruneMaterial == 0 || majors)
}

// rootResearch reports whether a root move after the first, whose
// zero-window search returned v, is searched again with the full window
// (alpha, beta): when it beats alpha, below beta only unless
// Params.RootFullResearch is set.
func (w *Worker[T, P]) rootResearch(v, alpha, beta position.Value) bool {
	return v > alpha && (v < beta || w.prm.RootFullResearch != 0)
}

// postLMRHistory moves the continuation history of the move of piece pc
// to square to, made from ply, after its reduced search failed high and
// the move was searched again to newDepth (Params.PostLMRBonus): by the
// history bonus of newDepth, up if the move still beats alpha (stillGood),
// down if not, a sixth of it for a capture.
func (w *Worker[T, P]) postLMRHistory(ply int, pc position.Piece, to position.Square, newDepth int, stillGood, quiet bool) {
	bonus := w.statBonus(newDepth)
	if !stillGood {
		bonus = -bonus
	}
	if !quiet {
		bonus /= 6
	}
	w.contHistory(ply, pc, to, bonus)
}

// deepCont returns the continuation-history table of the move made from
// ply for the deeper tables of Params.ContHistDeep, or nil before the root
// or after a null move: those would all be the shared table
// hist.cont[0][0], which Stockfish never updates (update_continuation_
// histories skips a move that is not is_ok) and which would otherwise be
// read and written up to three times by one move near the root.
func (w *Worker[T, P]) deepCont(ply int) *pieceToHistory {
	if ply < 0 || w.stack[ply].move == position.MoveNull {
		return nil
	}
	return w.stack[ply].cont
}
