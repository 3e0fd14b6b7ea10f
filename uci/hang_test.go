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
