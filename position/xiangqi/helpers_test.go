// Test helpers: test data location, JSONL reading, a naive reference move
// generator written independently of the bitboard code.
package xiangqi

import (
	"flag"
	"sort"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
)

var long = flag.Bool("long", false, "run the deep perft suites (minutes)")

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := NewFromFEN(fen)
	if err != nil {
		t.Fatalf("NewFromFEN(%q): %v", fen, err)
	}
	return p
}

// legalStrings returns the sorted ICCS strings of the legal moves.
func legalStrings(p *Position) []string {
	var l position.MoveList
	p.GenerateLegal(&l)
	out := make([]string, 0, l.Len)
	for _, m := range l.Slice() {
		out = append(out, MoveString(m))
	}
	sort.Strings(out)
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ---- Naive reference: mailbox only, no tables. ----

func naiveAt(b *[NumSquares]position.Piece, f, r int) position.Piece {
	if f < 0 || f >= Files || r < 0 || r >= Ranks {
		return 255
	}
	return b[MakeSquare(f, r)]
}

func inPalace(c position.Color, f, r int) bool {
	if f < 3 || f > 5 {
		return false
	}
	if c == position.Red {
		return r >= 0 && r <= 2
	}
	return r >= 7 && r <= 9
}

func ownHalf(c position.Color, r int) bool {
	if c == position.Red {
		return r <= 4
	}
	return r >= 5
}

// naivePseudo lists the pseudo-legal moves of colour c on board b, straight
// from the rules.
func naivePseudo(b *[NumSquares]position.Piece, c position.Color) []position.Move {
	var out []position.Move
	add := func(f0, r0, f, r int) {
		t := naiveAt(b, f, r)
		if t == 255 || (t != 0 && t.Color() == c) {
			return
		}
		out = append(out, NewMove(MakeSquare(f0, r0), MakeSquare(f, r)))
	}
	orth := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	diag := [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for s := 0; s < NumSquares; s++ {
		pc := b[s]
		if pc == 0 || pc.Color() != c {
			continue
		}
		f, r := s%Files, s/Files
		switch pc.Type() {
		case King:
			for _, d := range orth {
				if inPalace(c, f+d[0], r+d[1]) {
					add(f, r, f+d[0], r+d[1])
				}
			}
		case Advisor:
			for _, d := range diag {
				if inPalace(c, f+d[0], r+d[1]) {
					add(f, r, f+d[0], r+d[1])
				}
			}
		case Elephant:
			for _, d := range diag {
				if naiveAt(b, f+d[0], r+d[1]) == 0 && ownHalf(c, r+2*d[1]) {
					add(f, r, f+2*d[0], r+2*d[1])
				}
			}
		case Horse:
			for _, d := range orth {
				if naiveAt(b, f+d[0], r+d[1]) == 0 {
					add(f, r, f+2*d[0]+d[1], r+2*d[1]+d[0])
					add(f, r, f+2*d[0]-d[1], r+2*d[1]-d[0])
				}
			}
		case Rook, Cannon:
			for _, d := range orth {
				screen := false
				for x, y := f+d[0], r+d[1]; naiveAt(b, x, y) != 255; x, y = x+d[0], y+d[1] {
					t := naiveAt(b, x, y)
					if pc.Type() == Rook {
						add(f, r, x, y)
						if t != 0 {
							break
						}
						continue
					}
					if !screen {
						if t != 0 {
							screen = true
						} else {
							add(f, r, x, y)
						}
					} else if t != 0 {
						add(f, r, x, y)
						break
					}
				}
			}
		case Pawn:
			fwd := 1
			if c == position.Black {
				fwd = -1
			}
			add(f, r, f, r+fwd)
			if !ownHalf(c, r) {
				add(f, r, f-1, r)
				add(f, r, f+1, r)
			}
		}
	}
	return out
}

// naiveKingCapturable reports whether colour c could capture the other
// general on board b, or the generals face each other.
func naiveKingCapturable(b *[NumSquares]position.Piece, c position.Color) bool {
	for _, m := range naivePseudo(b, c) {
		if b[MoveTo(m)] == position.MakePiece(c^1, King) {
			return true
		}
	}
	// Facing generals.
	var ks [2]int
	for s, pc := range b {
		if pc.Type() == King {
			ks[pc.Color()] = s
		}
	}
	if ks[0]%Files == ks[1]%Files {
		for s := ks[0] + Files; s < ks[1]; s += Files {
			if b[s] != 0 {
				return false
			}
		}
		return true
	}
	return false
}

// naiveLegal lists the legal moves of the side to move by playing every
// pseudo-legal move on a copy of the mailbox.
func naiveLegal(p *Position) []string {
	c := p.side
	var out []string
	for _, m := range naivePseudo(&p.board, c) {
		b := p.board
		b[MoveTo(m)] = b[MoveFrom(m)]
		b[MoveFrom(m)] = 0
		if !naiveKingCapturable(&b, c^1) {
			out = append(out, MoveString(m))
		}
	}
	sort.Strings(out)
	return out
}

// testdataDir and readJSONL are the shared helpers of internal/sharedtest.
func testdataDir(t testing.TB) string { t.Helper(); return sharedtest.Dir(t) }

func readJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	return sharedtest.ReadJSONL[T](t, path)
}
