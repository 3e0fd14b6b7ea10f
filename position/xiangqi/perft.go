// Perft (move path enumeration) with bulk counting, and divide.
package xiangqi

import (
	"sort"

	"dualnnue/position"
)

// perftFrame is one ply of perft's preallocated stack.
type perftFrame struct {
	list position.MoveList
	st   position.State
}

// Perft returns the number of leaf nodes of the legal move tree of the given
// depth from p (depth <= 0 counts 1). The last ply is bulk-counted: the
// number of legal moves, no move made (counted by countLegal, which walks
// GenerateLegal's sets with population counts in place of the list). p is left
// unchanged. It allocates only its per-depth stack, once.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	frames := make([]perftFrame, depth)
	return p.perft(frames)
}

func (p *Position) perft(frames []perftFrame) uint64 {
	if len(frames) == 1 {
		return uint64(p.countLegal(&frames[0].list))
	}
	f := &frames[0]
	f.list.Len = 0
	p.GenerateLegal(&f.list)
	var n uint64
	for _, m := range f.list.Moves[:f.list.Len] {
		p.DoMove(m, &f.st)
		n += p.perft(frames[1:])
		p.UndoMove(m)
	}
	return n
}

// DivideEntry is one root move and the perft count below it.
type DivideEntry struct {
	Move  position.Move
	Nodes uint64
}

// Divide returns, for every legal move of p sorted by ICCS text, the perft
// count of depth-1 after it (1 per move at depth 1), as "go perft N" prints
// it ("h2e2: 1234"). The sum of the counts is Perft(p, depth). Depth < 1
// returns nil.
func Divide(p *Position, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var list position.MoveList
	p.GenerateLegal(&list)
	out := make([]DivideEntry, 0, list.Len)
	frames := make([]perftFrame, depth)
	for _, m := range list.Moves[:list.Len] {
		var n uint64 = 1
		if depth > 1 {
			p.DoMove(m, &frames[0].st)
			n = p.perft(frames[1:])
			p.UndoMove(m)
		}
		out = append(out, DivideEntry{m, n})
	}
	sort.Slice(out, func(i, j int) bool { return MoveString(out[i].Move) < MoveString(out[j].Move) })
	return out
}
