// Issue 14, "never hang": perft and bench against the real engine stop at
// once.
package uci

import (
	"strings"
	"testing"
	"time"
)

// The real perft and bench are stoppable within a moment: isready is
// answered and stop ends them long before a deep perft or bench would.
func TestRealPerftAndBenchStop(t *testing.T) {
	for _, v := range []string{"xiangqi", "chess"} {
		for _, cmd := range []string{"go perft 9", "bench 60"} {
			c := realClient(t, v)
			c.send(cmd)
			time.Sleep(100 * time.Millisecond)
			start := time.Now()
			if got := c.sync(); hasPrefix(got, "Nodes searched") {
				t.Fatalf("%s %s finished: %q", v, cmd, got)
			}
			c.send("stop")
			l, _ := c.expect("info string "+strings.Fields(cmd)[0], 5*time.Second)
			if !strings.HasSuffix(l, "stopped before its end: no count") && !strings.HasSuffix(l, "stopped before its end: no totals") {
				t.Fatalf("%s %s then stop: %q", v, cmd, l)
			}
			if d := time.Since(start); d > 1500*time.Millisecond {
				t.Errorf("%s %s: isready and stop took %v", v, cmd, d)
			}
		}
	}
}

// position, d and eval during a real search work on the session's own
// position while the search goes on with its fork (run with -race); the
// next go searches the new position.
func TestRealPositionDuringSearch(t *testing.T) {
	for _, v := range []string{"xiangqi", "chess"} {
		c := realClient(t, v)
		c.send("position startpos", "go infinite")
		c.expect("info depth 1 ", 5*time.Second)
		first := map[string]string{"xiangqi": "h2e2", "chess": "e2e4"}[v]
		for i := 0; i < 20; i++ {
			c.send("position startpos moves", "d", "eval", "banmoves "+first)
			c.expect("Final evaluation:", 5*time.Second)
			c.send("position startpos moves " + first)
		}
		if got := c.sync(); hasPrefix(got, "bestmove") || hasPrefix(got, "info string error") {
			t.Fatalf("%s: %q", v, got)
		}
		c.send("stop")
		c.bestmove(5 * time.Second)
		want := c.fen()
		c.send("go depth 2")
		m, _ := c.bestmove(10 * time.Second)
		if v == "chess" {
			chessLegal(t, want, m)
		} else {
			xiangqiLegal(t, want, m)
		}
	}
}
