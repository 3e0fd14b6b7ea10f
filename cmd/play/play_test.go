// Tests that build the real binary and drive it through scripted UCI and
// UCCI sessions over pipes, checking each answer.
package main

import (
	"bufio"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "play-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "play")
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		os.Stderr.Write(out)
		os.RemoveAll(dir)
		panic("go build: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// engine is the binary under test with line-by-line access to its output.
type engine struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	exit  chan error
}

func startEngine(t *testing.T, args ...string) *engine {
	t.Helper()
	cmd := exec.Command(binary, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &engine{t: t, cmd: cmd, in: in, lines: make(chan string, 100000), exit: make(chan error, 1)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
		e.exit <- cmd.Wait()
	}()
	t.Cleanup(func() {
		in.Close()
		select {
		case <-e.exit:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("engine still running 10 s after its input closed")
		}
	})
	return e
}

func (e *engine) send(lines ...string) {
	e.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(e.in, l+"\n"); err != nil {
			e.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// expect returns the first line starting with prefix and the lines before it.
func (e *engine) expect(prefix string, timeout time.Duration) (string, []string) {
	e.t.Helper()
	var before []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("engine output ended waiting for %q after %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			e.t.Fatalf("no %q within %v; got %q", prefix, timeout, before)
		}
	}
}

// none checks that no line starting with prefix comes within d.
func (e *engine) none(prefix string, d time.Duration) {
	e.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("engine output ended")
			}
			if strings.HasPrefix(l, prefix) {
				e.t.Fatalf("unexpected %q", l)
			}
		case <-deadline:
			return
		}
	}
}

// ready sends isready and returns the lines before readyok.
func (e *engine) ready() []string {
	e.t.Helper()
	e.send("isready")
	_, before := e.expect("readyok", 10*time.Second)
	return before
}

// waitExit waits for the process to end and checks its status.
func (e *engine) waitExit(timeout time.Duration) []string {
	e.t.Helper()
	var rest []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				if err := <-e.exit; err != nil {
					e.t.Fatalf("engine exit: %v", err)
				}
				e.exit <- nil
				return rest
			}
			rest = append(rest, l)
		case <-deadline:
			e.t.Fatalf("engine did not exit within %v; got %q", timeout, rest)
		}
	}
}

func bestMove(t *testing.T, line string) (best, ponder string) {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("malformed %q", line)
	}
	if len(f) == 4 && f[2] == "ponder" {
		return f[1], f[3]
	}
	if len(f) != 2 {
		t.Fatalf("malformed %q", line)
	}
	return f[1], ""
}

func checkChess(t *testing.T, fen, move string) {
	t.Helper()
	p, err := chess.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseMove(move); err != nil {
		t.Fatalf("%s not legal in %s: %v", move, fen, err)
	}
}

func checkXiangqi(t *testing.T, fen, move string) {
	t.Helper()
	p, err := xiangqi.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseMove(move); err != nil {
		t.Fatalf("%s not legal in %s: %v", move, fen, err)
	}
}

func TestBinaryUCISession(t *testing.T) {
	e := startEngine(t)
	e.send("uci")
	_, before := e.expect("uciok", 5*time.Second)
	if len(before) != 17 || !strings.HasPrefix(before[0], "id name dualnnue") || before[1] != "id author the dualnnue authors" ||
		before[2] != "option name UCI_Variant type combo default xiangqi var xiangqi var chess" {
		t.Fatalf("uci answer %q", before)
	}
	if got := e.ready(); len(got) != 0 {
		t.Fatalf("isready: %q", got)
	}

	// Chess: options, a fixed-depth search with increasing info depths.
	// Two threads where the machine runs two at once; with GOMAXPROCS=1
	// (which the engine inherits) it would answer that it caps them.
	threads := strconv.Itoa(min(2, runtime.GOMAXPROCS(0)))
	e.send("setoption name UCI_Variant value chess", "setoption name Hash value 32", "setoption name Threads value "+threads,
		"ucinewgame", "position startpos moves e2e4 e7e5")
	if got := e.ready(); len(got) != 0 {
		t.Fatalf("setup: %q", got)
	}
	const afterE4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	e.send("go depth 5")
	l, infos := e.expect("bestmove", 30*time.Second)
	best, ponder := bestMove(t, l)
	checkChess(t, afterE4E5, best)
	depth := 0
	for _, in := range infos {
		f := strings.Fields(in)
		if len(f) < 3 || f[0] != "info" || f[1] != "depth" {
			t.Fatalf("unexpected line %q", in)
		}
		for _, k := range []string{" seldepth ", " multipv ", " score ", " nodes ", " nps ", " hashfull ", " time ", " pv "} {
			if !strings.Contains(in, k) {
				t.Fatalf("info line without%s: %q", k, in)
			}
		}
		if d := atoi(f[2]); d >= depth {
			depth = d
		} else {
			t.Fatalf("depth went down: %q", infos)
		}
	}
	if depth != 5 {
		t.Fatalf("last depth %d, want 5", depth)
	}
	if ponder != "" {
		p, _ := chess.NewFromFEN(afterE4E5)
		m, _ := p.ParseMove(best)
		var st position.State
		p.DoMove(m, &st)
		if _, err := p.ParseMove(ponder); err != nil {
			t.Fatalf("ponder move %s not legal after %s: %v", ponder, best, err)
		}
	}

	// go infinite: isready answered at once, no bestmove until stop, then one.
	e.send("go infinite")
	e.none("bestmove", 300*time.Millisecond)
	sent := time.Now()
	e.send("isready")
	if _, before := e.expect("readyok", time.Second); len(before) > 0 && strings.HasPrefix(before[len(before)-1], "bestmove") {
		t.Fatalf("bestmove during go infinite")
	}
	// Latencies are bounded loosely: the test machine may be busy with
	// other packages' tests; the order of the answers is the real check.
	if d := time.Since(sent); d > time.Second {
		t.Errorf("readyok during search took %v", d)
	}
	sent = time.Now()
	e.send("stop")
	l, _ = e.expect("bestmove", time.Second)
	if d := time.Since(sent); d > time.Second {
		t.Errorf("bestmove %v after stop", d)
	}
	best, _ = bestMove(t, l)
	checkChess(t, afterE4E5, best)
	e.none("bestmove", 100*time.Millisecond)

	// Ponder: no bestmove before ponderhit, then within the clock.
	e.send("go ponder wtime 2000 btime 2000")
	e.none("bestmove", 300*time.Millisecond)
	sent = time.Now()
	e.send("ponderhit")
	l, _ = e.expect("bestmove", 3*time.Second)
	if d := time.Since(sent); d > 2500*time.Millisecond {
		t.Errorf("bestmove %v after ponderhit with 2 s on the clock", d)
	}
	best, _ = bestMove(t, l)
	checkChess(t, afterE4E5, best)

	// A clock: answers within it.
	sent = time.Now()
	e.send("go wtime 1000 btime 1000 winc 10 binc 10")
	l, _ = e.expect("bestmove", 2*time.Second)
	if d := time.Since(sent); d > time.Second {
		t.Errorf("used %v of a 1 s clock", d)
	}
	best, _ = bestMove(t, l)
	checkChess(t, afterE4E5, best)

	// Bad input is reported; the position stays.
	e.send("position startpos moves e2e5", "foo bar")
	got := e.ready()
	if len(got) != 2 || !strings.HasPrefix(got[0], "info string error: position: move #1 'e2e5'") ||
		got[1] != "info string unknown command 'foo' ignored" {
		t.Fatalf("bad input: %q", got)
	}
	e.send("d")
	if l, _ := e.expect("Fen: ", time.Second); l != "Fen: "+afterE4E5 {
		t.Fatalf("position after bad input: %q", l)
	}

	// Xiangqi: movetime, perft.
	e.send("setoption name UCI_Variant value xiangqi", "position startpos moves h2e2", "go movetime 200")
	sent = time.Now()
	l, _ = e.expect("bestmove", 2*time.Second)
	if d := time.Since(sent); d > 1500*time.Millisecond || d < 150*time.Millisecond {
		t.Errorf("go movetime 200 took %v", d)
	}
	best, _ = bestMove(t, l)
	checkXiangqi(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", best)
	e.send("position startpos", "go perft 3")
	if l, _ := e.expect("Nodes searched: ", 10*time.Second); l != "Nodes searched: 79666" {
		t.Fatalf("perft 3: %q", l)
	}
	e.send("quit")
	e.waitExit(5 * time.Second)
}

func TestBinaryUCCISession(t *testing.T) {
	e := startEngine(t)
	e.send("ucci")
	_, before := e.expect("ucciok", 5*time.Second)
	if !strings.HasPrefix(before[0], "id name ") || !contains(before, "option usemillisec type check default false") {
		t.Fatalf("ucci answer %q", before)
	}
	e.send("setoption usemillisec true", "setoption hashsize 32", "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h7e7",
		"banmoves b0c2 h0g2")
	if got := e.ready(); len(got) != 0 {
		t.Fatalf("setup: %q", got)
	}
	const fen = "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
	for _, goCmd := range []string{"go depth 4", "go time 1000 increment 0 opptime 1000 oppincrement 0", "go nodes 5000"} {
		sent := time.Now()
		e.send(goCmd)
		l, infos := e.expect("bestmove", 5*time.Second)
		if d := time.Since(sent); d > 3*time.Second {
			t.Errorf("%s took %v", goCmd, d)
		}
		best, _ := bestMove(t, l)
		checkXiangqi(t, fen, best)
		if best == "b0c2" || best == "h0g2" {
			t.Fatalf("%s played banned move %s", goCmd, best)
		}
		for _, in := range infos {
			if f := strings.Fields(in); len(f) < 6 || f[0] != "info" || f[1] != "depth" || f[3] != "score" || strings.Contains(in, " cp ") {
				t.Fatalf("UCCI info line %q", in)
			}
		}
	}
	e.send("go ponder time 1000")
	e.none("bestmove", 200*time.Millisecond)
	e.send("ponderhit")
	e.expect("bestmove", 3*time.Second)
	e.send("quit")
	if rest := e.waitExit(5 * time.Second); len(rest) == 0 || rest[len(rest)-1] != "bye" {
		t.Fatalf("quit: %q", rest)
	}
}

// EOF ends the engine cleanly after the running finite search answers.
func TestBinaryEOF(t *testing.T) {
	e := startEngine(t)
	e.send("position startpos", "go depth 4")
	e.in.Close()
	rest := e.waitExit(10 * time.Second)
	if len(rest) == 0 || !strings.HasPrefix(rest[len(rest)-1], "bestmove ") {
		t.Fatalf("after EOF: %q", rest)
	}
}

// Garbage, control bytes and an oversized line never crash the engine.
func TestBinaryGarbage(t *testing.T) {
	e := startEngine(t)
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		b := make([]byte, r.Intn(200))
		for j := range b {
			b[j] = byte(r.Intn(256))
			if b[j] == '\n' {
				b[j] = ' '
			}
		}
		e.send(string(b))
	}
	e.send("go "+strings.Repeat("x", 2<<20), "position startpos moves "+strings.Repeat("h2e2 ", 100), "go depth 2")
	e.expect("info string line too long", 10*time.Second)
	e.expect("bestmove", 10*time.Second)
	e.send("isready")
	e.expect("readyok", 5*time.Second)
	e.in.Close()
	e.waitExit(5 * time.Second)
}

func TestBenchSubcommand(t *testing.T) {
	out, err := exec.Command(binary, "bench", "-game", "chess", "-depth", "4").Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	n := len(lines)
	if n < 2 || !strings.HasPrefix(lines[n-2], "Nodes searched: ") || !strings.HasPrefix(lines[n-1], "Nodes/second: ") {
		t.Fatalf("bench output %q", lines)
	}
	// The same bench twice gives the same node count (one thread).
	out2, _ := exec.Command(binary, "bench", "-game", "chess", "-depth", "4").Output()
	l2 := strings.Split(strings.TrimSpace(string(out2)), "\n")
	if l2[len(l2)-2] != lines[n-2] {
		t.Fatalf("bench not reproducible: %q vs %q", l2[len(l2)-2], lines[n-2])
	}
	if err := exec.Command(binary, "bench", "-game", "go").Run(); err == nil {
		t.Fatal("bench -game go succeeded")
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
