// Incremental sparse features of a replayed position, through nn/features.
package datasets

import (
	"dualnnue/nn/features"
	"dualnnue/position"
)

// MaxPieces bounds the pieces of a position the loader handles (32 in both
// games' legal positions); a game with more is skipped.
const MaxPieces = 32

// featureTracker keeps the active features of both perspectives of the
// replayed position up to date from each move's piece diff, so extracting
// a position's features costs a copy, not a board scan.
type featureTracker struct {
	set          *features.Set
	idx          [2][position.PieceNB][features.MaxSquares]int16 // set.Index, flat
	n            int
	white, black [MaxPieces]uint16 // White's/Red's and Black's view of each piece
	sqOf         [MaxPieces]uint8
	slot         [features.MaxSquares]int8 // index into the lists, -1 if empty
	bad          bool                      // too many pieces or an unknown piece
}

func newFeatureTracker(set *features.Set) *featureTracker {
	t := &featureTracker{set: set}
	for c := range t.idx {
		for p := range t.idx[c] {
			for sq := range t.idx[c][p] {
				t.idx[c][p][sq] = int16(set.Index(position.Color(c), position.Piece(p), position.Square(sq)))
			}
		}
	}
	return t
}

// refresh rebuilds the lists from the mirror board.
func (t *featureTracker) refresh(b *board) {
	t.n, t.bad = 0, false
	for sq := range t.slot {
		t.slot[sq] = -1
	}
	for sq := 0; sq < t.set.Squares; sq++ {
		if p := b.pc[sq]; p != position.NoPiece {
			t.add(p, position.Square(sq))
		}
	}
}

func (t *featureTracker) add(p position.Piece, sq position.Square) {
	if int(sq) >= features.MaxSquares {
		t.bad = true
		return
	}
	w, b := t.idx[0][p&15][sq], t.idx[1][p&15][sq]
	if t.n == MaxPieces || w < 0 || b < 0 || t.slot[sq] >= 0 {
		t.bad = true
		return
	}
	t.white[t.n], t.black[t.n], t.sqOf[t.n] = uint16(w), uint16(b), uint8(sq)
	t.slot[sq] = int8(t.n)
	t.n++
}

func (t *featureTracker) remove(sq position.Square) {
	if int(sq) >= len(t.slot) || t.slot[sq] < 0 || int(t.slot[sq]) >= t.n {
		t.bad = true
		return
	}
	i := int(t.slot[sq])
	t.slot[sq] = -1
	t.n--
	if i != t.n {
		t.white[i], t.black[i], t.sqOf[i] = t.white[t.n], t.black[t.n], t.sqOf[t.n]
		t.slot[t.sqOf[i]] = int8(i)
	}
}

// apply updates the lists with a move's piece diff: removals first, so a
// capture's victim leaves its square before the mover arrives.
func (t *featureTracker) apply(d *position.Dirty) {
	for i := 0; i < d.N; i++ {
		if from := d.Pieces[i].From; from != position.SquareNone {
			t.remove(from)
		}
	}
	for i := 0; i < d.N; i++ {
		if to := d.Pieces[i].To; to != position.SquareNone {
			t.add(d.Pieces[i].Piece, to)
		}
	}
}
