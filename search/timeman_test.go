// Time-manager plans for a few clocks (internal).
package search

import (
	"testing"
	"time"

	"dualnnue/position"
)

func TestPlanTime(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name             string
		lim              Limits
		optimum, maximum time.Duration
	}{
		// 1 s + 10 ms: (1000 - 10*10 + 39*10)/40 ≈ 32 ms, hard limit 4× that.
		{"1s+0.01", Limits{Time: [2]time.Duration{time.Second}, Inc: [2]time.Duration{10 * ms}, HasTime: [2]bool{true}}, 32250 * time.Microsecond, 129 * ms},
		// 60 s sudden death: 1/40 of what is left after the overheads.
		{"60s", Limits{Time: [2]time.Duration{60 * time.Second}, HasTime: [2]bool{true}}, 1497500 * time.Microsecond, 5990 * ms},
		// Last move before the control: most of the clock, never all of it.
		{"movestogo 1", Limits{Time: [2]time.Duration{10 * time.Second}, HasTime: [2]bool{true}, MovesToGo: 1}, 7992 * ms, 7992 * ms},
		// An empty clock still answers (depth 1 always completes).
		{"0s", Limits{HasTime: [2]bool{true}}, ms, ms},
		// movetime: exactly that, less the overhead.
		{"movetime 1s", Limits{MoveTime: time.Second}, 990 * ms, 990 * ms},
		// Only the opponent's clock: no time limit.
		{"btime only", Limits{Time: [2]time.Duration{0, time.Second}, HasTime: [2]bool{false, true}}, 0, 0},
	}
	for _, c := range cases {
		tl := planTime(&c.lim, position.White, 0, 10*ms)
		if tl.optimum != c.optimum || tl.maximum != c.maximum {
			t.Errorf("%s: optimum %v maximum %v, want %v %v", c.name, tl.optimum, tl.maximum, c.optimum, c.maximum)
		}
	}
}
