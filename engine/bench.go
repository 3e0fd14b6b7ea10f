// Bench: the game's fixed positions searched to a fixed depth.

package engine

import (
	"fmt"
	"time"

	"dualnnue/search"
)

// Bench searches the game's bench positions (the bundle's BenchFENs) to
// depth (0 or less: the bundle's BenchDepth), each after Clear so that the
// node count depends only on the code, and returns the total nodes and
// search time. say (not nil) receives a "Position: i/n (fen)" line before
// each position and an "info string error: ..." line for a position that
// does not load. ok is false when stop (may be nil) was closed first. The
// table is left cleared; the current position is not changed.
func (e *Engine[T, P]) Bench(depth int, say func(string), stop <-chan struct{}) (nodes uint64, elapsed time.Duration, ok bool) {
	if depth <= 0 {
		depth = e.def.BenchDepth
	}
	s := e.searcher
	if s == nil {
		say("info string error: " + ErrNotConfigured.Error())
		return 0, 0, true
	}
	// The bench leaves the table full of other positions.
	defer s.Clear()
	for i, fen := range e.def.BenchFENs {
		select {
		case <-stop:
			return 0, 0, false
		default:
		}
		say(fmt.Sprintf("Position: %d/%d (%s)", i+1, len(e.def.BenchFENs), fen))
		pos, err := e.def.NewFromFEN(fen)
		if err != nil {
			say("info string error: bench position: " + err.Error())
			continue
		}
		e.def.SetRuleOptions(pos, e.opts.Rules)
		s.Clear()
		ch := s.Start(pos, search.Limits{Depth: depth}, nil)
		select {
		case r := <-ch:
			nodes += r.Nodes
			elapsed += r.Time
		case <-stop:
			s.Stop()
			<-ch
			return 0, 0, false
		}
	}
	return nodes, elapsed, true
}
