// Incremental piece lists of a replayed position.
package datasets

import (
	"dualnnue/nn/features"
	"dualnnue/position"
)

// MaxPieces bounds the pieces of a position the loader handles (32 in both
// games' legal positions); a game with more is skipped.
const MaxPieces = 32

// pieceTracker keeps the piece list (features.PackPiece entries) of the
// replayed position up to date from each move's piece diff, so extracting
// a position's pieces costs a copy, not a board scan.
type pieceTracker struct {
	squares int
	n       int
	list    [MaxPieces]uint16
	slot    [features.MaxSquares]int8 // index into list, -1 if empty
	bad     bool                      // too many pieces or an inconsistent diff
}

func newPieceTracker(squares int) *pieceTracker { return &pieceTracker{squares: squares} }

// refresh rebuilds the list from the mirror board.
func (t *pieceTracker) refresh(b *board) {
	t.n, t.bad = 0, false
	for sq := range t.slot {
		t.slot[sq] = -1
	}
	for sq := 0; sq < t.squares; sq++ {
		if p := b.pc[sq]; p != position.NoPiece {
			t.add(p, position.Square(sq))
		}
	}
}

func (t *pieceTracker) add(p position.Piece, sq position.Square) {
	if int(sq) >= t.squares || t.n == MaxPieces || t.slot[sq] >= 0 {
		t.bad = true
		return
	}
	t.list[t.n] = features.PackPiece(p, sq)
	t.slot[sq] = int8(t.n)
	t.n++
}

func (t *pieceTracker) remove(sq position.Square) {
	if int(sq) >= len(t.slot) || t.slot[sq] < 0 || int(t.slot[sq]) >= t.n {
		t.bad = true
		return
	}
	i := int(t.slot[sq])
	t.slot[sq] = -1
	t.n--
	if i != t.n {
		t.list[i] = t.list[t.n]
		t.slot[t.list[i]&0xff] = int8(i)
	}
}

// apply updates the list with a move's piece diff: removals first, so a
// capture's victim leaves its square before the mover arrives.
func (t *pieceTracker) apply(d *position.Dirty) {
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
