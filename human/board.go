// Drawing the boards as text: the xiangqi grid with river and palaces, the chess board.
package human

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"dualnnue/position"
)

// geometry is a board's size and the number of its first rank in
// coordinates (xiangqi ICCS 0, chess 1).
type geometry struct {
	files, ranks, firstRank int
}

// square returns the square at file f, rank r (both from 0).
func (g geometry) square(f, r int) position.Square { return position.Square(r*g.files + f) }

// name returns sq's coordinate name ("e2", "h9").
func (g geometry) name(sq position.Square) string {
	f, r := int(sq)%g.files, int(sq)/g.files
	return string(rune('a'+f)) + strconv.Itoa(r+g.firstRank)
}

// parse reads a coordinate square name (lower case).
func (g geometry) parse(s string) (position.Square, bool) {
	if len(s) != 2 {
		return 0, false
	}
	f, r := int(s[0])-'a', int(s[1])-'0'-g.firstRank
	if f < 0 || f >= g.files || r < 0 || r >= g.ranks {
		return 0, false
	}
	return g.square(f, r), true
}

// boardView is how to draw a board.
type boardView struct {
	// bottom is the side drawn at the bottom.
	bottom position.Color
	// chinese: xiangqi pieces as Chinese characters; figurines: chess
	// pieces as Unicode figurines.
	chinese, figurines bool
	// ansi colours the pieces (and the chess squares) with escape codes.
	ansi bool
	// last is the last move's origin and destination (highlighted with
	// colours), valid when hasLast.
	last    [2]position.Square
	hasLast bool
}

func (v *boardView) isLast(sq position.Square) bool {
	return v.hasLast && (v.last[0] == sq || v.last[1] == sq)
}

// ANSI escape sequences (SGR).
const (
	sgrReset   = "\x1b[0m"
	sgrReverse = "\x1b[7m"
	// Xiangqi pieces: Red in bold red, Black in bold (the terminal's own
	// foreground, readable on dark and light backgrounds).
	sgrRed   = "\x1b[1;31m"
	sgrBlack = "\x1b[1m"
	// Chess: mid-tone squares (256-colour palette) on which both bright
	// white and black pieces read well; the last move's squares in yellow tones.
	sgrLightSquare = "\x1b[48;5;180m"
	sgrDarkSquare  = "\x1b[48;5;137m"
	sgrLightLast   = "\x1b[48;5;186m"
	sgrDarkLast    = "\x1b[48;5;143m"
	sgrWhitePiece  = "\x1b[1;38;5;231m"
	sgrBlackPiece  = "\x1b[1;38;5;16m"
)

// Xiangqi glyphs by piece type (King=1 .. Pawn=7).
var (
	xiangqiLetters = [2][8]string{
		{"", "K", "A", "E", "H", "R", "C", "P"},
		{"", "k", "a", "e", "h", "r", "c", "p"},
	}
	xiangqiChinese = [2][8]string{
		{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
		{"", "將", "士", "象", "馬", "車", "砲", "卒"},
	}
)

// Chess glyphs by piece type (Pawn=1 .. King=6).
var (
	chessLetters = [2][7]string{
		{"", "P", "N", "B", "R", "Q", "K"},
		{"", "p", "n", "b", "r", "q", "k"},
	}
	chessFigurines = [2][7]string{
		{"", "♙", "♘", "♗", "♖", "♕", "♔"},
		{"", "♟", "♞", "♝", "♜", "♛", "♚"},
	}
)

// displayWidth is the number of terminal columns s takes: East Asian wide
// characters (the Chinese pieces and river) take two.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case r >= 0x1100 && (r <= 0x115F || (r >= 0x2E80 && r <= 0xA4CF) || (r >= 0xAC00 && r <= 0xD7A3) ||
			(r >= 0xF900 && r <= 0xFAFF) || (r >= 0xFF00 && r <= 0xFF60) || (r >= 0x20000 && r <= 0x3FFFD)):
			w += 2
		default:
			w++
		}
	}
	return w
}

// centre pads s with spaces to width columns, centred (left side shorter).
func centre(s string, width int) string {
	pad := width - displayWidth(s)
	if pad <= 0 {
		return s
	}
	return strings.Repeat(" ", pad/2) + s + strings.Repeat(" ", pad-pad/2)
}

// inPalace reports whether file f, rank r is inside one of the palaces.
func inPalace(f, r int) bool { return f >= 3 && f <= 5 && (r <= 2 || r >= 7) }

// palaceDiagonal reports whether the points (f1, r1) and (f2, r2), one
// step apart diagonally, are joined by a palace diagonal: both in the same
// palace and one of them its centre (e1 or e8).
func palaceDiagonal(f1, r1, f2, r2 int) bool {
	if !inPalace(f1, r1) || !inPalace(f2, r2) || (r1 <= 2) != (r2 <= 2) {
		return false
	}
	centre := func(f, r int) bool { return f == 4 && (r == 1 || r == 8) }
	return centre(f1, r1) || centre(f2, r2)
}

// wxfFileNumber is file f (0 = a) numbered 1-9 from colour c's right, as
// WXF notation counts it.
func wxfFileNumber(c position.Color, f int) int {
	if c == position.Red {
		return 9 - f
	}
	return f + 1
}

// drawXiangqi draws the xiangqi board: pieces on the points of a 9x10 grid,
// the river between ranks 4 and 5, the palace diagonals, the ranks 0-9 on
// both sides, the files a-i below, and each side's WXF file numbers (1-9
// from that side's right) along its own edge.
//
// Every point takes four columns: the piece (one column for a letter, two
// for a Chinese character) or "+" for an empty point, then "-" up to the
// next point.
func drawXiangqi(b *strings.Builder, at func(position.Square) position.Piece, v boardView) {
	g := geometry{files: 9, ranks: 10}
	fileAt := func(x int) int { // display column -> file
		if v.bottom == position.Red {
			return x
		}
		return 8 - x
	}
	rankAt := func(y int) int { // display row (0 at the top) -> rank
		if v.bottom == position.Red {
			return 9 - y
		}
		return y
	}
	numbers := func(c position.Color) {
		b.WriteString("    ")
		for x := 0; x < 9; x++ {
			if x > 0 {
				b.WriteString("   ")
			}
			b.WriteString(strconv.Itoa(wxfFileNumber(c, fileAt(x))))
		}
		b.WriteByte('\n')
	}
	top := v.bottom.Flip()
	numbers(top)
	for y := 0; y < 10; y++ {
		r := rankAt(y)
		b.WriteString(" " + strconv.Itoa(r) + "  ")
		for x := 0; x < 9; x++ {
			sq := g.square(fileAt(x), r)
			pc := at(sq)
			glyph := "+"
			if pc != position.NoPiece && pc.Type() >= 1 && pc.Type() <= 7 {
				if v.chinese {
					glyph = xiangqiChinese[pc.Color()&1][pc.Type()]
				} else {
					glyph = xiangqiLetters[pc.Color()&1][pc.Type()]
				}
			}
			w := displayWidth(glyph)
			if v.ansi {
				sgr := ""
				if pc != position.NoPiece {
					sgr = sgrRed
					if pc.Color() == position.Black {
						sgr = sgrBlack
					}
				}
				if v.isLast(sq) {
					sgr += sgrReverse
				}
				if sgr != "" {
					glyph = sgr + glyph + sgrReset
				}
			}
			b.WriteString(glyph)
			if x < 8 {
				b.WriteString(strings.Repeat("-", 4-w))
			}
		}
		b.WriteString("  " + strconv.Itoa(r) + "\n")
		if y == 9 {
			break
		}
		// The connecting row between display rows y and y+1.
		r2 := rankAt(y + 1)
		b.WriteString("    ")
		if (r == 4 || r == 5) && (r2 == 4 || r2 == 5) {
			river := "river"
			if v.chinese {
				river = "楚 河          漢 界"
			}
			b.WriteString("|" + centre(river, 31) + "|\n")
			continue
		}
		var row [33]byte
		for i := range row {
			row[i] = ' '
		}
		for x := 0; x < 9; x++ {
			row[4*x] = '|'
			if x < 8 {
				f1, f2 := fileAt(x), fileAt(x+1)
				switch {
				case palaceDiagonal(f1, r, f2, r2):
					row[4*x+2] = '\\'
				case palaceDiagonal(f2, r, f1, r2):
					row[4*x+2] = '/'
				}
			}
		}
		b.Write(row[:])
		b.WriteByte('\n')
	}
	b.WriteString("    ")
	for x := 0; x < 9; x++ {
		if x > 0 {
			b.WriteString("   ")
		}
		b.WriteByte(byte('a' + fileAt(x)))
	}
	b.WriteByte('\n')
	numbers(v.bottom)
}

// drawChess draws the chess board: eight ranks of three-column squares with
// the rank numbers on both sides and the files above and below. Without
// colours an empty square is ".", with colours the squares are shaded.
func drawChess(b *strings.Builder, at func(position.Square) position.Piece, v boardView) {
	g := geometry{files: 8, ranks: 8}
	fileAt := func(x int) int {
		if v.bottom == position.White {
			return x
		}
		return 7 - x
	}
	rankAt := func(y int) int {
		if v.bottom == position.White {
			return 7 - y
		}
		return y
	}
	files := func() {
		b.WriteString("    ")
		for x := 0; x < 8; x++ {
			if x > 0 {
				b.WriteString("  ")
			}
			b.WriteByte(byte('a' + fileAt(x)))
		}
		b.WriteByte('\n')
	}
	files()
	for y := 0; y < 8; y++ {
		r := rankAt(y)
		b.WriteString(" " + strconv.Itoa(r+1) + " ")
		for x := 0; x < 8; x++ {
			f := fileAt(x)
			sq := g.square(f, r)
			pc := at(sq)
			glyph := "."
			if pc != position.NoPiece && pc.Type() >= 1 && pc.Type() <= 6 {
				if v.figurines {
					glyph = chessFigurines[pc.Color()&1][pc.Type()]
				} else {
					glyph = chessLetters[pc.Color()&1][pc.Type()]
				}
			}
			if !v.ansi {
				b.WriteString(" " + glyph + " ")
				continue
			}
			light := (f+r)%2 == 1
			bg := sgrDarkSquare
			switch {
			case light && v.isLast(sq):
				bg = sgrLightLast
			case light:
				bg = sgrLightSquare
			case v.isLast(sq):
				bg = sgrDarkLast
			}
			if pc == position.NoPiece {
				glyph = " "
			}
			fg := sgrWhitePiece
			if pc.Color() == position.Black {
				fg = sgrBlackPiece
			}
			b.WriteString(bg + fg + " " + glyph + " " + sgrReset)
		}
		b.WriteString(" " + strconv.Itoa(r+1) + "\n")
	}
	files()
}

// sanitize makes a line of the person's input safe to echo: control
// characters and invalid UTF-8 become '?', and it is clipped to 40 characters.
func sanitize(s string) string {
	var b strings.Builder
	n := 0
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		if n == 40 {
			b.WriteString("...")
			break
		}
		if r == utf8.RuneError || r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			r = '?'
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }
