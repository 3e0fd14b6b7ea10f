// King-relative feature sets in the accumulator stack: per-colour lazy updates, view changes, the refresh cache.
package nn

import (
	"dualnnue/nn/features"
	"dualnnue/position"
)

// resetMirror computes the root entry of a mirrored-set stack from b.
func (s *Stack) resetMirror(b features.Board) {
	var k [2]position.Square
	var cnt [2]int8
	k[0], k[1] = position.SquareNone, position.SquareNone
	n := 0
	for sq := 0; sq < s.set.Squares; sq++ {
		p := b.PieceOn(position.Square(sq))
		s.cur[sq] = p
		if p == position.NoPiece {
			continue
		}
		if p.Type() == s.set.King {
			k[p.Color()&1] = position.Square(sq)
		} else if s.set.Counted(int(p.Type())) {
			cnt[p.Color()&1]++
		}
		if s.set.Index(position.White, p, position.Square(sq)) >= 0 {
			n++
		}
	}
	s.kings[0], s.counts[0] = k, cnt
	for c := 0; c < 2; c++ {
		s.view[0][c] = s.set.ViewAt(position.Color(c), k[c], int(cnt[c]))
		s.flip[0][c] = false
	}
	s.pieces[0] = int32(n)
	for c := position.Color(0); c <= 1; c++ {
		s.refreshColour(0, c)
	}
	s.computed[0] = true
}

// pushMirror records the kings, balance counts, views and piece count of
// the entry just pushed (Push has stored its diff).
func (s *Stack) pushMirror(d *position.Dirty) {
	k := s.top
	s.kings[k] = s.kings[k-1]
	s.counts[k] = s.counts[k-1]
	n := s.pieces[k-1]
	for i := 0; i < d.N; i++ {
		dp := &d.Pieces[i]
		// Count pieces with a feature only, as Reset and the trainer do (a
		// compact set has none for a piece on a point it cannot reach).
		if dp.From != position.SquareNone && s.set.Index(position.White, dp.Piece, dp.From) >= 0 {
			n--
		}
		if dp.To != position.SquareNone && s.set.Index(position.White, dp.Piece, dp.To) >= 0 {
			n++
		}
		if dp.Piece.Type() == s.set.King {
			s.kings[k][dp.Piece.Color()&1] = dp.To // SquareNone if it left the board
		} else if s.set.Counted(int(dp.Piece.Type())) {
			// A capture (To == SquareNone) lowers the owner's count; a
			// piece that arrives from off the board raises it.
			if dp.From == position.SquareNone {
				s.counts[k][dp.Piece.Color()&1]++
			}
			if dp.To == position.SquareNone {
				s.counts[k][dp.Piece.Color()&1]--
			}
		}
	}
	s.pieces[k] = n
	// The board of the new top: removals first (a capture's victim leaves
	// its square before the mover arrives), then arrivals.
	for i := 0; i < d.N; i++ {
		if from := d.Pieces[i].From; from != position.SquareNone && int(from) < len(s.cur) {
			s.cur[from] = position.NoPiece
		}
	}
	for i := 0; i < d.N; i++ {
		if to := d.Pieces[i].To; to != position.SquareNone && int(to) < len(s.cur) {
			s.cur[to] = d.Pieces[i].Piece
		}
	}
	// A view is a function of its colour's king square and balance count
	// (ViewAt): when neither changed, it is the previous entry's.
	for c := 0; c < 2; c++ {
		if s.kings[k][c] == s.kings[k-1][c] && s.counts[k][c] == s.counts[k-1][c] {
			s.view[k][c] = s.view[k-1][c]
			s.flip[k][c] = false
		} else {
			s.view[k][c] = s.set.ViewAt(position.Color(c), s.kings[k][c], int(s.counts[k][c]))
			s.flip[k][c] = s.view[k][c] != s.view[k-1][c]
		}
		s.valid[k][c] = false
	}
}

// popMirror takes the top entry's diff back off the board (arrivals
// first, then the pieces that left come back).
func (s *Stack) popMirror() {
	d := &s.dirty[s.top]
	for i := 0; i < d.N; i++ {
		if to := d.Pieces[i].To; to != position.SquareNone && int(to) < len(s.cur) {
			s.cur[to] = position.NoPiece
		}
	}
	for i := 0; i < d.N; i++ {
		if from := d.Pieces[i].From; from != position.SquareNone && int(from) < len(s.cur) {
			s.cur[from] = d.Pieces[i].Piece
		}
	}
}

// updateMirror brings both colours of the top entry up to date: each from
// its last valid entry by the moves' diffs, or, when its view changed on
// the way (its king crossed the centre or changed bucket, or a capture
// changed its balance bucket), by a refresh of the top from the
// board. The diff of
// an entry is turned into features once for both colours.
func (s *Stack) updateMirror() {
	top := s.top
	var from [2]int // last valid entry per colour; -1: refresh the top
	lo := top
	for c := 0; c < 2; c++ {
		k := top
		for !s.valid[k][c] && !s.flip[k][c] {
			k--
		}
		from[c] = k
		if !s.valid[k][c] {
			from[c] = -1 // a crossing at entry k ≤ top
		} else {
			lo = min(lo, k)
		}
	}
	for k := lo + 1; k <= top; k++ {
		w, b := from[0] >= 0 && k > from[0], from[1] >= 0 && k > from[1]
		if !w && !b {
			continue
		}
		s.set.DeltaView(&s.dirty[k], s.view[k], &s.delta)
		if w {
			s.applyDelta(k, position.White)
			s.valid[k][position.White] = true
		}
		if b {
			s.applyDelta(k, position.Black)
			s.valid[k][position.Black] = true
		}
	}
	for c := position.Color(0); c <= 1; c++ {
		if from[c] < 0 {
			s.refreshColour(top, c)
		}
	}
	s.computed[top] = true
}

// refreshColour rebuilds colour c of entry k (the top, or the root) from
// the board through the refresh cache: the cached accumulator of c's view
// gets the rows of every square whose piece changed since it was last
// used, so a refresh costs the board diff, not a sum over every piece.
// The changed rows are gathered first (ViewChanges, eight squares at a
// time) and applied in one pass of updateRows (Stockfish's
// AccumulatorCaches refresh does the same), which writes the entry; the
// cache line takes a copy.
func (s *Stack) refreshColour(k int, c position.Color) {
	m := s.view[k][c]
	e := &s.finny[c][m]
	if !e.used {
		copy(e.acc, s.net.FTBias)
		for i := range e.board {
			e.board[i] = position.NoPiece
		}
		e.used = true
	}
	na, ns := s.set.ViewChanges(c, m, &s.cur, &e.board, s.radd[:], s.rsub[:])
	e.board = s.cur
	dst := s.entry(k, c)
	updateRows(dst, e.acc, s.net.FTWeights, s.radd[:na], s.rsub[:ns])
	copy(e.acc, dst)
	s.valid[k][c] = true
}
