// Threats: the points the enemy's soldiers, defenders, horses and cannons attack, and the side to move's pieces they threaten.
package xiangqi

import "dualnnue/position"

// squareSet converts b to a position.SquareSet (bit i = square i): lo holds
// squares 0..44 in bits 0..44, hi squares 45..89 in bits 0..44.
func squareSet(b Bitboard) position.SquareSet {
	return position.SquareSet{b.lo | b.hi<<halfBits, b.hi >> (64 - halfBits)}
}

// cannonAttacks returns the points a cannon on sq attacks with occupancy
// occ: on each line every point behind exactly one screen, up to and
// including the first piece there (Pikafish's attacks_bb<CANNON>; a piece
// on any of them could be captured). It is the rook's x-ray through the
// first piece of each line, less the rook's own attacks.
func cannonAttacks(sq position.Square, occ Bitboard) Bitboard {
	rook := rookAttacks(sq, occ)
	return rookAttacks(sq, occ.AndNot(rook)).AndNot(rook)
}

// Threats fills t for the side to move (position.Threats; Pikafish's
// threatByLesser and threatenedPieces): By[0] the enemy soldiers'
// attacks, By[1] with the enemy advisors' and elephants', By[2] with the
// enemy horses' and cannons'; Threatened[0] the own advisors and
// elephants in By[0], Threatened[1] the own horses and cannons in By[1],
// Threatened[2] the own rooks in By[2]. It never allocates.
func (p *Position) Threats(t *position.Threats) {
	us := p.side & 1
	them := us ^ 1
	occ := p.occ
	theirs := position.Piece(them) << 3
	var byPawn Bitboard
	for b := p.byPiece[theirs|position.Piece(Pawn)]; b.Any(); {
		byPawn = byPawn.Or(pawnAttacks[them][b.PopLSB()])
	}
	byDef := byPawn
	for b := p.byPiece[theirs|position.Piece(Advisor)]; b.Any(); {
		byDef = byDef.Or(advisorAttacks[b.PopLSB()])
	}
	for b := p.byPiece[theirs|position.Piece(Elephant)]; b.Any(); {
		byDef = byDef.Or(elephantAttacks(b.PopLSB(), occ))
	}
	byMinor := byDef
	for b := p.byPiece[theirs|position.Piece(Horse)]; b.Any(); {
		byMinor = byMinor.Or(horseAttacks(b.PopLSB(), occ))
	}
	for b := p.byPiece[theirs|position.Piece(Cannon)]; b.Any(); {
		byMinor = byMinor.Or(cannonAttacks(b.PopLSB(), occ))
	}
	ours := position.Piece(us) << 3
	defenders := p.byPiece[ours|position.Piece(Advisor)].Or(p.byPiece[ours|position.Piece(Elephant)])
	minors := p.byPiece[ours|position.Piece(Horse)].Or(p.byPiece[ours|position.Piece(Cannon)])
	t.By[0], t.By[1], t.By[2] = squareSet(byPawn), squareSet(byDef), squareSet(byMinor)
	t.Threatened[0] = squareSet(defenders.And(byPawn))
	t.Threatened[1] = squareSet(minors.And(byDef))
	t.Threatened[2] = squareSet(p.byPiece[ours|position.Piece(Rook)].And(byMinor))
}
