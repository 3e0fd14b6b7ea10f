// Zobrist keys for pieces, castling rights, en-passant file and side to move.
package chess

import "dualnnue/position"

var (
	zobPiece    [position.PieceNB][64]position.Key
	zobCastling [16]position.Key
	zobEp       [8]position.Key
	zobSide     position.Key
)

func initZobrist() {
	rng := prng{1070372}
	for pc := range zobPiece {
		for s := range zobPiece[pc] {
			zobPiece[pc][s] = position.Key(rng.next())
		}
	}
	for f := range zobEp {
		zobEp[f] = position.Key(rng.next())
	}
	// Castling keys are the XOR of one key per right so that clearing a
	// right XORs a fixed value whatever the others are.
	var single [4]position.Key
	for i := range single {
		single[i] = position.Key(rng.next())
	}
	for cr := range zobCastling {
		for i := range single {
			if cr&(1<<i) != 0 {
				zobCastling[cr] ^= single[i]
			}
		}
	}
	zobSide = position.Key(rng.next())
}
