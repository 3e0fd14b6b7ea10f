// Static exchange evaluation.
package xiangqi

import "dualnnue/position"

// PieceValue is xiangqi's one piece-value scale, in centipawns, indexed by
// PieceType: SEE swaps with it, and the search (search.Rules, in variants.Xiangqi) orders
// captures by it (MVV-LVA) and bounds delta pruning with it. Rook 1300,
// cannon 600, horse 520, elephant 230, advisor 220, pawn 90 (Pikafish-like
// proportions: the cannon above the horse in the middle game, the elephant
// a little above the advisor). The general counts 0, as chess's king and
// Stockfish's: it recaptures last in SEE, and only when the point is no
// longer defended. A general capturing a defended piece is illegal; SEE
// (which sees pseudo-legal moves) passes it, and Legal rejects it before
// it is searched.
//
// Until 2026-12-02 the search ordered captures and bounded delta pruning
// with a second table (rook 1000, horse and cannon 450, advisor and
// elephant 200, pawn 100). One scale against the two, at equal time (1 s +
// 0.01 s, docs/benchmarks.md "One xiangqi piece-value scale"): this table
// everywhere, SPRT(-14, 2) normalized Elo, accepted H1 after 420 games at
// +36 ± 24 Elo; the second table everywhere lost -34 ± 30 (300 games).
var PieceValue = [8]position.Value{
	Advisor: 220, Elephant: 230, Horse: 520, Rook: 1300, Cannon: 600, Pawn: 90,
}

// seeOrder lists piece types from the least to the most valuable.
var seeOrder = [...]position.PieceType{Pawn, Advisor, Elephant, Horse, Cannon, Rook, King}

// allAttackersTo returns the pieces of both colours attacking sq with
// occupancy occ (pieces off occ still appear; the caller masks them).
func (p *Position) allAttackersTo(sq position.Square, occ Bitboard) Bitboard {
	pieces := func(pt position.PieceType) Bitboard {
		return p.byPiece[position.Piece(pt)].Or(p.byPiece[8|position.Piece(pt)])
	}
	att := rookAttacks(sq, occ).And(pieces(Rook))
	att = att.Or(cannonCaptures(sq, occ).And(pieces(Cannon)))
	att = att.Or(horseAttackersTo(sq, occ, pieces(Horse)))
	att = att.Or(pawnAttackersTo[position.Red][sq].And(p.byPiece[RedPawn]))
	att = att.Or(pawnAttackersTo[position.Black][sq].And(p.byPiece[BlackPawn]))
	att = att.Or(advisorAttacks[sq].And(pieces(Advisor)))
	att = att.Or(elephantAttacks(sq, occ).And(pieces(Elephant)))
	att = att.Or(kingAttacks[sq].And(pieces(King)))
	return att
}

// SEE reports whether the static exchange evaluation of the pseudo-legal
// move m is at least threshold (in PieceValue units): both sides recapture on
// m's destination with their least valuable attacker while it pays. The
// attackers are recomputed after every capture, so cannon screens that
// appear or vanish and horse legs or elephant eyes that open are followed.
// Pins and the flying general are ignored (as an estimate SEE may be wrong
// in those rare cases).
func (p *Position) SEE(m position.Move, threshold position.Value) bool {
	from, to := MoveFrom(m), MoveTo(m)
	if int(from) >= NumSquares || int(to) >= NumSquares {
		return false
	}
	swap := PieceValue[p.board[to].Type()] - threshold
	if swap < 0 {
		return false
	}
	swap = PieceValue[p.board[from].Type()] - swap
	if swap <= 0 {
		return true
	}
	occ := p.occ.AndNot(squareBB[from]).Or(squareBB[to])
	stm := p.side
	attackers := p.allAttackersTo(to, occ)
	res := position.Value(1)
	for {
		stm ^= 1
		attackers = attackers.And(occ)
		stmAttackers := attackers.And(p.byColor[stm])
		if stmAttackers.IsEmpty() {
			break
		}
		res ^= 1
		var pt position.PieceType
		var bb Bitboard
		for _, t := range seeOrder {
			if bb = stmAttackers.And(p.byPiece[position.MakePiece(stm, t)]); bb.Any() {
				pt = t
				break
			}
		}
		if pt == King {
			// The general may capture only if nothing recaptures.
			if attackers.AndNot(p.byColor[stm]).Any() {
				return res^1 == 1
			}
			return res == 1
		}
		if swap = PieceValue[pt] - swap; swap < res {
			break
		}
		occ = occ.AndNot(squareBB[bb.LSB()])
		attackers = p.allAttackersTo(to, occ)
	}
	return res == 1
}
