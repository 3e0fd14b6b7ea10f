// Differential perft against Fairy-Stockfish on fresh random-game positions.
package xiangqi

import (
	"fmt"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
)

// randomPositions plays seeded random games from the start position and
// returns n FENs taken at random plies (0–299). A game that ends first
// (no legal move: the side to move has lost) gives its final position one
// time in four. In half the games, half the moves are chosen among the
// captures when there are any, so they reach the thin endgames and the
// checks and mates that uniform play rarely does.
func randomPositions(t *testing.T, n int, seed uint64) []string {
	rng := newRand(seed)
	var fens []string
	for len(fens) < n {
		p := mustFEN(t, StartFEN)
		take := rng.IntN(300)
		greedy := rng.IntN(2) == 0
		states := make([]position.State, take)
		for ply := 0; ; ply++ {
			var list position.MoveList
			p.GenerateLegal(&list)
			if ply == take || (list.Len == 0 && rng.IntN(4) == 0) {
				fens = append(fens, p.FEN())
				break
			}
			if list.Len == 0 {
				break
			}
			m := randomMove(p, &list, rng, greedy)
			p.DoMove(m, &states[ply])
		}
	}
	return fens
}

// TestAgainstFairyStockfish compares the perft divide at depth 3 (every
// legal move and the count below it) with Fairy-Stockfish's on fresh
// random-game positions, the kind the shared perft suite holds (400 by
// default; DUALNNUE_REFERENCE_POSITIONS=20000 with go test -timeout 0
// for a long run). It skips
// without Fairy-Stockfish and in -short mode.
func TestAgainstFairyStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	ref := sharedtest.StartReference(t, "fairy-stockfish", sharedtest.HowFairyStockfish, position.Xiangqi)
	n := sharedtest.ReferencePositions(t, 400)
	const depth = 3
	var nodes uint64
	terminal, check := 0, 0
	for i, fen := range randomPositions(t, n, 20261202) {
		p := mustFEN(t, fen)
		if p.InCheck() {
			check++
		}
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len == 0 {
			terminal++
		}
		got := map[string]uint64{}
		var st position.State
		for _, m := range list.Slice() {
			p.DoMove(m, &st)
			got[MoveString(m)] = Perft(p, depth-1)
			p.UndoMove(m)
		}
		nodes += ref.CheckDivide(t, fmt.Sprintf("#%d", i), fen, depth, got, Perft(p, depth))
	}
	t.Logf("%d positions (%d in check, %d without a legal move), %d leaf nodes at depth %d: same divide as Fairy-Stockfish",
		n, check, terminal, nodes, depth)
}
