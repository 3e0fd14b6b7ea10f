// The Engine type: position, history, evaluator, searcher and options of one game.

package engine

import (
	"errors"
	"fmt"

	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// Options are what Configure sets.
type Options[P position.Game] struct {
	// Eval is the evaluator (variants.Def.Evaluator); its New must not be
	// nil. A change of Eval.Choice or Eval.Net makes new search workers.
	Eval variants.Evaluator[P]
	// Search are the searcher's threads, table size, PV count and move
	// overhead (search.DefaultOptions is a good start).
	Search search.Options
	// Rules are the rule options of the engine's positions (xiangqi's
	// check/chase reading and natural-move limit; chess ignores them).
	Rules variants.RuleOptions
	// Chess960 reads FENs and prints castling moves the Chess960 way
	// (chess only; xiangqi ignores it).
	Chess960 bool
}

// Engine is one game's engine. Its methods are not safe for concurrent use,
// except Stop and PonderHit, which may be called while Search runs. The
// position is the one SetPosition, SetFEN and Do build; Search searches it.
type Engine[T any, P search.GamePtr[T]] struct {
	def      *variants.Def[T, P]
	pos      P
	hist     position.History
	opts     Options[P]
	searcher *search.Searcher[T, P]
}

// ErrNotConfigured is returned by the search methods before the first
// Configure.
var ErrNotConfigured = errors.New("engine: not configured (no evaluator)")

// New makes an engine for def's game holding its start position. It has no
// searcher until Configure.
func New[T any, P search.GamePtr[T]](def *variants.Def[T, P]) (*Engine[T, P], error) {
	p, err := def.NewFromFEN(def.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("%s start position: %w", def.Name, err)
	}
	return &Engine[T, P]{def: def, pos: p}, nil
}

// Def is the engine's game bundle.
func (e *Engine[T, P]) Def() *variants.Def[T, P] { return e.def }

// Position is the current position. The caller may read it and make and
// unmake moves on it provided it leaves it as it found it; to change the
// game's line, use SetPosition, SetFEN, Do and Undo.
func (e *Engine[T, P]) Position() P { return e.pos }

// History is the line of moves played into the current position since its
// FEN.
func (e *Engine[T, P]) History() *position.History { return &e.hist }

// Options are the options of the last Configure.
func (e *Engine[T, P]) Options() Options[P] { return e.opts }

// Configure applies o. The first call makes the searcher; later calls keep
// the searcher and its table when o.Eval is unchanged (only resizing the
// table or the thread pool when those change) and make new workers when it
// changed. The rule options and Chess960 apply to the current position at
// once and to every position set later.
func (e *Engine[T, P]) Configure(o Options[P]) error {
	if o.Eval.New == nil {
		return errors.New("engine: Configure without an evaluator")
	}
	old := e.opts
	e.opts = o
	if o.Rules != old.Rules || e.searcher == nil {
		e.def.SetRuleOptions(e.pos, o.Rules)
	}
	if e.searcher == nil || o.Eval.Choice != old.Eval.Choice || o.Eval.Net != old.Eval.Net {
		// A new evaluator factory needs new workers.
		e.searcher = search.New(e.def.Rules, o.Eval.New, o.Search)
	} else {
		s := e.searcher
		if s.Options().HashMiB != o.Search.HashMiB {
			s.SetHash(o.Search.HashMiB)
		}
		if s.Options().Threads != o.Search.Threads {
			s.SetThreads(o.Search.Threads)
		}
		s.SetMultiPV(o.Search.MultiPV)
		s.SetMoveOverhead(o.Search.MoveOverhead)
	}
	if e.def.SetChess960 != nil && o.Chess960 != old.Chess960 {
		e.def.SetChess960(e.pos, o.Chess960)
	}
	return nil
}

// Params returns the search constants (the game's defaults before
// Configure).
func (e *Engine[T, P]) Params() search.Params {
	if e.searcher == nil {
		return search.DefaultParams(e.def.Variant)
	}
	return e.searcher.Params()
}

// SetParams sets the search constants (search.DefaultParams of the game,
// or tuned values); see search.Searcher.SetParams for the errors.
func (e *Engine[T, P]) SetParams(p search.Params) error {
	if e.searcher == nil {
		return ErrNotConfigured
	}
	return e.searcher.SetParams(p)
}

// SetPosition replaces the position by fen ("" for the game's start
// position) followed by moves in the game's move text, all or nothing: on
// error the previous position and history are kept. A bad move is a
// *position.MoveError. The position gets the engine's rule options and
// Chess960 setting. It allocates a new position; the game loops use SetFEN
// and Do instead.
func (e *Engine[T, P]) SetPosition(fen string, moves []string) error {
	if fen == "" {
		fen = e.def.StartFEN
	}
	parse := e.def.NewFromFEN
	if e.opts.Chess960 && e.def.NewFromFEN960 != nil {
		parse = e.def.NewFromFEN960
	}
	p, err := parse(fen)
	if err != nil {
		return err
	}
	if e.def.SetChess960 != nil {
		e.def.SetChess960(p, e.opts.Chess960)
	}
	e.def.SetRuleOptions(p, e.opts.Rules)
	var hist position.History
	if err := hist.Replay(p, moves); err != nil {
		return err
	}
	e.pos, e.hist = p, hist
	return nil
}

// SetFEN sets the current position to fen with an empty history, reusing
// the position and the history's memory (no allocation). The rule options
// stay. On error the position is undefined until the next SetFEN or
// SetPosition.
func (e *Engine[T, P]) SetFEN(fen string) error {
	e.hist.Reset()
	return e.pos.SetFEN(fen)
}

// Do plays the legal move m on the current position and appends it to the
// history.
func (e *Engine[T, P]) Do(m position.Move) { e.hist.Do(e.pos, m) }

// Undo takes back the history's last move.
func (e *Engine[T, P]) Undo() { e.hist.Undo(e.pos) }

// Fork returns an engine with a copy of the current position that shares
// the history before it (never written: SetPosition makes a new one), the
// searcher, its table and the evaluator; a search can run on the fork
// while the original's position is replaced. Only one of the two may
// search at a time, and neither may SetFEN or Do while the other's copy is
// in use.
func (e *Engine[T, P]) Fork() *Engine[T, P] {
	c := *e
	c.pos = P(new(T))
	*c.pos = *e.pos
	return &c
}

// Search searches the current position with lim and blocks until the
// search ends; info (may be nil) receives progress. Before the first
// Configure it returns the zero Result.
func (e *Engine[T, P]) Search(lim search.Limits, info func(*search.Info)) search.Result {
	if e.searcher == nil {
		return search.Result{}
	}
	return e.searcher.Search(e.pos, lim, info)
}

// Start begins a search of the current position and returns the channel
// that receives its result; the position must not change until then.
// Before the first Configure the channel holds the zero Result.
func (e *Engine[T, P]) Start(lim search.Limits, info func(*search.Info)) <-chan search.Result {
	if e.searcher == nil {
		ch := make(chan search.Result, 1)
		ch <- search.Result{}
		return ch
	}
	return e.searcher.Start(e.pos, lim, info)
}

// Stop ends the running search soon (it still reports its result).
func (e *Engine[T, P]) Stop() {
	if e.searcher != nil {
		e.searcher.Stop()
	}
}

// PonderHit turns a running ponder search into a normal one.
func (e *Engine[T, P]) PonderHit() {
	if e.searcher != nil {
		e.searcher.PonderHit()
	}
}

// Clear empties the transposition table and the search statistics (UCI
// ucinewgame, "Clear Hash"): a search after Clear depends only on the
// position, the limits and the options.
func (e *Engine[T, P]) Clear() {
	if e.searcher != nil {
		e.searcher.Clear()
	}
}

// Close releases the searcher (its table and threads); Configure makes a
// new one.
func (e *Engine[T, P]) Close() { e.searcher = nil }
