// Static exchange evaluation (SEE) with Stockfish's swap algorithm.
package chess

import "dualnnue/position"

// PieceValue is chess's one piece-value scale, in centipawns, indexed by
// PieceType: SEE swaps with it, and the search (search.Rules, in variants.Chess) orders
// captures by it (MVV-LVA) and bounds delta pruning with it. Pawn 100,
// knight 320, bishop 330, rook 500, queen 950. The king counts 0: it
// captures last, and only when the square is no longer defended. Index 7
// is unused; the length matches xiangqi's table, the search's array type.
var PieceValue = [8]position.Value{0, 100, 320, 330, 500, 950, 0, 0}

// SEE reports whether the static exchange on m's destination, starting with
// m and then always recapturing with the least valuable attacker (x-rays
// through sliders included, pinned pieces not recapturing while their pinner
// stands), wins at least threshold for the mover. Either side may stop
// capturing when that is better. Promotions, en passant and castling count
// as an exchange worth 0 (as in Stockfish's see_ge).
func (p *Position) SEE(m position.Move, threshold position.Value) bool {
	if Kind(m) != KindNormal {
		return 0 >= threshold
	}
	p.ensureCheckInfo()
	from, to := From(m), To(m)
	swap := PieceValue[p.board[to].Type()] - threshold
	if swap < 0 {
		return false
	}
	swap = PieceValue[p.board[from].Type()] - swap
	if swap <= 0 {
		return true
	}
	occ := p.byType[0] ^ sqBB(from) ^ sqBB(to)
	stm := p.board[from].Color()
	attackers := p.attackersTo(to, occ)
	bq := p.byType[Bishop] | p.byType[Queen]
	rq := p.byType[Rook] | p.byType[Queen]
	res := position.Value(1)
	for {
		stm ^= 1
		attackers &= occ
		stmAttackers := attackers & p.byColor[stm]
		if stmAttackers == 0 {
			break
		}
		// Pieces pinned to their king may not recapture while the pinner
		// is still on the board.
		if p.pinners[stm^1]&occ != 0 {
			stmAttackers &^= p.blockers[stm]
			if stmAttackers == 0 {
				break
			}
		}
		res ^= 1
		var bb Bitboard
		switch {
		case stmAttackers&p.byType[Pawn] != 0:
			bb = stmAttackers & p.byType[Pawn]
			if swap = PieceValue[Pawn] - swap; swap < res {
				return res != 0
			}
			occ ^= bb & -bb
			attackers |= bishopAttacks(to, occ) & bq
		case stmAttackers&p.byType[Knight] != 0:
			bb = stmAttackers & p.byType[Knight]
			if swap = PieceValue[Knight] - swap; swap < res {
				return res != 0
			}
			occ ^= bb & -bb
		case stmAttackers&p.byType[Bishop] != 0:
			bb = stmAttackers & p.byType[Bishop]
			if swap = PieceValue[Bishop] - swap; swap < res {
				return res != 0
			}
			occ ^= bb & -bb
			attackers |= bishopAttacks(to, occ) & bq
		case stmAttackers&p.byType[Rook] != 0:
			bb = stmAttackers & p.byType[Rook]
			if swap = PieceValue[Rook] - swap; swap < res {
				return res != 0
			}
			occ ^= bb & -bb
			attackers |= rookAttacks(to, occ) & rq
		case stmAttackers&p.byType[Queen] != 0:
			bb = stmAttackers & p.byType[Queen]
			if swap = PieceValue[Queen] - swap; swap < res {
				return res != 0
			}
			occ ^= bb & -bb
			attackers |= bishopAttacks(to, occ)&bq | rookAttacks(to, occ)&rq
		default:
			// The king recaptures only if the other side has no attacker left.
			if attackers&^p.byColor[stm] != 0 {
				return res^1 != 0
			}
			return res != 0
		}
	}
	return res != 0
}
