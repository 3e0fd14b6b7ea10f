// A reference engine (Stockfish, Fairy-Stockfish) driven over UCI for
// differential tests: its perft divide beside ours.
package sharedtest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Reference is a running reference engine. Its methods are not safe for
// concurrent use.
type Reference struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	// ranks1 converts the engine's xiangqi moves (ranks 1–10, as
	// Fairy-Stockfish writes them) to ICCS (ranks 0–9).
	ranks1 bool
}

// findEngine looks for name on PATH, then in /usr/games (where Debian
// installs stockfish and fairy-stockfish); "" when neither has it.
func findEngine(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/games", name); fileExists(p) {
		return p
	}
	return ""
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// StartReference starts engine name (e.g. "fairy-stockfish", "stockfish")
// for variant ("xiangqi" or "chess") and stops it when t ends. It skips t
// with the install steps how when the engine is not installed, and fails t
// when the engine does not answer the UCI handshake within 10 s.
func StartReference(t testing.TB, name, how, variant string) *Reference {
	t.Helper()
	path := findEngine(name)
	if path == "" {
		t.Skipf("%s not found; %s", name, how)
	}
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	e := &Reference{cmd: cmd, in: in, lines: make(chan string, 1024), ranks1: variant == "xiangqi"}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		fmt.Fprintln(e.in, "quit")
		e.in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	e.send("uci")
	if _, err := e.waitFor("uciok", 10*time.Second); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if variant == "xiangqi" {
		e.send("setoption name UCI_Variant value xiangqi")
	}
	e.send("isready")
	if _, err := e.waitFor("readyok", 10*time.Second); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return e
}

func (e *Reference) send(s string) { fmt.Fprintln(e.in, s) }

// SetOption sets a UCI option (e.g. "UCI_Chess960", "true") and waits for
// the engine to be ready.
func (e *Reference) SetOption(name, value string) error {
	e.send("setoption name " + name + " value " + value)
	e.send("isready")
	_, err := e.waitFor("readyok", 10*time.Second)
	return err
}

// waitFor returns the lines before the first one starting with prefix.
func (e *Reference) waitFor(prefix string, timeout time.Duration) ([]string, error) {
	var got []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return got, fmt.Errorf("engine exited waiting for %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return got, nil
			}
			got = append(got, l)
		case <-deadline:
			return got, fmt.Errorf("no %q within %v", prefix, timeout)
		}
	}
}

// Divide runs "go perft depth" on fen and returns the engine's count under
// each legal move (UCI coordinates; xiangqi moves in ICCS ranks 0–9) and
// the total. A position with no legal move gives an empty map and 0.
func (e *Reference) Divide(fen string, depth int) (map[string]uint64, uint64, error) {
	e.send("position fen " + fen)
	e.send("go perft " + strconv.Itoa(depth))
	lines, err := e.waitFor("Nodes searched", 60*time.Second)
	if err != nil {
		return nil, 0, err
	}
	split := map[string]uint64{}
	var sum uint64
	for _, l := range lines {
		mv, n, ok := strings.Cut(l, ": ")
		if !ok || strings.ContainsRune(mv, ' ') {
			continue // info and other chatter
		}
		c, err := strconv.ParseUint(strings.TrimSpace(n), 10, 64)
		if err != nil {
			continue
		}
		if e.ranks1 {
			if mv, err = ranks1ToICCS(mv); err != nil {
				return nil, 0, err
			}
		}
		split[mv] = c
		sum += c
	}
	return split, sum, nil
}

// ranks1ToICCS rewrites a xiangqi move with ranks 1–10 ("h3e3") in ICCS
// ranks 0–9 ("h2e2").
func ranks1ToICCS(m string) (string, error) {
	var b strings.Builder
	i := 0
	for n := 0; n < 2; n++ {
		if i >= len(m) || m[i] < 'a' || m[i] > 'i' {
			return "", fmt.Errorf("bad xiangqi move %q", m)
		}
		b.WriteByte(m[i])
		j := i + 1
		for j < len(m) && m[j] >= '0' && m[j] <= '9' {
			j++
		}
		r, err := strconv.Atoi(m[i+1 : j])
		if err != nil || r < 1 || r > 10 {
			return "", fmt.Errorf("bad xiangqi move %q", m)
		}
		b.WriteString(strconv.Itoa(r - 1))
		i = j
	}
	if i != len(m) {
		return "", fmt.Errorf("bad xiangqi move %q", m)
	}
	return b.String(), nil
}
