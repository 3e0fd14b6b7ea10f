// Threats: the squares the enemy's pawns, minors and rooks attack, and the side to move's pieces they threaten.
package chess

import "dualnnue/position"

// pawnAttacksBB returns the squares the pawns of colour c in pawns attack.
func pawnAttacksBB(pawns Bitboard, c position.Color) Bitboard {
	if c == position.White {
		return (pawns&^FileA)<<7 | (pawns&^FileH)<<9
	}
	return (pawns&^FileA)>>9 | (pawns&^FileH)>>7
}

// Threats fills t for the side to move (position.Threats; Stockfish 15.1's
// threatenedByPawn, threatenedByMinor, threatenedByRook and
// threatenedPieces): By[0] the enemy pawns' attacks, By[1] with the
// enemy knights' and bishops', By[2] with the enemy rooks'; Threatened[0]
// the own knights and bishops in By[0], Threatened[1] the own rooks in
// By[1], Threatened[2] the own queens in By[2]. It never allocates.
func (p *Position) Threats(t *position.Threats) {
	us := p.side & 1
	them := us ^ 1
	occ := p.byType[0]
	theirs := p.byColor[them]
	byPawn := pawnAttacksBB(p.byType[Pawn]&theirs, them)
	byMinor := byPawn
	for b := p.byType[Knight] & theirs; b != 0; b &= b - 1 {
		byMinor |= knightAttacks[lsb(b)]
	}
	for b := p.byType[Bishop] & theirs; b != 0; b &= b - 1 {
		byMinor |= bishopAttacks(lsb(b), occ)
	}
	byRook := byMinor
	for b := p.byType[Rook] & theirs; b != 0; b &= b - 1 {
		byRook |= rookAttacks(lsb(b), occ)
	}
	ours := p.byColor[us]
	t.By[0] = position.SquareSet{uint64(byPawn)}
	t.By[1] = position.SquareSet{uint64(byMinor)}
	t.By[2] = position.SquareSet{uint64(byRook)}
	t.Threatened[0] = position.SquareSet{uint64((p.byType[Knight] | p.byType[Bishop]) & ours & byPawn)}
	t.Threatened[1] = position.SquareSet{uint64(p.byType[Rook] & ours & byMinor)}
	t.Threatened[2] = position.SquareSet{uint64(p.byType[Queen] & ours & byRook)}
}
