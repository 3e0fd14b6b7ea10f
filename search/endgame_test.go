package search_test

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/search"
)

// playOut plays the engine against itself from fen at nodes per move until
// a mate, a rule verdict or maxPlies, and returns the plies played and
// whether the side to move at the end is mated.
func playOut(t *testing.T, s *search.Searcher[chess.Position, *chess.Position], fen string, nodes uint64, maxPlies int) (int, bool) {
	t.Helper()
	p := chessPos(fen)
	states := make([]position.State, maxPlies)
	s.Clear()
	for ply := 0; ply < maxPlies; ply++ {
		var legal position.MoveList
		p.GenerateLegal(&legal)
		if legal.Len == 0 {
			return ply, p.InCheck()
		}
		if _, over := p.RuleVerdict(0); over {
			return ply, false
		}
		res := s.Search(p, search.Limits{Nodes: nodes}, nil)
		if !legal.Contains(res.BestMove) {
			t.Fatalf("%s: ply %d: illegal best move %v", fen, ply, res.BestMove)
		}
		p.DoMove(res.BestMove, &states[ply])
	}
	return maxPlies, false
}

// TestEndgameEvalMates: with EndgameEval the engine, playing both sides at
// 50,000 nodes a move, mates with bishop and knight from the bare king in
// the centre, and with a queen and with a rook, within the 50-move rule
// (100 plies; the longest bishop-and-knight mate takes 33 moves). 50,000
// nodes is about a move's search at 10 s + 0.1 s once the clock is spent
// (at 20,000 one start of six was not mated in time). The
// learned evaluations shuffled such endings to a draw against Stockfish at
// 10 s + 0.1 s (docs/strength.md, 2026-12-06).
func TestEndgameEvalMates(t *testing.T) {
	cs, _ := searchersWith(t, "EndgameEval", 1)
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/1BN1K3 w - - 0 1", // light bishop
		"8/8/8/3k4/8/8/8/2B1KN2 w - - 0 1", // dark bishop
		"8/8/3k4/8/8/8/8/4KNB1 w - - 0 1",  // dark bishop, from the other side
		"8/8/4k3/8/8/8/8/1N2KB2 w - - 0 1", // light bishop
		"8/8/8/3k4/8/8/8/4K1Q1 w - - 0 1",
		"8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
	} {
		plies, mated := playOut(t, cs, fen, 50000, 100)
		if !mated || plies%2 == 0 {
			t.Errorf("%s: no mate by the strong side within %d plies (mated %v)", fen, plies, mated)
			continue
		}
		t.Logf("%s: mate in %d plies", fen, plies)
	}
}
