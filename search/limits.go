// Search limits (the UCI "go" parameters) and the time manager.
package search

import (
	"math"
	"time"

	"dualnnue/position"
)

// Limits are the parameters of one search, as UCI's "go" gives them. The
// zero value searches until Stop (like "go infinite" but returning as soon
// as the maximum depth is reached).
type Limits struct {
	// Depth stops iterative deepening after this many plies (0: no limit).
	Depth int
	// Nodes is a hard node limit over all threads (0: none). With one thread
	// the search stops at exactly this many nodes, so results are reproducible.
	Nodes uint64
	// SoftNodes stops iterating once a completed iteration has used at least
	// this many nodes (0: none); the iteration in progress is finished, so
	// the result is that of a full depth (for data generation).
	SoftNodes uint64
	// MoveTime searches for exactly this long (0: not given). The UCI layer
	// maps "movetime 0" (or negative) to 1 ns: answer after depth 1.
	MoveTime time.Duration
	// Time and Inc are the clocks and increments of White/Red [0] and Black [1];
	// HasTime[c] says whether Time[c] was given ("wtime 0" is a real, empty clock).
	// Only the side to move's clock limits the search.
	Time, Inc [2]time.Duration
	HasTime   [2]bool
	// MovesToGo is the number of moves to the next time control (0: sudden death).
	MovesToGo int
	// Infinite searches until Stop; Search does not return before Stop even
	// when the maximum depth is reached or the root has no legal move.
	Infinite bool
	// Ponder searches like Infinite until PonderHit, after which the clock
	// limits apply (measured from the PonderHit).
	Ponder bool
	// SearchMoves restricts the root to these moves (nil or empty, or none
	// of them legal: all legal moves).
	SearchMoves []position.Move
	// MultiPV is the number of principal variations (0: the Searcher's option).
	MultiPV int
}

// timeLimits are the time manager's decision for one search.
type timeLimits struct {
	enabled bool
	optimum time.Duration // stop iterating after this (scaled by stability)
	maximum time.Duration // hard stop
}

// defaultMovesToGo is the horizon of a sudden-death plan: the clock plus
// the increments of this many moves, less their overheads, is what the
// plan shares out (Stockfish's 50).
const defaultMovesToGo = 50

// planTime decides how long to think, after Stockfish's time manager
// (src/timeman.cpp, Stockfish 16): of timeLeft = time + inc·(mtg−1) −
// overhead·(2+mtg), a sudden-death move plans an optimum share that grows
// with the game ply (from about 1.7 % at the first move to 3 % at ply 40
// at 1 s + 0.01 s) and a hard maximum of a few optima, at most 82.5 % of
// the clock less the overhead. Nothing else is held back: the overhead
// terms are the only reserve, so the clock is spent. lag is the latency
// the GUI has been charging beyond our own measured time (lagTracker);
// the hard maximum leaves twice that on the clock. overhead is the
// "Move Overhead" option.
func planTime(l *Limits, us position.Color, gamePly int, overhead, lag time.Duration) timeLimits {
	if l.MoveTime > 0 {
		mt := max(l.MoveTime-overhead, time.Millisecond)
		if l.MoveTime < overhead {
			mt = l.MoveTime / 2
		}
		return timeLimits{enabled: true, optimum: mt, maximum: mt}
	}
	if !l.HasTime[us] {
		return timeLimits{}
	}
	t, inc := l.Time[us], l.Inc[us]
	mtg := defaultMovesToGo
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, defaultMovesToGo)
	}
	total := t + inc*time.Duration(mtg-1)
	timeLeft := max(total-overhead*time.Duration(2+mtg), time.Millisecond)
	if overhead > inc {
		// A declared overhead larger than the increment (Move Overhead 100
		// at 2 s + 0.02 s) would leave nothing to share and every move
		// would take a millisecond; keep a quarter of the clock to share.
		timeLeft = max(timeLeft, total/4)
	}
	tl, left := t.Seconds(), timeLeft.Seconds()
	ply := float64(gamePly)
	var optScale, maxScale float64
	if l.MovesToGo == 0 {
		optConst := min(0.00308+0.000319*math.Log10(left), 0.00506)
		maxConst := max(3.39+3.01*math.Log10(left), 2.93)
		optScale = min(0.0122+math.Pow(ply+2.95, 0.462)*optConst, 0.213*tl/left)
		maxScale = min(6.64, maxConst+ply/12)
	} else {
		optScale = min((0.88+ply/116.4)/float64(mtg), 0.88*tl/left)
		maxScale = min(6.3, 1.5+0.11*float64(mtg))
	}
	optimum := time.Duration(optScale * float64(timeLeft))
	maximum := min(time.Duration(0.825*float64(t))-overhead, time.Duration(maxScale*float64(optimum))) - 10*time.Millisecond
	if lag > 0 {
		maximum = min(maximum, t-2*lag-overhead)
	}
	optimum = max(optimum, time.Millisecond)
	maximum = max(maximum, time.Millisecond)
	optimum = min(optimum, maximum)
	return timeLimits{enabled: true, optimum: optimum, maximum: maximum}
}

// lagTracker learns how much more time the GUI charges per move than the
// search measured (pipe latency, process scheduling, the GUI's own
// bookkeeping): with a Fischer clock, the clock at our next move should be
// the clock before this move, less our search time, plus the increment;
// what is missing beyond that was lag. The estimate jumps up to a new
// maximum at once and decays by 1/128 a move, so a loaded machine's worst
// hiccups are remembered for a while; planTime keeps twice the estimate on
// the clock. It survives Clear ("ucinewgame"): it is a property of the
// connection, not of the game.
type lagTracker struct {
	valid   bool
	side    position.Color
	ply     int
	clock   time.Duration // our clock at the start of the last search
	inc     time.Duration
	elapsed time.Duration // the last search's own measured time
	est     time.Duration
}

// observe updates the estimate from a new search's limits (the clock the
// GUI now reports) and returns it.
func (lt *lagTracker) observe(l *Limits, us position.Color, gamePly int) time.Duration {
	if lt.valid && l.MoveTime == 0 && l.MovesToGo == 0 && l.HasTime[us] && us == lt.side && gamePly == lt.ply+2 && l.Inc[us] == lt.inc {
		lag := lt.clock - lt.elapsed + lt.inc - l.Time[us]
		lt.est = max(lag, lt.est-lt.est/128, 0)
	}
	lt.valid = false
	return lt.est
}

// record notes the search just finished (only clock searches).
func (lt *lagTracker) record(l *Limits, us position.Color, gamePly int, elapsed time.Duration) {
	if l.MoveTime != 0 || l.MovesToGo != 0 || !l.HasTime[us] || l.Infinite || l.Ponder {
		lt.valid = false
		return
	}
	*lt = lagTracker{valid: true, side: us, ply: gamePly, clock: l.Time[us], inc: l.Inc[us], elapsed: elapsed, est: lt.est}
}
