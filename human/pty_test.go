// Colours on a pseudo-terminal: the automatic colour decision, and the play binary run in a pty.
package human

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/term"

	"dualnnue/position"
	"dualnnue/position/xiangqi"
)

// openPTY opens a pseudo-terminal or skips the test.
func openPTY(t *testing.T) (ptmx, tty *os.File) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close(); tty.Close() })
	return ptmx, tty
}

// collector copies a reader into a buffer that can be polled.
type collector struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func collect(r io.Reader) *collector {
	c := &collector{}
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := r.Read(b)
			c.mu.Lock()
			c.buf.Write(b[:n])
			c.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return c
}

func (c *collector) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// waitFor polls until s has appeared n times, or fails after the timeout.
func (c *collector) waitFor(t *testing.T, s string, n int, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for strings.Count(c.String(), s) < n {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %q (x%d); output:\n%s", timeout, s, n, c.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestAutoColorPTY(t *testing.T) {
	ptmx, tty := openPTY(t)
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("NO_COLOR", "")
	if on, err := AutoColor("auto", tty); err != nil || !on {
		t.Errorf("AutoColor(auto, pty) = %v, %v; want true", on, err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if on, _ := AutoColor("auto", w); on {
		t.Error("AutoColor(auto, pipe) = true")
	}
	if on, _ := AutoColor("always", w); !on {
		t.Error("AutoColor(always, pipe) = false")
	}
	t.Setenv("NO_COLOR", "1")
	if on, _ := AutoColor("auto", tty); on {
		t.Error("AutoColor(auto, pty) with NO_COLOR = true")
	}

	// A session writing to the terminal draws coloured pieces; the terminal
	// turns "\n" into "\r\n".
	out := collect(ptmx)
	var sc scripted
	err = run(xiangqiDef, strings.NewReader("h2e2\nquit\n"), tty, Config{Game: position.Xiangqi, ANSI: true},
		scriptedThink[xiangqi.Position, *xiangqi.Position](&sc))
	if err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "bye\r\n", 1, 10*time.Second)
	got := out.String()
	mustContain(t, got, " 0  "+sgrRed+"R"+sgrReset+"---"+sgrRed+"H"+sgrReset, "you play C2=5 (h2e2)\r\n")
}

// TestLineEditingPTY: typed at a terminal, a line can be edited
// (Backspace, Left arrow) and the Up arrow brings back the last line (it
// was read as the move "\x1b[A": cannot read "\x1b[A"); the terminal's
// mode is restored when the session ends.
func TestLineEditingPTY(t *testing.T) {
	ptmx, tty := openPTY(t)
	before, err := term.GetState(int(tty.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	out := collect(ptmx)
	done := make(chan error, 1)
	sc := &scripted{moves: []string{"h9g7", "b9c7"}}
	go func() {
		done <- run(xiangqiDef, tty, tty, Config{Game: position.Xiangqi}, scriptedThink[xiangqi.Position, *xiangqi.Position](sc))
	}()
	out.waitFor(t, "1. red> ", 1, 10*time.Second)
	io.WriteString(ptmx, "h2e3\x7f2\r") // Backspace over the 3
	out.waitFor(t, "you play C2=5 (h2e2)\r\n", 1, 10*time.Second)
	out.waitFor(t, "2. red> ", 1, 10*time.Second)
	io.WriteString(ptmx, "moves\r")
	out.waitFor(t, "legal moves for red:", 1, 10*time.Second)
	io.WriteString(ptmx, "\x1b[A\r") // Up: "moves" again
	out.waitFor(t, "legal moves for red:", 2, 10*time.Second)
	io.WriteString(ptmx, "h0g\x1b[D\x1b[C2\r") // Left, Right, then finish the move
	out.waitFor(t, "you play H2+3 (h0g2)\r\n", 1, 10*time.Second)
	out.waitFor(t, "3. red> ", 1, 10*time.Second)
	io.WriteString(ptmx, "quit\r")
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("session did not end; output:\n%s", out.String())
	}
	out.waitFor(t, "bye\r\n", 1, 10*time.Second)
	if got := out.String(); strings.Contains(got, "cannot read") {
		t.Errorf("an edit key was read as a move:\n%s", got)
	}
	after, err := term.GetState(int(tty.Fd()))
	if err != nil || !reflect.DeepEqual(before, after) {
		t.Errorf("terminal mode not restored: %v", err)
	}
}

// TestPlayBinaryPTY runs "play human" in a pseudo-terminal, as a person
// would: colours by default, none with NO_COLOR, moves typed at the prompt.
func TestPlayBinaryPTY(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the play binary")
	}
	if _, tty, err := pty.Open(); err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	} else {
		tty.Close()
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		t.Skipf("go tool not found: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "play")
	build := exec.Command(goTool, "build", "-o", bin, "dualnnue/cmd/play")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, noColor := range []string{"", "1"} {
		cmd := exec.Command(bin, "human", "-game", "chess", "-eval", "hand", "-depth", "2", "-hash", "1")
		cmd.Env = append(os.Environ(), "TERM=xterm-256color", "NO_COLOR="+noColor)
		ptmx, err := pty.Start(cmd)
		if err != nil {
			t.Fatal(err)
		}
		out := collect(ptmx)
		out.waitFor(t, "1. white> ", 1, time.Minute)
		io.WriteString(ptmx, "e2e4\n")
		out.waitFor(t, "2. white> ", 1, time.Minute)
		io.WriteString(ptmx, "quit\n")
		// Read the goodbye before reaping the process: once the child has
		// exited, the rest of the terminal's buffer can be lost to EIO.
		out.waitFor(t, "bye\r\n", 1, time.Minute)
		if err := cmd.Wait(); err != nil {
			t.Errorf("play human: %v", err)
		}
		ptmx.Close()
		got := out.String()
		mustContain(t, got, "you play e4 (e2e4)\r\n", "engine plays ", "bye\r\n")
		if coloured := strings.Contains(got, sgrLightSquare); coloured != (noColor == "") {
			t.Errorf("NO_COLOR=%q: coloured board %v:\n%s", noColor, coloured, got)
		}
	}
}
