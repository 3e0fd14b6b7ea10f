// UCI move coordinates: MoveString and ParseMove.
package chess

import (
	"fmt"

	"dualnnue/position"
)

// MoveString renders m in UCI long algebraic coordinates: "e2e4", "e7e8q".
// Castling prints the king's move ("e1g1", "e8c8") unless p.Chess960 is
// set, when it prints king takes own rook ("e1h1"). MoveNone and MoveNull
// print "0000".
func (p *Position) MoveString(m position.Move) string {
	if m == position.MoveNone || m == position.MoveNull {
		return "0000"
	}
	var buf [5]byte
	return string(p.appendMove(buf[:0], m))
}

// appendMove appends the UCI text of m to b.
func (p *Position) appendMove(b []byte, m position.Move) []byte {
	from, to := From(m), To(m)
	if Kind(m) == KindCastling && !p.Chess960 {
		i := 0
		if to < from {
			i = 1
		}
		kto, _ := castlingTargets(i)
		to = makeSquare(fileOf(kto), rankOf(from))
	}
	b = append(b, byte('a'+fileOf(from)), byte('1'+rankOf(from)), byte('a'+fileOf(to)), byte('1'+rankOf(to)))
	if Kind(m) == KindPromotion {
		b = append(b, "nbrq"[PromotionType(m)-Knight])
	}
	return b
}

// ParseMove reads a move in UCI coordinates and returns it if it is legal
// here. Errors name the problem: malformed text, no piece of the side to
// move on the origin, a missing or unexpected promotion letter, castling
// written king-takes-rook ("e1h1") outside Chess960 mode (write "e1g1"), or
// castling written as the king's two-square move in Chess960 mode, or
// simply an illegal move.
func (p *Position) ParseMove(s string) (position.Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return position.MoveNone, fmt.Errorf("chess move %q: want 4 or 5 characters like e2e4 or e7e8q", s)
	}
	sq := func(f, r byte) (position.Square, bool) {
		if f < 'a' || f > 'h' || r < '1' || r > '8' {
			return 0, false
		}
		return makeSquare(int(f-'a'), int(r-'1')), true
	}
	from, ok1 := sq(s[0], s[1])
	to, ok2 := sq(s[2], s[3])
	if !ok1 || !ok2 {
		return position.MoveNone, fmt.Errorf("chess move %q: squares must be a1..h8", s)
	}
	if len(s) == 5 && !(s[4] == 'q' || s[4] == 'r' || s[4] == 'b' || s[4] == 'n' ||
		s[4] == 'Q' || s[4] == 'R' || s[4] == 'B' || s[4] == 'N') {
		return position.MoveNone, fmt.Errorf("chess move %q: promotion letter must be q, r, b or n", s)
	}
	pc := p.board[from]
	if pc == position.NoPiece || pc.Color() != p.side {
		return position.MoveNone, fmt.Errorf("chess move %q: no %s piece on %s", s, colorName(p.side), s[:2])
	}
	var list position.MoveList
	p.GenerateLegal(&list)
	var want [5]byte
	copy(want[:], s)
	if len(s) == 5 {
		want[4] |= 0x20 // lower case
	}
	for _, m := range list.Slice() {
		var buf [5]byte
		if string(p.appendMove(buf[:0], m)) == string(want[:len(s)]) {
			return m, nil
		}
	}
	// Explain the near misses.
	if pc.Type() == Pawn && promoRankBB[p.side]&sqBB(to) != 0 && len(s) == 4 {
		return position.MoveNone, fmt.Errorf("chess move %q: a pawn reaching the last rank needs a promotion letter (q, r, b or n)", s)
	}
	if len(s) == 5 && (pc.Type() != Pawn || promoRankBB[p.side]&sqBB(to) == 0) {
		return position.MoveNone, fmt.Errorf("chess move %q: promotion letter on a move that does not promote", s)
	}
	if pc.Type() == King {
		for _, m := range list.Slice() {
			if Kind(m) != KindCastling {
				continue
			}
			if !p.Chess960 && To(m) == to {
				return position.MoveNone, fmt.Errorf("chess move %q: king takes own rook is castling only in Chess960 mode; write %s",
					s, p.MoveString(m))
			}
			if p.Chess960 {
				i := 0
				if To(m) < From(m) {
					i = 1
				}
				if kto, _ := castlingTargets(i); fileOf(kto) == fileOf(to) && rankOf(to) == rankOf(from) {
					return position.MoveNone, fmt.Errorf("chess move %q: in Chess960 mode castling is written king takes own rook: %s",
						s, p.MoveString(m))
				}
			}
		}
	}
	return position.MoveNone, fmt.Errorf("chess move %q: illegal in %s", s, p.FEN())
}
