package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A game from Black's FEN: Black moves first, so the odd comments are White's.
const pgn = `[Event "t"]
[White "A"]
[Black "B"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"]
[TimeControl "1+0.01"]

1... h9g7 {+0.10/9 0.100s} 2. h2e2 {-0.05/8 0.200s} g6g5 {+0.02/9 0.300s} 1/2-1/2

[Event "t"]
[White "B"]
[Black "A"]
[TimeControl "2+0.02"]

1. e2e4 {+0.10/9 1.000s} 1-0

[Event "no clock"]
[White "A"]
[Black "B"]
[TimeControl "nodes=5000"]

1. e2e4 {+0.10/9 0.010s} 1-0
`

func TestAccount(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := readGames(path)
	if err != nil || len(games) != 3 {
		t.Fatalf("readGames: %d games, %v", len(games), err)
	}
	totals := map[string]*side{}
	var counted int
	for _, g := range games {
		if account(g, totals) {
			counted++
		}
	}
	if counted != 2 {
		t.Fatalf("counted %d games, want 2 (the nodes game has no clock)", counted)
	}
	// Game 1 starts with Black (B): B moves twice (0.1 + 0.3 s of 1 + 2×0.01 s),
	// A once (0.2 s of 1.01 s). Game 2: B (White) once, 1.0 s of 2.02 s; A no move, 2 s.
	a, b := totals["A"], totals["B"]
	near := func(x, y float64) bool { return x-y < 1e-9 && y-x < 1e-9 }
	if a.games != 2 || !near(a.used, 0.2) || !near(a.budget, 1.01+2) || a.moves != 1 {
		t.Errorf("A: %+v, want 2 games, 0.2 s used of 3.01 s, 1 move", *a)
	}
	if b.games != 2 || !near(b.used, 1.4) || !near(b.budget, 1.02+2.02) || b.moves != 3 {
		t.Errorf("B: %+v, want 2 games, 1.4 s used of 3.04 s, 3 moves", *b)
	}
	if !near(b.maxShare, 1/2.02) {
		t.Errorf("B max share %v, want %v", b.maxShare, 1/2.02)
	}
}
