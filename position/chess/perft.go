// Perft (move path enumeration) with bulk counting, and Divide.
package chess

import (
	"sort"
	"sync"

	"dualnnue/position"
)

// Perft returns the number of leaf nodes of the legal move tree of depth
// plies from p (depth 0 counts 1). The last ply is counted in bulk, as
// Stockfish does: the legal moves of a depth-1 node are counted, not
// played. It does not allocate (its ply stack comes from a pool); p is
// restored on return. Depths above 64 use a freshly allocated stack.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > len(perftStack{}) {
		return p.perft(make([]perftPly, depth), depth) // absurd depths only
	}
	stack := perftStacks.Get().(*perftStack)
	n := p.perft(stack[:depth], depth)
	perftStacks.Put(stack)
	return n
}

// perftStack holds the per-ply move lists and states. The states escape
// (DoMove links them into the position), so stacks are recycled through a
// pool: Perft does not allocate in steady state.
type perftStack [64]perftPly

var perftStacks = sync.Pool{New: func() any { return new(perftStack) }}

type perftPly struct {
	list position.MoveList
	st   position.State
}

func (p *Position) perft(stack []perftPly, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countLegal())
	}
	f := &stack[0]
	f.list.Len = 0
	p.GenerateLegal(&f.list)
	var n uint64
	rest := stack[1:]
	for _, m := range f.list.Moves[:f.list.Len] {
		p.DoMove(m, &f.st)
		if depth == 2 {
			n += uint64(p.countLegal())
		} else {
			n += p.perft(rest, depth-1)
		}
		p.UndoMove(m)
	}
	return n
}

// DivideEntry is one root move of a Divide: the move, its UCI text (as
// MoveString writes it) and the perft count of the position after it.
type DivideEntry struct {
	Move  position.Move
	UCI   string
	Nodes uint64
}

// Divide returns, for every legal move at the root, Perft(depth-1) of the
// position after it, sorted by UCI text (as "go perft" prints them). The
// counts sum to Perft(p, depth). depth < 1 returns nil.
func Divide(p *Position, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var list position.MoveList
	p.GenerateLegal(&list)
	out := make([]DivideEntry, 0, list.Len)
	var st position.State
	for _, m := range list.Slice() {
		uci := p.MoveString(m)
		p.DoMove(m, &st)
		out = append(out, DivideEntry{m, uci, Perft(p, depth-1)})
		p.UndoMove(m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out
}
