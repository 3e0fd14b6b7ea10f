// Time-manager plans for a few clocks, the clock they leave over a long game, and the lag guard (internal).
package search

import (
	"testing"
	"time"

	"dualnnue/position"
)

// TestPlanTime checks planTime against the formula worked out
// independently (in floating point, to the microsecond).
func TestPlanTime(t *testing.T) {
	ms := time.Millisecond
	us := time.Microsecond
	clock := func(t, inc time.Duration) Limits {
		return Limits{Time: [2]time.Duration{t}, Inc: [2]time.Duration{inc}, HasTime: [2]bool{true}}
	}
	withMTG := func(l Limits, n int) Limits { l.MovesToGo = n; return l }
	cases := []struct {
		name             string
		lim              Limits
		ply              int
		overhead, lag    time.Duration
		optimum, maximum time.Duration
	}{
		// 1 s + 10 ms: timeLeft = 1000 + 49×10 − 52×10 = 970 ms; the first
		// move plans 1.73 % of it, ply 60 3.3 %; the maximum is 2.9 and
		// then 6.3 optima less 10 ms.
		{"1s+0.01 ply 0", clock(time.Second, 10*ms), 0, 10 * ms, 0, 16752 * us, 46122 * us},
		{"1s+0.01 ply 60", clock(time.Second, 10*ms), 60, 10 * ms, 0, 32058 * us, 202864 * us},
		// The same with 450 ms of learned lag: the maximum leaves twice the
		// lag and the overhead on the clock (1000 − 900 − 10 = 90 ms).
		{"1s+0.01 lag", clock(time.Second, 10*ms), 60, 10 * ms, 450 * ms, 32058 * us, 90 * ms},
		// 60 s sudden death: the clock drains; more per move as the game goes on.
		{"60s ply 0", clock(60*time.Second, 0), 0, 10 * ms, 0, 1083133 * us, 7182004 * us},
		{"60s ply 80", clock(60*time.Second, 0), 80, 10 * ms, 0, 2395530 * us, 15896319 * us},
		// Low clock late in a game.
		{"0.3s+0.01 ply 100", clock(300*ms, 10*ms), 100, 10 * ms, 0, 9953 * us, 56086 * us},
		// Moves to go: the last move before the control gets 88 % of what
		// is left after the overheads, never all of it.
		{"movestogo 1", withMTG(clock(10*time.Second, 0), 1), 0, 10 * ms, 0, 8230 * ms, 8230 * ms},
		{"movestogo 1 at 150ms", withMTG(clock(150*ms, 10*ms), 1), 0, 10 * ms, 0, 103750 * us, 103750 * us},
		// A declared overhead above the increment (Move Overhead 100 at
		// 2 s + 0.02 s): a quarter of the clock is shared, not nothing.
		{"2s+0.02 overhead 100", clock(2*time.Second, 20*ms), 0, 100 * ms, 0, 12821 * us, 28530 * us},
		// An empty clock still answers (depth 1 always completes).
		{"0s", Limits{HasTime: [2]bool{true}}, 0, 10 * ms, 0, ms, ms},
		// movetime: exactly that, less the overhead.
		{"movetime 1s", Limits{MoveTime: time.Second}, 0, 10 * ms, 0, 990 * ms, 990 * ms},
		// Only the opponent's clock: no time limit.
		{"btime only", Limits{Time: [2]time.Duration{0, time.Second}, HasTime: [2]bool{false, true}}, 0, 10 * ms, 0, 0, 0},
	}
	near := func(a, b time.Duration) bool { d := a - b; return d > -us && d < us }
	for _, c := range cases {
		tl := planTime(&c.lim, position.White, c.ply, c.overhead, c.lag)
		if !near(tl.optimum, c.optimum) || !near(tl.maximum, c.maximum) {
			t.Errorf("%s: optimum %v maximum %v, want %v %v", c.name, tl.optimum, tl.maximum, c.optimum, c.maximum)
		}
	}
}

// TestPlanTimeClock plays 400 moves at 1 s + 0.01 s with a 10 ms move
// overhead, charging each move its planned time plus 5 ms of latency:
// spending the optimum every move the clock comes down to 100.6 ms by the
// end, spending the hard maximum every move (the worst case) to 62.6 ms,
// and never flags; from 50 ms it climbs back to the same points. No
// reserve is left unspent: the clock ends within a few increments of
// what the overhead terms keep.
func TestPlanTimeClock(t *testing.T) {
	ms := time.Millisecond
	const inc, overhead, latency = 10 * time.Millisecond, 10 * time.Millisecond, 5 * time.Millisecond
	for _, c := range []struct {
		worst               bool
		start, low, settled time.Duration
	}{
		{false, time.Second, 100564 * time.Microsecond, 100564 * time.Microsecond},
		{true, time.Second, 62585 * time.Microsecond, 62585 * time.Microsecond},
		{false, 50 * ms, 50 * ms, 100564 * time.Microsecond},
		{true, 50 * ms, 50 * ms, 62585 * time.Microsecond},
	} {
		clock := c.start
		low := clock
		for move := 0; move < 400; move++ {
			lim := Limits{Time: [2]time.Duration{clock}, Inc: [2]time.Duration{inc}, HasTime: [2]bool{true}}
			tl := planTime(&lim, position.White, 2*move, overhead, 0)
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
		if d := clock - c.settled; d < -ms/100 || d > ms/100 {
			t.Errorf("worst=%v from %v: final clock %v, want %v", c.worst, c.start, clock, c.settled)
		}
		if d := low - c.low; d < -ms/100 || d > ms/100 {
			t.Errorf("worst=%v from %v: lowest clock %v, want %v", c.worst, c.start, low, c.low)
		}
	}
}

// TestLagTracker checks the lag estimate: a jump to a new maximum at once,
// a decay of 1/128 a move, and no update across a gap, a side change, a
// different increment or a moves-to-go control.
func TestLagTracker(t *testing.T) {
	ms := time.Millisecond
	lim := func(clock time.Duration) *Limits {
		return &Limits{Time: [2]time.Duration{clock, clock}, Inc: [2]time.Duration{10 * ms, 10 * ms}, HasTime: [2]bool{true, true}}
	}
	var lt lagTracker
	if e := lt.observe(lim(time.Second), position.White, 10); e != 0 {
		t.Fatalf("first search: lag %v, want 0", e)
	}
	lt.record(lim(time.Second), position.White, 10, 30*ms)
	// Expected 1000 − 30 + 10 = 980 ms; the GUI reports 960: 20 ms of lag.
	if e := lt.observe(lim(960*ms), position.White, 12); e != 20*ms {
		t.Fatalf("lag %v, want 20ms", e)
	}
	lt.record(lim(960*ms), position.White, 12, 30*ms)
	// No lag this move: the estimate decays by 1/128.
	if e, want := lt.observe(lim(940*ms), position.White, 14), 20*ms-20*ms/128; e != want {
		t.Fatalf("decay: lag %v, want %v", e, want)
	}
	est := lt.est
	for _, c := range []struct {
		name string
		lim  *Limits
		side position.Color
		ply  int
	}{
		{"gap", lim(500 * ms), position.White, 20},
		{"other side", lim(500 * ms), position.Black, 16},
		{"moves to go", &Limits{Time: [2]time.Duration{500 * ms}, HasTime: [2]bool{true}, MovesToGo: 5}, position.White, 16},
	} {
		lt.record(lim(940*ms), position.White, 14, 30*ms)
		if e := lt.observe(c.lim, c.side, c.ply); e != est {
			t.Errorf("%s: lag %v, want it unchanged at %v", c.name, e, est)
		}
	}
}

// TestLagGuardNoFlag plays 1 s + 0.01 s games against a GUI that charges
// 5 ms of latency a move and an 80 ms hiccup every 40 moves, spending the
// hard maximum every move (the worst case): with the lag guard the clock
// never runs out. Without it the same game flags, which is what the guard
// is for.
func TestLagGuardNoFlag(t *testing.T) {
	ms := time.Millisecond
	play := func(guard bool) (flagged bool, low time.Duration) {
		var lt lagTracker
		clock, low := time.Second, time.Second
		for move := 0; move < 300; move++ {
			lim := &Limits{Time: [2]time.Duration{clock}, Inc: [2]time.Duration{10 * ms}, HasTime: [2]bool{true}}
			lag := lt.observe(lim, position.White, 2*move)
			if !guard {
				lag = 0
			}
			tl := planTime(lim, position.White, 2*move, 10*ms, lag)
			charged := tl.maximum + 5*ms
			if move%40 == 39 {
				charged += 80 * ms
			}
			lt.record(lim, position.White, 2*move, tl.maximum)
			clock -= charged
			if clock <= 0 {
				return true, 0
			}
			clock += 10 * ms
			low = min(low, clock)
		}
		return false, low
	}
	if flagged, low := play(true); flagged || low < 20*ms {
		t.Errorf("with the lag guard: flagged %v, lowest clock %v", flagged, low)
	}
	if flagged, _ := play(false); !flagged {
		t.Errorf("without the lag guard the hiccups did not flag: the test does not test the guard")
	}
}
