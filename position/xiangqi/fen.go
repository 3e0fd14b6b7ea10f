// FEN reading and writing in the Pikafish / Fairy-Stockfish dialect.
package xiangqi

import (
	"fmt"
	"strconv"
	"strings"

	"dualnnue/position"
)

// maxFENCounter bounds the halfmove and fullmove fields.
const maxFENCounter = 1 << 20

// letterPiece maps FEN letters to pieces: K A B N R C P (Pikafish), also E
// for the elephant and H for the horse (WXF letters); lower case is Black.
func letterPiece(ch byte) position.Piece {
	var pt position.PieceType
	switch ch | 0x20 { // lower-case letter
	case 'k':
		pt = King
	case 'a':
		pt = Advisor
	case 'b', 'e':
		pt = Elephant
	case 'n', 'h':
		pt = Horse
	case 'r':
		pt = Rook
	case 'c':
		pt = Cannon
	case 'p':
		pt = Pawn
	default:
		return position.NoPiece
	}
	if ch >= 'a' && ch <= 'z' {
		return position.MakePiece(position.Black, pt)
	}
	if ch >= 'A' && ch <= 'Z' {
		return position.MakePiece(position.Red, pt)
	}
	return position.NoPiece
}

// SetFEN sets the position from fen:
//
//	<board> <side> [<castling> <en passant> [<halfmove> [<fullmove>]]]
//
// The board lists ranks 9 down to 0 separated by '/', each exactly 9 points
// wide, with letters K A B N R C P (also E and H) and digits for empty
// points. The side is "w" or "r" for Red, "b" for Black. Castling and en
// passant must be "-". Missing counters default to halfmove 0, fullmove 1;
// fullmove 0 is read as 1. The halfmove counter becomes State.Rule50 (plies
// since the last capture).
//
// SetFEN rejects a board-only FEN (it never guesses the side to move), wrong
// field or rank counts, ranks of the wrong width, unknown letters, a side
// without exactly one general, a general outside its palace, advisors,
// elephants or pawns on points they can never reach, more pieces of a type
// than a side starts with, and a side not to move in check (facing generals
// included). On error p is unchanged and the error names the problem; it
// never panics.
func (p *Position) SetFEN(fen string) error {
	q := new(Position)
	if err := q.parseFEN(fen); err != nil {
		return fmt.Errorf("%w (FEN %q)", err, clip(fen))
	}
	q.rules = p.rules // the rule options stay
	*p = *q
	p.st = &p.root
	return nil
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}

func (p *Position) parseFEN(fen string) error {
	fields := strings.Fields(fen)
	switch {
	case len(fields) == 0:
		return fmt.Errorf("xiangqi: empty FEN")
	case len(fields) == 1:
		return fmt.Errorf("xiangqi: FEN has only the board field; the side to move is missing")
	case len(fields) > 6:
		return fmt.Errorf("xiangqi: FEN has %d fields (at most 6: board, side, castling, en passant, halfmove, fullmove)", len(fields))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return err
	}
	switch fields[1] {
	case "w", "r", "W", "R":
		p.side = position.Red
	case "b", "B":
		p.side = position.Black
	default:
		return fmt.Errorf("xiangqi: side to move %q (want w or r for Red, b for Black)", fields[1])
	}
	if len(fields) > 2 && fields[2] != "-" {
		return fmt.Errorf("xiangqi: castling field %q (xiangqi has no castling: want -)", fields[2])
	}
	if len(fields) > 3 && fields[3] != "-" {
		return fmt.Errorf("xiangqi: en-passant field %q (xiangqi has no en passant: want -)", fields[3])
	}
	halfmove, fullmove := 0, 1
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > maxFENCounter {
			return fmt.Errorf("xiangqi: halfmove counter %q (want an integer 0..%d)", fields[4], maxFENCounter)
		}
		halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > maxFENCounter {
			return fmt.Errorf("xiangqi: fullmove number %q (want an integer 1..%d)", fields[5], maxFENCounter)
		}
		fullmove = max(n, 1)
	}
	if err := checkPlacement(&p.board); err != nil {
		return err
	}
	them := p.side ^ 1
	if att := p.attackersTo(p.kingSq[them], p.occ, p.side); att.Any() {
		if att.Has(p.kingSq[p.side]) {
			return fmt.Errorf("xiangqi: the generals face each other on an open file with %s to move", colorName(p.side))
		}
		return fmt.Errorf("xiangqi: %s is in check but it is %s to move", colorName(them), colorName(p.side))
	}
	p.root = position.State{
		Key:      p.computeKey(),
		Rule50:   halfmove,
		GamePly:  2*(fullmove-1) + int(p.side),
		EpSquare: position.SquareNone,
	}
	p.st = &p.root
	p.setCheckers(p.st)
	return nil
}

func (p *Position) parseBoard(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != Ranks {
		return fmt.Errorf("xiangqi: FEN board has %d ranks (10 required)", len(ranks))
	}
	for i, row := range ranks {
		r := Ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '0' && ch <= '9' {
				n := 0
				for ; j < len(row) && row[j] >= '0' && row[j] <= '9'; j++ {
					n = min(n*10+int(row[j]-'0'), 100)
				}
				j--
				if n == 0 {
					return fmt.Errorf("xiangqi: FEN rank %d has an empty-point count of 0", r)
				}
				f += n
				continue
			}
			pc := letterPiece(ch)
			if pc == position.NoPiece {
				return fmt.Errorf("xiangqi: unknown piece letter %q in FEN rank %d", rune(ch), r)
			}
			if f >= Files {
				f++
				continue // reported below as a width error
			}
			p.putPiece(pc, MakeSquare(f, r))
			f++
		}
		if f != Files {
			return fmt.Errorf("xiangqi: FEN rank %d is %d points wide (9 required)", r, f)
		}
	}
	return nil
}

// FEN returns the position in FEN as Pikafish and Fairy-Stockfish write it:
// board, side ("w" or "b"), "- -", the halfmove counter (Rule50) and the
// fullmove number.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(96)
	for r := Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < Files; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == position.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(PieceLetter(pc))
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" ")
	sb.WriteString(p.side.String())
	sb.WriteString(" - - ")
	sb.WriteString(strconv.Itoa(p.st.Rule50))
	sb.WriteString(" ")
	sb.WriteString(strconv.Itoa(1 + p.st.GamePly/2))
	return sb.String()
}
