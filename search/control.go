// When the main thread stops: hard limits every 256 nodes, soft limits after each iteration.
package search

import (
	"time"

	"dualnnue/position"
)

// checkLimits runs on the main thread every 256 nodes: it stops all
// threads at the hard time limit (never before depth 1 is complete, so there
// is always a searched move) and at the hard node limit over all threads.
func (s *Searcher[T, P]) checkLimits(w *Worker[T, P]) {
	if s.lim.Nodes > 0 && len(s.workers) > 1 && s.totalNodes() >= s.lim.Nodes {
		s.stop.Store(true)
		w.abort = true
		return
	}
	if !s.tm.enabled || s.ponder.Load() || w.completedDepth < 1 {
		return
	}
	if s.elapsed() >= s.tm.maximum {
		s.stop.Store(true)
		w.abort = true
	}
}

// iterationDone runs on the main thread after each completed iteration and
// reports whether to stop iterating.
func (s *Searcher[T, P]) iterationDone(w *Worker[T, P]) bool {
	w.published.Store(w.nodes)
	if s.stop.Load() {
		return true
	}
	if s.lim.SoftNodes > 0 && s.totalNodes() >= s.lim.SoftNodes {
		return true
	}
	// A mate found with depth to spare will not change.
	if sc := w.bestScore; sc >= mateBound || sc <= -mateBound {
		matePlies := int(position.ValueMate - sc)
		if sc < 0 {
			matePlies = int(position.ValueMate + sc)
		}
		if w.completedDepth >= 2*matePlies+4 && !s.lim.Infinite && s.lim.Depth == 0 && s.lim.Nodes == 0 && s.lim.SoftNodes == 0 {
			return true
		}
	}
	if !s.tm.enabled || s.ponder.Load() {
		return false
	}
	if w.nRoot == 1 && w.completedDepth >= 4 {
		return true // the only move: answer quickly
	}
	// Spend more time when the best move keeps changing, less when it is stable.
	scale := 0.6 + 0.25*float64(min(w.bestChanges, 4))
	if w.completedDepth < 6 {
		scale = max(scale, 1)
	}
	limit := time.Duration(float64(s.tm.optimum) * scale)
	if s.lim.MoveTime > 0 {
		limit = s.tm.maximum
	}
	// The next iteration takes longer than all before it: do not start one
	// that cannot finish.
	el := s.elapsed()
	return el >= limit || (s.lim.MoveTime == 0 && el >= s.tm.maximum/2)
}

// result builds the Result of the main worker.
func (s *Searcher[T, P]) result(w *Worker[T, P]) Result {
	rm := &w.rootMoves[0]
	r := Result{
		BestMove: rm.move,
		Score:    rm.latestScore(),
		Depth:    w.completedDepth,
		SelDepth: rm.selDepth,
		Nodes:    s.totalNodes(),
		Time:     time.Since(s.searchStart),
	}
	if r.Score == -valueInf {
		r.Score = valueNone
	}
	r.Lines = make([]Line, w.multiPV)
	for i := range r.Lines {
		x := &w.rootMoves[i]
		r.Lines[i] = Line{Score: x.latestScore(), Bound: x.bound, PV: append([]position.Move(nil), x.pv[:x.pvLen]...)}
	}
	r.PV = r.Lines[0].PV
	if len(r.PV) > 1 {
		r.PonderMove = r.PV[1]
	}
	return r
}

// latestScore returns a root move's latest score (the previous iteration's
// if the current one did not reach it).
func (rm *rootMove) latestScore() position.Value {
	if rm.score != -valueInf {
		return rm.score
	}
	return rm.prevScore
}
