// The generic game loop: one worker plays one game at a time with its own search.
package selfplay

import (
	"fmt"

	"dualnnue/datasets"
	"dualnnue/engine"
	"dualnnue/internal/splitmix"
	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/search"
	"dualnnue/variants"
)

// worker plays games one after another. Everything it needs per game is
// allocated once: the engine with its position and the game's moves with
// their States (reused game after game through SetFEN and Do) and the move
// list.
type worker[T any, P search.GamePtr[T]] struct {
	cfg      *Config
	e        *engine.Engine[T, P]
	judge    func(P) rules.Verdict
	startFEN string
	book     []string
	pos      P // e's position: SetFEN keeps it in place
	list     position.MoveList
	// nodes counts the nodes searched by this worker (for throughput figures).
	nodes uint64
}

func newWorker[T any, P search.GamePtr[T]](cfg *Config, def *variants.Def[T, P], newEval func() position.Evaluator[P], book []string) *worker[T, P] {
	e, err := engine.New(def)
	if err != nil {
		// The bundle's start FEN is a constant its tests read.
		panic(err)
	}
	opts := search.DefaultOptions
	opts.Threads = 1
	opts.HashMiB = cfg.HashMiB
	// Only New is needed: the engine is configured once.
	if err := e.Configure(engine.Options[P]{Eval: variants.Evaluator[P]{New: newEval}, Search: opts, Rules: cfg.ruleOptions()}); err != nil {
		panic(err) // only a nil newEval fails
	}
	return &worker[T, P]{
		cfg:      cfg,
		e:        e,
		judge:    def.Judge,
		startFEN: def.StartFEN,
		book:     book,
		pos:      e.Position(),
	}
}

// rng is splitmix64: tiny, fast and good enough for openings.
type rng uint64

func (r *rng) next() uint64 { return splitmix.Next((*uint64)(r)) }

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// gameSeed derives the generator of game idx from the run seed only, so a
// game is the same whichever shard or worker plays it.
func gameSeed(seed, idx uint64) rng {
	r := rng(seed ^ 0x5851F42D4C957F2D)
	r.next()
	r += rng(idx * 0xD1B54A32D192ED03)
	r.next()
	return r
}

// decided reports whether the current position ends the game by the rules,
// judged by package rules (the same judgement as the match runner and
// "play result": mate, xiangqi no-legal-move loss, repetition verdicts with
// perpetual check/chase, the move-count rules, insufficient material).
func (w *worker[T, P]) decided() (rules.Verdict, bool) {
	r := w.judge(w.pos)
	return r, r.Result != position.ResultUnknown
}

// play plays game idx into rec and returns how it ended.
func (w *worker[T, P]) play(idx uint64, rec *datasets.GameRecord) (rules.Verdict, error) {
	cfg := w.cfg
	r := gameSeed(cfg.Seed, idx)
	rec.Reset()
	// Clear before the opening: its MultiPV searches must not see what the
	// worker's previous game left in the TT and histories, or the game
	// would depend on which worker played it after which game.
	w.e.Clear()
	fen := w.startFEN
	if len(w.book) > 0 {
		fen = w.book[idx%uint64(len(w.book))]
		rec.StartFEN = fen
	}
	// The opening: random plies; a line that ends the game is redrawn.
	for attempt := 0; ; attempt++ {
		if err := w.e.SetFEN(fen); err != nil {
			return rules.Verdict{}, fmt.Errorf("game %d: start position: %w", idx, err)
		}
		rec.Book = rec.Book[:0]
		ok, err := w.randomPlies(&r, rec)
		if err != nil {
			return rules.Verdict{}, err
		}
		if ok || attempt == 100 {
			break
		}
	}
	lim := search.Limits{SoftNodes: cfg.Search.SoftNodes, Nodes: cfg.Search.HardNodes, Depth: cfg.Search.Depth}
	if cfg.Search.Depth > 0 {
		lim.SoftNodes, lim.Nodes = 0, 0
	}
	adj := &cfg.Adjudication
	resignRun, drawRun := 0, 0
	var resignSide position.Color
	ply := len(rec.Book)
	for {
		w.list.Clear()
		w.pos.GenerateLegal(&w.list)
		if o, over := w.decided(); over {
			return o, nil
		}
		if len(rec.Plies) >= adj.MaxPlies {
			return rules.Verdict{Result: position.Draw, Reason: "max plies"}, nil
		}
		res := w.e.Search(lim, nil)
		w.nodes += res.Nodes
		if res.BestMove == position.MoveNone {
			return rules.Verdict{}, fmt.Errorf("game %d: search returned no move with %d legal moves", idx, w.list.Len)
		}
		us := w.pos.SideToMove()
		score := res.Score
		// The label is on the evaluator's scale (search.Params.TrainingScore);
		// the adjudication below judges the search's own score.
		prm := w.e.Params()
		rec.Plies = append(rec.Plies, datasets.Ply{Move: res.BestMove, Score: prm.TrainingScore(score, w.pos)})

		// Resignation: consecutive plies agreeing on the same winner.
		if adj.ResignPlies > 0 && (score >= position.Value(adj.ResignScore) || score <= -position.Value(adj.ResignScore)) {
			winner := us
			if score < 0 {
				winner = us.Flip()
			}
			if resignRun > 0 && winner != resignSide {
				resignRun = 0
			}
			resignSide = winner
			resignRun++
			if resignRun >= adj.ResignPlies {
				w.doMove(res.BestMove)
				return rules.Verdict{Result: position.Win(winner), Reason: "adjudicated: resign"}, nil
			}
		} else {
			resignRun = 0
		}
		// Draw: the score stays near zero for long.
		if adj.DrawPlies > 0 && ply >= adj.DrawAfterPly && score <= position.Value(adj.DrawScore) && score >= -position.Value(adj.DrawScore) {
			drawRun++
			if drawRun >= adj.DrawPlies {
				w.doMove(res.BestMove)
				return rules.Verdict{Result: position.Draw, Reason: "adjudicated: draw"}, nil
			}
		} else {
			drawRun = 0
		}
		w.doMove(res.BestMove)
		ply++
	}
}

func (w *worker[T, P]) doMove(m position.Move) {
	w.e.Do(m)
}

// randomPlies plays the opening's random moves; it reports false when the
// line ended the game or the verification search found its exit too
// one-sided (the caller redraws it).
func (w *worker[T, P]) randomPlies(r *rng, rec *datasets.GameRecord) (bool, error) {
	o := &w.cfg.Opening
	n := o.RandomPlies
	if o.RandomPliesMax > n {
		n += r.intn(o.RandomPliesMax - n + 1)
	}
	for i := 0; i < n; i++ {
		w.list.Clear()
		w.pos.GenerateLegal(&w.list)
		if _, over := w.decided(); over {
			return false, nil
		}
		var m position.Move
		switch {
		case o.MultiPVMargin > 0:
			m = w.marginMove(r)
		case o.SafeRandom:
			m = w.safeMove(r)
		default:
			m = w.list.Moves[r.intn(w.list.Len)]
		}
		rec.Book = append(rec.Book, m)
		w.doMove(m)
	}
	w.list.Clear()
	w.pos.GenerateLegal(&w.list)
	if _, over := w.decided(); over {
		return false, nil
	}
	if o.VerifyNodes > 0 {
		res := w.e.Search(search.Limits{SoftNodes: o.VerifyNodes, Nodes: 8 * o.VerifyNodes}, nil)
		w.nodes += res.Nodes
		if res.Score > position.Value(o.VerifyScore) || res.Score < -position.Value(o.VerifyScore) {
			return false, nil
		}
	}
	return true, nil
}

// safeMove picks uniformly among the legal moves (in w.list) whose static
// exchange loses no material, or among all of them when every move does.
func (w *worker[T, P]) safeMove(r *rng) position.Move {
	safe := 0
	for i := 0; i < w.list.Len; i++ {
		if w.pos.SEE(w.list.Moves[i], 0) {
			safe++
		}
	}
	if safe == 0 {
		return w.list.Moves[r.intn(w.list.Len)]
	}
	k := r.intn(safe)
	for i := 0; i < w.list.Len; i++ {
		if w.pos.SEE(w.list.Moves[i], 0) {
			if k == 0 {
				return w.list.Moves[i]
			}
			k--
		}
	}
	return w.list.Moves[0] // not reached
}

// marginMove searches the root with MultiPV and picks uniformly among the
// moves within the margin of the best.
func (w *worker[T, P]) marginMove(r *rng) position.Move {
	cfg := w.cfg
	nodes := cfg.Search.SoftNodes
	if nodes == 0 {
		nodes = 2000
	}
	res := w.e.Search(search.Limits{SoftNodes: nodes, Nodes: 4 * nodes, MultiPV: min(8, w.list.Len)}, nil)
	w.nodes += res.Nodes
	if len(res.Lines) == 0 {
		return w.list.Moves[r.intn(w.list.Len)]
	}
	best := res.Lines[0].Score
	n := 0
	for _, l := range res.Lines {
		if len(l.PV) > 0 && l.Score >= best-position.Value(cfg.Opening.MultiPVMargin) {
			n++
		}
	}
	k := r.intn(max(n, 1))
	for _, l := range res.Lines {
		if len(l.PV) > 0 && l.Score >= best-position.Value(cfg.Opening.MultiPVMargin) {
			if k == 0 {
				return l.PV[0]
			}
			k--
		}
	}
	return res.Lines[0].PV[0]
}
