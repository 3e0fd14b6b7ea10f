// Chess SAN: writing a move in Standard Algebraic Notation and reading one back.
package notation

import (
	"fmt"
	"strings"

	"dualnnue/position"
	"dualnnue/position/chess"
)

// sanPieceLetters maps a chess piece type to its SAN letter ("" for pawns).
var sanPieceLetters = [7]string{chess.Pawn: "", chess.Knight: "N", chess.Bishop: "B", chess.Rook: "R", chess.Queen: "Q", chess.King: "K"}

func squareName(s position.Square) string {
	return string([]byte{byte('a' + int(s)%8), byte('1' + int(s)/8)})
}

// SAN renders the legal move m of p in Standard Algebraic Notation (PGN
// spec section 8.2.3, as chess.js and python-chess write it): piece letter,
// the least origin disambiguation that makes it unique among legal moves
// (file, else rank, else square), "x" for captures (a pawn capture names
// its origin file), the destination, "=Q" for promotions, "O-O"/"O-O-O" for
// castling (Chess960 too), and "+" for check or "#" for mate. p is used
// as scratch (a move is made and taken back) and is left unchanged. The
// result for a move that is not legal in p is unspecified.
func SAN(p *chess.Position, m position.Move) string {
	var b strings.Builder
	from, to := chess.From(m), chess.To(m)
	if chess.Kind(m) == chess.KindCastling {
		if to > from {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	} else {
		pt := p.PieceOn(from).Type()
		b.WriteString(sanPieceLetters[pt])
		capture := p.IsCapture(m)
		if pt == chess.Pawn {
			if capture {
				b.WriteByte(byte('a' + int(from)%8))
			}
		} else {
			b.WriteString(sanDisambiguation(p, m, pt))
		}
		if capture {
			b.WriteByte('x')
		}
		b.WriteString(squareName(to))
		if chess.Kind(m) == chess.KindPromotion {
			b.WriteByte('=')
			b.WriteString(sanPieceLetters[chess.PromotionType(m)])
		}
	}
	var st position.State
	p.DoMove(m, &st)
	if p.InCheck() {
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	p.UndoMove(m)
	return b.String()
}

// sanDisambiguation returns the origin file, rank or square that separates
// m from the other legal moves of a piece of type pt to the same square.
func sanDisambiguation(p *chess.Position, m position.Move, pt position.PieceType) string {
	from, to := chess.From(m), chess.To(m)
	var list position.MoveList
	p.GenerateLegal(&list)
	others, sameFile, sameRank := 0, false, false
	for _, o := range list.Slice() {
		of := chess.From(o)
		if of == from || chess.To(o) != to || chess.Kind(o) == chess.KindCastling || p.PieceOn(of).Type() != pt {
			continue
		}
		others++
		sameFile = sameFile || int(of)%8 == int(from)%8
		sameRank = sameRank || int(of)/8 == int(from)/8
	}
	switch {
	case others == 0:
		return ""
	case !sameFile:
		return string(rune('a' + int(from)%8))
	case !sameRank:
		return string(rune('1' + int(from)/8))
	}
	return squareName(from)
}

// ParseSAN reads a chess move in SAN and returns it if it is legal in p.
// It accepts what PGN files in the wild contain: check and mate marks and
// annotations ("+", "#", "!", "?") are ignored, "0-0" stands for "O-O",
// the capture "x" may be missing (but a spurious one is an error), "e.p."
// may follow an en-passant capture, the promotion may be written "e8=Q" or
// "e8Q", and long algebraic forms ("Ng1f3", "Ng1-f3", "e2e4", "e7e8q")
// are read as fully disambiguated SAN. Errors name the text and say what is
// wrong: an unknown piece letter, a malformed move, no legal move matching
// it, more than one (ambiguous, listing them), or a missing promotion.
func ParseSAN(p *chess.Position, s string) (position.Move, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(t, "e.p.")
	t = strings.TrimSuffix(t, "ep")
	t = strings.TrimRight(t, "+#!? ")
	if t == "" {
		return position.MoveNone, fmt.Errorf("SAN %q: empty move", clip(s))
	}
	var list position.MoveList
	p.GenerateLegal(&list)
	switch t {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		long := len(t) == 5
		for _, m := range list.Slice() {
			if chess.Kind(m) == chess.KindCastling && (chess.To(m) < chess.From(m)) == long {
				return m, nil
			}
		}
		return position.MoveNone, fmt.Errorf("SAN %q: castling %s is not legal in %s", clip(s), t, p.FEN())
	}

	// Piece letter.
	pt := chess.Pawn
	switch c := t[0]; {
	case c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K' || c == 'P':
		pt = map[byte]position.PieceType{'N': chess.Knight, 'B': chess.Bishop, 'R': chess.Rook, 'Q': chess.Queen, 'K': chess.King, 'P': chess.Pawn}[c]
		t = t[1:]
	case c >= 'a' && c <= 'h':
	default:
		return position.MoveNone, fmt.Errorf("SAN %q: unknown piece letter %q (want K, Q, R, B, N or a pawn's file a-h)", clip(s), c)
	}

	// Promotion suffix: "=Q", or a piece letter right after the rank.
	var promo position.PieceType
	if n := len(t); n >= 3 {
		c := t[n-1]
		switch {
		case strings.IndexByte("QRBNqrbn", c) >= 0 && (t[n-2] == '=' || (t[n-2] >= '1' && t[n-2] <= '8')):
			promo = map[byte]position.PieceType{'Q': chess.Queen, 'R': chess.Rook, 'B': chess.Bishop, 'N': chess.Knight}[c&^0x20]
			t = strings.TrimSuffix(t[:n-1], "=")
		case t[n-2] == '=':
			return position.MoveNone, fmt.Errorf("SAN %q: unknown promotion piece %q (want Q, R, B or N)", clip(s), c)
		}
	}

	// Destination square.
	if len(t) < 2 || t[len(t)-2] < 'a' || t[len(t)-2] > 'h' || t[len(t)-1] < '1' || t[len(t)-1] > '8' {
		return position.MoveNone, fmt.Errorf("SAN %q: no destination square (want a1..h8 at the end)", clip(s))
	}
	to := position.Square(int(t[len(t)-1]-'1')*8 + int(t[len(t)-2]-'a'))
	t = t[:len(t)-2]

	// Capture mark and origin hints.
	capture := false
	if n := len(t); n > 0 && (t[n-1] == 'x' || t[n-1] == ':' || t[n-1] == '-') {
		capture = t[n-1] != '-'
		t = t[:n-1]
	}
	fromFile, fromRank := -1, -1
	if len(t) > 0 && t[0] >= 'a' && t[0] <= 'h' {
		fromFile = int(t[0] - 'a')
		t = t[1:]
	}
	if len(t) > 0 && t[0] >= '1' && t[0] <= '8' {
		fromRank = int(t[0] - '1')
		t = t[1:]
	}
	if t != "" {
		return position.MoveNone, fmt.Errorf("SAN %q: cannot read %q before the destination", clip(s), t)
	}

	var found [8]position.Move
	n := 0
	for _, m := range list.Slice() {
		from := chess.From(m)
		if chess.Kind(m) == chess.KindCastling || chess.To(m) != to || p.PieceOn(from).Type() != pt {
			continue
		}
		if (fromFile >= 0 && int(from)%8 != fromFile) || (fromRank >= 0 && int(from)/8 != fromRank) {
			continue
		}
		if chess.Kind(m) == chess.KindPromotion && chess.PromotionType(m) != promo {
			continue
		}
		if n < len(found) {
			found[n] = m
		}
		n++
	}
	if n == 0 {
		if promo == 0 && pt == chess.Pawn && (to/8 == 7 || to/8 == 0) {
			for _, m := range list.Slice() {
				if chess.Kind(m) == chess.KindPromotion && chess.To(m) == to {
					return position.MoveNone, fmt.Errorf("SAN %q: a pawn reaching the last rank must promote (add =Q, =R, =B or =N)", clip(s))
				}
			}
		}
		if promo != 0 && pt != chess.Pawn {
			return position.MoveNone, fmt.Errorf("SAN %q: only pawns promote", clip(s))
		}
		return position.MoveNone, fmt.Errorf("SAN %q: no legal %s move to %s in %s", clip(s), pieceName(pt), squareName(to), p.FEN())
	}
	if n > 1 {
		alts := make([]string, 0, n)
		for _, m := range found[:min(n, len(found))] {
			alts = append(alts, p.MoveString(m))
		}
		return position.MoveNone, fmt.Errorf("SAN %q: ambiguous, it could be %s", clip(s), strings.Join(alts, " or "))
	}
	m := found[0]
	if capture && !p.IsCapture(m) {
		return position.MoveNone, fmt.Errorf("SAN %q: marked as a capture but %s is empty", clip(s), squareName(to))
	}
	return m, nil
}

func pieceName(pt position.PieceType) string {
	return [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}[pt]
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
