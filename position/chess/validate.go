// Validate: recompute everything about a position from scratch and compare.
package chess

import (
	"fmt"

	"dualnnue/position"
)

// Validate recomputes the position from its mailbox and reports the first
// inconsistency: bitboards against the mailbox, king squares and counts,
// pawns on the first or last rank, the side not to move in check, the
// Zobrist key, checkers and in-check flag, castling rights without their
// king and rook, an en-passant square that allows no legal capture (or a
// legal capture missing it), and the rule counters. It is for tests and
// debugging; nil means consistent.
func (p *Position) Validate() error {
	st := p.st
	if st == nil {
		return fmt.Errorf("chess: position has no state")
	}
	var byType [7]Bitboard
	var byColor [2]Bitboard
	for s := position.Square(0); s < 64; s++ {
		pc := p.board[s]
		if pc == position.NoPiece {
			continue
		}
		if pc.Type() < Pawn || pc.Type() > King || pc&^15 != 0 || pc&8 != 0 && pc.Color() != position.Black {
			return fmt.Errorf("chess: bad piece %d on %s", pc, squareName(s))
		}
		byType[0] |= sqBB(s)
		byType[pc.Type()] |= sqBB(s)
		byColor[pc.Color()] |= sqBB(s)
	}
	if byType != p.byType || byColor != p.byColor {
		return fmt.Errorf("chess: bitboards disagree with the mailbox")
	}
	for c := position.White; c <= position.Black; c++ {
		k := byType[King] & byColor[c]
		if k.Count() != 1 || lsb(k) != p.kingSq[c] {
			return fmt.Errorf("chess: %s king bitboard %x, king square %s", colorName(c), uint64(k), squareName(p.kingSq[c]))
		}
	}
	if b := byType[Pawn] & (Rank1 | Rank8); b != 0 {
		return fmt.Errorf("chess: pawn on %s", squareName(lsb(b)))
	}
	us, them := p.side, p.side^1
	if p.attackersTo(p.kingSq[them], byType[0])&byColor[us] != 0 {
		return fmt.Errorf("chess: side not to move in check")
	}
	checkers := p.attackersTo(p.kingSq[us], byType[0]) & byColor[them]
	if uint64(checkers) != st.Checkers[0] || st.Checkers[1] != 0 || st.InCheck != (checkers != 0) {
		return fmt.Errorf("chess: checkers %x, state says %x (in check %v)", uint64(checkers), st.Checkers[0], st.InCheck)
	}
	if checkers.Count() > 2 {
		return fmt.Errorf("chess: %d checkers", checkers.Count())
	}
	for i := 0; i < 4; i++ {
		if st.Castling&(1<<i) == 0 {
			continue
		}
		c := position.Color(i >> 1)
		rsq := p.castlingRookSq[i]
		if rsq >= 64 || p.board[rsq] != position.MakePiece(c, Rook) {
			return fmt.Errorf("chess: castling right %d without its rook on %s", i, squareName(rsq))
		}
		if p.castlingMask[p.kingSq[c]]&(1<<i) == 0 {
			return fmt.Errorf("chess: castling right %d but the %s king left its square", i, colorName(c))
		}
	}
	if ep := st.EpSquare; ep != position.SquareNone {
		if ep >= 64 || relativeRank(us, ep) != 5 || !p.epCaptureExists(ep) {
			return fmt.Errorf("chess: en-passant square %s allows no legal capture", squareName(ep))
		}
	}
	if m := st.Move; st.Prev != nil && m != position.MoveNull && m != position.MoveNone {
		// After a double push the square must be set exactly when a legal capture exists.
		from, to := From(m), To(m)
		if Kind(m) == KindNormal && p.board[to].Type() == Pawn && int(to)^int(from) == 16 {
			ep := (from + to) / 2
			if p.epCaptureExists(ep) != (st.EpSquare == ep) {
				return fmt.Errorf("chess: en-passant square after %s should be %v", squareName(ep), p.epCaptureExists(ep))
			}
		}
	}
	if k := p.computeKey(); k != st.Key {
		return fmt.Errorf("chess: key %016x, from scratch %016x", uint64(st.Key), uint64(k))
	}
	if st.Rule50 < 0 || st.PliesFromNull < 0 || st.GamePly < 0 {
		return fmt.Errorf("chess: negative counter")
	}
	if st.GamePly&1 != int(p.side) {
		return fmt.Errorf("chess: game ply %d disagrees with side to move %s", st.GamePly, p.side)
	}
	if p.ciValid {
		save := [4]Bitboard{p.blockers[0], p.blockers[1], p.pinners[0], p.pinners[1]}
		sc := p.checkSq
		p.ciValid = false
		p.ensureCheckInfo()
		if save != [4]Bitboard{p.blockers[0], p.blockers[1], p.pinners[0], p.pinners[1]} || sc != p.checkSq {
			return fmt.Errorf("chess: stale check information")
		}
	}
	return nil
}
