// Xiangqi WXF notation: writing a move ("C2=5", "H++7", "15+1") and reading one back.
package notation

import (
	"fmt"
	"strings"

	"dualnnue/position"
	"dualnnue/position/xiangqi"
)

// wxfLetters maps a xiangqi piece type to its WXF letter.
var wxfLetters = [8]byte{xiangqi.King: 'K', xiangqi.Advisor: 'A', xiangqi.Elephant: 'E', xiangqi.Horse: 'H', xiangqi.Rook: 'R', xiangqi.Cannon: 'C', xiangqi.Pawn: 'P'}

// wxfFile returns the file number 1..9 of sq seen from colour c: files are
// counted from each player's right, so Red's file 1 is file i and Black's
// file 1 is file a.
func wxfFile(c position.Color, sq position.Square) int {
	if c == position.Red {
		return xiangqi.Files - xiangqi.FileOf(sq)
	}
	return xiangqi.FileOf(sq) + 1
}

// relRank returns the rank 0..9 of sq seen from colour c (0 = c's back rank).
func relRank(c position.Color, sq position.Square) int {
	if c == position.Red {
		return xiangqi.RankOf(sq)
	}
	return xiangqi.Ranks - 1 - xiangqi.RankOf(sq)
}

// canStand reports whether a piece of type pt may ever stand on file f,
// relative rank r (from its own side). As in Fairy-Stockfish, pawns count as
// free to stand anywhere on the board.
func canStand(pt position.PieceType, f, r int) bool {
	if f < 0 || f >= xiangqi.Files || r < 0 || r >= xiangqi.Ranks {
		return false
	}
	switch pt {
	case xiangqi.King:
		return f >= 3 && f <= 5 && r <= 2
	case xiangqi.Advisor:
		return (r == 1 && f == 4) || ((r == 0 || r == 2) && (f == 3 || f == 5))
	case xiangqi.Elephant:
		return ((r == 0 || r == 4) && (f == 2 || f == 6)) || (r == 2 && f%4 == 0)
	}
	return true
}

// fileMates returns the squares of c's pieces of type pt on sq's file,
// and how many of them stand in front of sq (nearer the enemy).
func fileMates(p *xiangqi.Position, c position.Color, pt position.PieceType, sq position.Square) (count, ahead int) {
	f := xiangqi.FileOf(sq)
	for r := 0; r < xiangqi.Ranks; r++ {
		s := xiangqi.MakeSquare(f, r)
		if p.PieceOn(s) == position.MakePiece(c, pt) {
			count++
			if relRank(c, s) > relRank(c, sq) {
				ahead++
			}
		}
	}
	return count, ahead
}

// tandemFiles counts the files holding two or more of c's pieces of type pt.
func tandemFiles(p *xiangqi.Position, c position.Color, pt position.PieceType) int {
	n := 0
	for f := 0; f < xiangqi.Files; f++ {
		k := 0
		for r := 0; r < xiangqi.Ranks; r++ {
			if p.PieceOn(xiangqi.MakeSquare(f, r)) == position.MakePiece(c, pt) {
				k++
			}
		}
		if k >= 2 {
			n++
		}
	}
	return n
}

// WXF renders the legal move m of p in WXF notation: the piece letter
// (K A E H R C P), its file counted from the mover's right (1-9), the
// direction ("+" forward, "-" backward, "=" sideways), then the destination
// file, or the number of ranks moved for a king, rook, cannon or pawn going
// straight. When two pieces of a kind share a file the file digit becomes a
// front/rear marker after the letter ("H++7", "R-=3"), unless the other
// piece could not make the same displacement (advisors and elephants never
// need it). Pawns three or more to a file (or two to a file on two files)
// are numbered from the front instead of lettered ("15+1" = the front pawn
// of file 5 moves one forward). No check or capture marks. This is the form
// Fairy-Stockfish writes. The result for an illegal move is unspecified.
func WXF(p *xiangqi.Position, m position.Move) string {
	from, to := xiangqi.MoveFrom(m), xiangqi.MoveTo(m)
	pc := p.PieceOn(from)
	c, pt := pc.Color(), pc.Type()
	if pc == position.NoPiece || pt >= 8 {
		return "?"
	}
	b := make([]byte, 0, 4)
	count, ahead := fileMates(p, c, pt, from)
	tandems := tandemFiles(p, c, pt)
	multi := 0
	if tandems >= 2 {
		multi = 1
	}
	switch {
	case count >= 3-multi:
		b = append(b, byte('1'+ahead), byte('0'+wxfFile(c, from)))
	case count == 2 && multi == 0 && otherCanFollow(p, c, pt, from, to):
		b = append(b, wxfLetters[pt])
		if ahead == 0 {
			b = append(b, '+')
		} else {
			b = append(b, '-')
		}
	default:
		b = append(b, wxfLetters[pt], byte('0'+wxfFile(c, from)))
	}
	dr := relRank(c, to) - relRank(c, from)
	switch {
	case dr == 0:
		b = append(b, '=')
	case dr > 0:
		b = append(b, '+')
	default:
		b = append(b, '-')
	}
	if xiangqi.FileOf(to) == xiangqi.FileOf(from) {
		if dr < 0 {
			dr = -dr
		}
		b = append(b, byte('0'+dr))
	} else {
		b = append(b, byte('0'+wxfFile(c, to)))
	}
	return string(b)
}

// otherCanFollow reports whether the other piece of type pt on from's file
// could stand where the same displacement from -> to would take it, which is
// when a front/rear marker is needed.
func otherCanFollow(p *xiangqi.Position, c position.Color, pt position.PieceType, from, to position.Square) bool {
	f := xiangqi.FileOf(from)
	df := xiangqi.FileOf(to) - f
	dr := xiangqi.RankOf(to) - xiangqi.RankOf(from)
	for r := 0; r < xiangqi.Ranks; r++ {
		s := xiangqi.MakeSquare(f, r)
		if s == from || p.PieceOn(s) != position.MakePiece(c, pt) {
			continue
		}
		nf, nr := f+df, r+dr
		if c == position.Black {
			nr = xiangqi.Ranks - 1 - nr
		}
		return canStand(pt, nf, nr)
	}
	return false
}

// wxfPieceTypes maps the accepted piece letters (WXF, plus B and N for the
// elephant and horse as in FEN) to piece types.
func wxfPieceType(ch byte) position.PieceType {
	switch ch | 0x20 {
	case 'k':
		return xiangqi.King
	case 'a':
		return xiangqi.Advisor
	case 'e', 'b':
		return xiangqi.Elephant
	case 'h', 'n':
		return xiangqi.Horse
	case 'r':
		return xiangqi.Rook
	case 'c':
		return xiangqi.Cannon
	case 'p':
		return xiangqi.Pawn
	}
	return 0
}

// wxfSelect says which piece of a kind a WXF move names by its first two
// characters, for one reading of them.
type wxfSelect struct {
	form   byte // one of the selXxx forms below
	file   int  // the file 1-9 from the mover's right, where the form names one
	index  int  // numbered pawns: 1 = the front one
	marker byte // '+' front or '-' rear, where the form has a marker
}

const (
	selFile       byte = iota + 1 // "P3": the piece on file 3 (the middle one of 3 or 5 pawns there)
	selMarker                     // "R+": front/rear; of 4 or 5 pawns, the second from the front/rear
	selPrefix                     // "+R": front/rear of two or more
	selDouble                     // "++", "--": the foremost/rearmost pawn of 4 or 5 (or fewer) on a file
	selIndex                      // "15": numbered pawns, index then file (Fairy-Stockfish)
	selFileMarker                 // "3+", "3-": the front/rear pawn of file 3 (older WXF, pawns on two files)
	selMid                        // "33": the middle pawn of file 3 (older WXF, pawns on two files)
)

// picks reports whether the selector names a piece on file f (from the
// mover's right) that has count pieces of its kind on its file, ahead of
// them in front of it.
func (sel wxfSelect) picks(f, count, ahead int) bool {
	switch sel.form {
	case selFile:
		return f == sel.file && (count < 3 || count%2 == 0 || ahead == count/2)
	case selMarker:
		if count < 2 {
			return false
		}
		if count >= 4 { // WXF: of 4 or 5 tandem pawns, P+/P- are the second from each end
			return ahead == sel.fromEnd(count, 1)
		}
		return ahead == sel.fromEnd(count, 0)
	case selPrefix, selDouble:
		return count >= 2 && ahead == sel.fromEnd(count, 0)
	case selIndex:
		return f == sel.file && ahead+1 == sel.index
	case selFileMarker:
		return f == sel.file && count >= 2 && ahead == sel.fromEnd(count, 0)
	case selMid:
		return f == sel.file && count >= 3 && count%2 == 1 && ahead == count/2
	}
	return false
}

// fromEnd returns how many of count pieces on a file stand in front of the
// one inset places from the front ('+' marker) or from the rear ('-').
func (sel wxfSelect) fromEnd(count, inset int) int {
	if sel.marker == '+' {
		return inset
	}
	return count - 1 - inset
}

// ParseWXF reads a xiangqi move in WXF notation and returns it if it is
// legal in p. Accepted forms (four characters, letters in either case, "."
// for "="):
//   - "C2=5": piece, file, direction, then the file or the number of steps;
//   - "H++7" and "+H+7": two pieces of a kind on a file, the front/rear
//     marker after or before the letter;
//   - tandem pawns as the WXF notation page gives them: of 3 on a file
//     "P+.4" front, "P3.4" middle, "P-.4" rear; of 4 or 5, "++.4" foremost,
//     "P+.4" second, "P3.4" middle (of 5), "P-.4" second from the rear,
//     "--.4" rearmost; with pawns in tandem on two files, a digit in place of
//     the letter: "3+.4" the front pawn of file 3, "33.4" the middle one,
//     "3-.4" the rear one;
//   - "15+1": numbered pawns, index (1 = front) then file, as Fairy-Stockfish
//     writes them (and WXF does).
//
// With pawns in tandem on two files, a digit pair "ff" reads both ways (the
// f-th pawn of file f, or the middle pawn of file f); where both name a legal
// move, the sideways separator decides: "." (the WXF page's) takes the
// middle pawn, "=" (Fairy-Stockfish's) the f-th; otherwise the numbered
// reading comes first. B and N are read as elephant and horse.
// Errors name the text and say what is wrong: an unknown piece letter, a
// malformed move, no legal move matching it, or more than one (ambiguous,
// listing them).
func ParseWXF(p *xiangqi.Position, s string) (position.Move, error) {
	t := strings.TrimSpace(s)
	if len(t) != 4 {
		return position.MoveNone, fmt.Errorf("WXF %q: want 4 characters like C2=5, H++7 or 15+1", clip(s))
	}
	pt := xiangqi.Pawn
	var reads [2]wxfSelect
	nreads := 1
	isDigit := func(c byte) bool { return c >= '1' && c <= '9' }
	isMarker := func(c byte) bool { return c == '+' || c == '-' }
	switch a, b := t[0], t[1]; {
	case isDigit(a) && isDigit(b): // numbered pawns "15", or the middle pawn "33"
		idx, mid := wxfSelect{form: selIndex, index: int(a - '0'), file: int(b - '0')}, wxfSelect{form: selMid, file: int(a - '0')}
		twoFiles := tandemFiles(p, p.SideToMove(), xiangqi.Pawn) >= 2 // where WXF's "33" form applies
		switch {
		case a == b && twoFiles && t[2] == '.':
			reads, nreads = [2]wxfSelect{mid, idx}, 2
		case a == b && twoFiles:
			reads, nreads = [2]wxfSelect{idx, mid}, 2
		case a <= '5':
			reads[0] = idx
		default:
			return position.MoveNone, fmt.Errorf("WXF %q: numbered pawns count 1-5 from the front (%q)", clip(s), a)
		}
	case isDigit(a) && isMarker(b): // "3+": front/rear pawn of file 3
		reads[0] = wxfSelect{form: selFileMarker, file: int(a - '0'), marker: b}
	case isMarker(a) && isMarker(b): // "++", "--"
		if a != b {
			return position.MoveNone, fmt.Errorf("WXF %q: %q is neither ++ (foremost) nor -- (rearmost)", clip(s), t[:2])
		}
		reads[0] = wxfSelect{form: selDouble, marker: a}
	case isMarker(a): // "+H+7"
		if pt = wxfPieceType(b); pt == 0 {
			return position.MoveNone, fmt.Errorf("WXF %q: unknown piece letter %q (want K A E H R C P, or B N)", clip(s), b)
		}
		reads[0] = wxfSelect{form: selPrefix, marker: a}
	default:
		if pt = wxfPieceType(a); pt == 0 {
			return position.MoveNone, fmt.Errorf("WXF %q: unknown piece letter %q (want K A E H R C P, or B N)", clip(s), a)
		}
		switch {
		case isDigit(b):
			reads[0] = wxfSelect{form: selFile, file: int(b - '0')}
		case isMarker(b):
			reads[0] = wxfSelect{form: selMarker, marker: b}
		default:
			return position.MoveNone, fmt.Errorf("WXF %q: %q is neither a file 1-9 nor a front/rear marker", clip(s), b)
		}
	}
	dir := t[2]
	if dir == '.' {
		dir = '='
	}
	if dir != '+' && dir != '-' && dir != '=' {
		return position.MoveNone, fmt.Errorf("WXF %q: direction %q must be +, - or = (or .)", clip(s), t[2])
	}
	if t[3] < '1' || t[3] > '9' {
		return position.MoveNone, fmt.Errorf("WXF %q: %q must be a file or a number of steps 1-9", clip(s), t[3])
	}
	n := int(t[3] - '0')
	diagonal := pt == xiangqi.Advisor || pt == xiangqi.Elephant || pt == xiangqi.Horse
	if diagonal && dir == '=' {
		return position.MoveNone, fmt.Errorf("WXF %q: a %s never moves sideways", clip(s), xqPieceName(pt))
	}

	var list position.MoveList
	p.GenerateLegal(&list)
	us := p.SideToMove()
	var found [8]position.Move
	k := 0
	for _, sel := range reads[:nreads] {
		for _, m := range list.Slice() {
			from, to := xiangqi.MoveFrom(m), xiangqi.MoveTo(m)
			if p.PieceOn(from) != position.MakePiece(us, pt) {
				continue
			}
			count, ahead := fileMates(p, us, pt, from)
			if !sel.picks(wxfFile(us, from), count, ahead) {
				continue
			}
			dr := relRank(us, to) - relRank(us, from)
			switch {
			case dir == '=' && dr != 0, dir == '+' && dr <= 0, dir == '-' && dr >= 0:
				continue
			}
			sameFile := xiangqi.FileOf(to) == xiangqi.FileOf(from)
			if dir == '=' || diagonal {
				if sameFile || wxfFile(us, to) != n {
					continue
				}
			} else if !sameFile || (dr != n && dr != -n) {
				continue
			}
			if k < len(found) {
				found[k] = m
			}
			k++
		}
		if k > 0 {
			break // the first reading that names a legal move decides
		}
	}
	switch {
	case k == 0:
		return position.MoveNone, fmt.Errorf("WXF %q: no legal %s %s move matches in %s", clip(s), colorWord(us), xqPieceName(pt), p.FEN())
	case k > 1:
		alts := make([]string, 0, k)
		for _, m := range found[:min(k, len(found))] {
			alts = append(alts, xiangqi.MoveString(m))
		}
		return position.MoveNone, fmt.Errorf("WXF %q: ambiguous, it could be %s", clip(s), strings.Join(alts, " or "))
	}
	return found[0], nil
}

func xqPieceName(pt position.PieceType) string {
	return [...]string{"", "general", "advisor", "elephant", "horse", "rook", "cannon", "pawn"}[pt&7]
}

func colorWord(c position.Color) string {
	if c == position.Red {
		return "red"
	}
	return "black"
}
