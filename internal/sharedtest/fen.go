// Chess FEN transformations for symmetry tests.

package sharedtest

import (
	"strings"
	"unicode"
)

// FlipChessFEN returns the chess FEN with the board turned over: ranks
// reversed, the colours of the pieces and the side to move exchanged. The
// result has no castling rights, no en-passant square and the clocks at
// 0 1, so that it is legal whatever the input's rights were.
func FlipChessFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	board := strings.Map(func(r rune) rune {
		switch {
		case unicode.IsUpper(r):
			return unicode.ToLower(r)
		case unicode.IsLower(r):
			return unicode.ToUpper(r)
		}
		return r
	}, strings.Join(ranks, "/"))
	side := "w"
	if len(f) > 1 && f[1] == "w" {
		side = "b"
	}
	return board + " " + side + " - - 0 1"
}

// MirrorChessFiles returns the chess FEN with the files mirrored, a to h,
// the side to move kept, no castling rights, no en-passant square and the
// clocks at 0 1.
func MirrorChessFiles(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		b := []rune(r)
		for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
			b[x], b[y] = b[y], b[x]
		}
		ranks[i] = string(b)
	}
	side := "w"
	if len(f) > 1 {
		side = f[1]
	}
	return strings.Join(ranks, "/") + " " + side + " - - 0 1"
}
