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
	el := s.elapsed()
	if s.lim.MoveTime > 0 {
		return el >= s.tm.maximum
	}
	// Stockfish's iteration check (src/search.cpp, Stockfish 16), with its
	// score terms doubled for centipawns: spend more when the score falls
	// against the previous move's and the last iterations', less when the
	// best move has been stable for many depths, more when it keeps
	// changing, and less when the best move took almost all the nodes.
	best := w.bestScore
	prev, old := s.prevScore(), w.iterValue[w.iterIdx]
	if prev == valueNone {
		prev = best
	}
	if old == valueNone {
		old = best
	}
	fallingEval := (66 + 28*float64(prev-best) + 12*float64(old-best)) / 616.6
	fallingEval = min(max(fallingEval, 0.51), 1.51)
	timeReduction := 0.69
	if w.lastBestMoveDepth+8 < w.completedDepth {
		timeReduction = 1.56
	}
	reduction := (1.4 + s.prevTimeReduction) / (2.03 * timeReduction)
	s.prevTimeReduction = timeReduction
	instability := 1 + 1.79*w.totBestMoveChanges
	effort := 1.0
	if nodes := w.nodes; nodes > 0 && float64(w.rootMoves[0].effort)*100/float64(nodes) >= 93.34 {
		effort = 0.76
	}
	total := float64(s.tm.optimum) * fallingEval * reduction * instability * effort
	if w.nRoot == 1 {
		total = min(total, float64(500*time.Millisecond))
	}
	w.iterValue[w.iterIdx] = best
	w.iterIdx = (w.iterIdx + 1) & 3
	return float64(el) > total
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
