// Issue 14: Threads far above the cores must not break the clock.
package uci

import (
	"strings"
	"testing"
	"time"
)

// Threads 1000 on two cores turned "go movetime 100" into 10.6 s and
// "wtime 2000" into 27.9 s (the main thread, which watches the clock, got
// the CPU once per round of 1000 goroutines). Now the search uses at most
// GOMAXPROCS threads and says so; the clock holds. The bounds are loose
// for a loaded machine but far below the old times.
func TestThreadsFarAboveCores(t *testing.T) {
	c := realClient(t, "chess")
	c.send("setoption name Threads value 1000")
	got := c.sync()
	want := "info string Threads 1000: this machine runs " + itoa(threadCap()) + " threads at once (GOMAXPROCS), so the search uses " + itoa(threadCap()) + ": "
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("setoption Threads 1000: %q, want %q...", got, want)
	}
	if v := c.sess.opts.get(optThreads); v != "1000" {
		t.Errorf("Threads reads back as %s", v)
	}
	for _, tc := range []struct {
		cmd   string
		limit time.Duration
	}{
		{"go movetime 100", 2 * time.Second},
		{"go wtime 2000 btime 2000", 3 * time.Second},
		{"go movetime 100", 2 * time.Second},
	} {
		c.send("position startpos moves e2e4 e7e5")
		start := time.Now()
		c.send(tc.cmd)
		m, _ := c.bestmove(tc.limit + 10*time.Second)
		if d := time.Since(start); d > tc.limit {
			t.Errorf("Threads 1000, %s took %v (limit %v)", tc.cmd, d, tc.limit)
		}
		chessLegal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", m)
	}
	// The same value again changes nothing but still says so.
	c.send("setoption name Threads value 1000")
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("Threads 1000 again: %q", got)
	}
}
