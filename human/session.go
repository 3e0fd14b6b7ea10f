// The session: the game loop, the commands and the engine's turn.
package human

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"dualnnue/engine"
	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/search"
)

// maxLine is the longest input line read; longer lines are answered with
// an error and skipped.
const maxLine = 4096

// thinkFunc chooses a move for the side to move of p within lim. The
// session uses the engine; tests put a fast stand-in here.
type thinkFunc[P any] func(p P, lim search.Limits) search.Result

// session is one person playing the engine.
type session[T any, P search.GamePtr[T]] struct {
	def *gameDef[T, P]
	cfg Config
	in  lineInput
	out *errWriter

	// eng owns the game: its position (pos, which changes with every new
	// game) and its moves (hist); it searches when think is its own.
	eng   *engine.Engine[T, P]
	pos   P
	start string            // FEN of the game's start ("new" goes back here)
	hist  *position.History // the game's moves: eng's History
	texts []string          // each move in the game's notation

	human   position.Color
	flipped bool // relative to the person's side at the bottom
	lim     search.Limits
	think   thinkFunc[P]
	clear   func() // forgets what the engine learnt (the TT) for a new game

	over     bool
	resigned bool // the game ended by the person's resignation
	result   position.Result
	reason   string
	quit     bool
}

// errWriter keeps the first write error; later writes are dropped.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (s *session[T, P]) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// run plays a session of one game. think replaces the engine when not nil.
func run[T any, P search.GamePtr[T]](def *gameDef[T, P], in io.Reader, out io.Writer, cfg Config, think thinkFunc[P]) error {
	input, out, restore := newInput(in, out)
	defer restore()
	ew := &errWriter{w: out}
	if p, ok := input.(*plainInput); ok {
		p.out = ew // the prompt's write error ends the session like any other
	}
	s := &session[T, P]{def: def, cfg: cfg, in: input, out: ew, human: cfg.Human & 1, flipped: cfg.Flip}
	s.start = cfg.FEN
	if s.start == "" {
		s.start = def.StartFEN
	}
	e, err := engine.New(def.Def)
	if err != nil {
		return err
	}
	if err := e.SetPosition(s.start, nil); err != nil {
		return fmt.Errorf("start position: %w", err)
	}
	s.eng, s.pos, s.hist = e, e.Position(), e.History()
	s.lim = search.Limits{MoveTime: cfg.MoveTime, Depth: cfg.Depth, Nodes: cfg.Nodes}
	if s.lim.MoveTime <= 0 && s.lim.Depth <= 0 && s.lim.Nodes == 0 {
		s.lim.MoveTime = DefaultMoveTime
	}
	if think != nil {
		s.think, s.clear = think, func() {}
	} else if err := s.newEngine(); err != nil {
		return err
	}

	s.printf("%s against dualnnue: you play %s. Type a move, or \"help\".\n", def.Name, def.Sides[s.human])
	s.newPosition()
	s.drawBoard(true)
	for !s.quit && s.out.err == nil {
		if !s.over && s.pos.SideToMove() != s.human {
			s.engineMove()
			if !s.over {
				s.drawBoard(true)
			}
			continue
		}
		line, err := s.in.readLine(s.prompt() + "> ")
		if s.out.err != nil {
			return s.out.err
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				s.printf("\nend of input: bye\n")
				return s.out.err
			}
			return fmt.Errorf("reading input: %w", err)
		}
		s.handle(line)
	}
	return s.out.err
}

// newEngine builds the searcher with cfg.Eval (the embedded net, a net
// file or the hand-written evaluation).
func (s *session[T, P]) newEngine() error {
	ev, err := s.def.Evaluator(s.cfg.Eval)
	if err != nil {
		return err
	}
	opts := search.DefaultOptions
	opts.Threads = max(s.cfg.Threads, 1)
	opts.HashMiB = 64
	if s.cfg.HashMiB > 0 {
		opts.HashMiB = s.cfg.HashMiB
	}
	e := s.eng
	if err := e.Configure(engine.Options[P]{Eval: ev, Search: opts}); err != nil {
		return err
	}
	// p is always e's position: the session plays its moves through e.
	s.think = func(_ P, lim search.Limits) search.Result { return e.Search(lim, nil) }
	s.clear = e.Clear
	return nil
}

func (s *session[T, P]) prompt() string {
	if s.over {
		return "game over (new, undo, quit)"
	}
	return fmt.Sprintf("%d. %s", s.moveNumber(), s.def.Sides[s.pos.SideToMove()])
}

// moveNumber is the full-move number of the position.
func (s *session[T, P]) moveNumber() int { return s.pos.State().GamePly/2 + 1 }

// newPosition takes up the engine's new position (SetPosition: an empty
// history).
func (s *session[T, P]) newPosition() {
	s.pos = s.eng.Position()
	s.texts = s.texts[:0]
	s.checkEnd()
}

// drawBoard draws the board, the last move and (with status) who is to
// move or how the game ended.
func (s *session[T, P]) drawBoard(status bool) {
	v := boardView{bottom: s.human, chinese: s.cfg.Chinese, figurines: s.cfg.Figurines, ansi: s.cfg.ANSI}
	if s.flipped {
		v.bottom = v.bottom.Flip()
	}
	if n := s.hist.Len(); n > 0 {
		from, to := s.def.MoveSquares(s.hist.Moves()[n-1])
		v.last, v.hasLast = [2]position.Square{from, to}, true
	}
	var b strings.Builder
	b.WriteByte('\n')
	s.def.draw(&b, s.pos, v)
	b.WriteByte('\n')
	if n := s.hist.Len(); n > 0 {
		b.WriteString("last move: " + s.moveLabel(n-1) + "\n")
	}
	switch {
	case !status:
	case s.over:
		b.WriteString("game over: " + s.result.String() + ", " + s.reason + "\n")
	default:
		us := s.pos.SideToMove()
		who := "you"
		if us != s.human {
			who = "engine"
		}
		b.WriteString(fmt.Sprintf("move %d, %s to move (%s)", s.moveNumber(), s.def.Sides[us], who))
		if s.pos.State().InCheck {
			b.WriteString(", in check")
		}
		b.WriteByte('\n')
	}
	s.printf("%s", b.String())
}

// moveLabel is move i of the game as "5. C2=5 (h2e2)".
func (s *session[T, P]) moveLabel(i int) string {
	ply := s.hist.State(i).GamePly - 1 // the ply of the position the move was played in
	num := strconv.Itoa(ply/2+1) + "."
	if ply%2 == 1 {
		num += ".."
	}
	return num + " " + s.texts[i] + " (" + coordString(s.def, s.hist.Moves()[i]) + ")"
}

// coordString writes m in coordinates with the game's own MoveString (a
// package function of the game would do as well; the position is not read).
func coordString[T any, P search.GamePtr[T]](def *gameDef[T, P], m position.Move) string {
	var p P = new(T)
	return p.MoveString(m)
}

// play makes the legal move m, recording its notation.
func (s *session[T, P]) play(m position.Move) {
	text := s.def.Notate(s.pos, m)
	s.eng.Do(m)
	s.texts = append(s.texts, text)
	s.checkEnd()
}

// takeBack undoes the last move.
func (s *session[T, P]) takeBack() {
	s.eng.Undo()
	s.texts = s.texts[:s.hist.Len()]
	s.over, s.resigned, s.result, s.reason = false, false, position.ResultUnknown, ""
}

// checkEnd asks the arbiter (package rules) whether the game is over:
// checkmate, stalemate (a loss in xiangqi), the repetition verdicts, the
// move-count rules and dead positions (chess and xiangqi).
func (s *session[T, P]) checkEnd() {
	s.over, s.resigned, s.result, s.reason = false, false, position.ResultUnknown, ""
	r := s.def.Judge(s.pos)
	if r.Result == rules.Ongoing.Result {
		return
	}
	loser := s.def.Sides[position.Black]
	if r.Result == position.BlackWin {
		loser = s.def.Sides[position.White]
	}
	reason := r.Reason
	if reason == "natural-move limit" {
		reason += " (" + itoa(s.def.RuleOptions(s.pos).NaturalLimitPlies/2) + " moves without a capture)"
	}
	switch {
	case r.Result == position.Draw && reason == "stalemate":
		s.endDraw(reason)
	case r.Result == position.Draw:
		s.endDraw("draw by " + reason)
	case reason == "checkmate":
		s.over, s.result, s.reason = true, r.Result, reason
	case reason == "stalemate":
		s.over, s.result, s.reason = true, r.Result, loser+" has no legal move and loses"
	default:
		s.over, s.result, s.reason = true, r.Result, loser+" loses by "+reason
	}
}

func (s *session[T, P]) end(winner position.Color, reason string) {
	s.over = true
	s.result = position.WhiteWin
	if winner == position.Black {
		s.result = position.BlackWin
	}
	s.reason = reason
}

func (s *session[T, P]) endDraw(reason string) {
	s.over, s.result, s.reason = true, position.Draw, reason
}

// announce tells the result after the move that ended the game.
func (s *session[T, P]) announce() {
	verdict := "a draw."
	switch {
	case s.result == position.Win(s.human):
		verdict = "you win!"
	case s.result != position.Draw:
		verdict = "the engine wins."
	}
	s.printf("game over: %s, %s: %s\n", s.result, s.reason, verdict)
}

// engineMove lets the engine play the side to move.
func (s *session[T, P]) engineMove() {
	s.printf("engine (%s) thinking (%s)...\n", s.def.Sides[s.pos.SideToMove()], s.limitText())
	res := s.think(s.pos, s.lim)
	if res.BestMove == position.MoveNone {
		// Not reached: checkEnd ends the game before a position without moves.
		s.over, s.result, s.reason = true, position.ResultUnknown, "the engine found no move"
		s.announce()
		return
	}
	text := s.def.Notate(s.pos, res.BestMove)
	s.printf("engine plays %s (%s)   %s\n", text, s.pos.MoveString(res.BestMove), s.searchSummary(res))
	s.play(res.BestMove)
	if s.over {
		s.drawBoard(false)
		s.announce()
	}
}

// limitText describes the engine's limits for the "thinking" line.
func (s *session[T, P]) limitText() string {
	var parts []string
	if s.lim.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("%g s", s.lim.MoveTime.Seconds()))
	}
	if s.lim.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", s.lim.Depth))
	}
	if s.lim.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", s.lim.Nodes))
	}
	return strings.Join(parts, ", ")
}

// searchSummary is "depth 12, red +0.35, 812k nodes, 1.00 s".
func (s *session[T, P]) searchSummary(res search.Result) string {
	return fmt.Sprintf("[depth %d, %s, %s nodes, %.2f s]", res.Depth, s.scoreText(res.Score), countText(res.Nodes), res.Time.Seconds())
}

// scoreText writes a score from the side to move's view as seen by the
// first side ("red +0.35", "black mates in 3").
func (s *session[T, P]) scoreText(v position.Value) string {
	us := s.pos.SideToMove()
	if v.IsMate() {
		n := int(position.ValueMate-abs(v)+1) / 2
		winner := us
		if v < 0 {
			winner = us.Flip()
		}
		if n == 0 {
			return s.def.Sides[winner] + " has mated"
		}
		return fmt.Sprintf("%s mates in %d", s.def.Sides[winner], n)
	}
	if us == position.Black {
		v = -v
	}
	return fmt.Sprintf("%s %+.2f", s.def.Sides[position.White], float64(v)/100)
}

func abs(v position.Value) position.Value {
	if v < 0 {
		return -v
	}
	return v
}

func countText(n uint64) string {
	switch {
	case n >= 10_000_000:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 10_000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.FormatUint(n, 10)
}

// setMoveTime handles "time [T]" (T as ParseMoveTime reads it).
func (s *session[T, P]) setMoveTime(arg string) {
	if arg == "" {
		s.printf("the engine thinks %s per move\n", s.limitText())
		return
	}
	d, err := ParseMoveTime(arg)
	if err != nil {
		s.printf("%v\n", err)
		return
	}
	s.lim.MoveTime = d
	s.printf("the engine now thinks %s per move\n", s.limitText())
}

// MaxBareSeconds bounds a move time given as a bare number: seconds below
// it are accepted ("2", "0.5", "30"); a bare number from it up ("300") is
// refused as ambiguous, since UCI's "go movetime 300" means milliseconds;
// "300ms" or "300s" say which.
const MaxBareSeconds = 100

// ParseMoveTime reads the engine's time per move: seconds below
// MaxBareSeconds ("2", "0.5") or a Go duration with its unit ("500ms",
// "300s", "1m"), from 1 ms to 1 hour. A bare number of MaxBareSeconds or
// more is an error that asks for a unit.
func ParseMoveTime(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	d, err := time.ParseDuration(s)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || f != f {
			return 0, fmt.Errorf("time %q: want seconds (e.g. 2 or 0.5) or a duration (e.g. 500ms)", sanitize(s))
		}
		if f > 3600 || f < 0 {
			return 0, fmt.Errorf("time %q: want between 0.001 and 3600 seconds", sanitize(s))
		}
		if f >= MaxBareSeconds {
			return 0, fmt.Errorf("time %q: a number without a unit is seconds, and %s s looks like milliseconds (as UCI's movetime): write %sms, or %ss for %s",
				sanitize(s), s, s, s, time.Duration(f*float64(time.Second)))
		}
		d = time.Duration(f * float64(time.Second))
	}
	if d < time.Millisecond || d > time.Hour {
		return 0, fmt.Errorf("time %q: want between 0.001 and 3600 seconds", sanitize(s))
	}
	return d, nil
}
