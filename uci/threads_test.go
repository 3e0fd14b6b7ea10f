// Issue 14: Threads far above the cores must not break the clock.
package uci

import (
	"runtime"
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
	want := "info string Threads 1000: this machine runs " + itoa(threadCap()) + " threads at once (its CPUs, or GOMAXPROCS if lower), so the search uses " + itoa(threadCap()) + ": "
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

// Issue 24 N7: GOMAXPROCS=1000 in the environment turned the cap off
// ("go movetime 1000" took 2.9 s on two cores): the cap is the machine's
// CPUs, lowered by GOMAXPROCS but never raised by it.
func TestThreadCapIsTheCPUs(t *testing.T) {
	for _, c := range []struct{ gomaxprocs, ncpu, want int }{
		{1000, 2, 2}, {2, 2, 2}, {1, 8, 1}, {8, 1, 1}, {0, 4, 1}, {64, 64, 64},
	} {
		if got := threadCapOf(c.gomaxprocs, c.ncpu); got != c.want {
			t.Errorf("threadCapOf(%d, %d) = %d, want %d", c.gomaxprocs, c.ncpu, got, c.want)
		}
	}
	ncpu := runtime.NumCPU()
	old := runtime.GOMAXPROCS(1000) // as GOMAXPROCS=1000 in the environment sets it
	defer runtime.GOMAXPROCS(old)
	if got := threadCap(); got != ncpu {
		t.Fatalf("GOMAXPROCS 1000: threadCap %d, want the %d CPUs", got, ncpu)
	}
	c := fakeClient(t)
	c.send("setoption name Threads value 1000")
	want := "info string Threads 1000: this machine runs " + itoa(ncpu) + " threads at once (its CPUs, or GOMAXPROCS if lower), so the search uses " + itoa(ncpu) + ": "
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("setoption Threads 1000: %q, want %q...", got, want)
	}
	if got := c.sess.engineConfig().threads; got != ncpu {
		t.Errorf("the engine is configured with %d threads, want %d", got, ncpu)
	}
}
