// Search limits (the UCI "go" parameters) and the time manager.
package search

import (
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

// Time-manager constants: the default number of moves the remaining clock
// must last, and how much of it one move may ever use.
const (
	defaultMovesToGo = 40
	maxShareOfClock  = 0.5
	// lowClockReserve is the part of the clock, in move overheads, that
	// the plan never counts as available.
	lowClockReserve = 20
)

// planTime decides how long to think. overhead is the per-move latency
// reserve (the "Move Overhead" option), subtracted once per expected move
// from the clock so that many quick moves never flag at 1s+0.01s.
func planTime(l *Limits, us position.Color, gamePly int, overhead time.Duration) timeLimits {
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
		mtg = min(l.MovesToGo, 50)
	}
	// At a sudden-death control with an increment that pays for the move
	// overhead (a clock that can last forever), the plan counts one overhead
	// per move to go and keeps a further lowClockReserve overheads untouched,
	// so the clock settles at that reserve plus about the increment instead
	// of draining (with 5 ms of real latency per move at 1 s + 0.01 s and a
	// 10 ms overhead: 410 ms spending the optimum, 260 ms spending the hard
	// maximum every move) and a scheduling hiccup on a loaded machine does
	// not flag. Otherwise (no increment, an increment smaller than the
	// declared overhead, or moves to go) the clock has to drain: the plan
	// keeps back the overhead of at most 10 moves, so a generous "Move
	// Overhead" (100 ms at 2 s + 0.02 s) still leaves real thinking time.
	keep := overhead * time.Duration(min(mtg, 10))
	if l.MovesToGo == 0 && inc >= overhead {
		keep = overhead * time.Duration(mtg+lowClockReserve)
	}
	avail := t + inc*time.Duration(mtg-1) - keep
	if avail < 0 {
		avail = 0
	}
	optimum := avail / time.Duration(mtg)
	// Never plan to spend more than a fraction of what is on the clock now.
	capT := time.Duration(float64(t-overhead) * maxShareOfClock)
	if mtg == 1 {
		capT = time.Duration(float64(t-overhead) * 0.8)
	}
	if capT < time.Millisecond {
		capT = time.Millisecond
	}
	optimum = min(optimum, capT)
	maximum := min(optimum*4, capT)
	if optimum < time.Millisecond {
		optimum = time.Millisecond
	}
	maximum = max(maximum, optimum)
	return timeLimits{enabled: true, optimum: optimum, maximum: maximum}
}
