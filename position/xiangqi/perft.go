// Perft (move path enumeration) with bulk counting, and divide.
package xiangqi

import (
	"math/bits"
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
// number of legal moves, no move made (counted by countLegal, which is
// GenerateLegal with population counts in place of the list). p is left
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

// countLegal returns the number of legal moves: GenerateLegal's algorithm
// with population counts instead of writing the moves (scratch is used in
// check). TestCountLegal keeps the two in step.
func (p *Position) countLegal(scratch *position.MoveList) int {
	if p.st.InCheck {
		scratch.Len = 0
		p.GenerateLegal(scratch)
		return scratch.Len
	}
	us := p.side
	base := position.Piece(us) << 3
	occ := p.occ
	ours := p.byColor[us]
	notOurs := Bitboard{^ours.lo & halfMask, ^ours.hi & halfMask}
	blockers, hollow := p.kingDanger(us)
	allowed := notOurs.AndNot(hollow)
	n := 0
	for b := p.byPiece[base|position.Piece(Rook)].AndNot(blockers); b.Any(); {
		n += rookAttacks(b.PopLSB(), occ).And(allowed).Count()
	}
	if c := p.byPiece[base|position.Piece(Cannon)].AndNot(blockers); c.Any() {
		theirs := p.byColor[us^1]
		quiet := Bitboard{^occ.lo & halfMask &^ hollow.lo, ^occ.hi & halfMask &^ hollow.hi}
		for b := c; b.Any(); {
			r, c := sliderBoth(b.PopLSB(), occ)
			n += r.And(quiet).Or(c.And(theirs)).Count()
		}
	}
	for b := p.byPiece[base|position.Piece(Horse)].AndNot(blockers); b.Any(); {
		n += p.horseMoves(b.PopLSB()).And(allowed).Count()
	}
	if pawns := p.byPiece[base|position.Piece(Pawn)].AndNot(blockers); pawns.Any() {
		n += pawnPushes(us, pawns).And(allowed).Count()
		// Two sideways moves can share a destination: count left and
		// right apart.
		if us == position.Red {
			n += bits.OnesCount64(allowed.hi&(pawns.hi>>1&^fileIMask)) + bits.OnesCount64(allowed.hi&(pawns.hi<<1&^fileAMask&halfMask))
		} else {
			n += bits.OnesCount64(allowed.lo&(pawns.lo>>1&^fileIMask)) + bits.OnesCount64(allowed.lo&(pawns.lo<<1&^fileAMask&halfMask))
		}
	}
	for b := p.byPiece[base|position.Piece(Elephant)].AndNot(blockers); b.Any(); {
		n += p.elephantMoves(b.PopLSB()).And(allowed).Count()
	}
	for b := p.byPiece[base|position.Piece(Advisor)].AndNot(blockers); b.Any(); {
		n += advisorAttacks[b.PopLSB()].And(allowed).Count()
	}
	for b := blockers; b.Any(); {
		from := b.PopLSB()
		for t := p.pieceMoves(from).And(notOurs); t.Any(); {
			if p.legalFull(from, t.PopLSB()) {
				n++
			}
		}
	}
	ksq := p.kingSq[us]
	for t := kingAttacks[ksq].And(notOurs); t.Any(); {
		if p.legalFull(ksq, t.PopLSB()) {
			n++
		}
	}
	return n
}
