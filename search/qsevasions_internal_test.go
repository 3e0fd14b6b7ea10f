package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
)

// qsEvasionChildren is the number of children a quiescence search of fen
// (the side to move in check) visits with Params.QSEvasions = n and, if tt
// is set, that move in the table: with a constant evaluation every child
// stands pat at once, one node each.
func qsEvasionChildren(t *testing.T, fen string, n int, tt string) uint64 {
	t.Helper()
	opts := DefaultOptions
	opts.Threads = 1
	s := New(chessTestRules, func() position.Evaluator[*chess.Position] { return constEval[*chess.Position]{v: 0} }, opts)
	if err := s.SetParam("QSEvasions", n); err != nil {
		t.Fatal(err)
	}
	root, err := chess.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s.Search(root, Limits{Depth: 1}, nil) // builds the worker
	s.tt.Clear()
	w := s.workers[0]
	w.setup(root, 1)
	w.states[0] = *w.pos.State()
	if !w.states[0].InCheck {
		t.Fatalf("%s: not in check", fen)
	}
	if tt != "" {
		m, err := root.ParseMove(tt)
		if err != nil {
			t.Fatal(err)
		}
		w.tt.store(w.ttKey(&w.states[0], false), m, valueNone, valueNone, 0, BoundNone, false)
	}
	w.abort = false
	w.nodes = 0
	w.qsearch(0, 1, 0, 0, false)
	return w.nodes - 1
}

// TestQSEvasionsSearched: which evasions a quiescence node in check
// searches (Params.QSEvasions): every capture, the quiet ones up to the
// limit, a quiet TT move among them (tried before the captures), en
// passant as a capture.
func TestQSEvasionsSearched(t *testing.T) {
	const rook = "7k/8/8/4r3/2N5/8/8/4K3 w - - 0 1"      // Nxe5 and five king moves
	const enPassant = "7k/8/8/3pP3/4K3/8/8/8 w - d6 0 1" // exd6 e.p., Kxd5 and six king moves
	for _, c := range []struct {
		fen  string
		n    int
		tt   string
		want uint64
	}{
		{rook, 0, "", 6},
		{rook, 2, "", 3},
		{rook, 1, "", 2},
		{rook, 2, "e1d1", 3},
		{rook, 1, "e1d1", 2}, // the quiet TT move fills the quota; the capture still comes
		{enPassant, 0, "", 8},
		{enPassant, 2, "", 4},
		{enPassant, 1, "", 3},
	} {
		if got := qsEvasionChildren(t, c.fen, c.n, c.tt); got != c.want {
			t.Errorf("%s, QSEvasions %d, TT move %q: %d children, want %d", c.fen, c.n, c.tt, got, c.want)
		}
	}
}
