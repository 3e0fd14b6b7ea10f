package notation

import (
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
)

// TestPGNMoveNumberForms reads the move-number forms PGN writers emit, black
// move numbers spaced from their dots ("1. ... Nf6", "1 ... Nf6"), glued
// ("1...Nf6"), with two dots, with the Unicode ellipsis ("1…Nf6", "1. …
// Nf6") and none at all, in a game from the start and in one whose FEN has
// Black to move: every form gives the same moves (exact UCI strings).
func TestPGNMoveNumberForms(t *testing.T) {
	const fromStart = "g1f3 g8f6 c2c4 e7e6"
	startForms := []string{
		"1. Nf3 Nf6 2. c4 e6",
		"1.Nf3 Nf6 2.c4 e6",
		"1. Nf3 1... Nf6 2. c4 2... e6",
		"1. Nf3 1. ... Nf6 2. c4 2. ... e6",
		"1. Nf3 1 ... Nf6 2. c4 2 ... e6",
		"1. Nf3 1...Nf6 2. c4 2...e6",
		"1. Nf3 1.. Nf6 2. c4 2..e6",
		"1. Nf3 1…Nf6 2. c4 2… e6",
		"1. Nf3 1. … Nf6 2. c4 2.…e6",
		"1 Nf3 Nf6 2 c4 e6",
		"1 . Nf3 Nf6 2 . c4 e6",
		"Nf3 Nf6 c4 e6",
	}
	for _, mt := range startForms {
		g, err := ParsePGN("[Event \"x\"]\n\n" + mt + " *\n")
		if err != nil {
			t.Errorf("%q: %v", mt, err)
			continue
		}
		if got := uciLine(t, g); got != fromStart {
			t.Errorf("%q: moves %q, want %q", mt, got, fromStart)
		}
	}
	const fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	blackForms := []string{
		"1... e5 2. Nf3",
		"1. ... e5 2. Nf3",
		"1 ... e5 2. Nf3",
		"1...e5 2.Nf3",
		"1…e5 2. Nf3",
		"1. … e5 2. Nf3",
		"... e5 Nf3",
		"e5 Nf3",
	}
	for _, mt := range blackForms {
		g, err := ParsePGN("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + mt + " *\n")
		if err != nil {
			t.Errorf("%q: %v", mt, err)
			continue
		}
		if got := uciLine(t, g); got != "e7e5 g1f3" {
			t.Errorf("%q: moves %q, want %q", mt, got, "e7e5 g1f3")
		}
	}
	// A stray non-ASCII byte is still an error naming it, not a move.
	if _, err := ParsePGN("[Event \"x\"]\n\n1. e4 \xe2\x80\xa5 e5 *\n"); err == nil || !strings.Contains(err.Error(), "unexpected character") {
		t.Errorf("two-dot leader U+2025: error %v", err)
	}
}

// uciLine renders g's moves in UCI coordinates, played from its start.
func uciLine(t *testing.T, g *Game) string {
	p, err := chess.NewFromFEN(g.StartFEN())
	if err != nil {
		t.Fatal(err)
	}
	var h position.History
	s := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		s[i] = p.MoveString(m)
		h.Do(p, m)
	}
	return strings.Join(s, " ")
}
