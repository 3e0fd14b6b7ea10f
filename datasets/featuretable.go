// Feature tables: a set's feature of every packed piece in every view, so that a batch entry costs two table loads a piece.
package datasets

import (
	"sync/atomic"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// packedPieces is the number of distinct features.PackPiece entries
// (piece&15 << 8 | square).
const packedPieces = 1 << 12

// pieceTable holds, for one feature set, what Set.FromPieces computes one
// piece at a time: for each perspective c and view v of that perspective,
// feat[c][v][pk] is the feature of the packed piece pk, or -1 when pk has
// none (off the board, or a piece the set cannot place); the view's bucket
// offset and mirroring are folded in. The views themselves come from the
// set (Census and ViewAt, as FromPieces takes them). It is read-only once
// built and shared by every goroutine.
//
// For a king-relative set the views come from census[pk] (bit c: the
// king of colour c; bit 2+c: a piece of colour c the set counts for its
// balance bucket), kingView[c][sq] (Set.ViewOf of c's king on sq) and
// balance[count] (Set.BalanceOf's bucket as a view offset): one pass over
// the list, as Set.Census and Set.ViewAt take it, without a method call
// per piece.
type pieceTable struct {
	set      *features.Set
	relative bool // the set's features depend on the kings (and counts)
	feat     [2][][packedPieces]int32
	census   [packedPieces]uint8
	kingView [2][256]uint16
	balance  [features.MaxBalanceCount + 1]uint16
}

// noView marks a king square off the board in pieceTable.kingView: the
// perspective takes view 0, as Set.ViewAt gives it.
const noView = 0xffff

// pieceTables caches one table per feature set id (sets are singletons).
var pieceTables [64]atomic.Pointer[pieceTable]

// tableOf returns the table of s, building it on first use; nil when s is
// not a registered set (its FromPieces is used instead).
func tableOf(s *features.Set) *pieceTable {
	if int(s.ID) >= len(pieceTables) {
		return nil
	}
	slot := &pieceTables[s.ID]
	if t := slot.Load(); t != nil && t.set == s {
		return t
	}
	if reg, err := features.Lookup(s.ID); err != nil || reg != s {
		return nil
	}
	t := newPieceTable(s)
	slot.Store(t)
	return t
}

// newPieceTable computes s's table from its public indexing (Index,
// MirrorSquare, View), exactly as FromPieces combines them.
func newPieceTable(s *features.Set) *pieceTable {
	t := &pieceTable{set: s, relative: s.KingRelative()}
	views := 1
	if t.relative {
		views = s.Views()
	}
	for pk := range packedPieces {
		p, _ := features.UnpackPiece(uint16(pk))
		switch c := p.Color() & 1; {
		case int(p.Type()) == int(s.King):
			t.census[pk] = 1 << c
		case s.Counted(int(p.Type())):
			t.census[pk] = 4 << c
		}
	}
	for c := range 2 {
		for sq := range 256 {
			t.kingView[c][sq] = noView
			if sq < s.Squares {
				t.kingView[c][sq] = uint16(s.ViewOf(position.Color(c), position.Square(sq)))
			}
		}
	}
	for n := range t.balance {
		t.balance[n] = uint16(s.BalanceOf(n) << 1)
	}
	for c := range 2 {
		t.feat[c] = make([][packedPieces]int32, views)
		for v := range views {
			view := features.View(v)
			off := int32(view.Bucket() * s.BaseSize)
			for pk := range packedPieces {
				p, sq := features.UnpackPiece(uint16(pk))
				t.feat[c][v][pk] = -1
				if int(sq) >= s.Squares {
					continue
				}
				if view.Mirrored() {
					sq = s.MirrorSquare(sq)
				}
				// FromPieces skips a piece whose White/Red feature is
				// missing and takes the other perspective's as it is.
				if c == 0 && s.Index(position.White, p, sq) < 0 {
					continue
				}
				t.feat[c][v][pk] = off + int32(s.Index(position.Color(c), p, sq))
			}
		}
	}
	return t
}

// fromPieces is features.Set.FromPieces through the table: the same
// features in the same order for any piece list. Entries beyond the packed
// range (no PackPiece output) take FromPieces itself.
func (t *pieceTable) fromPieces(pieces []uint16, white, black []uint16) int {
	var vw, vb int
	if t.relative {
		// Census: the last king of each colour (as Set.Census) and the
		// counted pieces; views as Set.ViewAt (0 without a king). No
		// branch on the pieces (kings stand anywhere in the list): a
		// piece's census bits pick the slot its index is written to
		// (slot 0 takes every piece that is no king) and add its counts.
		slots := [4]int{0, -1, -1, 0}
		var cw, cb int
		for i, pk := range pieces {
			if pk >= packedPieces {
				return t.set.FromPieces(pieces, white, black)
			}
			x := t.census[pk]
			slots[x&3] = i
			cw += int(x >> 2 & 1)
			cb += int(x >> 3)
		}
		kings, counts := [2]int{slots[1], slots[2]}, [2]int{cw, cb}
		if kings[0] >= 0 {
			if v := t.kingView[0][pieces[kings[0]]&0xff]; v != noView {
				vw = int(v + t.balance[min(counts[0], features.MaxBalanceCount)])
			}
		}
		if kings[1] >= 0 {
			if v := t.kingView[1][pieces[kings[1]]&0xff]; v != noView {
				vb = int(v + t.balance[min(counts[1], features.MaxBalanceCount)])
			}
		}
		if vw >= len(t.feat[0]) || vb >= len(t.feat[1]) {
			return t.set.FromPieces(pieces, white, black)
		}
	}
	fw, fb := &t.feat[0][vw], &t.feat[1][vb]
	n := 0
	for _, pk := range pieces {
		if pk >= packedPieces {
			return t.set.FromPieces(pieces, white, black)
		}
		w := fw[pk]
		if w < 0 {
			continue
		}
		white[n] = uint16(w)
		black[n] = uint16(fb[pk])
		n++
	}
	return n
}
