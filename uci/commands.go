// The commands that change state: setoption, ucinewgame, position, banmoves, go, perft, bench.
package uci

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"dualnnue/position"
)

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
		s.out.infoString("error: " + err.Error() + "; " + op.name + " stays " + shown(op.value))
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
	if v != op.value || s.eng == nil {
		// Only a change needs the engine idle: a GUI that sends its
		// options again does not stop the search.
		s.idle("setoption")
		old := op.value
		op.value = v
		if err := s.engine().configure(s.engineConfig()); err != nil {
			op.value = old
			s.out.infoString("error: " + err.Error() + "; " + op.name + " stays " + shown(old))
			_ = s.engine().configure(s.engineConfig())
			return
		}
	}
	if op.name == optThreads {
		if n, _ := strconv.Atoi(v); n > threadCap() {
			s.out.infoString(fmt.Sprintf("Threads %d: this machine runs %d threads at once (its CPUs, or GOMAXPROCS if lower), so the search uses %d: "+
				"more would only share the same cores and make the clock late", n, threadCap(), threadCap()))
		}
	}
}

// threadCap is the most search threads a session uses, whatever Threads
// says: the machine's CPUs (runtime.NumCPU: those the process may run on),
// or GOMAXPROCS when that is lower. Lazy SMP gains nothing from more, and
// with many more the main thread, which watches the clock, waits for its
// turn behind the helpers (Threads 1000 turned "movetime 100" into 10 s on
// two cores). GOMAXPROCS alone is not the machine: GOMAXPROCS=1000 in the
// environment made the cap 1000 and "go movetime 1000" took 2.9 s.
func threadCap() int { return threadCapOf(runtime.GOMAXPROCS(0), runtime.NumCPU()) }

// threadCapOf is threadCap for gomaxprocs and ncpu: the lower, at least 1.
func threadCapOf(gomaxprocs, ncpu int) int { return max(min(gomaxprocs, ncpu), 1) }

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
	s.startMoves = nil
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
	s.rejected = ""
	s.startMoves = nil
}

// position handles "position startpos|fen <fen> [moves <m>...]". Nothing
// changes unless the whole command is valid; a running search goes on
// with the position it was given. A FEN that the current game rejects but
// whose board has the other game's shape (8 or 10 ranks) selects the
// other game if it accepts the whole command (not in UCCI, which is
// xiangqi only): a plain UCI chess GUI sends no UCI_Variant.
func (s *Session) position(args []string) {
	var fen string
	var rest []string
	switch {
	case len(args) == 0:
		s.reject("position needs startpos or fen <fen>")
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
			s.reject("position fen needs a FEN")
			return
		}
	default:
		s.reject("position needs startpos or fen <fen>, not " + quote(args[0]))
		return
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.reject("position: expected moves, not " + quote(rest[0]))
			return
		}
		moves = rest[1:]
	}
	e := s.engine()
	cur := e.variant()
	err := e.setPosition(fen, moves)
	var me *moveError
	switch {
	case err == nil || s.ucci:
	case fen != "":
		if other := fenVariant(fen); other != "" && other != cur {
			note := "position fen: a " + other + " FEN, so UCI_Variant is now " + other
			if err = s.otherGame(other, fen, moves, note); err != nil {
				err = fmt.Errorf("as a %s FEN: %w", other, err)
			}
		}
	case errors.As(err, &me) && !s.continuesGame(moves):
		// A start position whose moves the current game refuses: a
		// plain GUI of the other game that sent no UCI_Variant.
		other := otherVariant(cur)
		note := "position startpos: the moves are not legal in " + cur + " but are in " + other +
			", so UCI_Variant is now " + other + " (" + howToSelect(other) + ")"
		if s.otherGame(other, "", moves, note) == nil {
			err = nil
		}
	}
	if err != nil {
		why := "position: " + err.Error()
		if _, ok := err.(*moveError); ok && !s.ucci {
			why += "; the game is " + cur + " (UCI_Variant): " + howToSelect(otherVariant(cur))
		}
		s.reject(why)
		return
	}
	s.bans = nil
	s.rejected = ""
	s.startMoves = nil
	if fen == "" {
		s.startMoves = append(make([]string, 0, len(moves)), moves...)
	}
}

// continuesGame reports whether moves extend the move list of the last
// accepted "position startpos" of the current game (at least one move
// long): the client is in the middle of a game of this game, and a move
// it cannot make is an error, never a reason to switch games.
func (s *Session) continuesGame(moves []string) bool {
	n := len(s.startMoves)
	if n == 0 || len(moves) <= n {
		return false
	}
	for i, m := range s.startMoves {
		if moves[i] != m {
			return false
		}
	}
	return true
}

// otherVariant is the game that is not v.
func otherVariant(v string) string {
	if v == "chess" {
		return "xiangqi"
	}
	return "chess"
}

// howToSelect tells a user how to make v the engine's game.
func howToSelect(v string) string {
	return "for " + v + " send \"setoption name UCI_Variant value " + v + "\" or start the engine with -variant " + v
}

// reject reports a refused "position" command and remembers it for "go".
func (s *Session) reject(why string) {
	s.out.infoString("error: " + why + "; position unchanged")
	s.rejected = why
}

// otherGame switches to variant v for "position fen <fen> moves <moves>"
// ("" for startpos) if v accepts that command, with note as an info
// string. The command is tried first on a small probe engine, so a
// command that fits neither game changes nothing.
func (s *Session) otherGame(v, fen string, moves []string, note string) error {
	probe, err := s.newEngine(v)
	if err != nil {
		return err
	}
	c := s.engineConfig()
	c.hashMiB, c.threads, c.multiPV, c.evalFile, c.useNNUE = 1, 1, 1, defaultEvalFile, false
	if err := probe.configure(c); err != nil {
		return err
	}
	err = probe.setPosition(fen, moves)
	probe.close()
	if err != nil {
		return err
	}
	s.idle("position")
	s.switchVariant(v)
	s.out.infoString(note)
	return s.engine().setPosition(fen, moves)
}

// banMoves handles UCCI "banmoves <m>...": those moves are excluded from
// the next searches of the current position (a running search goes on).
func (s *Session) banMoves(args []string) {
	e := s.engine()
	legal := e.legalMoves()
	s.bans = s.bans[:0]
	for _, m := range args {
		if !contains(legal, m) {
			s.out.infoString("banmoves: " + quote(m) + " is not a legal move here (the game is " + e.variant() + "), ignored")
			continue
		}
		s.bans = append(s.bans, m)
	}
}

// goCmd handles "go": a search, or "go perft". A job still running is
// stopped first.
func (s *Session) goCmd(args []string) {
	s.idle("go")
	ms := int64(1000)
	if s.opts.bool(optUseMillisec) {
		ms = 1
	}
	warn := func(m string) { s.out.infoString(m) }
	p := parseGo(args, s.ucci, ms, warn)
	if p.hasPerft {
		if p.bad != "" {
			warn(p.bad)
		}
		s.perft(p.perft)
		return
	}
	if p.bad != "" {
		// A limit that cannot be read is not searched with a default
		// in its place: the client meant something else.
		s.startJob(nil, searchRequest{infinite: p.infinite, ponder: p.ponder}, false,
			"error: "+p.bad+"; no search (send go again with valid values)")
		return
	}
	if s.rejected != "" {
		s.startJob(nil, searchRequest{infinite: p.infinite, ponder: p.ponder}, false,
			"no search: the last position command was rejected ("+s.rejected+"); send a valid position")
		return
	}
	e := s.engine()
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
			r.time[c] = clientMillis(p.time[c])
			r.inc[c] = clientMillis(p.inc[c])
		}
	}
	// Policy: "movetime 0" (or negative) and an empty own clock without
	// increment mean "answer now": finish depth 1 and play its move.
	if p.hasMovetime {
		if p.movetime <= 0 {
			r.depth = 1
		} else {
			r.moveTime = clientMillis(p.movetime)
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
				warn("searchmoves: " + quote(m) + " is not a legal move here (the game is " + e.variant() + ", UCI_Variant), ignored")
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
	s.startJob(e.fork(), r, len(root) == 0, "")
}

// perft handles "go perft N" (Stockfish's divide format) in the
// background: stop, quit and the end of input end it (with a note and no
// count), isready is answered meanwhile.
func (s *Session) perft(depth int) {
	if depth < 1 {
		s.out.infoString("error: go perft needs a depth of at least 1")
		return
	}
	if s.rejected != "" {
		s.out.infoString("error: go perft: the last position command was rejected (" + s.rejected + "); send a valid position")
		return
	}
	if s.cfg.MaxDepth > 0 && depth > s.cfg.MaxDepth {
		depth = s.cfg.MaxDepth
	}
	e := s.engine().fork()
	out := s.out
	s.startTask("go perft", func(stop <-chan struct{}, answer func()) {
		lines, total, ok := e.divide(depth, stop)
		answer()
		if !ok {
			out.infoString("go perft " + itoa(depth) + " stopped before its end: no count")
			return
		}
		for _, l := range lines {
			out.line(l)
		}
		out.line("")
		out.line("Nodes searched: " + strconv.FormatUint(total, 10))
		out.line("")
	})
}

// benchCmd handles "bench [depth]" in the background, stoppable like perft.
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
	e := s.engine().fork()
	out := s.out
	s.startTask("bench", func(stop <-chan struct{}, answer func()) {
		nodes, elapsed, ok := e.bench(depth, out.line, stop)
		answer()
		if !ok {
			out.infoString("bench stopped before its end: no totals")
			return
		}
		PrintBenchSummary(out.line, nodes, elapsed)
	})
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

// maxClientMillis bounds the times a client sends (a year): a larger value
// would overflow time.Duration and turn into a negative or tiny time.
const maxClientMillis = 365 * 24 * 3600 * 1000

// clientMillis converts a client's millisecond count to a Duration,
// clamped to [0, maxClientMillis].
func clientMillis(ms int64) time.Duration {
	return time.Duration(min(max(ms, 0), maxClientMillis)) * time.Millisecond
}
