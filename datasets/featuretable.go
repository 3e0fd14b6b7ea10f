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
type pieceTable struct {
	set      *features.Set
	relative bool // the set's features depend on the kings (and counts)
	feat     [2][][packedPieces]int32
}

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
		k, cnt := t.set.Census(pieces)
		vw = int(t.set.ViewAt(position.White, k[0], cnt[0]))
		vb = int(t.set.ViewAt(position.Black, k[1], cnt[1]))
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
