// PolyGlot, the adapter that puts a UCI engine into xboard/WinBoard GUIs,
// as a plain chess GUI: it sends no UCI_Variant and "position startpos
// moves ...". It lost every game in issue 24 (as White "h2e2", as Black
// "bestmove 0000").
package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// polyglotPath finds the Debian package's binary (installed in /usr/games).
func polyglotPath() string {
	if p, err := exec.LookPath("polyglot"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/polyglot"); err == nil {
		return "/usr/games/polyglot"
	}
	return ""
}

// xboard is a PolyGlot process driven with xboard commands.
type xboard struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startPolyglot(t *testing.T, pg, engine string) *xboard {
	t.Helper()
	// -noini: no configuration file; the engine gets no option at all.
	cmd := exec.Command(pg, "-noini", "-ec", engine, "-ed", filepath.Dir(engine))
	cmd.Dir = t.TempDir()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	x := &xboard{t: t, cmd: cmd, in: in, lines: make(chan string, 1000)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			x.lines <- sc.Text()
		}
		close(x.lines)
	}()
	t.Cleanup(func() {
		x.in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	x.send("xboard", "protover 2")
	x.until("feature done=1", 30*time.Second)
	return x
}

func (x *xboard) send(lines ...string) {
	x.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(x.in, l+"\n"); err != nil {
			x.t.Fatalf("write %q: %v", l, err)
		}
	}
}

// until returns the first line starting with prefix and the lines before
// it; a result line ("1-0", "0-1 {polyglot: resign (illegal engine move
// ...)}") fails the test.
func (x *xboard) until(prefix string, timeout time.Duration) (string, []string) {
	x.t.Helper()
	var before []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-x.lines:
			if !ok {
				x.t.Fatalf("polyglot exited before %q; output %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			if strings.HasPrefix(l, "1-0") || strings.HasPrefix(l, "0-1") || strings.HasPrefix(l, "1/2-1/2") || strings.HasPrefix(l, "Illegal move") {
				x.t.Fatalf("waiting for %q: %q (after %q)", prefix, l, before)
			}
			before = append(before, l)
		case <-deadline:
			x.t.Fatalf("no %q within %v; output %q", prefix, timeout, before)
		}
	}
}

// engineMove waits for polyglot's "move X" and plays X on p (it must be
// legal there).
func (x *xboard) engineMove(p *chess.Position, states *[]position.State) string {
	x.t.Helper()
	l, _ := x.until("move ", 60*time.Second)
	s := strings.TrimPrefix(l, "move ")
	m, err := p.ParseMove(s)
	if err != nil {
		x.t.Fatalf("engine move %q illegal in %s: %v", s, p.FEN(), err)
	}
	*states = append(*states, position.State{})
	p.DoMove(m, &(*states)[len(*states)-1])
	return s
}

// ourMove plays the first legal move of p (in generation order) and sends it.
func (x *xboard) ourMove(p *chess.Position, states *[]position.State) {
	x.t.Helper()
	var l position.MoveList
	p.GenerateLegal(&l)
	if l.Len == 0 {
		x.t.Fatalf("no legal move in %s", p.FEN())
	}
	m := l.Slice()[0]
	x.send("usermove " + p.MoveString(m))
	*states = append(*states, position.State{})
	p.DoMove(m, &(*states)[len(*states)-1])
}

// TestPolyglot plays a few moves each way through PolyGlot, with no
// engine option set: the plain binary as Black (it learns chess from
// "position startpos moves e2e4"), and the binary under the name
// dualnnue-chess as White (it starts in chess).
func TestPolyglot(t *testing.T) {
	pg := polyglotPath()
	if pg == "" {
		t.Skip("polyglot not installed: " + sharedtest.HowPolyglot)
	}
	if testing.Short() {
		t.Skip("-short: PolyGlot games take a few seconds")
	}
	const plies = 8
	states := make([]position.State, 0, 2*plies+2) // DoMove keeps a pointer: no reallocation

	// As Black, behind the plain binary.
	x := startPolyglot(t, pg, binary)
	x.send("new", "sd 3", "usermove e2e4")
	p, _ := chess.NewFromFEN(chess.StartFEN)
	var st position.State
	e4, _ := p.ParseMove("e2e4")
	p.DoMove(e4, &st)
	for i := 0; i < plies; i++ {
		x.engineMove(p, &states)
		x.ourMove(p, &states)
	}
	x.engineMove(p, &states)
	x.send("quit")

	// As White, behind the chess-default name.
	link := filepath.Join(t.TempDir(), "dualnnue-chess")
	if err := os.Symlink(binary, link); err != nil {
		t.Fatalf("symbolic link: %v", err)
	}
	x = startPolyglot(t, pg, link)
	x.send("new", "sd 3", "go")
	p, _ = chess.NewFromFEN(chess.StartFEN)
	states = states[:0]
	for i := 0; i < plies; i++ {
		x.engineMove(p, &states)
		x.ourMove(p, &states)
	}
	x.engineMove(p, &states)
	x.send("quit")
}
