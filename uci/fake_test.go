// A game-free engine for testing the protocol layer alone.
package uci

import (
	"errors"
	"sync/atomic"
	"time"

	"dualnnue/position"
)

// fakeEngine has three legal moves (a0a1 b0b1 c0c1) in every position
// except the FEN "nomoves"; FEN "bad" is malformed. Its search reports one
// depth per 2 ms of sleep (no CPU), so timing behaviour is testable; its
// perft and bench take 10 ms per unit of depth, also asleep.
type fakeEngine struct {
	v        string
	fenStr   string
	moves    []string
	searches *atomic.Int32 // shared with forks
}

var fakeLegal = []string{"a0a1", "b0b1", "c0c1"}

func newFake(v string) (gameEngine, error) {
	if v != "xiangqi" && v != "chess" {
		return nil, errors.New("no such variant " + v)
	}
	return &fakeEngine{v: v, fenStr: "start", searches: new(atomic.Int32)}, nil
}

func (f *fakeEngine) variant() string { return f.v }

func (f *fakeEngine) setPosition(fen string, moves []string) error {
	if fen == "" {
		fen = "start"
	}
	if fen == "bad" {
		return errors.New("bad FEN")
	}
	for i, m := range moves {
		if fen == "nomoves" || !contains(fakeLegal, m) {
			return &moveError{index: i + 1, move: m, err: errors.New("illegal move")}
		}
	}
	f.fenStr, f.moves = fen, append([]string(nil), moves...)
	return nil
}

func (f *fakeEngine) fen() string       { return f.fenStr }
func (f *fakeEngine) sideToMove() int   { return len(f.moves) % 2 }
func (f *fakeEngine) display() []string { return []string{"Fen: " + f.fenStr} }
func (f *fakeEngine) eval() []string    { return []string{"Final evaluation: 0.00"} }
func (f *fakeEngine) legalMoves() []string {
	if f.fenStr == "nomoves" {
		return nil
	}
	return append([]string(nil), fakeLegal...)
}
func (f *fakeEngine) noMoveScore() position.Value { return position.MatedIn(0) }
func (f *fakeEngine) fork() gameEngine {
	c := *f
	return &c
}

// sleep waits d unless stop is closed first (then it reports false).
func sleep(d time.Duration, stop <-chan struct{}) bool {
	select {
	case <-stop:
		return false
	case <-time.After(d):
		return true
	}
}

func (f *fakeEngine) divide(depth int, stop <-chan struct{}) ([]string, uint64, bool) {
	if !sleep(time.Duration(depth)*10*time.Millisecond, stop) {
		return nil, 0, false
	}
	return []string{"a0a1: 1", "b0b1: 1", "c0c1: 1"}, 3, true
}

func (f *fakeEngine) search(r searchRequest, report func(searchInfo)) (string, string) {
	f.searches.Add(1)
	root := fakeLegal
	if len(r.searchMoves) > 0 {
		root = r.searchMoves
	}
	start := time.Now()
	deadline := time.Duration(0)
	if r.moveTime > 0 {
		deadline = r.moveTime
	}
	if r.hasTime[f.sideToMove()] {
		deadline = r.time[f.sideToMove()] / 20
	}
	pondering := r.ponder
	for d := 1; ; d++ {
		report(searchInfo{depth: d, nodes: uint64(d * 100), time: time.Since(start), pv: []string{root[0]}})
		if r.depth > 0 && d >= r.depth {
			break
		}
		if !pondering && !r.infinite && deadline > 0 && time.Since(start) >= deadline {
			break
		}
		select {
		case <-r.stop:
			return root[0], "a1a2"
		case <-r.ponderHit:
			pondering = false
			r.ponderHit = nil
		case <-time.After(2 * time.Millisecond):
		}
	}
	return root[0], "a1a2"
}

func (f *fakeEngine) configure(c engineConfig) error {
	if c.evalFile != defaultEvalFile && c.evalFile != "good.nnue" {
		return errors.New("cannot read " + c.evalFile)
	}
	return nil
}
func (f *fakeEngine) newGame()   {}
func (f *fakeEngine) clearHash() {}
func (f *fakeEngine) bench(depth int, say func(string), stop <-chan struct{}) (uint64, time.Duration, bool) {
	if !sleep(time.Duration(depth)*10*time.Millisecond, stop) {
		return 0, 0, false
	}
	return 1000, time.Second, true
}
func (f *fakeEngine) close() {}
