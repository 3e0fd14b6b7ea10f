// Tests of the board drawings: exact text for both games and orientations, and the colour codes.
package human

import (
	"regexp"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

const xiangqiStartRed = `    1   2   3   4   5   6   7   8   9
 9  r---h---e---a---k---a---e---h---r  9
    |   |   |   | \ | / |   |   |   |
 8  +---+---+---+---+---+---+---+---+  8
    |   |   |   | / | \ |   |   |   |
 7  +---c---+---+---+---+---+---c---+  7
    |   |   |   |   |   |   |   |   |
 6  p---+---p---+---p---+---p---+---p  6
    |   |   |   |   |   |   |   |   |
 5  +---+---+---+---+---+---+---+---+  5
    |             river             |
 4  +---+---+---+---+---+---+---+---+  4
    |   |   |   |   |   |   |   |   |
 3  P---+---P---+---P---+---P---+---P  3
    |   |   |   |   |   |   |   |   |
 2  +---C---+---+---+---+---+---C---+  2
    |   |   |   | \ | / |   |   |   |
 1  +---+---+---+---+---+---+---+---+  1
    |   |   |   | / | \ |   |   |   |
 0  R---H---E---A---K---A---E---H---R  0
    a   b   c   d   e   f   g   h   i
    9   8   7   6   5   4   3   2   1
`

const xiangqiStartBlackChinese = `    1   2   3   4   5   6   7   8   9
 0  俥--傌--相--仕--帥--仕--相--傌--俥  0
    |   |   |   | \ | / |   |   |   |
 1  +---+---+---+---+---+---+---+---+  1
    |   |   |   | / | \ |   |   |   |
 2  +---炮--+---+---+---+---+---炮--+  2
    |   |   |   |   |   |   |   |   |
 3  兵--+---兵--+---兵--+---兵--+---兵  3
    |   |   |   |   |   |   |   |   |
 4  +---+---+---+---+---+---+---+---+  4
    |     楚 河          漢 界      |
 5  +---+---+---+---+---+---+---+---+  5
    |   |   |   |   |   |   |   |   |
 6  卒--+---卒--+---卒--+---卒--+---卒  6
    |   |   |   |   |   |   |   |   |
 7  +---砲--+---+---+---+---+---砲--+  7
    |   |   |   | \ | / |   |   |   |
 8  +---+---+---+---+---+---+---+---+  8
    |   |   |   | / | \ |   |   |   |
 9  車--馬--象--士--將--士--象--馬--車  9
    i   h   g   f   e   d   c   b   a
    9   8   7   6   5   4   3   2   1
`

const chessStartWhite = `    a  b  c  d  e  f  g  h
 8  r  n  b  q  k  b  n  r  8
 7  p  p  p  p  p  p  p  p  7
 6  .  .  .  .  .  .  .  .  6
 5  .  .  .  .  .  .  .  .  5
 4  .  .  .  .  .  .  .  .  4
 3  .  .  .  .  .  .  .  .  3
 2  P  P  P  P  P  P  P  P  2
 1  R  N  B  Q  K  B  N  R  1
    a  b  c  d  e  f  g  h
`

const chessStartBlackFigurines = `    h  g  f  e  d  c  b  a
 1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖  1
 2  ♙  ♙  ♙  ♙  ♙  ♙  ♙  ♙  2
 3  .  .  .  .  .  .  .  .  3
 4  .  .  .  .  .  .  .  .  4
 5  .  .  .  .  .  .  .  .  5
 6  .  .  .  .  .  .  .  .  6
 7  ♟  ♟  ♟  ♟  ♟  ♟  ♟  ♟  7
 8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8
    h  g  f  e  d  c  b  a
`

func drawX(t *testing.T, fen string, v boardView) string {
	t.Helper()
	p, err := xiangqi.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	drawXiangqi(&b, p.PieceOn, v)
	return b.String()
}

func drawC(t *testing.T, fen string, v boardView) string {
	t.Helper()
	p, err := chess.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	drawChess(&b, p.PieceOn, v)
	return b.String()
}

func TestDrawExact(t *testing.T) {
	cases := []struct {
		name, got, want string
	}{
		{"xiangqi red letters", drawX(t, xiangqi.StartFEN, boardView{bottom: position.Red}), xiangqiStartRed},
		{"xiangqi black chinese", drawX(t, xiangqi.StartFEN, boardView{bottom: position.Black, chinese: true}), xiangqiStartBlackChinese},
		{"chess white letters", drawC(t, chess.StartFEN, boardView{bottom: position.White}), chessStartWhite},
		{"chess black figurines", drawC(t, chess.StartFEN, boardView{bottom: position.Black, figurines: true}), chessStartBlackFigurines},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", c.name, c.got, c.want)
		}
	}
}

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// With colours the xiangqi drawing is the plain one plus SGR codes: red
// pieces in bold red, black pieces in bold, the last move reversed.
func TestDrawXiangqiANSI(t *testing.T) {
	v := boardView{bottom: position.Red, ansi: true, hasLast: true,
		last: [2]position.Square{xiangqi.MakeSquare(7, 2), xiangqi.MakeSquare(4, 2)}}
	fen := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1" // after h2e2
	got := drawX(t, fen, v)
	v.ansi = false
	plain := drawX(t, fen, v)
	if s := sgr.ReplaceAllString(got, ""); s != plain {
		t.Errorf("without codes:\n%s\nwant\n%s", s, plain)
	}
	if n := strings.Count(got, sgrRed); n != 16 {
		t.Errorf("%d red pieces, want 16", n)
	}
	if n := strings.Count(got, sgrBlack+"k"); n != 1 {
		t.Errorf("black king drawn %d times in bold, want 1", n)
	}
	// The moved cannon (e2) and its origin (h2) are reversed.
	mustContain(t, got, " 2  +---"+sgrRed+"C"+sgrReset+"---+---+---"+sgrRed+sgrReverse+"C"+sgrReset+"---+---+---"+sgrReverse+"+"+sgrReset+"---+  2")
}

// Chess with colours: shaded squares, each 3 columns wide.
func TestDrawChessANSI(t *testing.T) {
	v := boardView{bottom: position.White, ansi: true, hasLast: true, last: [2]position.Square{12, 28}}
	got := drawC(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", v)
	want := strings.ReplaceAll(drawC(t, chess.StartFEN, boardView{bottom: position.White}), ".", " ")
	// e2 and e4 change places in the plain text.
	want = strings.Replace(want, " 4                          4", " 4              P           4", 1)
	want = strings.Replace(want, " 2  P  P  P  P  P  P  P  P  2", " 2  P  P  P  P     P  P  P  2", 1)
	if s := sgr.ReplaceAllString(got, ""); s != want {
		t.Errorf("without codes:\n%s\nwant\n%s", s, want)
	}
	if n := strings.Count(got, sgrLightSquare) + strings.Count(got, sgrLightLast); n != 32 {
		t.Errorf("%d light squares, want 32", n)
	}
	if n := strings.Count(got, sgrDarkLast) + strings.Count(got, sgrLightLast); n != 2 {
		t.Errorf("%d highlighted squares, want 2", n)
	}
	// e4 is a light square, e2 a light square too.
	if n := strings.Count(got, sgrLightLast); n != 2 {
		t.Errorf("%d light highlighted squares, want 2 (e2, e4)", n)
	}
}

func TestPalaceDiagonal(t *testing.T) {
	n := 0
	for f1 := 0; f1 < 9; f1++ {
		for r1 := 0; r1 < 10; r1++ {
			for _, d := range [][2]int{{1, 1}, {1, -1}} {
				if palaceDiagonal(f1, r1, f1+d[0], r1+d[1]) {
					n++
				}
			}
		}
	}
	if n != 8 {
		t.Errorf("%d palace diagonal segments, want 8", n)
	}
}

func TestSanitize(t *testing.T) {
	cases := map[string]string{
		"e2e4":                  "e2e4",
		"a\x1b[31mb":            "a?[31mb",
		"\xff\xfe":              "??",
		"帥":                     "帥",
		strings.Repeat("x", 50): strings.Repeat("x", 40) + "...",
	}
	for in, want := range cases {
		if got := sanitize(in); got != want {
			t.Errorf("sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}
