// The generic adapter from a game package, the search and an evaluator to
// the session's gameEngine interface.
package uci

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"dualnnue/engine"
	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// adapter is a gameEngine for one game: the protocol's view (move and
// option texts) of an engine.Engine, which owns the position, its history,
// the evaluator and the searcher.
type adapter[T any, P search.GamePtr[T]] struct {
	def *variants.Def[T, P]
	eng *engine.Engine[T, P]
	cfg engineConfig
	// file is the loaded EvalFile (nil New: none; the option is empty),
	// kept while "Use NNUE" is off so that turning it on needs no reload.
	file variants.Evaluator[P]
	// pos is eng's current position (it changes with every setPosition).
	pos P
}

func newAdapter[T any, P search.GamePtr[T]](def *variants.Def[T, P]) (*adapter[T, P], error) {
	e, err := engine.New(def)
	if err != nil {
		return nil, err
	}
	return &adapter[T, P]{def: def, eng: e, pos: e.Position()}, nil
}

func (a *adapter[T, P]) variant() string { return a.def.Name }

func (a *adapter[T, P]) setPosition(fen string, moves []string) error {
	if err := a.eng.SetPosition(fen, moves); err != nil {
		var me *position.MoveError
		if errors.As(err, &me) {
			return &moveError{index: me.Index, move: me.Move, err: me.Err}
		}
		return err
	}
	a.pos = a.eng.Position()
	return nil
}

func (a *adapter[T, P]) fen() string     { return a.pos.FEN() }
func (a *adapter[T, P]) sideToMove() int { return int(a.pos.SideToMove()) }

func (a *adapter[T, P]) legalMoves() []string {
	var l position.MoveList
	a.pos.GenerateLegal(&l)
	out := make([]string, l.Len)
	for i, m := range l.Slice() {
		out[i] = a.pos.MoveString(m)
	}
	return out
}

func (a *adapter[T, P]) noMoveScore() position.Value {
	if a.pos.State().InCheck || a.def.Rules.NoMovesIsLoss {
		return position.MatedIn(0)
	}
	return position.ValueDraw
}

// display draws the board as Stockfish's "d" does (rank labels on the
// right, files below), then the FEN, the key and the checkers.
func (a *adapter[T, P]) display() []string {
	d := a.def
	sep := " " + strings.Repeat("+---", d.Files) + "+"
	lines := []string{"", sep}
	for r := d.Ranks - 1; r >= 0; r-- {
		var b strings.Builder
		b.WriteString(" |")
		for f := 0; f < d.Files; f++ {
			pc := a.pos.PieceOn(position.Square(r*d.Files + f))
			c := byte(' ')
			if pc != position.NoPiece && int(pc.Type()) < len(d.PieceChars) {
				c = d.PieceChars[pc.Type()]
				if pc.Color() == position.Black {
					c += 'a' - 'A'
				}
			}
			b.WriteString(" " + string(c) + " |")
		}
		b.WriteString(" " + strconv.Itoa(r+d.FirstRank))
		lines = append(lines, b.String(), sep)
	}
	var files strings.Builder
	for f := 0; f < d.Files; f++ {
		files.WriteString("   " + string(rune('a'+f)))
	}
	lines = append(lines, files.String(), "")
	lines = append(lines, "Fen: "+a.pos.FEN())
	lines = append(lines, fmt.Sprintf("Key: %016X", uint64(a.pos.State().Key)))
	var ch []string
	for _, sq := range d.Checkers(a.pos) {
		ch = append(ch, a.squareName(sq))
	}
	lines = append(lines, "Checkers: "+strings.Join(ch, " "))
	return lines
}

func (a *adapter[T, P]) squareName(sq position.Square) string {
	f, r := int(sq)%a.def.Files, int(sq)/a.def.Files
	return string(rune('a'+f)) + strconv.Itoa(r+a.def.FirstRank)
}

// fork copies the adapter with its own copy of the position (by value:
// the history before it is shared and never written).
func (a *adapter[T, P]) fork() gameEngine {
	c := *a
	c.eng = a.eng.Fork()
	c.pos = c.eng.Position()
	return &c
}

// perftChunk is the depth up to which perft runs without looking at stop:
// one call of the game's bulk-counting perft at depth 3 (about 100,000
// leaves in a xiangqi middle game) takes about a millisecond, so "go
// perft" stops at once, and the generic levels above it cost nothing
// measurable.
const perftChunk = 3

// divide counts perft(depth-1) after each legal move, in move-text order.
func (a *adapter[T, P]) divide(depth int, stop <-chan struct{}) ([]string, uint64, bool) {
	var l position.MoveList
	a.pos.GenerateLegal(&l)
	type entry struct {
		s string
		n uint64
	}
	entries := make([]entry, 0, l.Len)
	var st position.State
	var total uint64
	for _, m := range l.Slice() {
		s := a.pos.MoveString(m)
		a.pos.DoMove(m, &st)
		n, ok := a.perft(depth-1, stop)
		a.pos.UndoMove(m)
		if !ok {
			return nil, 0, false
		}
		entries = append(entries, entry{s, n})
		total += n
	}
	slices.SortStableFunc(entries, func(x, y entry) int { return strings.Compare(x.s, y.s) })
	lines := make([]string, len(entries))
	for i, e := range entries {
		lines[i] = e.s + ": " + strconv.FormatUint(e.n, 10)
	}
	return lines, total, true
}

// perft counts the leaves at depth, handing every subtree of perftChunk
// plies to the game's fast perft and checking stop between them.
func (a *adapter[T, P]) perft(depth int, stop <-chan struct{}) (uint64, bool) {
	if depth <= perftChunk {
		select {
		case <-stop:
			return 0, false
		default:
		}
		return a.def.Perft(a.pos, depth), true
	}
	var l position.MoveList
	a.pos.GenerateLegal(&l)
	var st position.State
	var total uint64
	for _, m := range l.Slice() {
		a.pos.DoMove(m, &st)
		n, ok := a.perft(depth-1, stop)
		a.pos.UndoMove(m)
		if !ok {
			return 0, false
		}
		total += n
	}
	return total, true
}

// eval prints the static evaluations of the current position, from the
// side to move's view and from White's/Red's.
func (a *adapter[T, P]) eval() []string {
	side := a.def.Sides[position.White]
	pov := func(v position.Value) string {
		if a.pos.SideToMove() == position.Black {
			v = -v
		}
		return fmt.Sprintf("%+.2f (%s side)", float64(v)/100, side)
	}
	var lines []string
	if a.pos.State().InCheck {
		lines = append(lines, "(in check: the search does not use a static evaluation here)")
	}
	h := a.def.HCE()
	h.Reset(a.pos)
	hv := h.Evaluate(a.pos)
	lines = append(lines, "Hand-written evaluation: "+pov(hv))
	final := hv
	if ev := a.eng.Options().Eval; ev.Net != nil {
		e := ev.New()
		e.Reset(a.pos)
		nv := e.Evaluate(a.pos)
		name := "embedded " + a.def.Name + " net"
		if ev.Choice.Kind == variants.EvalFile {
			name = ev.Choice.Path
		}
		lines = append(lines, "NNUE evaluation:         "+pov(nv)+" ["+name+"]")
		final = nv
	}
	lines = append(lines, "Final evaluation:        "+pov(final))
	return lines
}

// evaluator is the evaluator the options choose (variants.UCIEvalChoice):
// the loaded EvalFile, the embedded net or the hand-written evaluation.
func (a *adapter[T, P]) evaluator(c engineConfig) (variants.Evaluator[P], error) {
	choice := variants.UCIEvalChoice(c.useNNUE, c.evalFile)
	if choice.Kind == variants.EvalFile {
		return a.file, nil
	}
	return a.def.Evaluator(choice)
}

func (a *adapter[T, P]) configure(c engineConfig) error {
	old := a.cfg
	a.cfg = c
	if c.evalFile != old.evalFile || a.eng.Options().Eval.New == nil {
		// The file is read when the option is set, "Use NNUE" on or off,
		// so that a bad file is reported at once.
		a.file = variants.Evaluator[P]{}
		if c.evalFile != defaultEvalFile {
			ev, err := a.def.Evaluator(variants.NetFile(c.evalFile))
			if err != nil {
				a.cfg.evalFile = old.evalFile
				return fmt.Errorf("EvalFile: %w", err)
			}
			a.file = ev
		}
	}
	ev, err := a.evaluator(a.cfg)
	if err != nil {
		return err
	}
	err = a.eng.Configure(engine.Options[P]{
		Eval:     ev,
		Search:   search.Options{Threads: c.threads, HashMiB: c.hashMiB, MultiPV: c.multiPV, MoveOverhead: c.moveOverhead},
		Rules:    variants.RuleOptions{CheckChaseIsChase: c.checkChase},
		Chess960: c.chess960,
	})
	if err != nil {
		return err
	}
	return a.eng.SetParams(a.params(c.tuned))
}

// params are the game's default search constants with the values of
// tuned (UCI option name to value) in place of theirs.
func (a *adapter[T, P]) params(tuned map[string]int) search.Params {
	p := search.DefaultParams(a.def.Variant)
	for name, v := range tuned {
		// The option's range is the parameter's: Set cannot fail.
		_ = p.Set(name, v)
	}
	return p
}

func (a *adapter[T, P]) newGame() { a.eng.Clear() }

func (a *adapter[T, P]) clearHash() { a.eng.Clear() }

func (a *adapter[T, P]) close() { a.eng.Close() }

func (a *adapter[T, P]) bench(depth int, say func(string), stop <-chan struct{}) (uint64, time.Duration, bool) {
	return a.eng.Bench(depth, say, stop)
}

// search runs one search. Stop and ponderhit come through r.stop and
// r.ponderHit; a watcher forwards them to the Searcher once its Search has
// begun (Search resets its stop and ponder flags when it starts, so an
// earlier call would be lost): stop is repeated every millisecond until
// Search returns; ponderhit is forwarded at once and, when no report has
// shown the search running yet, again at its first report.
func (a *adapter[T, P]) search(r searchRequest, report func(searchInfo)) (string, string) {
	s := a.eng
	lim := search.Limits{
		Depth:     r.depth,
		Nodes:     r.nodes,
		MoveTime:  r.moveTime,
		Time:      r.time,
		Inc:       r.inc,
		HasTime:   r.hasTime,
		MovesToGo: r.movesToGo,
		Infinite:  r.infinite,
		Ponder:    r.ponder,
	}
	for _, ms := range r.searchMoves {
		if m, err := a.pos.ParseMove(ms); err == nil {
			lim.SearchMoves = append(lim.SearchMoves, m)
		}
	}
	if a.cfg.elo > 0 {
		if n := strengthNodes(a.def.EloAnchorNodes, a.def.EloPerDoubling, a.def.EloPerDoublingLow, a.cfg.elo); lim.Nodes == 0 || n < lim.Nodes {
			lim.Nodes = n
		}
	}
	var mateStop bool
	mateScore := position.Value(0)
	if r.mate > 0 {
		mateScore = position.MateIn(2*r.mate - 1)
	}

	started := make(chan struct{})
	var startOnce sync.Once
	markStarted := func() { startOnce.Do(func() { close(started) }) }
	finished := make(chan struct{})
	watcherDone := make(chan struct{})
	go func() {
		defer close(watcherDone)
		stop, hit, startedCh := r.stop, r.ponderHit, started
		hitPending := false
		for {
			select {
			case <-finished:
				return
			case <-stop:
				for {
					s.Stop()
					select {
					case <-finished:
						return
					case <-time.After(time.Millisecond):
					}
				}
			case <-hit:
				hit = nil
				s.PonderHit()
				select {
				case <-started:
				default:
					hitPending = true // call again once Search reports
				}
			case <-startedCh:
				startedCh = nil
				if hitPending {
					s.PonderHit()
				}
			}
		}
	}()

	pv := make([]string, 0, 64)
	pieces := 0 // the root's material, for the WDL model
	if a.cfg.showWDL {
		for sq := 0; sq < a.def.Files*a.def.Ranks; sq++ {
			if a.pos.PieceOn(position.Square(sq)) != position.NoPiece {
				pieces++
			}
		}
	}
	res := s.Search(lim, func(in *search.Info) {
		markStarted()
		pv = pv[:0]
		for _, m := range in.PV {
			pv = append(pv, a.pos.MoveString(m))
		}
		si := searchInfo{
			depth: in.Depth, selDepth: in.SelDepth, multiPV: in.MultiPV,
			score: in.Score, lowerBound: in.Bound == search.BoundLower, upperBound: in.Bound == search.BoundUpper,
			nodes: in.Nodes, time: in.Time, hashFull: in.HashFull, pv: pv,
		}
		if a.cfg.showWDL {
			si.hasWDL = true
			si.wdl[0], si.wdl[1], si.wdl[2] = a.def.WDL.WDL(in.Score, pieces)
		}
		report(si)
		if mateScore != 0 && !mateStop && in.MultiPV == 1 && in.Bound == search.BoundExact && in.Score >= mateScore {
			mateStop = true // "go mate N": a mate in N moves or fewer is found
			s.Stop()
		}
	})
	close(finished)
	<-watcherDone
	if res.BestMove == position.MoveNone {
		return "", ""
	}
	best := a.pos.MoveString(res.BestMove)
	ponder := ""
	if res.PonderMove != position.MoveNone {
		ponder = a.ponderString(res.BestMove, res.PonderMove)
	}
	return best, ponder
}

// ponderString renders the expected reply in the position after best (and
// drops it if it is not legal there).
func (a *adapter[T, P]) ponderString(best, reply position.Move) string {
	var st position.State
	a.pos.DoMove(best, &st)
	defer a.pos.UndoMove(best)
	if !a.pos.PseudoLegal(reply) || !a.pos.Legal(reply) {
		return ""
	}
	return a.pos.MoveString(reply)
}

var errNoVariant = errors.New("unknown variant")

// newGameEngine makes the engine of the game UCI_Variant names, "xiangqi"
// or "chess": the one place the session reads the option's text as a game.
func newGameEngine(variant string) (gameEngine, error) {
	v, err := position.ParseVariant(variant)
	if err != nil {
		return nil, fmt.Errorf("%w %q (want xiangqi or chess)", errNoVariant, variant)
	}
	return engineOf(v)
}

// engineOf makes the engine of game v.
func engineOf(v position.Variant) (gameEngine, error) {
	switch v {
	case position.Chess:
		return newAdapter(variants.Chess)
	case position.Xiangqi:
		return newAdapter(variants.Xiangqi)
	}
	return nil, fmt.Errorf("%w %q (want xiangqi or chess)", errNoVariant, v.String())
}

// strengthNodes is the node budget per search that plays at rating elo
// (UCI_LimitStrength): anchor nodes at 1600, doubled for every perDoubling
// points more and halved for every perDoublingLow points less (the game
// bundle's EloAnchorNodes, EloPerDoubling and EloPerDoublingLow; the
// reference scales bend below 1600, where their settings blunder by
// design). In chess the scale is Stockfish 15.1's UCI_Elo, in xiangqi
// Fairy-Stockfish 11.1's. Calibrated with the embedded nets at
// 1 s + 0.01 s against those engines at the same UCI_Elo, 100–200 games
// each (docs/strength.md; the figures are in the variants bundles). At
// least 16 nodes.
func strengthNodes(anchor, perDoubling, perDoublingLow float64, elo int) uint64 {
	rate := perDoubling
	if elo < 1600 {
		rate = perDoublingLow
	}
	n := anchor * math.Exp2(float64(elo-1600)/rate)
	return uint64(max(n, 16))
}
