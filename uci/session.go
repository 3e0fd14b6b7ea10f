// Session: the command loop, dispatch and the background search job.
package uci

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"dualnnue/position"
)

// Config sets what a Session announces and the limits it imposes.
type Config struct {
	// Name and Author go into "id name" and "id author".
	Name, Author string
	// DefaultVariant is the game before any UCI_Variant option ("xiangqi"
	// when empty).
	DefaultVariant string
	// HashMiB is the default of the Hash option (16 when 0).
	HashMiB int
	// MaxDepth and MaxNodes, when positive, cap every search, bench and
	// perft (tests and fuzzing use them to keep each command short).
	MaxDepth int
	MaxNodes uint64
	// MaxHashMiB and MaxThreads, when positive, cap the Hash and Threads
	// options below their protocol maxima (tests and fuzzing).
	MaxHashMiB, MaxThreads int
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

	// Input plumbing while Run is active.
	lines  <-chan inputLine
	queue  []string
	quit   bool
	closed bool
}

type inputLine struct {
	s   string
	err error
}

// NewSession returns a session writing its answers to w.
func NewSession(w io.Writer, cfg Config) *Session {
	if cfg.Name == "" {
		cfg.Name = "dualnnue"
	}
	if cfg.Author == "" {
		cfg.Author = "the dualnnue authors"
	}
	if cfg.DefaultVariant == "" {
		cfg.DefaultVariant = "xiangqi"
	}
	if cfg.HashMiB <= 0 {
		cfg.HashMiB = 16
	}
	s := &Session{cfg: cfg, out: newOutput(w), opts: newOptions(cfg.DefaultVariant, cfg.HashMiB)}
	s.opts.init()
	s.newEngine = newGameEngine
	return s
}

// Run reads commands from r until "quit" or the end of r, then stops any
// search that would not end by itself, waits for the running one and
// returns. At the end of input a search with a limit (depth, nodes, time)
// still runs to its end and answers: "echo go depth 8 | play" works. The
// error is a read error other than io.EOF. No goroutine of the session
// outlives Run except the reader blocked in r.Read after "quit", which
// ends with r.
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
	s.lines = lines
	defer func() { s.lines = nil }()

	var readErr error
	for !s.quit {
		var line string
		if len(s.queue) > 0 {
			line, s.queue = s.queue[0], s.queue[1:]
		} else {
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
			line = in.s
		}
		s.Execute(line)
	}
	s.Close()
	return readErr
}

// Close stops a search that waits for "stop" (infinite or ponder), waits
// for the running search to answer and releases the engine. After "quit"
// every search is stopped. In UCCI mode "quit" is answered with "bye".
func (s *Session) Close() {
	if s.closed {
		return
	}
	s.closed = true
	if s.job != nil {
		if s.quit || s.job.holds() {
			s.job.stop()
		}
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
// (false after "quit").
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
		s.idle(cmd)
		for _, l := range s.engine().display() {
			s.out.line(l)
		}
	case "eval":
		s.idle(cmd)
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
		s.opts.find(optVariant).value = s.cfg.DefaultVariant
		if e, err = s.newEngine(s.cfg.DefaultVariant); err != nil {
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

func (s *Session) engineConfig() engineConfig {
	return engineConfig{
		hashMiB:      s.opts.int(optHash),
		threads:      s.opts.int(optThreads),
		multiPV:      s.opts.int(optMultiPV),
		moveOverhead: time.Duration(s.opts.int(optMoveOverhead)) * time.Millisecond,
		evalFile:     s.opts.get(optEvalFile),
		useNNUE:      s.opts.bool(optUseNNUE),
		chess960:     s.opts.bool(optChess960),
	}
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

// setOption handles "setoption name <id> [value <x>]" and the UCCI form
// "setoption <id> [<x>]".
func (s *Session) setOption(line string, args []string) {
	var name, value string
	if len(args) > 0 && strings.EqualFold(args[0], "name") {
		// Names and values may hold spaces ("Move Overhead", file paths):
		// cut the raw line at the " value " token.
		rest := afterToken(line, 2)
		if i := indexToken(rest, "value"); i >= 0 {
			name, value = strings.TrimSpace(rest[:i]), strings.TrimSpace(rest[i+len("value"):])
		} else {
			name = strings.TrimSpace(rest)
		}
		name = strings.Join(strings.Fields(name), " ")
	} else if len(args) > 0 {
		name = args[0]
		value = strings.TrimSpace(afterToken(line, 2))
	}
	if name == "" {
		s.out.infoString("setoption needs a name: setoption name <id> [value <x>]")
		return
	}
	op := s.opts.find(name)
	if op == nil {
		s.out.infoString("unknown option " + quote(name) + " ignored")
		return
	}
	v, err := op.check(value)
	if err == nil {
		err = s.checkResources(op.name, v)
	}
	if err != nil {
		s.out.infoString("error: " + err.Error() + "; " + op.name + " stays " + op.value)
		return
	}
	switch op.name {
	case optClearHash:
		s.idle("setoption")
		s.engine().clearHash()
		return
	case optNewGame:
		s.newGame()
		return
	case optPonder, optUseMillisec:
		op.value = v
		return
	case optVariant:
		if v != op.value || s.eng == nil {
			s.idle("setoption")
			s.switchVariant(v)
		}
		return
	}
	s.idle("setoption")
	old := op.value
	op.value = v
	if err := s.engine().configure(s.engineConfig()); err != nil {
		op.value = old
		s.out.infoString("error: " + err.Error() + "; " + op.name + " stays " + old)
		_ = s.engine().configure(s.engineConfig())
	}
}

// checkResources refuses a Hash larger than 3/4 of the machine's memory
// (allocating it would end the process) and values over the Config caps.
func (s *Session) checkResources(name, v string) error {
	n, _ := strconv.Atoi(v)
	switch name {
	case optHash:
		if s.cfg.MaxHashMiB > 0 && n > s.cfg.MaxHashMiB {
			return fmt.Errorf("Hash %d MiB is over this session's limit of %d", n, s.cfg.MaxHashMiB)
		}
		if ram := physicalMiB(); ram > 0 && n > ram*3/4 {
			return fmt.Errorf("Hash %d MiB is more than 3/4 of this machine's memory (%d MiB)", n, ram)
		}
	case optThreads:
		if s.cfg.MaxThreads > 0 && n > s.cfg.MaxThreads {
			return fmt.Errorf("Threads %d is over this session's limit of %d", n, s.cfg.MaxThreads)
		}
	}
	return nil
}

// switchVariant changes the game; the position becomes its start position.
func (s *Session) switchVariant(v string) {
	if s.eng != nil {
		s.eng.close()
		s.eng = nil
	}
	s.opts.find(optVariant).value = v
	s.bans = nil
	s.engine()
}

func (s *Session) newGame() {
	s.idle("ucinewgame")
	e := s.engine()
	e.newGame()
	if err := e.setPosition("", nil); err != nil {
		s.out.infoString("error: " + err.Error())
	}
	s.bans = nil
}

// position handles "position startpos|fen <fen> [moves <m>...]". Nothing
// changes unless the whole command is valid.
func (s *Session) position(args []string) {
	s.idle("position")
	var fen string
	var rest []string
	switch {
	case len(args) == 0:
		s.out.infoString("error: position needs startpos or fen <fen>; position unchanged")
		return
	case args[0] == "startpos":
		rest = args[1:]
	case args[0] == "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen = strings.Join(args[1:i], " ")
		rest = args[i:]
		if fen == "" {
			s.out.infoString("error: position fen needs a FEN; position unchanged")
			return
		}
	default:
		s.out.infoString("error: position needs startpos or fen <fen>, not " + quote(args[0]) + "; position unchanged")
		return
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.out.infoString("error: position: expected moves, not " + quote(rest[0]) + "; position unchanged")
			return
		}
		moves = rest[1:]
	}
	if err := s.engine().setPosition(fen, moves); err != nil {
		s.out.infoString("error: position: " + err.Error() + "; position unchanged")
		return
	}
	s.bans = nil
}

// banMoves handles UCCI "banmoves <m>...": those moves are excluded from
// the next searches of the current position.
func (s *Session) banMoves(args []string) {
	s.idle("banmoves")
	legal := s.engine().legalMoves()
	s.bans = s.bans[:0]
	for _, m := range args {
		if !contains(legal, m) {
			s.out.infoString("banmoves: " + quote(m) + " is not a legal move here, ignored")
			continue
		}
		s.bans = append(s.bans, m)
	}
}

func (s *Session) goCmd(args []string) {
	s.idle("go")
	ms := int64(1000)
	if s.opts.bool(optUseMillisec) {
		ms = 1
	}
	warn := func(m string) { s.out.infoString(m) }
	p := parseGo(args, s.ucci, ms, warn)
	e := s.engine()
	if p.perft != 0 {
		s.perft(p.perft)
		return
	}
	stm := e.sideToMove()
	if s.ucci {
		p.resolveUCCI(stm)
	}
	r := searchRequest{
		depth:       p.depth,
		mate:        p.mate,
		nodes:       uint64(p.nodes),
		movesToGo:   max(p.movestogo, 0),
		infinite:    p.infinite,
		ponder:      p.ponder,
		searchMoves: p.searchMoves,
		warn:        warn,
	}
	for c := 0; c < 2; c++ {
		if p.hasTime[c] {
			r.hasTime[c] = true
			r.time[c] = time.Duration(max(p.time[c], 0)) * time.Millisecond
			r.inc[c] = time.Duration(max(p.inc[c], 0)) * time.Millisecond
		}
	}
	// Policy: "movetime 0" (or negative) and an empty own clock without
	// increment mean "answer now": finish depth 1 and play its move.
	if p.hasMovetime {
		if p.movetime <= 0 {
			r.depth = 1
		} else {
			r.moveTime = time.Duration(p.movetime) * time.Millisecond
		}
	}
	if r.hasTime[stm] && r.time[stm] == 0 && r.inc[stm] == 0 && !r.ponder && !r.infinite {
		r.depth = 1
	}
	if s.cfg.MaxDepth > 0 && (r.depth == 0 || r.depth > s.cfg.MaxDepth) {
		r.depth = s.cfg.MaxDepth
	}
	if s.cfg.MaxNodes > 0 && (r.nodes == 0 || r.nodes > s.cfg.MaxNodes) {
		r.nodes = s.cfg.MaxNodes
	}

	// Root moves: all legal ones, or searchmoves, less UCCI banmoves.
	legal := e.legalMoves()
	root := legal
	if len(r.searchMoves) > 0 {
		root = root[:0:0]
		for _, m := range r.searchMoves {
			if contains(legal, m) {
				root = append(root, m)
			} else {
				warn("searchmoves: " + quote(m) + " is not a legal move here, ignored")
			}
		}
		if len(root) == 0 {
			warn("searchmoves: no legal move listed, searching all moves")
			root = legal
		}
	}
	if len(s.bans) > 0 {
		kept := root[:0:0]
		for _, m := range root {
			if !contains(s.bans, m) {
				kept = append(kept, m)
			}
		}
		root = kept
	}
	if len(root) < len(legal) {
		r.searchMoves = root
	} else {
		r.searchMoves = nil
	}
	s.startJob(e, r, len(root) == 0)
}

// perft handles "go perft N": Stockfish's divide format.
func (s *Session) perft(depth int) {
	if depth < 1 {
		s.out.infoString("error: go perft needs a depth of at least 1")
		return
	}
	if s.cfg.MaxDepth > 0 && depth > s.cfg.MaxDepth {
		depth = s.cfg.MaxDepth
	}
	lines, total := s.engine().divide(depth)
	for _, l := range lines {
		s.out.line(l)
	}
	s.out.line("")
	s.out.line("Nodes searched: " + strconv.FormatUint(total, 10))
	s.out.line("")
}

// benchCmd handles "bench [depth]".
func (s *Session) benchCmd(args []string) {
	s.idle("bench")
	depth := 0
	if len(args) > 0 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > position.MaxPly {
			s.out.infoString("error: bench takes a depth from 1 to " + itoa(position.MaxPly) + ", not " + quote(args[0]))
			return
		}
		depth = d
	}
	if s.cfg.MaxDepth > 0 && (depth == 0 || depth > s.cfg.MaxDepth) {
		depth = s.cfg.MaxDepth
	}
	nodes, elapsed := s.engine().bench(depth, func(l string) { s.out.line(l) })
	PrintBenchSummary(s.out.line, nodes, elapsed)
}

// PrintBenchSummary prints the closing lines of a bench the way Stockfish
// does, through say (one line per call).
func PrintBenchSummary(say func(string), nodes uint64, elapsed time.Duration) {
	ms := max(elapsed.Milliseconds(), 1)
	say("===========================")
	say("Total time (ms) : " + strconv.FormatInt(ms, 10))
	say("Nodes searched: " + strconv.FormatUint(nodes, 10))
	say("Nodes/second: " + strconv.FormatUint(nodes*1000/uint64(ms), 10))
}

// idle makes sure no search runs before a command that changes state. A
// search that ends by itself is waited for (answering isready, stop,
// ponderhit and quit meanwhile); one that waits for "stop" (infinite, or
// ponder before ponderhit) is stopped first, with a note.
func (s *Session) idle(cmd string) {
	if s.job == nil {
		return
	}
	if s.job.holds() {
		s.out.infoString(quote(cmd) + " during go infinite or ponder: stopping the search first")
		s.job.stop()
	}
	s.waitJob(cmd == "go")
}

// waitJob waits for the running search to end while still reading input
// (when Run is active). Lines are queued and run in order afterwards
// ("isready" too: its answer means that every command before it was
// processed, the one that waits included), with these exceptions when
// nothing is queued yet and the search has not been stopped already, so
// that a client is never stuck behind a long search: "stop" and
// "ponderhit" act on the running search, and "quit" stops it (and is then
// queued, so the command that waited still runs before the session ends).
// Once the running search is stopped (e.g.
// by a "go" during "go infinite"), "stop" and "ponderhit" belong to the
// command that waits and are queued; so are they when that command is a
// "go" (they are meant for the search it starts).
func (s *Session) waitJob(blockedGo bool) {
	for s.job != nil {
		var lines <-chan inputLine = s.lines
		select {
		case <-s.job.done:
			s.job = nil
		case in, ok := <-lines:
			if !ok {
				s.lines = nil // end of input: keep waiting for the search
				continue
			}
			if in.err != nil {
				s.out.infoString(in.err.Error())
				continue
			}
			if len(s.queue) > 0 {
				s.queue = append(s.queue, in.s)
				continue
			}
			switch cmd := strings.TrimSpace(in.s); {
			case s.job.stopped() || (blockedGo && cmd != "quit" && cmd != "exit"):
				s.queue = append(s.queue, in.s)
			case cmd == "stop":
				s.job.stop()
			case cmd == "ponderhit" || cmd == "ponderhit draw":
				s.job.ponderHit()
			case cmd == "quit" || cmd == "exit":
				s.job.stop()
				s.queue = append(s.queue, in.s)
			default:
				s.queue = append(s.queue, in.s)
			}
		}
	}
}

// reapJob forgets a finished job.
func (s *Session) reapJob() {
	if s.job == nil {
		return
	}
	select {
	case <-s.job.done:
		s.job = nil
	default:
	}
}

// job is one running "go".
type job struct {
	done     chan struct{}
	stopCh   chan struct{}
	hitCh    chan struct{}
	stopOnce sync.Once
	hitOnce  sync.Once
	infinite bool
	ponder   bool
}

// holds reports whether the job will wait for stop (or ponderhit) before
// answering.
func (j *job) holds() bool {
	if j.stopped() {
		return false
	}
	if j.infinite {
		return true
	}
	if !j.ponder {
		return false
	}
	select {
	case <-j.hitCh:
		return false
	default:
		return true
	}
}

// stopped reports whether stop was called.
func (j *job) stopped() bool {
	select {
	case <-j.stopCh:
		return true
	default:
		return false
	}
}

func (j *job) stop() {
	j.stopOnce.Do(func() { close(j.stopCh) })
}

func (j *job) ponderHit() {
	if j.ponder {
		j.hitOnce.Do(func() { close(j.hitCh) })
	}
}

// startJob runs the search in the background. With no move to search it
// answers "bestmove (none)" (UCCI "nobestmove") at once, or after stop or
// ponderhit for infinite and ponder, waiting without using the CPU.
func (s *Session) startJob(e gameEngine, r searchRequest, noMoves bool) {
	j := &job{
		done:     make(chan struct{}),
		stopCh:   make(chan struct{}),
		hitCh:    make(chan struct{}),
		infinite: r.infinite,
		ponder:   r.ponder,
	}
	s.job = j
	r.stop, r.ponderHit = j.stopCh, j.hitCh
	ucci := s.ucci
	out := s.out
	var warnMu sync.Mutex
	r.warn = func(m string) {
		warnMu.Lock()
		defer warnMu.Unlock()
		out.infoString(m)
	}
	waitRelease := func() {
		if r.infinite {
			<-j.stopCh
		} else if r.ponder {
			select {
			case <-j.stopCh:
			case <-j.hitCh:
			}
		}
	}
	go func() {
		defer close(j.done)
		var best, ponder string
		if noMoves {
			v := e.noMoveScore()
			if ucci {
				out.line("info depth 0 score " + strconv.Itoa(int(v)))
			} else {
				out.line("info depth 0 score " + v.String())
			}
			waitRelease()
		} else {
			best, ponder = e.search(r, func(in searchInfo) { out.line(formatInfo(in, ucci)) })
			waitRelease()
			if best == "" {
				// Never answer 0000 while a legal move exists.
				if legal := e.legalMoves(); len(legal) > 0 {
					out.infoString("search returned no move; playing the first legal one")
					best, ponder = legal[0], ""
				}
			}
		}
		switch {
		case best == "" && ucci:
			out.line("nobestmove")
		case best == "":
			out.line("bestmove (none)")
		case ponder != "":
			out.line("bestmove " + best + " ponder " + ponder)
		default:
			out.line("bestmove " + best)
		}
	}()
}

// formatInfo renders a progress report: UCI "info depth .. seldepth ..
// multipv .. score cp|mate .. nodes .. nps .. hashfull .. time .. pv ..", or
// UCCI "info depth .. score <cp> time .. nodes .. pv ..".
func formatInfo(in searchInfo, ucci bool) string {
	if in.str != "" {
		return "info string " + printable(in.str)
	}
	ms := in.time.Milliseconds()
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(itoa(in.depth))
	if ucci {
		b.WriteString(" score ")
		b.WriteString(strconv.Itoa(int(in.score)))
		b.WriteString(" time ")
		b.WriteString(strconv.FormatInt(ms, 10))
		b.WriteString(" nodes ")
		b.WriteString(strconv.FormatUint(in.nodes, 10))
	} else {
		b.WriteString(" seldepth ")
		b.WriteString(itoa(max(in.selDepth, in.depth)))
		b.WriteString(" multipv ")
		b.WriteString(itoa(max(in.multiPV, 1)))
		b.WriteString(" score ")
		b.WriteString(in.score.String())
		if in.lowerBound {
			b.WriteString(" lowerbound")
		} else if in.upperBound {
			b.WriteString(" upperbound")
		}
		b.WriteString(" nodes ")
		b.WriteString(strconv.FormatUint(in.nodes, 10))
		b.WriteString(" nps ")
		b.WriteString(strconv.FormatUint(in.nodes*1000/uint64(max(ms, 1)), 10))
		b.WriteString(" hashfull ")
		b.WriteString(itoa(in.hashFull))
		b.WriteString(" time ")
		b.WriteString(strconv.FormatInt(ms, 10))
	}
	if len(in.pv) > 0 {
		b.WriteString(" pv")
		for _, m := range in.pv {
			b.WriteByte(' ')
			b.WriteString(m)
		}
	}
	return b.String()
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

// sortedCopy returns a sorted copy of list.
func sortedCopy(list []string) []string {
	c := append([]string(nil), list...)
	sort.Strings(c)
	return c
}
