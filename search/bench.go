// Bench: a fixed list of positions per game searched to a fixed depth.
package search

import (
	"fmt"
	"time"
)

// BenchResult is the outcome of Bench.
type BenchResult struct {
	Nodes uint64
	Time  time.Duration
}

// NPS returns nodes per second.
func (r BenchResult) NPS() uint64 {
	if r.Time <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Time.Seconds())
}

// Bench searches each FEN to depth with s (after Clear, so the node count
// depends only on the code), building positions with newPos, and returns
// the total nodes and time. With one thread the node count is a signature
// of the search: any change in its behaviour changes it.
func Bench[T any, P GamePtr[T]](s *Searcher[T, P], newPos func(fen string) (P, error), fens []string, depth int) (BenchResult, error) {
	var r BenchResult
	for _, fen := range fens {
		pos, err := newPos(fen)
		if err != nil {
			return r, fmt.Errorf("bench position %q: %w", fen, err)
		}
		s.Clear()
		res := s.Search(pos, Limits{Depth: depth}, nil)
		r.Nodes += res.Nodes
		r.Time += res.Time
	}
	return r, nil
}
