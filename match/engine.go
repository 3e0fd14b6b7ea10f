// A UCI engine process: start, handshake, options, go/bestmove with timeouts.
package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"dualnnue/notation"
	"dualnnue/position"
)

// Option is one UCI option to set ("setoption name N value V").
type Option struct{ Name, Value string }

// EngineConfig says how to start and configure one engine.
type EngineConfig struct {
	// Name is the engine's name in tables and PGN (default: its id name).
	Name string
	// Cmd and Args start the process; Dir is its working directory.
	Cmd  string
	Args []string
	Dir  string
	// Options are set after the handshake, in order.
	Options []Option
	// Ranks1 forces the xiangqi dialect with ranks 1–10 (Fairy-Stockfish);
	// by default it is detected from the id name.
	Ranks1 *bool
}

// ParseEngine reads a cutechess-style engine description, words of
// key=value:
//
//	cmd=./play name=new arg=-x option.Hash=16 option.EvalFile=net.nnue ranks=1
//
// Keys: cmd (required), name, dir, ranks (0|1), arg (repeatable) and
// option.NAME (repeatable, set in order). A word that holds spaces – an
// option name such as "Move Overhead" or "Use NNUE", a path with a space –
// is quoted like a shell word: 'option.Move Overhead=30', "option.Move
// Overhead=30", option."Move Overhead"=30 and option.Move\ Overhead=30 are
// the same word. Inside double quotes a backslash escapes " and \; single quotes
// take everything literally. Control characters (a newline would inject a
// UCI command), an empty option name and an option name containing the word
// "value" (which UCI cannot express) are errors, as are unknown and
// repeated keys.
func ParseEngine(spec string) (EngineConfig, error) {
	var c EngineConfig
	words, err := splitWords(spec)
	if err != nil {
		return c, fmt.Errorf("engine %q: %w", spec, err)
	}
	seen := map[string]bool{}
	for _, f := range words {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return c, fmt.Errorf("engine %q: %q is not key=value", spec, f)
		}
		if strings.IndexFunc(f, isControl) >= 0 {
			return c, fmt.Errorf("engine %q: %q holds a control character", spec, f)
		}
		if !strings.HasPrefix(k, "option.") && k != "arg" {
			if seen[k] {
				return c, fmt.Errorf("engine %q: %s= given twice", spec, k)
			}
			seen[k] = true
		}
		switch {
		case k == "cmd":
			c.Cmd = v
		case k == "name":
			c.Name = v
		case k == "arg":
			c.Args = append(c.Args, v)
		case k == "dir":
			c.Dir = v
		case k == "ranks":
			b := v == "1"
			if v != "0" && v != "1" {
				return c, fmt.Errorf("engine %q: ranks must be 0 or 1", spec)
			}
			c.Ranks1 = &b
		case strings.HasPrefix(k, "option."):
			name := strings.TrimPrefix(k, "option.")
			if strings.TrimSpace(name) == "" {
				return c, fmt.Errorf("engine %q: option name is empty", spec)
			}
			if slices.Contains(strings.Fields(strings.ToLower(name)), "value") {
				return c, fmt.Errorf("engine %q: option name %q contains the word \"value\"", spec, name)
			}
			c.Options = append(c.Options, Option{name, v})
		default:
			return c, fmt.Errorf("engine %q: unknown key %q (cmd, name, arg, dir, ranks, option.X)", spec, k)
		}
	}
	if c.Cmd == "" {
		return c, fmt.Errorf("engine %q: cmd= is missing", spec)
	}
	return c, nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// FormatEngine writes c as the description ParseEngine reads back to c:
// cmd, name, dir, each arg, ranks and each option in order, words with
// spaces or quotes in single quotes. Shard tasks receive their engines
// this way on the command line.
func FormatEngine(c EngineConfig) string {
	var words []string
	add := func(k, v string) { words = append(words, quoteWord(k+"="+v)) }
	add("cmd", c.Cmd)
	if c.Name != "" {
		add("name", c.Name)
	}
	if c.Dir != "" {
		add("dir", c.Dir)
	}
	for _, a := range c.Args {
		add("arg", a)
	}
	if c.Ranks1 != nil {
		add("ranks", map[bool]string{false: "0", true: "1"}[*c.Ranks1])
	}
	for _, o := range c.Options {
		add("option."+o.Name, o.Value)
	}
	return strings.Join(words, " ")
}

// quoteWord quotes w for splitWords when it holds white space, quotes or
// backslashes: in single quotes, a single quote written as '\”.
func quoteWord(w string) string {
	if !strings.ContainsAny(w, " \t\n\r'\"\\") {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// splitWords splits s at unquoted white space, shell style: '...' is
// literal, "..." allows \" and \\, a backslash outside quotes escapes the
// next character.
func splitWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case ch == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated ' quote")
			}
			w.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				w.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated \" quote")
			}
			inWord = true
		case ch == '\\':
			if i+1 >= len(s) {
				return nil, fmt.Errorf("trailing backslash")
			}
			i++
			w.WriteByte(s[i])
			inWord = true
		default:
			w.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// Errors an engine can cause; the game is scored against it.
var (
	ErrCrash   = errors.New("engine process ended")
	ErrTimeout = errors.New("engine did not answer in time")
)

// Engine is a running UCI engine.
type Engine struct {
	cfg    EngineConfig
	cmd    *exec.Cmd
	stdin  *os.File // our end of the engine's stdin (writes have deadlines)
	stdout *os.File // our end of its stdout, closed to unblock the reader
	lines  chan engineLine
	exited chan struct{}
	// IDName is the engine's "id name", made printable by EngineText.
	IDName string
	// Ranks1: the engine speaks xiangqi ranks 1–10.
	Ranks1 bool
	// UCIVariant: the engine offers UCI_Variant.
	UCIVariant bool
	// OptionLines are the "option name ..." lines of the handshake, in
	// the engine's order (a tuner reads the spin options' ranges from them).
	OptionLines []string
	mu          sync.Mutex
	closed      bool
}

// maxLine bounds one line from an engine (a garbage flood never exhausts memory).
const maxLine = 1 << 20

// engineLine is one line an engine wrote: its text (white space trimmed,
// cut at maxLine bytes) and how many bytes the whole line had.
type engineLine struct {
	text string
	size int
}

// StartEngine starts cfg, runs the UCI handshake within timeout, selects the
// game with UCI_Variant when the engine offers it, and sets the options.
//
// The engine runs in its own process group (on Unix), so that Close can
// kill a wrapper script together with its children, and a Ctrl-C meant for
// the match does not kill the engines in the middle of a game. Its pipes
// are ours: writes carry deadlines (an engine that stops reading cannot
// block the match) and Close can always unblock the reader.
func StartEngine(ctx context.Context, cfg EngineConfig, game position.Variant, timeout time.Duration) (*Engine, error) {
	cmd := exec.Command(FindEngine(cfg.Cmd), cfg.Args...)
	cmd.Dir = cfg.Dir
	setProcessGroup(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	// The child holds its own copies of these ends.
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("start %s: %w", cfg.Cmd, err)
	}
	e := &Engine{cfg: cfg, cmd: cmd, stdin: inW, stdout: outR, lines: make(chan engineLine, 256), exited: make(chan struct{})}
	go func() {
		r := bufio.NewReaderSize(outR, 64<<10)
		for {
			line, err := readLine(r)
			if line.text != "" {
				e.lines <- line
			}
			if err != nil {
				break
			}
		}
		_ = cmd.Wait()
		close(e.exited)
	}()
	if err := e.handshake(ctx, game, timeout); err != nil {
		e.Close()
		return nil, fmt.Errorf("%s: %w", cfg.Cmd, err)
	}
	return e, nil
}

// FindEngine resolves an engine command: a path as given, a name through
// PATH, or else /usr/games/<name>, where Debian installs stockfish and
// fairy-stockfish (that directory is often not on PATH).
func FindEngine(name string) string {
	if strings.ContainsRune(name, filepath.Separator) {
		return name
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/games", name); fileExists(p) {
		return p
	}
	return name
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// readLine reads one line, truncating it at maxLine and counting its
// whole size.
func readLine(r *bufio.Reader) (engineLine, error) {
	var sb strings.Builder
	size := 0
	for {
		frag, isPrefix, err := r.ReadLine()
		size += len(frag)
		if sb.Len() < maxLine {
			sb.Write(frag[:min(len(frag), maxLine-sb.Len())])
		}
		if err != nil || !isPrefix {
			return engineLine{strings.TrimSpace(sb.String()), size}, err
		}
	}
}

// maxShown is how many bytes of an engine's text EngineText shows.
const maxShown = 100

// EngineText makes text an engine sent (its id name, a move) safe to print
// on a console, in a log, PGN or summary: printable text of at most 100
// bytes is returned as it is; text holding control bytes (NUL, an ANSI
// escape, a newline), invalid UTF-8 or other unprintable runes is written
// in Go's double-quoted form ("\x00\x1b[2J"), and text longer than 100
// bytes is cut there (at a rune boundary) with its length noted:
// "\x00\x00…"… (2097152 bytes).
func EngineText(s string) string { return engineText(s, len(s)) }

// engineText is EngineText of s, the first bytes of a text of size bytes.
func engineText(s string, size int) string {
	plain := utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return !strconv.IsPrint(r) }) < 0
	if plain && len(s) <= maxShown && size == len(s) {
		return s
	}
	var b strings.Builder
	limit := maxShown
	if !plain {
		b.WriteByte('"')
		limit++
	}
	shown := 0 // bytes of s shown
	for shown < len(s) {
		r, n := utf8.DecodeRuneInString(s[shown:])
		var piece string
		switch {
		case plain:
			piece = s[shown : shown+n]
		case r == utf8.RuneError && n == 1:
			piece = fmt.Sprintf(`\x%02x`, s[shown])
		default:
			q := strconv.Quote(s[shown : shown+n])
			piece = q[1 : len(q)-1]
		}
		if b.Len()+len(piece) > limit {
			break
		}
		b.WriteString(piece)
		shown += n
	}
	if !plain {
		b.WriteByte('"')
	}
	if shown < size {
		fmt.Fprintf(&b, "… (%d bytes)", size)
	}
	return b.String()
}

// Name is the configured name or the engine's id name.
func (e *Engine) Name() string {
	if e.cfg.Name != "" {
		return e.cfg.Name
	}
	if e.IDName != "" {
		return e.IDName
	}
	return e.cfg.Cmd
}

// send writes one command line. An engine that does not read its input
// before deadline has hung (ErrTimeout); a closed pipe is a crash.
func (e *Engine) send(s string, deadline time.Time) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return ErrCrash
	}
	_ = e.stdin.SetWriteDeadline(deadline)
	if _, err := io.WriteString(e.stdin, s+"\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return ErrTimeout
		}
		return ErrCrash
	}
	return nil
}

// expect reads lines until one starts with prefix (calling seen for every
// line), the deadline passes, or the process ends.
func (e *Engine) expect(ctx context.Context, prefix string, deadline time.Time, seen func(string)) (engineLine, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case line := <-e.lines:
			if seen != nil {
				seen(line.text)
			}
			if line.text == prefix || strings.HasPrefix(line.text, prefix+" ") {
				return line, nil
			}
		case <-e.exited:
			// Drain what the process wrote before it ended.
			for {
				select {
				case line := <-e.lines:
					if line.text == prefix || strings.HasPrefix(line.text, prefix+" ") {
						return line, nil
					}
				default:
					return engineLine{}, ErrCrash
				}
			}
		case <-timer.C:
			return engineLine{}, ErrTimeout
		case <-ctx.Done():
			return engineLine{}, ctx.Err()
		}
	}
}

func (e *Engine) handshake(ctx context.Context, game position.Variant, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	if err := e.send("uci", deadline); err != nil {
		return err
	}
	_, err := e.expect(ctx, "uciok", deadline, func(line string) {
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			e.IDName = EngineText(name)
		}
		if strings.HasPrefix(line, "option name ") {
			e.OptionLines = append(e.OptionLines, line)
		}
		if strings.HasPrefix(line, "option name UCI_Variant ") {
			e.UCIVariant = true
		}
	})
	if err != nil {
		return fmt.Errorf("uci handshake: %w", err)
	}
	e.Ranks1 = strings.Contains(strings.ToLower(e.IDName), "fairy-stockfish")
	if e.cfg.Ranks1 != nil {
		e.Ranks1 = *e.cfg.Ranks1
	}
	deadline = time.Now().Add(timeout)
	if e.UCIVariant {
		if err := e.send("setoption name UCI_Variant value "+game.String(), deadline); err != nil {
			return err
		}
	}
	for _, o := range e.cfg.Options {
		if err := e.send("setoption name "+o.Name+" value "+o.Value, deadline); err != nil {
			return err
		}
	}
	return e.ready(ctx, timeout)
}

func (e *Engine) ready(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	if err := e.send("isready", deadline); err != nil {
		return err
	}
	_, err := e.expect(ctx, "readyok", deadline, nil)
	return err
}

// NewGame sends ucinewgame and waits until the engine is ready.
func (e *Engine) NewGame(ctx context.Context, timeout time.Duration) error {
	if err := e.send("ucinewgame", time.Now().Add(timeout)); err != nil {
		return err
	}
	return e.ready(ctx, timeout)
}

// Score is the engine's last reported score of a search, from its side to
// move's view: centipawns, or a mate distance in moves when Mate is true.
type Score struct {
	Value int
	Mate  bool
	Valid bool
}

// Centipawns maps a mate score to ±(100000 − moves) so comparisons work.
func (s Score) Centipawns() int {
	if !s.Mate {
		return s.Value
	}
	if s.Value > 0 {
		return 100000 - s.Value
	}
	return -100000 - s.Value
}

// String formats the score as cutechess-cli writes it in PGN comments:
// "+0.35", "-M5".
func (s Score) String() string {
	if !s.Valid {
		return ""
	}
	if s.Mate {
		if s.Value >= 0 {
			return fmt.Sprintf("+M%d", s.Value)
		}
		return fmt.Sprintf("-M%d", -s.Value)
	}
	return fmt.Sprintf("%+.2f", float64(s.Value)/100)
}

// parseInfo extracts depth and score from an "info" line. The rest of the
// line after "string" is free text, and the lines of MultiPV 2, 3, ... score
// other moves: both are ignored.
func parseInfo(line string, sc *Score, depth *int) {
	f := strings.Fields(line)
	for i := 1; i+1 < len(f); i++ {
		if f[i] == "string" {
			return
		}
		if f[i] == "multipv" && f[i+1] != "1" {
			return
		}
	}
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "string":
			return
		case "depth":
			if d, err := strconv.Atoi(f[i+1]); err == nil {
				*depth = d
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err != nil {
					continue
				}
				switch f[i+1] {
				case "cp":
					*sc = Score{Value: v, Valid: true}
				case "mate":
					*sc = Score{Value: v, Mate: true, Valid: true}
				}
			}
		}
	}
}

// Go sends the position and go commands and waits for "bestmove" until
// deadline. It returns the move text (as the engine wrote it), the last
// score and depth reported.
func (e *Engine) Go(ctx context.Context, position, goCmd string, deadline time.Time) (move string, sc Score, depth int, err error) {
	if err := e.send(position, deadline); err != nil {
		return "", sc, 0, err
	}
	if err := e.send(goCmd, deadline); err != nil {
		return "", sc, 0, err
	}
	line, err := e.expect(ctx, "bestmove", deadline, func(l string) {
		if strings.HasPrefix(l, "info ") {
			parseInfo(l, &sc, &depth)
		}
	})
	if err != nil {
		return "", sc, depth, err
	}
	f := strings.Fields(line.text)
	if len(f) < 2 {
		return "", sc, depth, ErrNoMove
	}
	if line.size > len(line.text) && len(f) == 2 {
		// The line was cut inside the move.
		return f[1], sc, depth, &CutMoveError{Size: line.size - strings.Index(line.text, f[1])}
	}
	return f[1], sc, depth, nil
}

// CutMoveError is Go's error for a "bestmove" line longer than the 1 MiB
// kept of a line: the move returned is its first bytes, Size counts the
// bytes from the move's start to the end of the line. No move is that long,
// so the match scores it as an illegal move.
type CutMoveError struct{ Size int }

func (e *CutMoveError) Error() string {
	return fmt.Sprintf("bestmove line cut: a %d-byte move", e.Size)
}

// MoveText is the cut move mv made printable as EngineText does, noting
// the move's whole size.
func (e *CutMoveError) MoveText(mv string) string { return engineText(mv, e.Size) }

// ErrNoMove is Go's error for a "bestmove" line without a move: the engine
// answered but played nothing, which the match scores as an illegal move.
var ErrNoMove = errors.New("bestmove without a move")

// Close asks the engine to quit and, if it has not within a second, kills
// its process group; it returns once the process is gone. A process that
// never reads (the quit cannot be written), floods its output, or leaves a
// child holding the output pipe open cannot block it.
func (e *Engine) Close() {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return
	}
	e.closed = true
	_ = e.stdin.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	_, _ = io.WriteString(e.stdin, "quit\n")
	_ = e.stdin.Close()
	e.mu.Unlock()
	// Keep reading so a chatty process never blocks on a full pipe.
	go func() {
		for {
			select {
			case <-e.lines:
			case <-e.exited:
				return
			}
		}
	}()
	select {
	case <-e.exited:
		return
	case <-time.After(time.Second):
	}
	killProcess(e.cmd)
	select {
	case <-e.exited:
		return
	case <-time.After(time.Second):
	}
	// Something outside the process group still holds the output open:
	// closing our end ends the reader.
	_ = e.stdout.Close()
	<-e.exited
}

// drain discards pending output lines (after a timeout the engine may still
// print a late bestmove; the process is replaced anyway).
func (e *Engine) drain() {
	for {
		select {
		case <-e.lines:
		default:
			return
		}
	}
}

// CheckEngine starts the engine cfg for game, runs the handshake and asks
// it for one move from the start position ("go depth 1"), each step within
// timeout: an engine that cannot be started, does not answer, or plays no
// move or an illegal one is an error. A pipeline checks its baseline engine
// so before hours of self-play and training.
func CheckEngine(ctx context.Context, cfg EngineConfig, game position.Variant, timeout time.Duration) error {
	g, err := newGamePlayer(game)
	if err != nil {
		return err
	}
	start, _, err := g.setup(notation.Opening{})
	if err != nil {
		return err
	}
	e, err := StartEngine(ctx, cfg, game, timeout)
	if err != nil {
		return err
	}
	defer e.Close()
	if err := e.NewGame(ctx, timeout); err != nil {
		return fmt.Errorf("%s: %w", cfg.Cmd, err)
	}
	mv, _, _, err := e.Go(ctx, "position fen "+start, "go depth 1", time.Now().Add(timeout))
	if err != nil {
		return fmt.Errorf("%s: no move from the start position (go depth 1): %w", cfg.Cmd, err)
	}
	text := mv
	if g.xiangqi && e.Ranks1 {
		if text, err = fromRanks1(mv); err != nil {
			return fmt.Errorf("%s: illegal move %s from the start position", cfg.Cmd, EngineText(mv))
		}
	}
	if _, err := g.pos.ParseMove(text); err != nil {
		return fmt.Errorf("%s: illegal move %s from the start position", cfg.Cmd, EngineText(mv))
	}
	return nil
}
