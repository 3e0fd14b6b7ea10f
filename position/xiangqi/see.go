// Static exchange evaluation.
package xiangqi

import "dualnnue/position"

// SEEValue holds the piece values SEE uses, in centipawns, Pikafish-like
// (rook 1300, cannon 600, horse 520, elephant 230, advisor 220, pawn 90).
// The general's value is huge so that a general capturing on a defended
// point fails every threshold (such a move is illegal anyway).
var SEEValue = [8]position.Value{
	King: 20000, Advisor: 220, Elephant: 230, Horse: 520, Rook: 1300, Cannon: 600, Pawn: 90,
}

// PieceValue is the scale the search (search.XiangqiRules) orders captures
// by (MVV-LVA) and bounds delta pruning with, in centipawns: rook 1000,
// horse and cannon 450, advisor and elephant 200, pawn 100, general 0.
//
// It is not SEEValue, unlike chess, where one table serves all three. The
// two have differed since the first search (b9f6416) and are not
// proportional: SEE ranks the cannon above the horse and the elephant
// above the advisor where this table ties them, and the general is 20000
// there and 0 here. One scale was measured both ways at 1 s + 0.01 s, 300
// games against the two tables (2026-12-02, docs/benchmarks.md): SEE's
// values everywhere scored -15 ± 29 Elo, this table everywhere (SEE
// included) -34 ± 30. So SEE keeps its finer values and the ordering and
// delta pruning keep these, side by side here.
var PieceValue = [8]position.Value{
	Advisor: 200, Elephant: 200, Horse: 450, Rook: 1000, Cannon: 450, Pawn: 100,
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
// move m is at least threshold (in SEEValue units): both sides recapture on
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
	swap := SEEValue[p.board[to].Type()] - threshold
	if swap < 0 {
		return false
	}
	swap = SEEValue[p.board[from].Type()] - swap
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
		if swap = SEEValue[pt] - swap; swap < res {
			break
		}
		occ = occ.AndNot(squareBB[bb.LSB()])
		attackers = p.allAttackersTo(to, occ)
	}
	return res == 1
}
