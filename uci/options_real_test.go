// Options against the real engine: EvalFile, Use NNUE, eval output, go mate.
package uci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dualnnue/nn"
	"dualnnue/position"
)

func TestEvalFileAndUseNNUE(t *testing.T) {
	dir := t.TempDir()
	xq := filepath.Join(dir, "xq.nnue")
	ch := filepath.Join(dir, "chess.nnue")
	if err := os.WriteFile(xq, nn.DefaultFile(position.Xiangqi), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ch, nn.DefaultFile(position.Chess), 0o644); err != nil {
		t.Fatal(err)
	}
	c := realClient(t, "xiangqi")
	c.send("position startpos moves h2e2", "eval")
	_, before := c.expect("Final evaluation:", 5*time.Second)
	if len(before) != 2 || !strings.HasPrefix(before[0], "Hand-written evaluation: ") ||
		!strings.HasSuffix(before[1], "(red side) [embedded xiangqi net]") {
		t.Fatalf("eval with the embedded net: %q", before)
	}
	for _, tc := range []struct{ value, note string }{
		{ch, "file is a chess net, want xiangqi"},
		{filepath.Join(dir, "missing.nnue"), "no such file"},
		{dir, "not a regular file"},
	} {
		c.send("setoption name EvalFile value " + tc.value)
		got := c.sync()
		if len(got) != 1 || !strings.Contains(got[0], tc.note) || !strings.HasSuffix(got[0], "EvalFile stays <empty>") {
			t.Errorf("EvalFile %s: %q, want an error with %q", tc.value, got, tc.note)
		}
	}
	c.send("setoption name EvalFile value " + xq)
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("EvalFile %s: %q", xq, got)
	}
	c.send("eval")
	_, before = c.expect("Final evaluation:", 5*time.Second)
	if len(before) != 2 || !strings.HasSuffix(before[1], "["+xq+"]") {
		t.Fatalf("eval with EvalFile: %q", before)
	}
	c.send("go depth 3")
	c.bestmove(10 * time.Second)
	c.send("setoption name Use NNUE value false", "eval")
	_, before = c.expect("Final evaluation:", 5*time.Second)
	if len(before) != 1 || !strings.HasPrefix(before[0], "Hand-written evaluation: ") {
		t.Fatalf("eval with Use NNUE false: %q", before)
	}
	// Switching to chess with a xiangqi EvalFile: reported, the embedded
	// chess net is used instead.
	c.send("setoption name Use NNUE value true", "setoption name UCI_Variant value chess")
	got := c.sync()
	if len(got) != 1 || !strings.Contains(got[0], "file is a xiangqi net, want chess") {
		t.Fatalf("variant switch with a xiangqi EvalFile: %q", got)
	}
	if v := c.sess.opts.get(optEvalFile); v != defaultEvalFile {
		t.Fatalf("EvalFile after a failed switch: %s", v)
	}
}

func TestGoMate(t *testing.T) {
	c := realClient(t, "xiangqi")
	c.send("position fen 4k1rr1/9/9/9/9/9/9/9/9/5K3 w - - 0 1 moves f0f1", "go mate 1")
	m, before := c.bestmove(5 * time.Second)
	if m != "g9f9" || !strings.Contains(before[len(before)-1], " score mate 1 ") {
		t.Fatalf("go mate 1: %s after %q", m, before)
	}
}

// stop and ponderhit sent right after go (before the search is under way)
// are never lost.
func TestImmediateStopAndPonderhit(t *testing.T) {
	for _, v := range []string{"chess", "xiangqi"} {
		c := realClient(t, v)
		for i := 0; i < 30; i++ {
			c.send("go infinite", "stop")
			c.bestmove(5 * time.Second)
			c.send("go ponder wtime 100 btime 100", "ponderhit")
			c.bestmove(5 * time.Second)
			c.send("go ponder wtime 100 btime 100", "stop")
			c.bestmove(5 * time.Second)
		}
		if got := c.sync(); hasPrefix(got, "bestmove") {
			t.Fatalf("%s: extra bestmove %q", v, got)
		}
	}
}

// A go before any position searches the start position of the current game.
func TestGoBeforePosition(t *testing.T) {
	c := startClient(t, Config{}, nil)
	c.send("go depth 3")
	m, _ := c.bestmove(10 * time.Second)
	xiangqiLegal(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", m)
	c.send("setoption name UCI_Variant value chess", "go depth 3")
	m, _ = c.bestmove(10 * time.Second)
	chessLegal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", m)
}
