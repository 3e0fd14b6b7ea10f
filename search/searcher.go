// The Searcher: options, Lazy SMP threads, the go/stop/ponderhit protocol and results.
package search

import (
	"sync"
	"sync/atomic"
	"time"

	"dualnnue/position"
)

// Options are the engine settings that outlive one search.
type Options struct {
	// Threads is the number of search threads (Lazy SMP), at least 1.
	Threads int
	// HashMiB is the transposition table size in MiB (rounded down to a power of two).
	HashMiB int
	// MultiPV is the default number of principal variations, at least 1.
	MultiPV int
	// MoveOverhead is reserved per move for communication latency.
	MoveOverhead time.Duration
}

// DefaultOptions are 1 thread, 16 MiB, 1 PV, 10 ms overhead (Stockfish's defaults).
var DefaultOptions = Options{Threads: 1, HashMiB: 16, MultiPV: 1, MoveOverhead: 10 * time.Millisecond}

// Info is one line of search progress, passed to the callback of Search
// after each iteration for each PV line (UCI "info depth ... pv ...").
type Info struct {
	Depth, SelDepth int
	MultiPV         int            // 1-based line number
	Score           position.Value // from the side to move's view
	Bound           Bound          // BoundExact, or BoundLower/BoundUpper ("lowerbound"/"upperbound")
	Nodes           uint64         // all threads
	NPS             uint64
	HashFull        int // permille
	Time            time.Duration
	// PV aliases the searcher's memory: valid only during the callback.
	PV []position.Move
}

// Line is one principal variation of a finished search.
type Line struct {
	Score position.Value
	Bound Bound
	PV    []position.Move
}

// Result is the outcome of Search.
type Result struct {
	// BestMove is MoveNone only when the root has no legal move.
	BestMove position.Move
	// PonderMove is the expected reply (PV[1]) or MoveNone.
	PonderMove position.Move
	// Score of BestMove from the side to move's view; with no legal move it
	// is MatedIn(0) (checkmate, or xiangqi stalemate) or ValueDraw (chess stalemate).
	Score position.Value
	// Depth is the last completed iteration (0 if none); SelDepth the deepest ply reached.
	Depth, SelDepth int
	// Nodes over all threads; Time since the search started.
	Nodes uint64
	Time  time.Duration
	// PV is the principal variation starting with BestMove.
	PV []position.Move
	// Lines holds the MultiPV lines, best first (Lines[0].PV == PV).
	Lines []Line
}

// Searcher runs searches of one game with a shared transposition table and
// a pool of workers. Search blocks; Stop and PonderHit may be called from
// other goroutines while it runs. Option setters must not be called during
// a search.
type Searcher[T any, P GamePtr[T]] struct {
	rules   Rules
	newEval func() position.Evaluator[P]
	opts    Options
	params  Params
	tt      *TT
	workers []*Worker[T, P]

	stop   atomic.Bool
	ponder atomic.Bool
	start  atomic.Int64 // time reference (Unix ns): the go, or the ponderhit
	// searchStart is when Search was called (for reported times).
	searchStart time.Time
	signal      chan struct{}

	// Per-search settings, written before the workers start.
	lim       Limits
	tm        timeLimits
	maxDepth  int
	rootSide  position.Color
	info      func(*Info)
	infoBuf   Info
	rootMoves position.MoveList
	searchMu  sync.Mutex
	gamePly   int

	// Carried from search to search for the time manager: the lag the GUI
	// charges, the previous search's score, and the previous iteration
	// check's time reduction.
	lag               lagTracker
	prev              prevSearch
	prevTimeReduction float64
}

// New returns a Searcher for the game described by rules whose threads
// evaluate with evaluators made by newEval (one per thread).
func New[T any, P GamePtr[T]](rules Rules, newEval func() position.Evaluator[P], opts Options) *Searcher[T, P] {
	s := &Searcher[T, P]{rules: rules, newEval: newEval, signal: make(chan struct{}, 1), params: DefaultParams(rules.Variant)}
	s.opts = opts
	s.prevTimeReduction = 1
	if s.opts.Threads < 1 {
		s.opts.Threads = 1
	}
	if s.opts.MultiPV < 1 {
		s.opts.MultiPV = 1
	}
	if s.opts.HashMiB < 1 {
		s.opts.HashMiB = 1
	}
	s.tt = NewTT(s.opts.HashMiB)
	s.SetThreads(s.opts.Threads)
	return s
}

// Options returns the current options.
func (s *Searcher[T, P]) Options() Options { return s.opts }

// SetHash resizes (and clears) the transposition table to mib MiB.
func (s *Searcher[T, P]) SetHash(mib int) {
	s.opts.HashMiB = max(mib, 1)
	s.tt.Resize(s.opts.HashMiB)
}

// SetThreads sets the number of search threads (at least 1).
func (s *Searcher[T, P]) SetThreads(n int) {
	n = max(n, 1)
	s.opts.Threads = n
	for len(s.workers) < n {
		s.workers = append(s.workers, newWorker(s, len(s.workers)))
	}
	s.workers = s.workers[:n]
}

// Params returns the search constants.
func (s *Searcher[T, P]) Params() Params { return s.params }

// SetParam changes one search constant (see ParamSpecs); an unknown name or
// a value outside its range is an error and changes nothing. It must not be
// called during a search.
func (s *Searcher[T, P]) SetParam(name string, value int) error {
	return s.params.Set(name, value)
}

// SetParams replaces all search constants; a value outside its range is an
// error and changes nothing. It must not be called during a search.
func (s *Searcher[T, P]) SetParams(p Params) error {
	q := s.params
	for _, ps := range paramSpecs {
		if err := q.Set(ps.Name, *ps.field(&p)); err != nil {
			return err
		}
	}
	s.params = q
	return nil
}

// SetMultiPV sets the default number of principal variations (at least 1).
func (s *Searcher[T, P]) SetMultiPV(n int) { s.opts.MultiPV = max(n, 1) }

// SetMoveOverhead sets the per-move time reserve.
func (s *Searcher[T, P]) SetMoveOverhead(d time.Duration) { s.opts.MoveOverhead = max(d, 0) }

// Clear empties the transposition table and every thread's move-ordering
// statistics ("ucinewgame", "Clear Hash"), so that a new search depends
// only on its position and limits.
func (s *Searcher[T, P]) Clear() {
	s.tt.Clear()
	s.prev = prevSearch{}
	s.prevTimeReduction = 1
	for _, w := range s.workers {
		w.hist.clear()
		for i := range w.stack {
			w.stack[i].killers = [2]position.Move{}
		}
	}
}

// TT returns the shared transposition table.
func (s *Searcher[T, P]) TT() *TT { return s.tt }

// Stop ends the running search (if any) as soon as possible: every thread
// notices within 256 nodes. Search then returns its best move so far.
func (s *Searcher[T, P]) Stop() {
	s.stop.Store(true)
	s.wake()
}

// PonderHit switches a ponder search to a normal one: from now on the
// clock limits apply, measured from this call.
func (s *Searcher[T, P]) PonderHit() {
	s.start.Store(time.Now().UnixNano())
	s.ponder.Store(false)
	s.wake()
}

func (s *Searcher[T, P]) wake() {
	select {
	case s.signal <- struct{}{}:
	default:
	}
}

// elapsed is the time since the reference point (the go, or the ponderhit).
func (s *Searcher[T, P]) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - s.start.Load())
}

// totalNodes sums the nodes of every thread as last published.
func (s *Searcher[T, P]) totalNodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.published.Load()
	}
	return n
}

// Search searches root (which it does not modify; its history before the
// root is read for repetitions and must stay unchanged until Search returns)
// within lim, calling info (if not nil) from the calling goroutine after each
// iteration for each PV line, and returns the result.
//
// With Limits.Infinite, or Limits.Ponder before PonderHit, Search does not
// return before Stop (or PonderHit), even if it finished earlier — the UCI
// layer can print "bestmove" as soon as Search returns. With no legal move
// at the root it reports one Info of depth 0 and returns BestMove MoveNone.
func (s *Searcher[T, P]) Search(root P, lim Limits, info func(*Info)) Result {
	s.begin(lim)
	return s.run(root, lim, info)
}

// Start is Search in a new goroutine: it returns at once with a channel that
// receives the Result. Stop and PonderHit calls made after Start returns
// always reach this search (with Search in a goroutine of the caller's, a
// Stop that comes before Search begins would be lost).
func (s *Searcher[T, P]) Start(root P, lim Limits, info func(*Info)) <-chan Result {
	s.begin(lim)
	ch := make(chan Result, 1)
	go func() { ch <- s.run(root, lim, info) }()
	return ch
}

// begin waits for any running search to finish and arms the flags of a new one.
func (s *Searcher[T, P]) begin(lim Limits) {
	s.searchMu.Lock()
	s.searchStart = time.Now()
	s.start.Store(s.searchStart.UnixNano())
	select { // drain a stale wake-up
	case <-s.signal:
	default:
	}
	s.stop.Store(false)
	s.ponder.Store(lim.Ponder)
}

// run is the body of a search armed by begin; it releases the searcher.
func (s *Searcher[T, P]) run(root P, lim Limits, info func(*Info)) Result {
	defer s.searchMu.Unlock()
	s.lim = lim
	s.info = info
	s.rootSide = root.SideToMove()
	gamePly := root.State().GamePly
	s.gamePly = gamePly
	lag := s.lag.observe(&lim, s.rootSide, gamePly)
	s.tm = planTime(&lim, s.rootSide, gamePly, s.opts.MoveOverhead, lag)
	s.maxDepth = position.MaxPly - 2
	if lim.Depth > 0 {
		s.maxDepth = min(lim.Depth, s.maxDepth)
	}
	multiPV := lim.MultiPV
	if multiPV <= 0 {
		multiPV = s.opts.MultiPV
	}
	s.tt.NewSearch()

	// Root moves: the legal moves, restricted to SearchMoves when given.
	var legal position.MoveList
	root.GenerateLegal(&legal)
	s.rootMoves.Clear()
	for _, m := range legal.Slice() {
		if len(lim.SearchMoves) == 0 || containsMove(lim.SearchMoves, m) {
			s.rootMoves.Add(m)
		}
	}
	if s.rootMoves.Len == 0 {
		s.rootMoves = legal // no legal move among SearchMoves: search them all
	}
	if s.rootMoves.Len == 0 {
		score := position.ValueDraw
		if root.State().InCheck || s.rules.NoMovesIsLoss {
			score = position.MatedIn(0)
		}
		if info != nil {
			s.infoBuf = Info{Score: score, Bound: BoundExact, MultiPV: 1}
			info(&s.infoBuf)
		}
		s.waitForStop()
		return Result{Score: score}
	}
	multiPV = min(multiPV, s.rootMoves.Len)

	for _, w := range s.workers {
		w.setup(root, multiPV)
		if lim.Nodes > 0 {
			// Exact with one thread; with more, the main thread also stops
			// all when their published sum reaches the limit.
			w.nodeLimit = lim.Nodes
		}
	}
	var wg sync.WaitGroup
	for _, w := range s.workers[1:] {
		wg.Add(1)
		go func(w *Worker[T, P]) {
			defer wg.Done()
			w.iterate()
		}(w)
	}
	main := s.workers[0]
	main.iterate()
	if main.abort && main.completedDepth < main.rootDepth {
		// Report where the interrupted iteration left the PV, so the last
		// info line agrees with the best move.
		s.report(main, main.rootDepth)
	}
	s.waitForStop()
	s.stop.Store(true)
	wg.Wait()
	res := s.result(main)
	s.lag.record(&lim, s.rootSide, gamePly, res.Time)
	s.prev = prevSearch{valid: true, side: s.rootSide, ply: gamePly, score: res.Score}
	return res
}

// prevSearch is what the time manager remembers of the previous search.
type prevSearch struct {
	valid bool
	side  position.Color
	ply   int
	score position.Value
}

// prevScore is the previous search's score from this search's side to move
// (valueNone when there was none, it was for another game, or it was a
// mate or unknown score).
func (s *Searcher[T, P]) prevScore() position.Value {
	p := s.prev
	if !p.valid || p.score == valueNone || p.score >= mateBound || p.score <= -mateBound ||
		s.gamePly < p.ply || s.gamePly > p.ply+2 {
		return valueNone
	}
	if p.side != s.rootSide {
		return -p.score
	}
	return p.score
}

// waitForStop blocks while the search is infinite or pondering and not stopped.
func (s *Searcher[T, P]) waitForStop() {
	for !s.stop.Load() && (s.lim.Infinite || s.ponder.Load()) {
		<-s.signal
	}
}

func containsMove(ms []position.Move, m position.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// setup copies the root into the worker and resets its per-search state.
func (w *Worker[T, P]) setup(root P, multiPV int) {
	w.pos = *root
	pos := P(&w.pos)
	w.eval.Reset(pos)
	if w.prm != w.s.params {
		w.prm = w.s.params
		w.lmr.init(&w.prm)
	}
	w.nodes = 0
	w.published.Store(0)
	w.nodeLimit = ^uint64(0)
	w.abort = false
	w.selDepth = 0
	w.rootDepth = 0
	w.completedDepth = 0
	w.bestMove = position.MoveNone
	w.bestScore = -valueInf
	w.bestMoveChanges, w.totBestMoveChanges, w.lastBestMoveDepth, w.iterIdx = 0, 0, 0, 0
	prev := w.s.prevScore()
	for i := range w.iterValue {
		w.iterValue[i] = prev
	}
	w.multiPV = multiPV
	w.nRoot = w.s.rootMoves.Len
	for i, m := range w.s.rootMoves.Slice() {
		w.rootMoves[i] = rootMove{move: m, score: -valueInf, prevScore: -valueInf, pvLen: 1}
		w.rootMoves[i].pv[0] = m
	}
	w.ckeys[0] = w.rootCorrKeys()
	w.stack[0].staticEval = valueNone
	if !pos.State().InCheck {
		w.stack[0].staticEval = w.corrected(w.evaluate(), 0, pos.SideToMove())
	}
	w.stack[1].staticEval = valueNone
	for i := range w.stack {
		w.stack[i].killers = [2]position.Move{}
		w.stack[i].cont = &w.hist.cont[0][0]
	}
	if w.prm.LowPlyHistory != 0 {
		w.hist.lowPly = [lowPlySize][position.ButterflySize]int16{}
	}
}

// report sends the Info lines of the main worker's current root moves:
// lines already searched at depth are exact, the line being searched when
// the search stopped carries its bound, later lines the previous depth.
func (s *Searcher[T, P]) report(w *Worker[T, P], depth int) {
	if s.info == nil {
		return
	}
	w.published.Store(w.nodes)
	nodes := s.totalNodes()
	el := time.Since(s.searchStart)
	nps := uint64(0)
	if el > 0 {
		nps = uint64(float64(nodes) / el.Seconds())
	}
	hf := s.tt.Hashfull()
	for i := 0; i < w.multiPV; i++ {
		rm := &w.rootMoves[i]
		d, score, bound := depth, rm.score, BoundExact
		switch {
		case rm.score == -valueInf || rm.depth < depth || i > w.pvIdx:
			d, score = depth-1, rm.prevScore
		case i == w.pvIdx:
			bound = rm.bound
		}
		if score == -valueInf || d < 1 {
			continue
		}
		s.infoBuf = Info{
			Depth: d, SelDepth: max(rm.selDepth, d), MultiPV: i + 1, Score: score, Bound: bound,
			Nodes: nodes, NPS: nps, HashFull: hf, Time: el, PV: rm.pv[:rm.pvLen],
		}
		s.info(&s.infoBuf)
	}
}
