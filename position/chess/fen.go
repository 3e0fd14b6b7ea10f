// FEN reading and writing, with X-FEN and Shredder-FEN castling fields.
package chess

import (
	"fmt"
	"strconv"
	"strings"

	"dualnnue/position"
)

// maxCounter bounds the halfmove clock and the fullmove number accepted in a
// FEN (far beyond any real game, small enough never to overflow).
const maxCounter = 1 << 20

// NewFromFEN returns the standard-chess position described by fen, or an
// error naming what is wrong with it (see SetFEN). Castling rights must fit
// a king and rook on their standard squares; use NewFromFEN960 for Chess960.
func NewFromFEN(fen string) (*Position, error) {
	p := new(Position)
	if err := p.SetFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// NewFromFEN960 returns the Chess960 position described by fen (X-FEN or
// Shredder-FEN castling fields), with Chess960 set, or an error (see SetFEN).
func NewFromFEN960(fen string) (*Position, error) {
	p := &Position{Chess960: true}
	if err := p.SetFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// SetFEN sets the position from a FEN string. On error p is left unchanged.
//
// Accepted: 4 to 6 whitespace-separated fields; missing halfmove clock and
// fullmove number default to 0 and 1 (a fullmove number 0 is read as 1).
//
// The castling field depends on p.Chess960, which SetFEN keeps (it never
// switches modes by itself):
//   - standard chess (Chess960 false): "-" or any of K, Q, k, q, each
//     needing the king on e1/e8 and a rook of its colour on h1/h8 (K, k) or
//     a1/a8 (Q, q). A right that does not fit those squares, or a
//     Shredder-FEN file letter, is an error: such rights cannot exist in
//     standard chess, and reading them as Chess960 castling would make the
//     engine list king-takes-rook castles a standard GUI calls illegal
//     (lichobile #1957, Stockfish #2549). Fairy-Stockfish's validate_fen
//     rejects such FENs too; Stockfish accepts them.
//   - Chess960: K, Q, k, q (the outermost rook on that side of the king,
//     X-FEN) and A–H, a–h (the rook on that file, Shredder-FEN).
//
// Rejected, with an error naming the problem: a wrong field count, a
// placement without exactly 8 ranks of 8 squares, an unknown letter, a
// colour without exactly one king, a pawn on the first or last rank, a side
// to move other than w/b, the side not to move being in check, the side to
// move in check by more than two pieces, a castling
// right without the king on its back rank and a rook of that colour on the
// right square (in standard chess: on e1/e8 and the corner), a repeated
// castling right, an en-passant square that is
// malformed, on the wrong rank for the side to move (e.g. d3 with white to
// move), or inconsistent (no enemy pawn that could just have moved two
// squares past it, or the squares it crossed not empty), and counters that
// are not non-negative numbers. An en-passant square that is consistent but
// allows no legal en-passant capture is accepted and dropped, as Stockfish
// does: the position then equals the one without it (same key, same FEN).
func (p *Position) SetFEN(fen string) error {
	q := Position{Chess960: p.Chess960}
	if err := q.parseFEN(fen); err != nil {
		return err
	}
	*p = q
	p.st = &p.root
	return nil
}

func (p *Position) parseFEN(fen string) error {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return fmt.Errorf("chess FEN %q: %d fields, want 4 to 6 (placement, side, castling, en passant, [halfmove, fullmove])", fen, len(fields))
	}
	for i := range p.castlingRookSq {
		p.castlingRookSq[i] = position.SquareNone
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return err
	}
	switch fields[1] {
	case "w":
		p.side = position.White
	case "b":
		p.side = position.Black
	default:
		return fmt.Errorf("chess FEN: side to move %q, want w or b", fields[1])
	}
	st := &p.root
	st.EpSquare = position.SquareNone
	st.Captured = position.NoPiece
	if err := p.parseCastling(fields[2]); err != nil {
		return err
	}
	p.st = st
	ep, err := p.parseEnPassant(fields[3])
	if err != nil {
		return err
	}
	half, full := 0, 1
	if len(fields) >= 5 {
		if half, err = parseCounter(fields[4], "halfmove clock"); err != nil {
			return err
		}
	}
	if len(fields) == 6 {
		if full, err = parseCounter(fields[5], "fullmove number"); err != nil {
			return err
		}
		if full == 0 {
			full = 1
		}
	}
	st.Rule50 = half
	st.GamePly = 2*(full-1) + int(p.side)

	// The side not to move may not be in check: its opponent could take the king.
	them := p.side ^ 1
	if a := p.attackersTo(p.kingSq[them], p.byType[0]) & p.byColor[p.side]; a != 0 {
		return fmt.Errorf("chess FEN: the side not to move (%s) is in check: king on %s attacked from %s",
			colorName(them), squareName(p.kingSq[them]), squareName(lsb(a)))
	}
	checkers := p.attackersTo(p.kingSq[p.side], p.byType[0]) & p.byColor[them]
	if n := checkers.Count(); n > 2 {
		return fmt.Errorf("chess FEN: %s is in check by %d pieces; no move can give more than two checks", colorName(p.side), n)
	}
	st.Checkers[0] = uint64(checkers)
	st.InCheck = st.Checkers[0] != 0
	if ep != position.SquareNone && p.epCaptureExists(ep) {
		st.EpSquare = ep
	}
	st.Key = p.computeKey()
	return nil
}

func colorName(c position.Color) string {
	if c == position.White {
		return "white"
	}
	return "black"
}

func parseCounter(s, what string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > maxCounter {
		return 0, fmt.Errorf("chess FEN: %s %q is not a number from 0 to %d", what, s, maxCounter)
	}
	return n, nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("chess FEN: placement %q has %d ranks, want 8", s, len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for _, c := range row {
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case strings.ContainsRune("PNBRQKpnbrqk", c):
				if file < 8 {
					pc := position.Piece(strings.IndexRune(pieceLetters, c))
					p.putPiece(pc, makeSquare(file, rank))
				}
				file++
			default:
				return fmt.Errorf("chess FEN: unknown character %q in rank %d", c, rank+1)
			}
			if file > 8 {
				break
			}
		}
		if file != 8 {
			return fmt.Errorf("chess FEN: rank %d (%q) is %d squares wide, want 8", rank+1, row, file)
		}
	}
	for c := position.White; c <= position.Black; c++ {
		k := p.byType[King] & p.byColor[c]
		if n := k.Count(); n != 1 {
			return fmt.Errorf("chess FEN: %s has %d kings, want 1", colorName(c), n)
		}
		p.kingSq[c] = lsb(k)
	}
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		s := lsb(b)
		return fmt.Errorf("chess FEN: %s pawn on %s: pawns never stand on the first or last rank",
			colorName(p.board[s].Color()), squareName(s))
	}
	return nil
}

// parseCastling reads the castling field; it needs the placement. In
// standard mode (p.Chess960 false) only K, Q, k, q with the king and rook on
// their standard squares are accepted; see SetFEN.
func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for _, c := range s {
		color := position.White
		lc := c
		if c >= 'a' && c <= 'z' {
			color = position.Black
			lc = c - 'a' + 'A'
		}
		back := 7 * int(color)
		ksq := p.kingSq[color]
		rook := position.MakePiece(color, Rook)
		if !p.Chess960 {
			if lc != 'K' && lc != 'Q' {
				if lc >= 'A' && lc <= 'H' {
					return fmt.Errorf("chess FEN: castling field %q: %q is a Shredder-FEN letter, accepted only in Chess960 mode (UCI_Chess960); standard chess writes K, Q, k, q", s, c)
				}
				return fmt.Errorf("chess FEN: castling field %q: unknown letter %q", s, c)
			}
			rsq := makeSquare(7, back)
			if lc == 'Q' {
				rsq = makeSquare(0, back)
			}
			if ksq != makeSquare(4, back) || p.board[rsq] != rook {
				return fmt.Errorf("chess FEN: castling field %q: right %q without a %s rook on %s and the king on %s: "+
					"impossible in standard chess (Chess960 castling needs UCI_Chess960)",
					s, c, colorName(color), squareName(rsq), squareName(makeSquare(4, back)))
			}
			if err := p.addCastlingRight(s, c, color, ksq, rsq); err != nil {
				return err
			}
			continue
		}
		if rankOf(ksq) != back {
			return fmt.Errorf("chess FEN: castling field %q: %s king on %s, not on its back rank",
				s, colorName(color), squareName(ksq))
		}
		rsq := position.SquareNone
		switch {
		case lc == 'K':
			for f := 7; f > fileOf(ksq); f-- {
				if p.board[makeSquare(f, back)] == rook {
					rsq = makeSquare(f, back)
					break
				}
			}
		case lc == 'Q':
			for f := 0; f < fileOf(ksq); f++ {
				if p.board[makeSquare(f, back)] == rook {
					rsq = makeSquare(f, back)
					break
				}
			}
		case lc >= 'A' && lc <= 'H':
			if sq := makeSquare(int(lc-'A'), back); p.board[sq] == rook {
				rsq = sq
			}
		default:
			return fmt.Errorf("chess FEN: castling field %q: unknown letter %q", s, c)
		}
		if rsq == position.SquareNone {
			return fmt.Errorf("chess FEN: castling field %q: right %q without a %s rook on the matching square",
				s, c, colorName(color))
		}
		if err := p.addCastlingRight(s, c, color, ksq, rsq); err != nil {
			return err
		}
	}
	return nil
}

// addCastlingRight records the right letter c of the castling field s for
// colour color, king on ksq and rook on rsq, refusing a repeated right.
func (p *Position) addCastlingRight(s string, c rune, color position.Color, ksq, rsq position.Square) error {
	i := 2 * int(color)
	if rsq < ksq {
		i++
	}
	if p.root.Castling&(1<<i) != 0 {
		return fmt.Errorf("chess FEN: castling field %q: right %q repeats a right already given", s, c)
	}
	p.setCastlingRight(i, ksq, rsq)
	return nil
}

// NeedsChess960 reports whether a castling right the position still holds
// has its king or rook off the standard squares (king on e1/e8, rook in the
// corner): such a position can only be played, and its castling written, in
// Chess960 mode.
func (p *Position) NeedsChess960() bool {
	cr := p.State().Castling
	for i := 0; i < 4; i++ {
		if cr&(1<<i) == 0 {
			continue
		}
		back := 7 * (i >> 1)
		corner := makeSquare(7, back)
		if i&1 == 1 {
			corner = makeSquare(0, back)
		}
		if p.castlingRookSq[i] != corner || p.kingSq[i>>1] != makeSquare(4, back) {
			return true
		}
	}
	return false
}

// setCastlingRight records right i (0 WhiteOO .. 3 BlackOOO) with the king
// on kfrom and the rook on rfrom.
func (p *Position) setCastlingRight(i int, kfrom, rfrom position.Square) {
	bit := uint8(1) << i
	p.root.Castling |= bit
	p.castlingMask[kfrom] |= bit
	p.castlingMask[rfrom] |= bit
	p.castlingRookSq[i] = rfrom
	kto, rto := castlingTargets(i)
	p.castlingPath[i] = (betweenBB[rfrom][rto] | betweenBB[kfrom][kto] | sqBB(rto) | sqBB(kto)) &^ (sqBB(kfrom) | sqBB(rfrom))
	p.castlingKingPath[i] = betweenBB[kfrom][kto] | sqBB(kto)
}

// castlingTargets returns the king's and the rook's destination for right i.
func castlingTargets(i int) (kto, rto position.Square) {
	back := position.Square(56 * (i >> 1))
	if i&1 == 0 {
		return G1 + back, F1 + back
	}
	return C1 + back, D1 + back
}

// parseEnPassant reads the en-passant field; the placement, side and
// castling are already set.
func (p *Position) parseEnPassant(s string) (position.Square, error) {
	if s == "-" {
		return position.SquareNone, nil
	}
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, fmt.Errorf("chess FEN: en-passant field %q is not a square", s)
	}
	ep := makeSquare(int(s[0]-'a'), int(s[1]-'1'))
	us, them := p.side, p.side^1
	want := 5
	if us == position.Black {
		want = 2
	}
	if rankOf(ep) != want {
		return 0, fmt.Errorf("chess FEN: en-passant square %s is on rank %d; with %s to move it must be on rank %d",
			s, rankOf(ep)+1, colorName(us), want+1)
	}
	pushed := ep ^ 8 // the square the double-pushed pawn stands on
	origin := ep + 8 // the square it came from
	if us == position.Black {
		origin = ep - 8
	}
	if p.board[pushed] != position.MakePiece(them, Pawn) {
		return 0, fmt.Errorf("chess FEN: en-passant square %s but no %s pawn on %s that could just have moved two squares",
			s, colorName(them), squareName(pushed))
	}
	if p.board[ep] != position.NoPiece || p.board[origin] != position.NoPiece {
		return 0, fmt.Errorf("chess FEN: en-passant square %s but %s or %s is occupied", s, s, squareName(origin))
	}
	return ep, nil
}

// computeKey returns the Zobrist key of the position from scratch.
func (p *Position) computeKey() position.Key {
	var k position.Key
	for b := p.byType[0]; b != 0; b &= b - 1 {
		s := lsb(b)
		k ^= zobPiece[p.board[s]][s]
	}
	k ^= zobCastling[p.st.Castling]
	if p.st.EpSquare != position.SquareNone {
		k ^= zobEp[fileOf(p.st.EpSquare)]
	}
	if p.side == position.Black {
		k ^= zobSide
	}
	return k
}

// FEN returns the position in FEN. The castling field is "KQkq"-style in
// standard mode and Shredder-FEN (the castling rooks' file letters, e.g.
// "HAha") when p.Chess960 is set, as Stockfish writes it. The en-passant
// square is printed only when a legal en-passant capture exists.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[makeSquare(f, r)]
			if pc == position.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pieceLetters[pc])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(p.side.String())
	sb.WriteByte(' ')
	sb.WriteString(p.castlingString())
	sb.WriteByte(' ')
	sb.WriteString(squareName(p.st.EpSquare))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(p.st.Rule50))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(1 + p.st.GamePly/2))
	return sb.String()
}

func (p *Position) castlingString() string {
	cr := p.st.Castling
	if cr == 0 {
		return "-"
	}
	var b []byte
	for i := 0; i < 4; i++ {
		if cr&(1<<i) == 0 {
			continue
		}
		letter := byte("KQ"[i&1])
		if p.Chess960 {
			letter = byte('A' + fileOf(p.castlingRookSq[i]))
		}
		if i >= 2 {
			letter += 'a' - 'A'
		}
		b = append(b, letter)
	}
	return string(b)
}
