// The binary never hangs (issue 14): stop and quit act at once whatever
// was sent before them, the end of input ends any search, perft and bench,
// and "play -variant chess" serves chess GUIs that send no UCI_Variant.
package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pipe runs the binary with script as its whole input (as
// "printf script | play" does) and returns its output lines; it fails if
// the process is not done within timeout.
func pipe(t *testing.T, script string, timeout time.Duration, args ...string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Stdin = strings.NewReader(script)
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%q: still running after %v; output %q", script, timeout, lastLines(out.String(), 5))
	}
	if err != nil {
		t.Fatalf("%q: %v", script, err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func lastLines(s string, n int) []string {
	l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return l[max(len(l)-n, 0):]
}

func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// The transcript: a position during go depth 60 queued isready,
// stop and quit behind the search, for good.
func TestBinaryStopAndQuitActAtOnce(t *testing.T) {
	start := time.Now()
	out := pipe(t, "uci\ngo depth 60\nposition startpos\nisready\nstop\nquit\n", 20*time.Second)
	if count(out, "uciok") != 1 || count(out, "readyok") != 1 || count(out, "bestmove ") != 1 {
		t.Fatalf("output %q", out)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}

// go movetime 8000, then ucinewgame, isready, stop: the search is stopped
// at once (ucinewgame stops it first), not after 8 s.
func TestBinaryUcinewgameDuringMovetime(t *testing.T) {
	e := startEngine(t)
	e.send("position startpos", "go movetime 8000")
	e.expect("info depth 1 ", 5*time.Second)
	sent := time.Now()
	e.send("ucinewgame", "isready", "stop")
	l, before := e.expect("readyok", 5*time.Second)
	if d := time.Since(sent); d > 3*time.Second {
		t.Errorf("readyok %v after ucinewgame", d)
	}
	if count(before, "bestmove ") != 1 || count(before, "info string 'ucinewgame' during search: stopping it first") != 1 {
		t.Fatalf("%q then %q", before, l)
	}
	e.none("bestmove", 300*time.Millisecond)
	e.send("quit")
	e.waitExit(5 * time.Second)
}

// The end of input ends any search (each answers), perft and bench.
func TestBinaryEOFEndsEverything(t *testing.T) {
	for _, tc := range []struct{ script, last string }{
		{"go\n", "bestmove "},
		{"go infinite\n", "bestmove "},
		{"go mate 3\n", "bestmove "},
		{"go depth 99999999999\n", "bestmove "},
		{"setoption name UCI_Variant value chess\ngo ponder\n", "bestmove "},
		{"go perft 9\n", "info string go perft 9 stopped before its end: no count"},
		{"bench 60\n", "info string bench stopped before its end: no totals"},
	} {
		start := time.Now()
		out := pipe(t, tc.script, 20*time.Second)
		if l := out[len(out)-1]; !strings.HasPrefix(l, tc.last) {
			t.Errorf("%q: last line %q, want %q", tc.script, l, tc.last)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%q: took %v", tc.script, d)
		}
	}
}

// go perft 0 is an error like go perft -3, not an unbounded search.
func TestBinaryPerftZero(t *testing.T) {
	const msg = "info string error: go perft needs a depth of at least 1"
	for _, tc := range []struct {
		script string
		want   []string
	}{
		{"go perft 0\n", []string{msg}},
		{"go perft -3\n", []string{msg}},
		{"go perft\n", []string{"info string go: perft needs a number", msg}},
	} {
		if out := pipe(t, tc.script, 10*time.Second); strings.Join(out, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%q: %q, want %q", tc.script, out, tc.want)
		}
	}
}

// play -variant chess: startpos is chess, the handshake says so; the flag
// takes only the two games.
func TestBinaryVariantFlag(t *testing.T) {
	e := startEngine(t, "-variant", "chess")
	e.send("uci")
	_, before := e.expect("uciok", 5*time.Second)
	if !contains(before, "option name UCI_Variant type combo default chess var xiangqi var chess") {
		t.Fatalf("uci answer %q", before)
	}
	e.send("position startpos moves e2e4", "d")
	if l, _ := e.expect("Fen: ", 5*time.Second); l != "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Fatalf("startpos with -variant chess: %q", l)
	}
	e.send("go depth 3")
	l, _ := e.expect("bestmove", 10*time.Second)
	best, _ := bestMove(t, l)
	checkChess(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", best)
	e.send("quit")
	e.waitExit(5 * time.Second)

	for _, args := range [][]string{{"-variant", "shogi"}, {"-variant"}, {"-variant", "chess", "extra"}} {
		cmd := exec.Command(binary, args...)
		cmd.Stdin = strings.NewReader("")
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
			t.Errorf("play %q: %v, want exit status 2", args, err)
		}
	}
}

// Issue 24: a chess GUI that passes no arguments and no UCI_Variant. The
// issue's transcript ("position startpos moves e2e4" answered "bestmove
// 0000") now switches to chess with a note and answers a chess move; and
// the binary under a name that contains "chess" starts in chess, so that
// "position startpos" and "go" as White are chess too.
func TestBinaryChessWithoutVariant(t *testing.T) {
	const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	out := pipe(t, "uci\nposition startpos moves e2e4\ngo movetime 300\n", 20*time.Second)
	if count(out, "info string position startpos: the moves are not legal in xiangqi but are in chess, so UCI_Variant is now chess") != 1 {
		t.Errorf("no switch note in %q", out)
	}
	best, _ := bestMove(t, out[len(out)-1])
	checkChess(t, afterE4, best)

	link := filepath.Join(t.TempDir(), "play-chess")
	if err := os.Symlink(binary, link); err != nil {
		t.Skip("cannot make a symbolic link here: " + err.Error())
	}
	cmd := exec.Command(link)
	cmd.Stdin = strings.NewReader("uci\nposition startpos\ngo depth 3\n")
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("play-chess: %v", err)
	}
	out = strings.Split(strings.TrimSpace(string(b)), "\n")
	if !contains(out, "option name UCI_Variant type combo default chess var xiangqi var chess") || count(out, "info string") != 0 {
		t.Fatalf("play-chess: %q", out)
	}
	best, _ = bestMove(t, out[len(out)-1])
	checkChess(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", best)
}
