package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
)

// TestQsearchBareKingCaptures: a bare king that can take the last attacker
// is not lost. Its stand pat is a known loss (Params.EndgameEval), and
// quiescence's delta pruning once skipped the capture at null windows
// below about −9,900 (Stockfish guards it with futilityBase > −known win),
// so a rook hanging next to it scored −10,350 where Kxe4 draws.
func TestQsearchBareKingCaptures(t *testing.T) {
	opts := DefaultOptions
	opts.Threads = 1
	s := New(chessTestRules, func() position.Evaluator[*chess.Position] { return constEval[*chess.Position]{v: 0} }, opts)
	if err := s.SetParam("EndgameEval", 1); err != nil {
		t.Fatal(err)
	}
	root, err := chess.NewFromFEN("8/8/8/3k4/4R3/8/8/K7 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s.Search(root, Limits{Depth: 1}, nil) // the worker's tables, sized and cleared
	w := s.workers[0]
	for _, win := range [][2]position.Value{{-451, -450}, {-1, 0}, {-9001, -9000}} {
		w.setup(root, 1)
		if v := w.qsearch(win[0], win[1], 0, 0, false); v < win[1] {
			t.Errorf("qsearch(%d, %d) = %d: the bare king's Kxe4 (a draw) was pruned", win[0], win[1], v)
		}
	}
}
