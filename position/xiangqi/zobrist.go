// Zobrist keys: the key of a position from scratch (the tables are built in tables.go).
package xiangqi

import "dualnnue/position"

// computeKey returns the Zobrist key of the board and side from scratch.
func (p *Position) computeKey() position.Key {
	var k position.Key
	for sq, pc := range p.board {
		if pc != position.NoPiece {
			k ^= zobristPiece[pc][sq]
		}
	}
	if p.side == position.Black {
		k ^= zobristSide
	}
	return k
}
