// Session: the command loop, dispatch, and waiting for the search.
package uci

import (
	"dualnnue/position"
	"errors"
	"io"
	"strings"
	"time"
)

// Config sets what a Session announces and the limits it imposes.
type Config struct {
	// Name and Author go into "id name" and "id author".
	Name, Author string
	// DefaultVariant is the game before any UCI_Variant option (xiangqi
	// when zero).
	DefaultVariant position.Variant
	// HashMiB is the default of the Hash option (16 when 0).
	HashMiB int
	// MaxDepth and MaxNodes, when positive, cap every search, bench and
	// perft (tests and fuzzing use them to keep each command short).
	MaxDepth int
	MaxNodes uint64
	// MaxHashMiB and MaxThreads, when positive, cap the Hash and Threads
	// options below their protocol maxima (tests and fuzzing).
	MaxHashMiB, MaxThreads int
	// Tune lists every tunable search constant (search.ParamSpecs) as a
	// spin option after the others, for a tuner (`play -tune`, `play tune`).
	Tune bool
}

// Session is one conversation with a client. Create it with NewSession and
// drive it with Run (a whole input stream) or Execute (one line at a time).
type Session struct {
	cfg   Config
	out   *output
	opts  *options
	ucci  bool
	debug bool

	// newEngine makes the engine of a variant; tests may replace it.
	newEngine func(variant string) (gameEngine, error)
	eng       gameEngine

	job  *job
	bans []string // UCCI banmoves for the current position
	// rejected, when not empty, says why the last "position" command was
	// refused: until a valid "position" or "ucinewgame", "go" answers
	// that note and "bestmove 0000" rather than search a position the
	// client did not send.
	rejected string
	// startMoves is the move list of the last accepted "position
	// startpos" of the current game (nil after "position fen", a new
	// game or a switch): a longer list that begins with it continues
	// that game and never switches games (see position).
	startMoves []string

	quit   bool
	closed bool
}

// NewSession returns a session writing its answers to w.
func NewSession(w io.Writer, cfg Config) *Session {
	if cfg.Name == "" {
		cfg.Name = "dualnnue"
	}
	if cfg.Author == "" {
		cfg.Author = "the dualnnue authors"
	}
	if cfg.DefaultVariant == 0 {
		cfg.DefaultVariant = position.Xiangqi
	}
	if cfg.HashMiB <= 0 {
		cfg.HashMiB = 16
	}
	s := &Session{cfg: cfg, out: newOutput(w), opts: newOptions(cfg.DefaultVariant, cfg.HashMiB, cfg.Tune)}
	s.opts.init()
	s.newEngine = newGameEngine
	return s
}

// Run reads commands from r until "quit" or the end of r, runs each as
// Execute does, then ends any search, perft or bench still running (the
// end of input is "quit": nobody is left to send "stop") and returns once
// it has answered. The error is a read error other than io.EOF. No
// goroutine of the session outlives Run except the reader blocked in
// r.Read after "quit", which ends with r.
func (s *Session) Run(r io.Reader) error {
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(lines)
		lr := newLineReader(r, MaxLineBytes)
		for {
			l, err := lr.next()
			if err == io.EOF {
				return
			}
			select {
			case lines <- inputLine{l, err}:
			case <-done:
				return
			}
			var tl errLineTooLong
			if err != nil && !errors.As(err, &tl) {
				return
			}
		}
	}()

	var readErr error
	for !s.quit {
		in, ok := <-lines
		if !ok {
			break
		}
		if in.err != nil {
			var tl errLineTooLong
			if errors.As(in.err, &tl) {
				s.out.infoString(in.err.Error())
				continue
			}
			readErr = in.err
			break
		}
		s.Execute(in.s)
	}
	s.Close()
	return readErr
}

type inputLine struct {
	s   string
	err error
}

// Close stops the running search, perft or bench (a search still answers
// its best move so far), waits for it and releases the engine. In UCCI
// mode "quit" is answered with "bye". Execute does nothing after Close.
func (s *Session) Close() {
	if s.closed {
		return
	}
	s.closed = true
	if s.job != nil {
		s.job.stop()
		<-s.job.done
		s.job = nil
	}
	if s.eng != nil {
		s.eng.close()
		s.eng = nil
	}
	if s.quit && s.ucci {
		s.out.line("bye")
	}
}

// Execute runs one command line and reports whether the session goes on
// (false after "quit"). It returns at once: a search, perft or bench runs
// in the background, and a command that needs the engine idle stops it
// first (see the package documentation).
func (s *Session) Execute(line string) bool {
	if s.quit || s.closed {
		return false
	}
	s.reapJob()
	toks := strings.Fields(line)
	if len(toks) == 0 {
		return true
	}
	cmd, args := toks[0], toks[1:]
	if s.debug {
		s.out.infoString("received " + quote(line))
	}
	switch cmd {
	case "uci":
		s.handshake(false)
	case "ucci":
		s.handshake(true)
	case "isready":
		s.out.line("readyok")
	case "debug":
		s.debug = len(args) == 0 || args[0] != "off"
	case "setoption":
		s.setOption(line, args)
	case "ucinewgame", "uccinewgame":
		s.newGame()
	case "position":
		s.position(args)
	case "banmoves":
		s.banMoves(args)
	case "go":
		s.goCmd(args)
	case "stop":
		if s.job != nil {
			s.job.stop()
		}
	case "ponderhit":
		if s.job != nil {
			s.job.ponderHit()
		}
	case "quit", "exit":
		s.quit = true
		s.Close()
		return false
	case "d":
		for _, l := range s.engine().display() {
			s.out.line(l)
		}
	case "eval":
		for _, l := range s.engine().eval() {
			s.out.line(l)
		}
	case "bench":
		s.benchCmd(args)
	case "register":
		// Nothing to register.
	case "probe":
		s.out.infoString("probe is not supported")
	default:
		s.out.infoString("unknown command " + quote(cmd) + " ignored")
	}
	return true
}

// engine returns the current game's engine, creating it on first use (a
// failure falls back to the default variant's).
func (s *Session) engine() gameEngine {
	if s.eng != nil {
		return s.eng
	}
	v := s.opts.get(optVariant)
	e, err := s.newEngine(v)
	if err != nil {
		s.out.infoString("error: " + err.Error())
		s.opts.find(optVariant).value = s.cfg.DefaultVariant.String()
		if e, err = s.newEngine(s.cfg.DefaultVariant.String()); err != nil {
			panic("uci: no engine for the default variant: " + err.Error())
		}
	}
	if err := e.configure(s.engineConfig()); err != nil {
		s.out.infoString("error: " + err.Error())
		s.opts.find(optEvalFile).value = defaultEvalFile
		c := s.engineConfig()
		_ = e.configure(c)
	}
	s.eng = e
	return e
}

// limitElo is the rating the search plays at (0: full strength): UCI_Elo
// when UCI_LimitStrength is on, else skillElo of a Skill Level below
// MaxSkill, as Stockfish gives UCI_LimitStrength precedence.
func (s *Session) limitElo() int {
	if s.opts.bool(optLimitStrength) {
		return s.opts.int(optElo)
	}
	if l := s.opts.int(optSkill); l < MaxSkill {
		return skillElo(l)
	}
	return 0
}

func (s *Session) engineConfig() engineConfig {
	return engineConfig{
		hashMiB:      s.opts.int(optHash),
		threads:      min(s.opts.int(optThreads), threadCap()),
		multiPV:      s.opts.int(optMultiPV),
		moveOverhead: time.Duration(s.opts.int(optMoveOverhead)) * time.Millisecond,
		evalFile:     s.opts.get(optEvalFile),
		useNNUE:      s.opts.bool(optUseNNUE),
		chess960:     s.opts.bool(optChess960),
		checkChase:   s.opts.bool(optCheckChase),
		showWDL:      s.opts.bool(optShowWDL),
		elo:          s.limitElo(),
		tuned:        s.tuned(),
	}
}

// tuned are the tunable options a client changed from their defaults (the
// defaults announced are those of the session's first game,
// Config.DefaultVariant), by name; nil when none is.
func (s *Session) tuned() map[string]int {
	var t map[string]int
	for _, op := range s.opts.list {
		if op.tunable && op.value != op.def {
			if t == nil {
				t = map[string]int{}
			}
			t[op.name] = s.opts.int(op.name)
		}
	}
	return t
}

func (s *Session) handshake(ucci bool) {
	s.ucci = ucci
	if ucci && s.opts.get(optVariant) != "xiangqi" {
		s.idle("ucci")
		s.switchVariant("xiangqi")
	}
	s.out.line("id name " + s.cfg.Name)
	s.out.line("id author " + s.cfg.Author)
	for _, l := range s.opts.handshake(ucci) {
		s.out.line(l)
	}
	if ucci {
		s.out.line("ucciok")
	} else {
		s.out.line("uciok")
	}
}

// idle makes sure no job runs before cmd, a command that changes what the
// job uses: a running search, perft or bench is stopped first (with a note
// unless the client already stopped it or saw its answer) and waited for.
// The wait is the stop latency of the job (milliseconds), so input read
// after cmd is never held up for long.
func (s *Session) idle(cmd string) {
	s.reapJob()
	if s.job == nil {
		return
	}
	if !s.job.stopped() && !s.job.answered.Load() {
		s.out.infoString(quote(cmd) + " during " + s.job.what + ": stopping it first")
	}
	s.job.stop()
	<-s.job.done
	s.job = nil
}

// afterToken returns line after its first n whitespace-separated tokens
// (with the separating whitespace trimmed on the left).
func afterToken(line string, n int) string {
	rest := line
	for i := 0; i < n; i++ {
		rest = strings.TrimLeft(rest, " \t")
		j := strings.IndexAny(rest, " \t")
		if j < 0 {
			return ""
		}
		rest = rest[j:]
	}
	return strings.TrimLeft(rest, " \t")
}

// indexToken returns the byte index of the first whitespace-separated token
// equal to tok (case-insensitive) in s, or -1.
func indexToken(s, tok string) int {
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j > i && strings.EqualFold(s[i:j], tok) {
			return i
		}
		i = j
	}
	return -1
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
