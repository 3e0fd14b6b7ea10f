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
		// 60 s sudden death, no increment: the clock drains; 1/40 of what
		// is left after the overhead of 10 moves.
		{"60s", Limits{Time: [2]time.Duration{60 * time.Second}, HasTime: [2]bool{true}}, 1497500 * time.Microsecond, 5990 * ms},
		// 300 ms + 10 ms is near the reserve: (300 + 390 - 600)/40 = 2.25 ms,
		// so the clock falls only slowly towards the reserve.
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
	// A move overhead larger than the increment (Move Overhead 100 at
	// 2 s + 0.02 s): no reserve, the overhead of 10 moves kept back:
	// (2000 + 39×20 − 10×100)/40 = 44.5 ms, not a 1 ms move all game.
	big := Limits{Time: [2]time.Duration{2 * time.Second}, Inc: [2]time.Duration{20 * ms}, HasTime: [2]bool{true}}
	if tl := planTime(&big, position.White, 0, 100*ms); tl.optimum != 44500*time.Microsecond || tl.maximum != 178*ms {
		t.Errorf("2s+0.02 with a 100 ms overhead: optimum %v maximum %v, want 44.5ms 178ms", tl.optimum, tl.maximum)
	}
	// The last move before the control with 150 ms left: 80 % of what is
	// left after one overhead, not a 1 ms move (the clock refills).
	last := Limits{Time: [2]time.Duration{150 * ms}, Inc: [2]time.Duration{10 * ms}, HasTime: [2]bool{true}, MovesToGo: 1}
	if tl := planTime(&last, position.White, 0, 10*ms); tl.optimum != 112*ms || tl.maximum != 112*ms {
		t.Errorf("movestogo 1 with 150 ms: optimum %v maximum %v, want 112ms 112ms", tl.optimum, tl.maximum)
	}
}

// TestPlanTimeReserve plays 400 moves at 1 s + 0.01 s with a 10 ms move
// overhead, charging each move its planned time plus 5 ms of latency.
// Spending the optimum every move, the clock settles where the optimum
// equals the increment less the latency: (t + 39×10 − 60×10)/40 = 5 ms,
// t = 410 ms; spending the hard maximum every move (the worst case), where
// 4 × optimum = 5 ms, t = 260 ms. From 1 s it never drops below these; from
// 50 ms (below the reserve) it climbs back to them without flagging.
func TestPlanTimeReserve(t *testing.T) {
	ms := time.Millisecond
	const inc, overhead, latency = 10 * time.Millisecond, 10 * time.Millisecond, 5 * time.Millisecond
	for _, c := range []struct {
		worst         bool
		start, settle time.Duration
	}{{false, time.Second, 410 * ms}, {true, time.Second, 260 * ms}, {false, 50 * ms, 410 * ms}, {true, 50 * ms, 260 * ms}} {
		clock := c.start
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
				t.Fatalf("worst=%v from %v: flagged at move %d", c.worst, c.start, move)
			}
			clock += inc
			low = min(low, clock)
		}
		if d := clock - c.settle; d < -ms || d > ms {
			t.Errorf("worst=%v from %v: final clock %v, want %v ± 1 ms", c.worst, c.start, clock, c.settle)
		}
		if c.start > c.settle && low < c.settle-ms {
			t.Errorf("worst=%v from %v: lowest clock %v, below the settling point %v", c.worst, c.start, low, c.settle)
		}
		t.Logf("worst=%v from %v: lowest clock %v, final %v", c.worst, c.start, low, clock)
	}
}
