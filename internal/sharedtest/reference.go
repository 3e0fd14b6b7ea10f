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

	"dualnnue/position"
)

// Reference is a running reference engine. Its methods are not safe for
// concurrent use.
type Reference struct {
	name  string // the engine's file name, for messages
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	// ranks1 converts the engine's xiangqi moves (ranks 1–10, as
	// Fairy-Stockfish writes them) to ICCS (ranks 0–9).
	ranks1 bool
}

// FindEngine looks for the engine name on PATH, then in /usr/games (where
// Debian installs stockfish and fairy-stockfish); "" when neither has it.
// (match.FindEngine does the same for the match runner; the tests of
// position/* cannot import match.)
func FindEngine(name string) string {
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
// for variant v and stops it when t ends. It skips t
// with the install steps how when the engine is not installed, and fails t
// when the engine does not answer the UCI handshake within 10 s.
func StartReference(t testing.TB, name, how string, v position.Variant) *Reference {
	t.Helper()
	path := FindEngine(name)
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
	e := &Reference{name: filepath.Base(path), cmd: cmd, in: in, lines: make(chan string, 1024), ranks1: v == position.Xiangqi}
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
		// Read the rest of the output so that the reader goroutine ends
		// (it may be blocked on a full channel) and the engine's pipe
		// drains; the channel closes when the engine's stdout does.
		drained := make(chan struct{})
		go func() {
			for range e.lines {
			}
			close(drained)
		}()
		select {
		case <-drained:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-drained
		}
		cmd.Wait()
	})
	e.send("uci")
	if _, _, err := e.waitFor("uciok", 10*time.Second); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if v == position.Xiangqi {
		e.send("setoption name UCI_Variant value " + v.String())
	}
	e.send("isready")
	if _, _, err := e.waitFor("readyok", 10*time.Second); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if v == position.Xiangqi {
		// A build without large boards ignores the variant and would
		// answer with chess: the xiangqi start position has 44 moves.
		const start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
		if _, n, err := e.Divide(start, 1); err != nil || n != 44 {
			t.Fatalf("%s does not play xiangqi (perft 1 of the start position: %d, %v); %s", path, n, err, how)
		}
	}
	return e
}

// ReferencePositions is how many positions a differential test compares:
// DUALNNUE_REFERENCE_POSITIONS, or def when it is unset. Long runs need
// go test -timeout 0 (20,000 positions take 5–15 minutes per game).
func ReferencePositions(t testing.TB, def int) int {
	t.Helper()
	if s := os.Getenv("DUALNNUE_REFERENCE_POSITIONS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("DUALNNUE_REFERENCE_POSITIONS=%q: want a positive count", s)
		}
		return n
	}
	return def
}

func (e *Reference) send(s string) { fmt.Fprintln(e.in, s) }

// SetOption sets a UCI option (e.g. "UCI_Chess960", "true") and waits for
// the engine to be ready.
func (e *Reference) SetOption(name, value string) error {
	e.send("setoption name " + name + " value " + value)
	e.send("isready")
	_, _, err := e.waitFor("readyok", 10*time.Second)
	return err
}

// waitFor returns the lines before the first one starting with prefix,
// and that line.
func (e *Reference) waitFor(prefix string, timeout time.Duration) ([]string, string, error) {
	var got []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return got, "", fmt.Errorf("engine exited waiting for %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return got, l, nil
			}
			got = append(got, l)
		case <-deadline:
			return got, "", fmt.Errorf("no %q within %v", prefix, timeout)
		}
	}
}

// Divide runs "go perft depth" on fen and returns the engine's count under
// each legal move (UCI coordinates; xiangqi moves in ICCS ranks 0–9) and
// the total. A position with no legal move gives an empty map and 0. A
// "move: count" line that does not parse, a move listed twice, or counts
// that do not add up to the engine's "Nodes searched" total are errors.
func (e *Reference) Divide(fen string, depth int) (map[string]uint64, uint64, error) {
	e.send("position fen " + fen)
	e.send("go perft " + strconv.Itoa(depth))
	lines, last, err := e.waitFor("Nodes searched", 60*time.Second)
	if err != nil {
		return nil, 0, err
	}
	_, totalText, _ := strings.Cut(last, ":")
	total, err := strconv.ParseUint(strings.TrimSpace(totalText), 10, 64)
	if err != nil {
		return nil, 0, fmt.Errorf("bad total line %q", last)
	}
	split := map[string]uint64{}
	var sum uint64
	for _, l := range lines {
		mv, n, ok := strings.Cut(l, ": ")
		if !ok || mv == "" || strings.ContainsRune(mv, ' ') {
			continue // info and other chatter
		}
		c, err := strconv.ParseUint(strings.TrimSpace(n), 10, 64)
		if err != nil {
			return nil, 0, fmt.Errorf("bad perft line %q", l)
		}
		if e.ranks1 {
			if mv, err = ranks1ToICCS(mv); err != nil {
				return nil, 0, err
			}
		}
		if _, dup := split[mv]; dup {
			return nil, 0, fmt.Errorf("move %s listed twice", mv)
		}
		split[mv] = c
		sum += c
	}
	if sum != total {
		return nil, 0, fmt.Errorf("the moves' counts add up to %d, the engine's total is %d", sum, total)
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

// CheckDivide compares our perft divide of fen at depth (got: the count
// under each legal move, total: our perft) with the engine's, failing t
// (Fatal) on any difference: a move only one side has, a different count
// under a move, or a different total. It returns the engine's total. label
// names the position in messages.
func (e *Reference) CheckDivide(t testing.TB, label, fen string, depth int, got map[string]uint64, total uint64) uint64 {
	t.Helper()
	want, wantTotal, err := e.Divide(fen, depth)
	if err != nil {
		t.Fatalf("%s %s: %s: %v", label, fen, e.name, err)
	}
	for mv, c := range want {
		if g, ok := got[mv]; !ok {
			t.Errorf("%s %s: %s has %s (%d below it), we do not", label, fen, e.name, mv, c)
		} else if g != c {
			t.Errorf("%s %s: %s: %d below it, %s %d", label, fen, mv, g, e.name, c)
		}
	}
	for mv := range got {
		if _, ok := want[mv]; !ok {
			t.Errorf("%s %s: we have %s, %s does not", label, fen, mv, e.name)
		}
	}
	if total != wantTotal {
		t.Errorf("%s %s: perft(%d) = %d, %s %d", label, fen, depth, total, e.name, wantTotal)
	}
	if t.Failed() {
		t.FailNow()
	}
	return wantTotal
}
