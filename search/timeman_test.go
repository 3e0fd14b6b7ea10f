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
		// 1 s + 10 ms: (1000 + 39*10 - (40+20)*10)/40 = 19.75 ms, hard limit 4× that.
		{"1s+0.01", Limits{Time: [2]time.Duration{time.Second}, Inc: [2]time.Duration{10 * ms}, HasTime: [2]bool{true}}, 19750 * time.Microsecond, 79 * ms},
		// 60 s sudden death: 1/40 of what is left after the overheads.
		{"60s", Limits{Time: [2]time.Duration{60 * time.Second}, HasTime: [2]bool{true}}, 1485 * ms, 5940 * ms},
		// 300 ms + 10 ms is near the reserve: much less than the increment,
		// so the clock grows back: (300 + 390 - 600)/40 = 2.25 ms.
		{"0.3s+0.01", Limits{Time: [2]time.Duration{300 * ms}, Inc: [2]time.Duration{10 * ms}, HasTime: [2]bool{true}}, 2250 * time.Microsecond, 9 * ms},
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

// TestPlanTimeReserve plays 400 moves at 1 s + 0.01 s with a 10 ms move
// overhead, charging each move its planned time plus 5 ms of latency.
// Spending the optimum every move, the clock settles where the optimum
// equals the increment less the latency: (t + 39×10 − 60×10)/40 = 5 ms,
// t = 410 ms; spending the hard maximum every move (the worst case), where
// 4 × optimum = 5 ms, t = 260 ms. It never drops below these from 1 s.
func TestPlanTimeReserve(t *testing.T) {
	ms := time.Millisecond
	const inc, overhead, latency = 10 * time.Millisecond, 10 * time.Millisecond, 5 * time.Millisecond
	for _, c := range []struct {
		worst       bool
		settle, low time.Duration
	}{{false, 410 * ms, 405 * ms}, {true, 260 * ms, 255 * ms}} {
		clock := time.Second
		low := clock
		for move := 0; move < 400; move++ {
			lim := Limits{Time: [2]time.Duration{clock}, Inc: [2]time.Duration{inc}, HasTime: [2]bool{true}}
			tl := planTime(&lim, position.White, 2*move, overhead)
			spent := tl.optimum
			if c.worst {
				spent = tl.maximum
			}
			clock -= spent + latency
			if clock <= 0 {
				t.Fatalf("worst=%v: flagged at move %d", c.worst, move)
			}
			clock += inc
			low = min(low, clock)
		}
		if low < c.low || clock > c.settle+10*ms {
			t.Errorf("worst=%v: lowest clock %v, final %v; want ≥ %v, settling near %v", c.worst, low, clock, c.low, c.settle)
		}
		t.Logf("worst=%v: lowest clock %v, final %v", c.worst, low, clock)
	}
}
