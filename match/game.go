// One game between two engines, refereed by the project's position core.
package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/search"
	"dualnnue/variants"
)

// newReferee returns a position of game at the standard start, and the
// start FEN; an invalid game is an error.
func newReferee(game position.Variant) (position.Game, string, error) {
	ar, err := newArbiter(game)
	return ar.pos, ar.start, err
}

// arbiter is the runner's referee of one game: a position, its judge
// (package rules through the game's bundle), the start FEN and the names
// of the sides ("white"/"red", "black").
type arbiter struct {
	pos   position.Game
	judge func() rules.Verdict
	start string
	sides [2]string
	// xiangqi: moves may be written with ranks 1-10 (an engine's ranks=1).
	xiangqi bool
}

// newArbiter is newReferee with the rest of the arbiter: the one switch on
// the game in the runner.
func newArbiter(game position.Variant) (arbiter, error) {
	switch game {
	case position.Xiangqi:
		return arbiterOf(variants.Xiangqi)
	case position.Chess:
		return arbiterOf(variants.Chess)
	}
	return arbiter{}, fmt.Errorf("match: unknown game %v (want xiangqi or chess)", game)
}

func arbiterOf[T any, P search.GamePtr[T]](d *variants.Def[T, P]) (arbiter, error) {
	p, err := d.NewFromFEN(d.StartFEN)
	if err != nil {
		return arbiter{}, err
	}
	return arbiter{pos: p, judge: func() rules.Verdict { return d.Judge(p) }, start: d.StartFEN, sides: d.Sides,
		xiangqi: d.Variant == position.Xiangqi}, nil
}

// TimeControl is the per-move limit. Exactly one of Nodes, Depth, MoveTime
// or a clock (Base/Inc) is used, in that order.
type TimeControl struct {
	Nodes    int
	Depth    int
	MoveTime time.Duration
	// Base and Inc are the clock "x+y": Base per game, Inc per move.
	Base, Inc time.Duration
	// Margin is how far past its clock (or its movetime) an engine may
	// answer before it loses on time (communication latency).
	Margin time.Duration
	// Hang is how long a fixed-nodes/depth search may take before the
	// engine is declared hung (default 60 s).
	Hang time.Duration
}

// ParseTimeControl reads "nodes=N", "depth=N" (1..1000), "movetime=MS"
// (1 ms to 10⁹ ms) or a clock "x+y" in seconds (e.g. "10+0.1", "1+0.01",
// "60": no increment) with x at least 1 ms and both at most 10⁷ s. Numbers
// outside these bounds, NaN and infinities are errors (they would overflow
// a time.Duration).
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	k, v, ok := strings.Cut(s, "=")
	if ok {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("time control %q: want a positive integer", s)
		}
		switch k {
		case "nodes":
			tc.Nodes = n
		case "depth":
			if n > 1000 {
				return tc, fmt.Errorf("time control %q: depth must be at most 1000", s)
			}
			tc.Depth = n
		case "movetime":
			if n > 1e9 {
				return tc, fmt.Errorf("time control %q: movetime must be at most 10^9 ms", s)
			}
			tc.MoveTime = time.Duration(n) * time.Millisecond
		default:
			return tc, fmt.Errorf("time control %q: nodes=, depth=, movetime= or x+y", s)
		}
		return tc, nil
	}
	bad := fmt.Errorf("time control %q: want x+y in seconds (x >= 0.001, y >= 0, both <= 1e7), nodes=N, depth=N or movetime=MS", s)
	base, inc, hasInc := strings.Cut(s, "+")
	seconds := func(t string) (float64, bool) {
		// ParseFloat also takes "NaN", "Inf", hex and underscores: allow
		// plain decimals only.
		if t == "" || strings.Trim(t, "0123456789.eE-") != "" {
			return 0, false
		}
		f, err := strconv.ParseFloat(t, 64)
		return f, err == nil && f >= 0 && f <= 1e7
	}
	b, ok1 := seconds(base)
	i, ok2 := 0.0, true
	if hasInc {
		i, ok2 = seconds(inc)
	}
	if !ok1 || !ok2 || b < 0.001 {
		return tc, bad
	}
	tc.Base = time.Duration(math.Round(b * float64(time.Second)))
	tc.Inc = time.Duration(math.Round(i * float64(time.Second)))
	return tc, nil
}

// Kinds of TimeControl, in the order of precedence.
const (
	tcNone = iota
	tcNodes
	tcDepth
	tcMoveTime
	tcClock
)

// kind says which limit the control uses.
func (tc TimeControl) kind() int {
	switch {
	case tc.Nodes > 0:
		return tcNodes
	case tc.Depth > 0:
		return tcDepth
	case tc.MoveTime > 0:
		return tcMoveTime
	case tc.Base > 0:
		return tcClock
	}
	return tcNone
}

func (tc TimeControl) String() string {
	switch {
	case tc.Nodes > 0:
		return fmt.Sprintf("nodes=%d", tc.Nodes)
	case tc.Depth > 0:
		return fmt.Sprintf("depth=%d", tc.Depth)
	case tc.MoveTime > 0:
		return fmt.Sprintf("movetime=%d", tc.MoveTime.Milliseconds())
	}
	// 'f' format: %g would write 1e+06, which the "+" of x+y makes unreadable.
	return strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64) + "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
}

// Adjudication ends games early; zero values disable each rule.
type Adjudication struct {
	// ResignScore/ResignMoves: both engines agree that one side is ahead by
	// at least ResignScore centipawns for ResignMoves consecutive moves each.
	ResignScore, ResignMoves int
	// DrawScore/DrawMoves/DrawAfter: both engines report |score| <=
	// DrawScore for DrawMoves consecutive moves each, after ply DrawAfter.
	DrawScore, DrawMoves, DrawAfter int
	// MaxPlies: a longer game is a draw (0: the hard cap of 2,000 plies).
	MaxPlies int
}

// Validate rejects settings that would adjudicate nonsense: a resign rule
// needs a threshold above 0 (with 0 every score, even a dead draw, would
// "agree" on a winner), and no value may be negative.
func (a Adjudication) Validate() error {
	if a.ResignScore < 0 || a.ResignMoves < 0 || a.DrawScore < 0 || a.DrawMoves < 0 || a.DrawAfter < 0 || a.MaxPlies < 0 {
		return fmt.Errorf("adjudication: values must be >= 0: %+v", a)
	}
	if a.ResignMoves > 0 && a.ResignScore <= 0 {
		return fmt.Errorf("adjudication: resign needs a score threshold > 0")
	}
	return nil
}

// adjudicator follows the engines' scores through a game. Each engine's
// runs count its own consecutive moves; a resign run is for one winner and
// starts again when the engine changes its mind about who wins.
type adjudicator struct {
	adj          Adjudication
	resignRun    [2]int
	resignWinner [2]position.Color
	drawRun      [2]int
}

// update takes the score sc that engine us reported for its move (from its
// own side's view) with ply plies played in the game, and says whether the
// game is adjudicated.
func (a *adjudicator) update(us position.Color, sc Score, ply int) (result position.Result, reason string, over bool) {
	if !sc.Valid {
		a.resignRun[us], a.drawRun[us] = 0, 0
		return position.ResultUnknown, "", false
	}
	adj := &a.adj
	cp := sc.Centipawns()
	if adj.ResignMoves > 0 && (cp >= adj.ResignScore || cp <= -adj.ResignScore) {
		w := us
		if cp < 0 {
			w = us.Flip()
		}
		if a.resignRun[us] > 0 && a.resignWinner[us] != w {
			a.resignRun[us] = 0
		}
		a.resignRun[us]++
		a.resignWinner[us] = w
	} else {
		a.resignRun[us] = 0
	}
	if adj.ResignMoves > 0 && a.resignRun[0] >= adj.ResignMoves && a.resignRun[1] >= adj.ResignMoves && a.resignWinner[0] == a.resignWinner[1] {
		return position.Win(a.resignWinner[0]), "adjudication: resign", true
	}
	if adj.DrawMoves > 0 && ply >= adj.DrawAfter && cp <= adj.DrawScore && cp >= -adj.DrawScore {
		a.drawRun[us]++
	} else {
		a.drawRun[us] = 0
	}
	if adj.DrawMoves > 0 && a.drawRun[0] >= adj.DrawMoves && a.drawRun[1] >= adj.DrawMoves {
		return position.Draw, "adjudication: draw", true
	}
	return position.ResultUnknown, "", false
}

// GameRecord is a finished game.
type GameRecord struct {
	White, Black string
	FEN          string // start position
	BookPlies    int    // the first BookPlies moves came from the opening
	Moves        []string
	Comments     []string        // per move: "+0.35/12 0.5s" (empty for book moves)
	Result       position.Result // from White's/Red's side
	Reason       string          // e.g. "checkmate", "white loses on time"
	// Fault is the colour whose engine misbehaved (illegal move, crash,
	// hang, time loss), or -1.
	Fault int
	// FaultKind: "illegal", "crash", "timeout", "time" or "".
	FaultKind string
}

const hardMaxPlies = 2000

// maxOpeningPlies bounds an opening's moves (a PGN "opening" could be a
// whole game or garbage).
const maxOpeningPlies = 1000

// toRanks1 converts an ICCS move (ranks 0–9) to Fairy-Stockfish's ranks 1–10.
func toRanks1(m string) string { return notation.ToRanks1(m) }

// fromRanks1 converts a ranks 1–10 move ("h10g8") to ICCS ("h9g7").
func fromRanks1(m string) (string, error) { return notation.FromRanks1(m) }

// gamePlayer holds the per-slot buffers of a game.
type gamePlayer struct {
	game  position.Variant
	pos   position.Game
	judge func() rules.Verdict // judges pos
	start string
	sides [2]string
	// xiangqi: an engine's ranks=1 setting applies.
	xiangqi bool
	hist    position.History // the opening and the game's moves
	list    position.MoveList
}

func newGamePlayer(game position.Variant) (*gamePlayer, error) {
	ar, err := newArbiter(game)
	if err != nil {
		return nil, err
	}
	return &gamePlayer{game: game, pos: ar.pos, judge: ar.judge, start: ar.start, sides: ar.sides, xiangqi: ar.xiangqi}, nil
}

// setup sets the opening's position and plays its moves. It returns the
// start FEN as the referee writes it (what the engines are sent) and the
// moves in the game's canonical coordinates, and refuses an opening that is illegal, too long or already decided.
func (g *gamePlayer) setup(op notation.Opening) (string, []string, error) {
	fen := op.FEN
	if fen == "" {
		fen = g.start
	}
	if len(op.Moves) > maxOpeningPlies {
		return "", nil, fmt.Errorf("opening %q has %d moves, at most %d", fen, len(op.Moves), maxOpeningPlies)
	}
	g.hist.Reset()
	if err := g.pos.SetFEN(fen); err != nil {
		return "", nil, fmt.Errorf("opening %q: %w", fen, err)
	}
	fen = g.pos.FEN()
	moves := make([]string, len(op.Moves))
	for ply, s := range op.Moves {
		m, err := g.pos.ParseMove(s)
		if err != nil {
			return "", nil, fmt.Errorf("opening %q move %d %q: %w", fen, ply+1, s, err)
		}
		moves[ply] = g.pos.MoveString(m)
		g.hist.Do(g.pos, m)
	}
	if res, reason, over := g.ended(); over {
		return "", nil, fmt.Errorf("opening %q (%d moves) ends the game (%s %s)", fen, len(op.Moves), res, reason)
	}
	return fen, moves, nil
}

// ended reports whether the position ends the game by the rules, judged by
// package rules (the same code the search and "play result" use): chess
// draws that a player may claim (threefold, fifty moves) are granted.
func (g *gamePlayer) ended() (result position.Result, reason string, over bool) {
	r := g.judge()
	return r.Result, r.Reason, r.Result != position.ResultUnknown
}

// play plays one game: eng[0] has White/Red. It never returns an error for
// an engine's misbehaviour (that is scored); errors are the caller's (bad
// opening) or a cancelled context.
func (g *gamePlayer) play(ctx context.Context, eng [2]*Engine, op notation.Opening, tc TimeControl, adj Adjudication) (GameRecord, error) {
	rec := GameRecord{White: eng[0].Name(), Black: eng[1].Name(), Fault: -1}
	fen, book, err := g.setup(op)
	if err != nil {
		return rec, err
	}
	rec.FEN = fen
	rec.Moves = append(rec.Moves, book...)
	rec.Comments = make([]string, len(book))
	ply := len(op.Moves)
	rec.BookPlies = ply
	maxPlies := adj.MaxPlies
	if maxPlies <= 0 || maxPlies > hardMaxPlies {
		maxPlies = hardMaxPlies
	}
	hang := tc.Hang
	if hang <= 0 {
		hang = 60 * time.Second
	}
	var clock [2]time.Duration
	clock[0], clock[1] = tc.Base, tc.Base
	ad := adjudicator{adj: adj}
	for e := range eng {
		if err := eng[e].NewGame(ctx, 10*time.Second); err != nil {
			return g.fault(rec, e, err), ctx.Err()
		}
	}
	for {
		if ply-rec.BookPlies >= maxPlies {
			rec.Result, rec.Reason = position.Draw, "adjudication: maximum length"
			return rec, nil
		}
		us := g.pos.SideToMove()
		e := eng[us]
		// The position command, in the engine's dialect.
		var sb strings.Builder
		sb.WriteString("position fen ")
		sb.WriteString(fen)
		if len(rec.Moves) > 0 {
			sb.WriteString(" moves")
			for _, m := range rec.Moves {
				sb.WriteByte(' ')
				if g.xiangqi && e.Ranks1 {
					m = toRanks1(m)
				}
				sb.WriteString(m)
			}
		}
		var goCmd string
		deadline := time.Now().Add(hang)
		switch tc.kind() {
		case tcNodes:
			goCmd = fmt.Sprintf("go nodes %d", tc.Nodes)
		case tcDepth:
			goCmd = fmt.Sprintf("go depth %d", tc.Depth)
		case tcMoveTime:
			goCmd = fmt.Sprintf("go movetime %d", tc.MoveTime.Milliseconds())
			deadline = time.Now().Add(tc.MoveTime + tc.Margin + hang)
		default:
			// Clocks in milliseconds, as UCI wants them.
			goCmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d", clock[0].Milliseconds(), clock[1].Milliseconds(), tc.Inc.Milliseconds(), tc.Inc.Milliseconds())
			deadline = time.Now().Add(clock[us] + tc.Margin + time.Second)
		}
		t0 := time.Now()
		mv, sc, depth, err := e.Go(ctx, sb.String(), goCmd, deadline)
		elapsed := time.Since(t0)
		if ctx.Err() != nil {
			return rec, ctx.Err()
		}
		if errors.Is(err, ErrNoMove) {
			// The engine is alive and answered: no move is an illegal move.
			return g.illegal(rec, us, `"" (bestmove without a move)`), nil
		}
		if cut := (*CutMoveError)(nil); errors.As(err, &cut) {
			return g.illegal(rec, us, cut.MoveText(mv)), nil
		}
		if err != nil {
			if errors.Is(err, ErrTimeout) && tc.kind() == tcClock {
				return g.fault(rec, int(us), errTimeLoss), nil
			}
			return g.fault(rec, int(us), err), nil
		}
		switch tc.kind() {
		case tcClock:
			if elapsed > clock[us]+tc.Margin {
				return g.fault(rec, int(us), errTimeLoss), nil
			}
			// The increment is added after the move (Fischer).
			clock[us] = max(clock[us]-elapsed, 0) + tc.Inc
		case tcMoveTime:
			// "go movetime" is a limit too (cutechess-cli's st=).
			if elapsed > tc.MoveTime+tc.Margin {
				return g.fault(rec, int(us), errTimeLoss), nil
			}
		}
		text := mv
		if g.xiangqi && e.Ranks1 {
			if text, err = fromRanks1(mv); err != nil {
				return g.illegal(rec, us, EngineText(mv)), nil
			}
		}
		m, err := g.pos.ParseMove(text)
		if err != nil {
			return g.illegal(rec, us, EngineText(mv)), nil
		}
		text = g.pos.MoveString(m)
		g.hist.Do(g.pos, m)
		ply++
		rec.Moves = append(rec.Moves, text)
		comment := fmt.Sprintf("%.3fs", elapsed.Seconds())
		if sc.Valid {
			comment = fmt.Sprintf("%s/%d %s", sc, depth, comment)
		}
		rec.Comments = append(rec.Comments, comment)

		if res, reason, over := g.ended(); over {
			rec.Result, rec.Reason = res, reason
			return rec, nil
		}
		// Adjudication from the engines' own scores (each from its side).
		if res, reason, over := ad.update(us, sc, ply); over {
			rec.Result, rec.Reason = res, reason
			return rec, nil
		}
	}
}

var errTimeLoss = errors.New("loses on time")

// fault scores the game against colour c's engine.
func (g *gamePlayer) fault(rec GameRecord, c int, err error) GameRecord {
	side := position.Color(c)
	rec.Result = position.Win(side.Flip())
	rec.Fault = c
	switch {
	case errors.Is(err, errTimeLoss):
		rec.FaultKind, rec.Reason = "time", g.sides[side]+" loses on time"
	case errors.Is(err, ErrTimeout):
		rec.FaultKind, rec.Reason = "timeout", g.sides[side]+" engine hung (no answer)"
	default:
		rec.FaultKind, rec.Reason = "crash", g.sides[side]+" engine crashed or disconnected"
	}
	return rec
}

func (g *gamePlayer) illegal(rec GameRecord, c position.Color, mv string) GameRecord {
	rec.Result = position.Win(c.Flip())
	rec.Fault = int(c)
	rec.FaultKind = "illegal"
	rec.Reason = fmt.Sprintf("%s makes an illegal move: %s", g.sides[c], mv)
	return rec
}
