// Correction history: the static evaluation corrected by how far the search found it off in positions of the same pawn structure and the same pieces.
package search

import "dualnnue/position"

// Correction history (Stockfish's pawn and non-pawn correction histories,
// src/search.cpp to_corrected_static_eval and the update after the move
// loop; Pikafish keeps the same tables): after a node's search, the gap
// between its best value and its static evaluation is added, by gravity
// and scaled by depth, to three tables indexed by keys of the position's
// pawn structure and of each colour's other pieces (king included); a
// later static evaluation of a position sharing a key is moved by the sum
// of the three entries over Params.CorrectionDiv. The entries stay within
// ±corrLimit, so one table shifts an evaluation by at most
// corrLimit/CorrectionDiv centipawns.
//
// The keys are the search's own Zobrist keys (corrZobrist), kept per ply
// from the move's piece diff (position.Dirty) in doMove, so no game package
// needs to know about them; the root's are summed over the board in setup.
const (
	corrSize  = 1 << 14 // entries per table and side to move
	corrLimit = 1024    // |entry| bound of the gravity update
)

// Correction key kinds: the pawns of both colours, the other pieces of red
// (white) and of black.
const (
	corrPawn = iota
	corrNonPawn0
	corrNonPawn1
	corrKinds
)

// corrKeys are a position's correction keys, indexed by kind.
type corrKeys [corrKinds]uint64

// corrTables are one worker's correction histories: [side to move][kind][key mod corrSize].
type corrTables [2][corrKinds][corrSize]int16

// corrZobrist[piece][square] are the random keys of the correction keys
// (fixed: a splitmix64 sequence from a constant seed).
var corrZobrist = func() (z [position.PieceNB][contSquares]uint64) {
	s := uint64(0x9E3779B97F4A7C15)
	for p := range z {
		for sq := range z[p] {
			s += 0x9E3779B97F4A7C15
			x := s
			x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
			x = (x ^ x>>27) * 0x94D049BB133111EB
			z[p][sq] = x ^ x>>31
		}
	}
	return z
}()

// corrKind is the key kind piece pc belongs to.
func (w *Worker[T, P]) corrKind(pc position.Piece) int {
	if pc.Type() == w.rules.PawnType {
		return corrPawn
	}
	return corrNonPawn0 + int(pc.Color())
}

// applyDirty updates keys k by the piece diff d of one move.
func (w *Worker[T, P]) applyDirty(k *corrKeys, d *position.Dirty) {
	for i := 0; i < d.N; i++ {
		dp := &d.Pieces[i]
		kind := w.corrKind(dp.Piece)
		if dp.From != position.SquareNone {
			k[kind] ^= corrZobrist[dp.Piece][dp.From]
		}
		if dp.To != position.SquareNone {
			k[kind] ^= corrZobrist[dp.Piece][dp.To]
		}
	}
}

// rootCorrKeys sums the correction keys over the board of the root.
func (w *Worker[T, P]) rootCorrKeys() (k corrKeys) {
	pos := P(&w.pos)
	for sq := 0; sq < w.rules.Squares; sq++ {
		if pc := pos.PieceOn(position.Square(sq)); pc != position.NoPiece {
			k[w.corrKind(pc)] ^= corrZobrist[pc][sq]
		}
	}
	return k
}

// corrected returns the raw static evaluation raw of the position at ply,
// side to move us, moved by its correction entries and kept strictly
// inside the mate bounds. With CorrectionDiv 0 it returns raw.
func (w *Worker[T, P]) corrected(raw position.Value, ply int, us position.Color) position.Value {
	if w.prm.CorrectionDiv == 0 || raw >= position.ValueKnownWin || raw <= -position.ValueKnownWin {
		return raw
	}
	if w.prm.EndgameEval != 0 {
		if _, ok := P(&w.pos).EndgameEval(); ok {
			return raw // a specialised value (a draw's 0 included) stays as it is
		}
	}
	k := &w.ckeys[ply]
	t := &w.hist.corr[us]
	sum := int(t[corrPawn][k[corrPawn]%corrSize]) + int(t[corrNonPawn0][k[corrNonPawn0]%corrSize]) +
		int(t[corrNonPawn1][k[corrNonPawn1]%corrSize])
	if w.prm.ContCorrection != 0 {
		if e := w.contCorrEntry(ply); e != nil {
			sum += int(*e) * w.prm.ContCorrection / 100
		}
	}
	v := raw + position.Value(sum/w.prm.CorrectionDiv)
	return max(min(v, mateBound-1), -mateBound+1)
}

// updateCorrection moves the entries of the position at ply towards the
// gap between the search's best value and the (corrected) static
// evaluation, by gravity, the gap times depth/4 bounded by corrLimit/4
// (Stockfish's depth/8 of its internal units, about two per centipawn).
func (w *Worker[T, P]) updateCorrection(ply int, us position.Color, bestValue, staticEval position.Value, depth int) {
	bonus := max(min(int(bestValue-staticEval)*depth/4, corrLimit/4), -corrLimit/4)
	k := &w.ckeys[ply]
	t := &w.hist.corr[us]
	for kind := range corrKinds {
		gravityTo(&t[kind][k[kind]%corrSize], bonus, corrLimit)
	}
	if w.prm.ContCorrection != 0 {
		if e := w.contCorrEntry(ply); e != nil {
			gravityTo(e, bonus, corrLimit)
		}
	}
}

// contCorrEntry is the continuation correction entry of the position at
// ply (Params.ContCorrection): hist.contCorr indexed by the moving piece
// and destination of the moves made from ply−2 and ply−1 (the pieces from
// the states' piece diffs, whose entry 0 is the moving piece; the squares
// from the moves, as for the continuation history). nil where either move
// is before the root or a null move (an empty diff).
func (w *Worker[T, P]) contCorrEntry(ply int) *int16 {
	if ply < 2 {
		return nil
	}
	s1, s2 := &w.states[ply], &w.states[ply-1]
	if s1.Dirty.N == 0 || s2.Dirty.N == 0 {
		return nil
	}
	return &w.hist.contCorr[s2.Dirty.Pieces[0].Piece][w.rules.to(s2.Move)][s1.Dirty.Pieces[0].Piece][w.rules.to(s1.Move)]
}
