// Validate: recompute everything about a position from scratch and compare.
package xiangqi

import (
	"errors"
	"fmt"

	"dualnnue/position"
)

// Validate recomputes everything derivable from the mailbox and the side to
// move (bitboards, king squares, Zobrist key, checkers) and compares it with
// the incremental state. It also checks the rules every reachable position
// obeys (one king per side inside its palace, pieces on reachable points,
// piece counts, the side not to move not in check). It returns nil or an
// error naming the first difference; it is a debugging aid, not a hot path.
func (p *Position) Validate() error {
	if p.st == nil {
		return errors.New("xiangqi: position not set up")
	}
	var byPiece [position.PieceNB]Bitboard
	var byColor [2]Bitboard
	var occ Bitboard
	for s, pc := range p.board {
		if pc == position.NoPiece {
			continue
		}
		if pc.Type() == 0 || int(pc) >= position.PieceNB {
			return fmt.Errorf("xiangqi: invalid piece %d on %s", pc, SquareString(position.Square(s)))
		}
		b := squareBB[s]
		byPiece[pc] = byPiece[pc].Or(b)
		byColor[pc.Color()] = byColor[pc.Color()].Or(b)
		occ = occ.Or(b)
	}
	if byPiece != p.byPiece || byColor != p.byColor || occ != p.occ {
		return errors.New("xiangqi: bitboards disagree with the mailbox")
	}
	if err := checkPlacement(&p.board); err != nil {
		return err
	}
	for c := position.Red; c <= position.Black; c++ {
		if p.board[p.kingSq[c]] != position.MakePiece(c, King) {
			return fmt.Errorf("xiangqi: cached king square %s of %v is wrong", SquareString(p.kingSq[c]), c)
		}
	}
	if k := p.computeKey(); k != p.st.Key {
		return fmt.Errorf("xiangqi: key %016x, from scratch %016x", p.st.Key, k)
	}
	ch := p.attackersTo(p.kingSq[p.side], p.occ, p.side^1)
	if [2]uint64{ch.lo, ch.hi} != p.st.Checkers || ch.Any() != p.st.InCheck {
		return errors.New("xiangqi: checkers disagree with a recomputation")
	}
	if p.attackersTo(p.kingSq[p.side^1], p.occ, p.side).Any() {
		return errors.New("xiangqi: the side not to move is in check")
	}
	if p.st.Rule50 < 0 || p.st.PliesFromNull < 0 || p.st.GamePly < 0 {
		return errors.New("xiangqi: negative counter")
	}
	return nil
}

// checkPlacement checks piece counts (exactly one general per side, no
// more of a type than a side starts with), then that generals stay in their
// palace and advisors, elephants and pawns stand on points they can reach.
func checkPlacement(board *[NumSquares]position.Piece) error {
	var counts [position.PieceNB]int
	for _, pc := range board {
		counts[pc&15]++
	}
	for c := position.Red; c <= position.Black; c++ {
		if n := counts[position.MakePiece(c, King)]; n != 1 {
			return fmt.Errorf("xiangqi: %s has %d generals (exactly one required)", colorName(c), n)
		}
		for pt := Advisor; pt <= Pawn; pt++ {
			if n := counts[position.MakePiece(c, pt)]; n > MaxPieceCount[pt] {
				return fmt.Errorf("xiangqi: %s has %d %ss (at most %d)", colorName(c), n, typeName[pt], MaxPieceCount[pt])
			}
		}
	}
	for s, pc := range board {
		if pc == position.NoPiece {
			continue
		}
		sq := position.Square(s)
		c := pc.Color()
		var region Bitboard
		var what string
		switch pc.Type() {
		case King:
			region, what = palaceBB[c], "outside its palace"
		case Advisor:
			region, what = advisorBB[c], "off its palace diagonals"
		case Elephant:
			region, what = elephantBB[c], "a point it can never reach (elephants stay on seven points of their own half)"
		case Pawn:
			region, what = pawnBB[c], "a point it can never reach (behind its starting rank, or off the five pawn files on its own side)"
		default:
			continue
		}
		if !region.Has(sq) {
			return fmt.Errorf("xiangqi: %s %s on %s: %s", colorName(c), typeName[pc.Type()], SquareString(sq), what)
		}
	}
	return nil
}

var typeName = [8]string{"", "general", "advisor", "elephant", "horse", "rook", "cannon", "pawn"}

func colorName(c position.Color) string {
	if c == position.Red {
		return "red"
	}
	return "black"
}
