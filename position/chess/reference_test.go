// Differential perft against Stockfish on fresh random-game positions,
// standard chess and Chess960.
package chess

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
)

// start960 returns a random Chess960 start position with X-FEN castling
// rights (KQkq: the outer rooks): bishops on squares of both colours, the
// king between the rooks.
func start960(rng *rand.Rand) string {
	var rank [8]byte
	rank[2*rng.IntN(4)] = 'B'
	rank[2*rng.IntN(4)+1] = 'B'
	free := func() []int {
		var f []int
		for i := range rank {
			if rank[i] == 0 {
				f = append(f, i)
			}
		}
		return f
	}
	for _, c := range []byte{'Q', 'N', 'N'} {
		f := free()
		rank[f[rng.IntN(len(f))]] = c
	}
	f := free() // three squares left: rook, king, rook
	rank[f[0]], rank[f[1]], rank[f[2]] = 'R', 'K', 'R'
	white := string(rank[:])
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1"
}

// randomPositions plays seeded random games from start (a new start per
// game) and returns n FENs taken at random plies (0–299). A game that
// ends first (mate or stalemate) gives its final position one time in
// four. In half the games, half the moves are chosen among the captures
// and promotions when there are any, so they reach the thin endgames,
// promotions and mates that uniform play rarely does.
func randomPositions(t *testing.T, n int, seed uint64, start func(*rand.Rand) string, chess960 bool) []string {
	rng := rand.New(rand.NewPCG(seed, 0x5851))
	var fens []string
	for len(fens) < n {
		var p *Position
		if chess960 {
			p = mustFEN960(t, start(rng))
		} else {
			p = mustFEN(t, start(rng))
		}
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

// TestAgainstStockfish compares the perft divide at depth 3 (every legal
// move and the count below it) with Stockfish's on fresh random-game
// positions, 400 standard and 200 Chess960 by default
// (DUALNNUE_REFERENCE_POSITIONS=N for N and N/2 in a long run, with go
// test -timeout 0). It skips
// without Stockfish and in -short mode.
func TestAgainstStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	n := sharedtest.ReferencePositions(t, 400)
	for _, c := range []struct {
		name     string
		chess960 bool
		n        int
		start    func(*rand.Rand) string
	}{
		{"standard", false, n, func(*rand.Rand) string { return StartFEN }},
		{"chess960", true, max(n/2, 1), start960},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref := sharedtest.StartReference(t, "stockfish", sharedtest.HowStockfish, position.Chess)
			if err := ref.SetOption("UCI_Chess960", strconv.FormatBool(c.chess960)); err != nil {
				t.Fatal(err)
			}
			const depth = 3
			var nodes uint64
			terminal, check := 0, 0
			for i, fen := range randomPositions(t, c.n, 20261202, c.start, c.chess960) {
				var p *Position
				if c.chess960 {
					p = mustFEN960(t, fen)
				} else {
					p = mustFEN(t, fen)
				}
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
					s := p.MoveString(m)
					p.DoMove(m, &st)
					got[s] = Perft(p, depth-1)
					p.UndoMove(m)
				}
				nodes += ref.CheckDivide(t, fmt.Sprintf("#%d", i), fen, depth, got, Perft(p, depth))
			}
			t.Logf("%d positions (%d in check, %d without a legal move), %d leaf nodes at depth %d: same divide as Stockfish",
				c.n, check, terminal, nodes, depth)
		})
	}
}

// randomMove picks a move of list (p's legal moves, not empty) for the
// random games of the tests: uniformly, or when greedy half the time among
// the captures and promotions.
func randomMove(p *Position, list *position.MoveList, rng *rand.Rand, greedy bool) position.Move {
	var forcing []position.Move
	for _, m := range list.Slice() {
		if p.IsCapture(m) || Kind(m) == KindPromotion {
			forcing = append(forcing, m)
		}
	}
	m := list.Moves[rng.IntN(list.Len)]
	if greedy && len(forcing) > 0 && rng.IntN(2) == 0 {
		m = forcing[rng.IntN(len(forcing))]
	}
	return m
}
